import { describe, expect, it } from 'vitest';
import { VISITOR_ID_PATTERN } from '../../../src/domain/api/envelope.ts';
import { searchQueries, visitorIds } from '../../../bench/api.ts';
import { locationOf, summariseProfile, type CpuProfile } from '../../../bench/profile.ts';
import { fileStamp, table, verdict } from '../../../bench/report.ts';

describe('bench report', () => {
  it('pads columns to the widest cell and right-aligns numbers', () => {
    const text = table(['page', 'req/s'], [['search', '1,234'], ['detail', '56']]);
    expect(text.split('\n')).toEqual(['page    req/s', '------  -----', 'search  1,234', 'detail     56']);
  });

  it('marks results PASS, FAIL or n/a', () => {
    expect([verdict(true), verdict(false), verdict(null)]).toEqual(['PASS', 'FAIL', 'n/a']);
  });

  it('names result files by their date, safe for any file system', () => {
    expect(fileStamp('2026-11-21T18:58:04.360Z')).toBe('2026-11-21T18-58-04Z');
  });
});

describe('bench profile summary', () => {
  it.each([
    ['file:///w/node_modules/@electric-sql/pglite/dist/x.js', 'hn', '@electric-sql/pglite'],
    ['file:///w/node_modules/.pnpm/zod/x.js', 'f', '.pnpm'],
    ['file:///work/shop/src/server/services/search-index.ts', 'search', 'src/server/services/search-index.ts'],
    ['node:internal/streams/writable', 'write', 'node internals'],
    ['', '(garbage collector)', '(garbage collector)'],
  ])('says where code lives: a package, one of our files, Node or V8 (%s %s)', (url, functionName, location) => {
    expect(locationOf(url, functionName)).toBe(location);
  });

  it('adds up self time per location and function, biggest first', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 3] },
        { id: 2, callFrame: frame('search', 'file:///a/src/server/services/search-index.ts') },
        { id: 3, callFrame: frame('hn', 'file:///a/node_modules/@electric-sql/pglite/dist/c.js') },
      ],
      samples: [2, 3, 2, 2],
      timeDeltas: [100, 100, 100, 100],
    };
    const summary = summariseProfile(profile);
    expect(summary.byLocation).toEqual([
      { where: 'src/server/services/search-index.ts', percent: 75 },
      { where: '@electric-sql/pglite', percent: 25 },
    ]);
    expect(summary.byFunction[0]).toEqual({ fn: 'search:10', where: 'src/server/services/search-index.ts', percent: 75 });
  });
});

describe('bench API requests', () => {
  it('makes visitor ids the server accepts, the same pool every run', () => {
    const ids = visitorIds(500, 1);
    expect(ids.every((id) => VISITOR_ID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(500);
    expect(visitorIds(500, 1)).toEqual(ids);
  });

  it('makes search queries from the catalogue titles, repeatably', () => {
    const titles = [
      { title: 'Harbour City FC Home Shirt 2026/27', zhTitle: '港城足球俱乐部 2026/27 主场球衣' },
      { title: 'Silverline Motorsport Team Shirt 2026 Kids', zhTitle: '银线车队 2026 车队衫 儿童款' },
    ];
    const queries = searchQueries(titles, 200, 7);
    expect(queries).toHaveLength(200);
    expect(searchQueries(titles, 200, 7)).toEqual(queries);
    const english = queries.filter((q) => q.locale === 'en');
    const words = new Set(titles.flatMap((t) => t.title.toLowerCase().split(' ')));
    // Every English query word is a title word, a prefix of one, or one with two letters swapped.
    for (const q of english) {
      for (const word of q.title.split(' ')) {
        const known = [...words].some((w) => w === word || w.startsWith(word) || (w.length === word.length && [...w].sort().join('') === [...word].sort().join('')));
        expect(known, `${q.title}`).toBe(true);
      }
    }
    const chinese = queries.filter((q) => q.locale === 'zh');
    expect(chinese.length).toBeGreaterThan(10);
    // Taken from within one word of a Chinese title, never across the spaces between words.
    expect(chinese.every((q) => titles.some((t) => t.zhTitle.split(/[\s\d/]+/).some((word) => word.includes(q.title))))).toBe(true);
  });
});
