/**
 * The description's preview: Markdown through marked, with raw HTML shown as text and links kept
 * only to http(s) and mailto, so a pasted script or `javascript:` link never runs in the back office.
 */
import { Marked } from 'marked';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      return /^(https?:|mailto:)/i.test(href) ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer" target="_blank">${label}</a>` : label;
    },
    image: ({ text }) => escapeHtml(text),
  },
});

export function markdownHtml(text: string): string {
  return markdown.parse(text, { async: false });
}
