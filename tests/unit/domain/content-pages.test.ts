import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, brokenLinks, frontMatterProblems, headingAnchors, isIsoDate, lineDiff, pageFile, parsePageFile, previewHtml, slugProblem } from '../../../src/domain/content-pages.ts';

const text = { title: 'Return policy', description: 'Returns within 30 days.', updated: '2026-11-20', body: 'Hello' };

describe('content page front matter', () => {
  it('accepts the rules the build applies and refuses each broken field', () => {
    expect(frontMatterProblems(text)).toEqual([]);
    expect(frontMatterProblems({ ...text, updated: null })).toEqual([]);
    expect(frontMatterProblems({ ...text, title: ' ' })).toEqual([{ field: 'title', problem: 'required' }]);
    expect(frontMatterProblems({ ...text, title: 'x'.repeat(81) })).toEqual([{ field: 'title', problem: 'tooLong', max: 80 }]);
    expect(frontMatterProblems({ ...text, title: 'x'.repeat(80) })).toEqual([]);
    expect(frontMatterProblems({ ...text, description: 'd'.repeat(201) })).toEqual([{ field: 'description', problem: 'tooLong', max: 200 }]);
    expect(frontMatterProblems({ ...text, description: '' })).toEqual([{ field: 'description', problem: 'required' }]);
    expect(frontMatterProblems({ ...text, updated: '2026-02-30' })).toEqual([{ field: 'updated', problem: 'date' }]);
    expect(frontMatterProblems({ ...text, updated: '20-11-2026' })).toEqual([{ field: 'updated', problem: 'date' }]);
  });

  it('reads a date only when it is a real one', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-02')).toBe(false);
  });

  it('parses a repository file and writes it back the same', () => {
    const source = '---\ntitle: 退货政策\ndescription: "Returns: 30 days"\nupdated: 2026-11-20\n---\n\nBody line\n\n## Section\n';
    const parsed = parsePageFile(source)!;
    expect(parsed).toEqual({ title: '退货政策', description: 'Returns: 30 days', updated: '2026-11-20', body: 'Body line\n\n## Section\n' });
    expect(parsePageFile(pageFile(parsed))).toEqual(parsed);
    expect(parsePageFile('no front matter')).toBeNull();
  });
});

describe('content page slugs', () => {
  it('takes lower-case words joined by dashes that no route uses', () => {
    expect(slugProblem('size-guide')).toBeNull();
    expect(slugProblem('')).toEqual({ field: 'slug', problem: 'required' });
    expect(slugProblem('Size_Guide')).toEqual({ field: 'slug', problem: 'format' });
    expect(slugProblem('size--guide')).toEqual({ field: 'slug', problem: 'format' });
    expect(slugProblem('cart')).toEqual({ field: 'slug', problem: 'reserved' });
    expect(slugProblem('product')).toEqual({ field: 'slug', problem: 'reserved' });
    expect(slugProblem('admin')).toEqual({ field: 'slug', problem: 'reserved' });
  });

  it('reserves exactly the routes under src/pages/[locale]', () => {
    const routes = readdirSync('src/pages/[locale]', { withFileTypes: true })
      .map((entry) => (entry.isDirectory() ? entry.name : entry.name.replace(/\.astro$/, '')))
      .filter((name) => !name.startsWith('[') && name !== 'index');
    expect([...RESERVED_SLUGS].sort()).toEqual(routes.sort());
  });
});

describe('link check', () => {
  const existing = { pages: new Set(['faq', 'shipping-policy']), anchors: headingAnchors('## Returns\n\n### 退货 方式\n') };
  it('flags relative links to pages that do not exist, and anchors the page lacks', () => {
    const body = [
      'See [FAQ](../faq/) and [shipping](../shipping-policy/#rates) and [cart](../cart/).',
      'Broken [guide](../size-guide/) and [nowhere](/en-US/nowhere/).',
      '[ok section](#returns) [cn](#退货-方式) [missing](#refunds)',
      '[web](https://example.com/x) [mail](mailto:a@b.c) [abs](/zh-CN/product/3/) [home](/en-US/)',
    ].join('\n');
    expect(brokenLinks(body, existing)).toEqual([
      { href: '../size-guide/', line: 2 },
      { href: '/en-US/nowhere/', line: 2 },
      { href: '#refunds', line: 3 },
    ]);
  });
});

describe('line diff', () => {
  it('keeps common lines and marks what was removed and added', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'same', text: 'd' },
      { kind: 'added', text: 'e' },
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(lineDiff('', 'x')).toEqual([
      { kind: 'removed', text: '' },
      { kind: 'added', text: 'x' },
    ]);
  });
});

describe('preview', () => {
  it('renders markdown with heading anchors, escapes raw HTML and fills the support address', () => {
    const html = previewHtml('## 退货 方式\n\n<script>x</script>\n\nMail {{supportEmail}} [bad](javascript:alert(1))', 'help@shop.example');
    expect(html).toContain('<h2 id="退货-方式">退货 方式</h2>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="mailto:help@shop.example">help@shop.example</a>');
    expect(html).not.toContain('javascript:');
  });
});
