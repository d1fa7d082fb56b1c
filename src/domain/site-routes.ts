/**
 * The storefront's addresses as a web host must answer them (docs/deployment.md "Static
 * hosting"): the pages that exist for any value and are answered by one shell page, the cache
 * rules, the error pages, what search engines are kept out of and what the sitemap lists.
 *
 * One description for every host: the shop's own server answers from it
 * (src/server/http/site.ts), and the build writes the rules of nginx, of `_redirects` hosts and
 * a JSON list for any other from it (src/server/hosting/), so the server and the hosts cannot
 * answer an address differently.
 */
import { LOCALES, type Locale } from './locale.ts';

/**
 * Where the API server answers, on the site's origin, besides the pages: the one place it is
 * said (the server registers its routes below it, the pages call it, the host rules forward it).
 */
export const API_PREFIX = '/api';
/** Generated and uploaded images, answered by the API server. */
export const MEDIA_PREFIX = `${API_PREFIX}/media`;
/** The PayPal simulator's pages and stand-in SDK (docs/paypal-simulator.md), served by the API server when it simulates. */
export const SIMULATOR_PREFIX = '/paypal-sim';

/** A page that stands for any value of the last part of its address, answered by one shell page. */
export interface ShellRoute {
  /** What the address stands for. */
  kind: 'product' | 'order-success' | 'order-detail' | 'admin';
  locale: Locale | null;
  /** The address below BASE_PATH before the variable part, without a slash at the end (`en-US/product`). */
  prefix: string;
  /**
   * The variable part: one path segment matching `pattern` (a slash may follow), or `rest`: the
   * prefix alone or any deeper path, except one whose last part looks like a file name (a missing
   * script stays a 404 rather than becoming the app).
   */
  param: { name: string; pattern: string } | 'rest';
  /** The page file, below the site folder, that answers. */
  shell: string;
  /**
   * Answered only while the product of that id is published; an unknown id is a real 404 (not a
   * page that says so with status 200). Asked of the API (`catalogueApi.productDetail`).
   */
  onlyIfProductExists: boolean;
}

/** Order numbers in any case (JS-7KQ4M-2XPHD); the page and the API check them properly. */
const ORDER_NO = '[A-Za-z0-9-]{10,20}';
/** Product ids as the build names their pages (no leading zero, so one id has one address). */
const PRODUCT_ID = '[1-9][0-9]{0,8}';

/**
 * Every shell route, most specific first: a product added after the build opens through the
 * product shell page, which loads it from the API; an order's success and detail pages are one
 * shell per locale that reads the number from the address; every path of the back office
 * (docs/back-office.md) is its one page, whose router reads the address.
 */
export const SHELL_ROUTES: readonly ShellRoute[] = [
  ...LOCALES.flatMap((locale): ShellRoute[] => [
    { kind: 'product', locale, prefix: `${locale}/product`, param: { name: 'id', pattern: PRODUCT_ID }, shell: `${locale}/product/new/index.html`, onlyIfProductExists: true },
    ...(['order-success', 'order-detail'] as const).map(
      (kind): ShellRoute => ({ kind, locale, prefix: `${locale}/${kind}`, param: { name: 'orderNo', pattern: ORDER_NO }, shell: `${locale}/${kind}/index.html`, onlyIfProductExists: false }),
    ),
  ]),
  { kind: 'admin', locale: null, prefix: 'admin', param: 'rest', shell: 'admin/index.html', onlyIfProductExists: false },
];

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The route's address as a regular expression source, valid in JavaScript and in PCRE (nginx):
 * the variable part, when there is one, is the first capture group.
 */
export function shellRoutePattern(route: ShellRoute, basePath: string): string {
  const prefix = escapeRegex(`${basePath}${route.prefix}`);
  if (route.param === 'rest') return `^${prefix}(?!.*\\.[A-Za-z0-9]+$)(?:/.*)?$`;
  return `^${prefix}/(${route.param.pattern})/?$`;
}

/** The shell route an address (without its query) belongs to, and its variable part. */
export function matchShellRoute(path: string, basePath: string): { route: ShellRoute; value: string } | null {
  for (const route of SHELL_ROUTES) {
    const match = new RegExp(shellRoutePattern(route, basePath)).exec(path);
    if (match) return { route, value: match[1] ?? '' };
  }
  return null;
}

