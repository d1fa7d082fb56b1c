import { describe, expect, it } from 'vitest';
import { API_TARGETS, checkEndpoint, checkHealth, checkPage, checkPageJs, checkRss, type PageFigures } from '../../../bench/targets.ts';

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

  it('health needs 85% of the bare route, RSS at most 250 MB', () => {
    expect(checkHealth('postgres', 85).pass).toBe(true);
    expect(checkHealth('postgres', 84.9).pass).toBe(false);
    expect(checkRss(250).pass).toBe(true);
    expect(checkRss(251).pass).toBe(false);
  });

  it('pages: performance 98 on home, category and content, 95 on product, search and cart', () => {
    const at97 = { ...perfect, performance: 97 };
    const perf = (page: Parameters<typeof checkPage>[0]) => checkPage(page, 'en-US', at97).find((c) => c.metric === 'performance')!.pass;
    expect(perf('home')).toBe(false);
    expect(perf('content')).toBe(false);
    expect(perf('product')).toBe(true);
    expect(perf('cart')).toBe(true);
  });

  it('pages: every other metric has one bar for every page', () => {
    expect(checkPage('home', 'zh-CN', perfect).every((c) => c.pass)).toBe(true);
    const failed = (figures: Partial<PageFigures>) =>
      checkPage('search', 'zh-CN', { ...perfect, ...figures }).filter((c) => c.pass === false).map((c) => c.metric);
    expect(failed({ accessibility: 99 })).toEqual(['accessibility']);
    expect(failed({ lcpMs: 1_801, tbtMs: 51, cls: 0.021 })).toEqual(['LCP', 'TBT', 'CLS']);
    expect(failed({ lcpMs: 1_800, tbtMs: 50, cls: 0.02 })).toEqual([]);
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
