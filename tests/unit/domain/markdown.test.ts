import { describe, expect, it } from 'vitest';
import { markdownHtml } from '../../../src/domain/markdown.ts';

describe('markdownHtml', () => {
  it('renders Markdown', () => {
    expect(markdownHtml('**Light** top\n\n- one')).toBe('<p><strong>Light</strong> top</p>\n<ul>\n<li>one</li>\n</ul>\n');
  });

  it('shows raw HTML as text and drops links that are not http(s) or mailto', () => {
    expect(markdownHtml('<script>alert(1)</script>')).not.toContain('<script>');
    expect(markdownHtml('<img src=x onerror=alert(1)>')).not.toContain('<img');
    expect(markdownHtml('[x](javascript:alert(1))')).toBe('<p>x</p>\n');
    expect(markdownHtml('[shop](https://example.com)')).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">shop</a>');
  });
});