/** `Cache-Control` of the site's files; shells answer `no-cache` (docs/deployment.md). */
export const CACHE_CONTROL = {
  /** Astro fingerprints everything under _astro/, so those files never change. */
  fingerprinted: 'public, max-age=31536000, immutable',
  /** Pages change at every build that touches them; a browser asks again each time. */
  page: 'public, max-age=0, must-revalidate',
  shell: 'no-cache',
  other: 'public, max-age=3600',
} as const;

/**
 * Names starting with a dot are not served (404): the release's own records and host rules
 * (`.build-stamp.json`, `.page-links.json`, `.hosting/`), except `.well-known/` (RFC 8615).
 * A regular expression source, valid in JavaScript and in PCRE (nginx).
 */
export const HIDDEN_PATH_PATTERN = '/\\.(?!well-known/)';

/** The folder of fingerprinted files, below BASE_PATH. */
export const FINGERPRINTED_DIR = '_astro';

/** The `Cache-Control` of a file of the site, by its path below the site folder (with `/`). */
export function cacheControlOf(file: string): string {
  if (`/${file}`.includes(`/${FINGERPRINTED_DIR}/`)) return CACHE_CONTROL.fingerprinted;
  if (file.endsWith('.html')) return CACHE_CONTROL.page;
  return CACHE_CONTROL.other;
}

/**
 * The specification's standalone error pages, at `/403`, `/404` and `/500` (the guard sends a
 * shopper without the right role to /403); Astro writes them as `<code>.html` or
 * `<code>/index.html`. 404 is also the page of every unknown address.
 */
export const ERROR_PAGES = ['403', '404', '500'] as const;

/**
 * The not-found page of a locale, or the bilingual one (`null`), as a file below the site folder:
 * `zh-CN/404.html` (the build moves each locale's page there, src/build/), `404.html`. A
 * file named 404.html is also what hosts that look for the nearest one up the folders find.
 */
export function notFoundPageFile(locale: Locale | null): string {
  return locale ? `${locale}/404.html` : '404.html';
}

/**
 * Which not-found page answers an unknown address (`path`: with BASE_PATH, without the query):
 * the locale's own below `/en-US/` and `/zh-CN/`, the bilingual one anywhere else. The shop's
 * server answers with it (src/server/http/site.ts) and the host rules say the same (hosting/).
 */
export function notFoundPageFor(path: string, basePath: string): string {
  const locale = LOCALES.find((l) => new RegExp(localeAreaPattern(l, basePath)).test(path));
  return notFoundPageFile(locale ?? null);
}

/** The addresses below a locale (`/zh-CN`, `/zh-CN/...`), as a regular expression source valid in JavaScript and in PCRE (nginx). */
export function localeAreaPattern(locale: Locale, basePath: string): string {
  return `^${escapeRegex(`${basePath}${locale}`)}(?:/|$)`;
}

/**
 * Pages search engines are kept out of (robots.txt), below each locale: what is personal, a step
 * of buying, or only a frame the browser fills in for one visitor.
 */
export const PRIVATE_PAGES: readonly string[] = [
  'cart',
  'checkouts',
  'account',
  'myprofile',
  'change-password',
  'address',
  'add-address',
  'wishlist',
  'rosters',
  'login',
  'register',
  'reset-password',
  'orders',
  'order-detail',
  'order-success',
  // A payment request's page: its address carries the request's token.
  'pay',
];
/** Below BASE_PATH, outside the locales: the back office. */
export const PRIVATE_AREAS: readonly string[] = ['admin'];

/**
 * Public pages with nothing of their own to index, so left out of the sitemap: the search frame,
 * the parcel tracking form, the product shell and the locale's not-found page.
 */
const UNLISTED_PAGES: readonly string[] = ['search', 'tracking-order', 'product/new', '404'];

/**
 * Whether a page (its path below the locale, no slashes at either end, `''` for the home page)
 * belongs in the sitemap: the home page, categories, products and the content pages; not the
 * private pages nor the frames.
 */
export function isListedPage(page: string): boolean {
  const first = page.split('/')[0]!;
  if (PRIVATE_PAGES.includes(first) || UNLISTED_PAGES.includes(page)) return false;
  if (page === '' || /^category\/[^/]+$/.test(page)) return true;
  if (new RegExp(`^product/${PRODUCT_ID}$`).test(page)) return true;
  // Content pages (src/content/pages/) sit right under the locale.
  return !page.includes('/');
}
