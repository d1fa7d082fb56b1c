/**
 * Real-user vitals (docs/performance.md "Real-user vitals"): what a storefront page measures
 * (src/scripts/vitals.ts), what it sends, and how the back office rates the 75th percentile.
 * Zod-free, safe in any bundle; the request schema is vitals.schema.ts.
 */
import { LOCALES, type Locale } from './locale.ts';

/** The four vitals reported; FCP and the rest are left out. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * What kind of page a view was, from its route: no ids, no query, so the reports name no product,
 * order or person, and each kind's percentile is read over enough views to mean something.
 */
export const PAGE_TYPES = ['home', 'category', 'product', 'content', 'search', 'cart', 'checkout', 'order', 'account', 'sign-in', 'error', 'other'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Google's thresholds: at or below `good` is good, above `poor` is poor, between needs improvement (LCP, INP, TTFB in ms). */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/**
 * The largest value taken as a real measurement: a tab left in the background for an hour is
 * not a page that took an hour to paint. Larger reports are refused whole.
 */
export const VITAL_MAX: Record<VitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 10, TTFB: 120_000 };

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function ratingOf(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** A vital as people read it: CLS as a score, times in ms below a second, else in seconds. */
export function formatVital(metric: VitalMetric, value: number, locale: Locale): string {
  if (metric === 'CLS') return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(value);
  if (value < 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)} ms`;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 1000)} s`;
}

/** One page view's report: whichever of the four vitals the page measured, each once. */
export interface VitalsReport {
  page: PageType;
  locale: Locale;
  metrics: Partial<Record<VitalMetric, number>>;
}

/** First path segment after the locale -> page type; a single unknown segment is a content page (about-us, faq). */
const BY_SEGMENT: Record<string, PageType> = {
  category: 'category',
  product: 'product',
  search: 'search',
  cart: 'cart',
  checkouts: 'checkout',
  'order-success': 'order',
  'order-detail': 'order',
  'tracking-order': 'order',
  account: 'account',
  myprofile: 'account',
  'change-password': 'account',
  address: 'account',
  'add-address': 'account',
  orders: 'account',
  wishlist: 'account',
  rosters: 'account',
  login: 'sign-in',
  register: 'sign-in',
  'reset-password': 'sign-in',
};

/**
 * The page type of a storefront address (`pathname` without query), below the site's base path.
 * An answer with an error status (`status` of the navigation, when the browser says it) is an
 * error page whatever its address, since a 404 is served for any unknown one.
 */
export function pageTypeOf(pathname: string, basePath = '/', status?: number): PageType {
  if (status !== undefined && status >= 400) return 'error';
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  const below = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\/+/, '');
  const [first, ...rest] = below.split('/').filter((part) => part !== '');
  if (first === undefined || !(LOCALES as readonly string[]).includes(first)) return 'other';
  const [segment] = rest;
  if (segment === undefined) return 'home';
  return BY_SEGMENT[segment] ?? (rest.length === 1 ? 'content' : 'other');
}

/** Whether this page view reports: `rate` of them do (0 none, 1 all). */
export function sampled(rate: number, random: () => number = Math.random): boolean {
  return random() < rate;
}

/** The back office's figures: p75 per page type and locale over the last `days` UTC days (today included). */
export interface VitalsSummary {
  days: number;
  /** The first day counted (YYYY-MM-DD, UTC). */
  from: string;
  rows: VitalsRow[];
}

export interface VitalsRow {
  page: PageType;
  locale: Locale;
  /** Per vital: the 75th percentile and how many page views reported it; null when none did. */
  metrics: Record<VitalMetric, { p75: number; views: number } | null>;
}

/** The back office's two windows: today, and the last 7 days. */
export const VITALS_WINDOWS = [1, 7] as const;
