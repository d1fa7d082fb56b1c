import { describe, expect, it } from 'vitest';
import { mergePages, readPageFiles, type PageFile } from '../../../src/build/content-pages-loader.ts';
import type { PublishedContentPage } from '../../../src/domain/back-office/pages.model.ts';

const file = (id: string, body: string, hash: string): PageFile => ({ id, filePath: `src/content/pages/${id}.md`, text: { title: 'T', description: 'D', updated: null, body }, hash });
const published = (slug: string, locale: 'en-US' | 'zh-CN', body: string, sourceHash: string | null): PublishedContentPage => ({
  slug,
  locale,
  title: 'Edited',
  description: 'D',
  updated: '2026-11-28',
  body,
  inFooter: slug === 'size-guide',
  sourceHash,
  savedAt: '2026-11-28T10:00:00.000Z',
});

describe('which text wins', () => {
  it('keeps a file never edited in the back office, and the back office version of an edited one', () => {
    const warnings: string[] = [];
    const pages = mergePages([file('en-US/faq', 'file faq', 'h1'), file('zh-CN/return-policy', 'file text', 'h2')], [published('return-policy', 'zh-CN', 'edited text', 'h2')], (w) => warnings.push(w));
    expect(pages.map((p) => [p.id, p.source, p.text.body])).toEqual([
      ['en-US/faq', 'repository', 'file faq'],
      ['zh-CN/return-policy', 'backOffice', 'edited text'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('reports, naming the file, a repository file changed after the back-office version, and still publishes the back office text', () => {
    const warnings: string[] = [];
    const pages = mergePages([file('zh-CN/return-policy', 'developer change', 'new-hash')], [published('return-policy', 'zh-CN', 'edited text', 'old-hash')], (w) => warnings.push(w));
    expect(pages[0]!.text.body).toBe('edited text');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('src/content/pages/zh-CN/return-policy.md');
    expect(warnings[0]).toContain('2026-11-28');
  });

  it('adds a page that exists in the back office only, in the one language it has', () => {
    const pages = mergePages([], [published('size-guide', 'en-US', 'Sizes', null)], () => {});
    expect(pages).toEqual([{ id: 'en-US/size-guide', text: { title: 'Edited', description: 'D', updated: '2026-11-28', body: 'Sizes' }, inFooter: true, source: 'backOffice' }]);
  });

  it('reads every repository page with its front matter', async () => {
    const files = await readPageFiles();
    expect(files.map((f) => f.id)).toContain('zh-CN/return-policy');
    const returns = files.find((f) => f.id === 'en-US/return-policy')!;
    expect(returns.text.title).toBe('Return policy');
    expect(returns.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
