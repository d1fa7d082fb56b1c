/** Real-user vitals' rules: the page type a route reports as, the ratings, the report schema's ranges. */
import { describe, expect, it } from 'vitest';
import { VITAL_MAX, formatVital, pageTypeOf, ratingOf } from '../../../src/domain/vitals.model.ts';
import { vitalsReportSchema } from '../../../src/domain/vitals.schema.ts';

describe('pageTypeOf', () => {
  it('names the kind of page from its route, never its id or query', () => {
    const cases: [string, string][] = [
      ['/en-US/', 'home'],
      ['/zh-CN', 'home'],
      ['/en-US/category/football/', 'category'],
      ['/en-US/product/42/', 'product'],
      ['/zh-CN/product/new/', 'product'],
      ['/en-US/search/', 'search'],
      ['/en-US/cart/', 'cart'],
      ['/en-US/checkouts/cart/', 'checkout'],
      ['/en-US/order-success/JS-7KQ4M-2XPHD/', 'order'],
      ['/en-US/order-detail/JS-7KQ4M-2XPHD/', 'order'],
      ['/en-US/tracking-order/', 'order'],
      ['/en-US/myprofile/', 'account'],
      ['/zh-CN/orders/', 'account'],
      ['/en-US/wishlist/', 'account'],
      ['/en-US/login/', 'sign-in'],
      ['/en-US/reset-password/', 'sign-in'],
      ['/en-US/about-us/', 'content'],
      ['/en-US/nothing/here/', 'other'],
      ['/', 'other'],
      ['/admin/orders/', 'other'],
    ];
    for (const [path, type] of cases) expect(pageTypeOf(path), path).toBe(type);
  });

  it('reads the route below the base path', () => {
    expect(pageTypeOf('/independent-website/views/en-US/product/3/', '/independent-website/views/')).toBe('product');
    expect(pageTypeOf('/independent-website/views/zh-CN/', '/independent-website/views')).toBe('home');
  });

  it('calls any page answered with an error status an error page', () => {
    expect(pageTypeOf('/en-US/about-us/', '/', 404)).toBe('error');
    expect(pageTypeOf('/en-US/product/999999/', '/', 500)).toBe('error');
    expect(pageTypeOf('/en-US/product/3/', '/', 200)).toBe('product');
  });
});

describe('ratingOf', () => {
  it("rates by Google's thresholds, the boundaries counting as the better side", () => {
    expect([ratingOf('LCP', 2500), ratingOf('LCP', 2501), ratingOf('LCP', 4000), ratingOf('LCP', 4001)]).toEqual(['good', 'needs-improvement', 'needs-improvement', 'poor']);
    expect([ratingOf('INP', 200), ratingOf('INP', 350), ratingOf('INP', 501)]).toEqual(['good', 'needs-improvement', 'poor']);
    expect([ratingOf('CLS', 0.1), ratingOf('CLS', 0.2), ratingOf('CLS', 0.3)]).toEqual(['good', 'needs-improvement', 'poor']);
    expect([ratingOf('TTFB', 800), ratingOf('TTFB', 1000), ratingOf('TTFB', 1801)]).toEqual(['good', 'needs-improvement', 'poor']);
  });
});

describe('vitalsReportSchema', () => {
  const report = { page: 'product', locale: 'en-US', metrics: { LCP: 1234.5, CLS: 0 } };

  it('takes a page view with any of the four vitals within range', () => {
    expect(vitalsReportSchema.safeParse(report).success).toBe(true);
    expect(vitalsReportSchema.safeParse({ ...report, metrics: { TTFB: VITAL_MAX.TTFB } }).success).toBe(true);
  });

  it('refuses what is out of range, unknown, or names more than the page type', () => {
    for (const bad of [
      { ...report, metrics: {} },
      { ...report, metrics: { LCP: VITAL_MAX.LCP + 1 } },
      { ...report, metrics: { INP: -1 } },
      { ...report, metrics: { CLS: Number.NaN } },
      { ...report, metrics: { FCP: 100 } },
      { ...report, page: '/en-US/product/42/' },
      { ...report, path: '/en-US/product/42/' },
    ]) {
      expect(vitalsReportSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('formatVital', () => {
  it('says times in ms below a second, else in seconds, and CLS as a score', () => {
    expect(formatVital('INP', 184.4, 'en-US')).toBe('184 ms');
    expect(formatVital('LCP', 2345, 'en-US')).toBe('2.35 s');
    expect(formatVital('TTFB', 1000, 'zh-CN')).toBe('1.00 s');
    expect(formatVital('CLS', 0.1234, 'en-US')).toBe('0.123');
    expect(formatVital('CLS', 0, 'en-US')).toBe('0.00');
  });
});
