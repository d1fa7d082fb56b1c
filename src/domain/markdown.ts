/**
 * Product descriptions are Markdown: the server renders them for the storefront (ProductDetail
 * `descriptionHtml`, so no shop page carries a Markdown parser) and the back office's editor
 * previews them with the same rules. Raw HTML is shown as text and links are kept only to
 * http(s) and mailto, so a pasted script or `javascript:` link never runs anywhere.
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
