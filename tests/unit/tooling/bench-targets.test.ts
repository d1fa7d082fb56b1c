import { describe, expect, it } from 'vitest';
import { API_TARGETS, READ_PATH_MIN_PERCENT_OF_BARE_HTTP, checkEndpoint, checkHealth, checkPage, checkPageJs, checkReadPath, checkRosterQuote, checkRss, scoreWithout, type PageFigures } from '../../../bench/targets.ts';

const perfect: PageFigures = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 900, tbtMs: 0, cls: 0 };

describe('bench target checks', () => {
  it('holds an endpoint to its database target (req/s at least, p99 at most)', () => {
    expect(checkEndpoint('search', 'pglite', { rps: 600, p99Ms: 40 }).map((c) => c.pass)).toEqual([true, true]);
    expect(checkEndpoint('search', 'pglite', { rps: 599, p99Ms: 41 }).map((c) => c.pass)).toEqual([false, false]);
    // The same figures miss PostgreSQL's stricter target.
    expect(checkEndpoint('search', 'postgres', { rps: 600, p99Ms: 40 }).map((c) => c.pass)).toEqual([false, false]);
    expect(API_TARGETS.detail.postgres).toEqual({ minRps: 5_000, maxP99Ms: 10 });
  });

  it('says n/a instead of passing or failing a figure that was not measured', () => {
    const checks = checkEndpoint('cartAdd', 'pglite', null);
    expect(checks.map((c) => c.pass)).toEqual([null, null]);
    expect(checks[0]!.actual).toBe('n/a');
    expect(checkHealth('pglite', null).pass).toBeNull();
  });

  it('search and product detail need 35% of a bare node:http server (issue 28), n/a when not measured', () => {
    expect(READ_PATH_MIN_PERCENT_OF_BARE_HTTP).toBe(35);
    expect(checkReadPath('search', 'pglite', 35).pass).toBe(true);
    expect(checkReadPath('search', 'pglite', 34.9).pass).toBe(false);
    const detail = checkReadPath('detail', 'postgres', 16.5);
    expect(detail).toMatchObject({ subject: 'detail (postgres)', metric: '% of bare node:http', target: '>= 35%', actual: '16.5%', pass: false });
    expect(checkReadPath('detail', 'pglite', null).pass).toBeNull();
  });

  it("a noindex page's SEO score leaves out is-crawlable alone, weighing the rest as Lighthouse does", () => {
    const lhr = {
      categories: { seo: { auditRefs: [{ id: 'is-crawlable', weight: 4.04 }, { id: 'document-title', weight: 1 }, { id: 'link-text', weight: 1 }, { id: 'structured-data', weight: 0 }] } },
      audits: { 'is-crawlable': { score: 0 }, 'document-title': { score: 1 }, 'link-text': { score: 1 }, 'structured-data': { score: null } },
    };
    expect(scoreWithout(lhr, 'seo', 'is-crawlable')).toBe(100);
    lhr.audits['link-text'].score = 0;
    expect(scoreWithout(lhr, 'seo', 'is-crawlable')).toBe(50);
    // Another audit left out instead: the failing crawl audit counts with its weight.
    expect(scoreWithout(lhr, 'seo', 'link-text')).toBe(20);
  });

  it('a 200-row roster quote needs at most 150 ms of server CPU a call (issue 31), n/a when not measured', () => {
    expect(checkRosterQuote('postgres', 150_000).pass).toBe(true);
    expect(checkRosterQuote('postgres', 150_001).pass).toBe(false);
    expect(checkRosterQuote('pglite', 17_300)).toMatchObject({ subject: 'team roster of 200 rows (pglite)', actual: '17.3 ms', target: '<= 150 ms', pass: true });
    expect(checkRosterQuote('pglite', null).pass).toBeNull();
  });

  it('health needs 85% of the bare route, RSS at most 250 MB', () => {
    expect(checkHealth('postgres', 85).pass).toBe(true);
    expect(checkHealth('postgres', 84.9).pass).toBe(false);
    expect(checkRss(250).pass).toBe(true);
    expect(checkRss(251).pass).toBe(false);
  });

  it('pages: performance 100 and TBT 50 ms on home, category and content; 95 and 150 ms on product, search and cart', () => {
    const at99 = { ...perfect, performance: 99, tbtMs: 60 };
    const failed = (page: Parameters<typeof checkPage>[0]) => checkPage(page, 'en-US', at99).filter((c) => c.pass === false).map((c) => c.metric);
    expect(failed('home')).toEqual(['performance', 'TBT']);
    expect(failed('content')).toEqual(['performance', 'TBT']);
    expect(failed('product')).toEqual([]);
    expect(failed('cart')).toEqual([]);
    expect(checkPage('cart', 'en-US', { ...perfect, performance: 94, tbtMs: 151 }).filter((c) => c.pass === false).map((c) => c.metric)).toEqual(['performance', 'TBT']);
  });

  it('pages: LCP, CLS and the other categories have one bar for every page', () => {
    expect(checkPage('home', 'zh-CN', perfect).every((c) => c.pass)).toBe(true);
    const failed = (figures: Partial<PageFigures>) =>
      checkPage('search', 'zh-CN', { ...perfect, ...figures }).filter((c) => c.pass === false).map((c) => c.metric);
    expect(failed({ accessibility: 99 })).toEqual(['accessibility']);
    // CLS 0 as Lighthouse prints it: 0.0004 shows as 0.000, 0.001 does not.
    expect(failed({ lcpMs: 1_801, cls: 0.001 })).toEqual(['LCP', 'CLS']);
    expect(failed({ lcpMs: 1_800, tbtMs: 150, cls: 0.0004 })).toEqual([]);
  });

  it('JavaScript: 15 KB before interaction on home, category and content; 95 KB in all on the product page', () => {
    const kb = (n: number) => n * 1024;
    expect(checkPageJs('home', 'en-US', { beforeInteraction: kb(15), all: kb(500) }).map((c) => [c.metric, c.pass])).toEqual([['JS before interaction (gzip)', true]]);
    expect(checkPageJs('category', 'en-US', { beforeInteraction: kb(15) + 1, all: 0 })[0]!.pass).toBe(false);
    expect(checkPageJs('product', 'en-US', { beforeInteraction: kb(90), all: kb(95) }).map((c) => [c.metric, c.pass])).toEqual([['all JS (gzip)', true]]);
    expect(checkPageJs('product', 'en-US', { beforeInteraction: 0, all: kb(95) + 1 })[0]!.pass).toBe(false);
    // Search and cart have no JavaScript target.
    expect(checkPageJs('cart', 'en-US', { beforeInteraction: kb(500), all: kb(500) })).toEqual([]);
  });
});
