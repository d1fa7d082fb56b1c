/** sitemap.xml (with its parts, past one file's limits) and robots.txt from a release's files (src/server/hosting/sitemap.ts). */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { hostSettings } from '../../../../src/server/hosting/host-rules.ts';
import { SITEMAP_FILE, robotsTxt, sitemapFiles, type SitemapLimits } from '../../../../src/server/hosting/sitemap.ts';

const settings = await hostSettings({ SITE_URL: 'https://shop.example', BASE_PATH: '/', PUBLIC_PAYPAL_SDK: 'paypal' });

/** A release's files: pages in both locales, product 9 built in en-US only (its zh-CN page was removed). */
const FILES = [
  'index.html',
  '404.html',
  '403/index.html',
  'admin/index.html',
  '_astro/app.abc.js',
  '.page-links.json',
  ...['en-US', 'zh-CN'].flatMap((locale) => [
    `${locale}/index.html`,
    `${locale}/category/football/index.html`,
    `${locale}/product/3/index.html`,
    `${locale}/product/12/index.html`,
    `${locale}/product/new/index.html`,
    `${locale}/about-us/index.html`,
    `${locale}/search/index.html`,
    `${locale}/tracking-order/index.html`,
    `${locale}/cart/index.html`,
    `${locale}/checkouts/cart/index.html`,
    `${locale}/login/index.html`,
    `${locale}/account/index.html`,
    `${locale}/order-success/index.html`,
    `${locale}/order-detail/index.html`,
  ]),
  'en-US/product/9/index.html',
];

interface Url {
  loc: string;
  'xhtml:link': { '@_hreflang': string; '@_href': string; '@_rel': string }[];
}

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' || name === 'sitemap' });

function urlsOf(text: string): Url[] {
  expect(XMLValidator.validate(text)).toBe(true);
  return (xml.parse(text) as { urlset: { url: Url[] } }).urlset.url;
}

async function parsed(files: string[], options = settings): Promise<Url[]> {
  const written = await sitemapFiles(files, options);
  expect(Object.keys(written)).toEqual([SITEMAP_FILE]);
  return urlsOf(written[SITEMAP_FILE]!);
}

/** The files written with `limits`: the index's entries and each part's addresses, by file name. */
async function split(limits: SitemapLimits): Promise<{ index: string[]; parts: Record<string, Url[]>; sizes: Record<string, number> }> {
  const written = await sitemapFiles(FILES, settings, limits);
  const index = xml.parse(written[SITEMAP_FILE]!) as { sitemapindex?: { sitemap: { loc: string }[] } };
  expect(XMLValidator.validate(written[SITEMAP_FILE]!)).toBe(true);
  const { [SITEMAP_FILE]: _index, ...parts } = written;
  return {
    index: index.sitemapindex?.sitemap.map((entry) => entry.loc) ?? [],
    parts: Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, urlsOf(text)])),
    sizes: Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, Buffer.byteLength(text)])),
  };
}

describe('sitemap.xml', () => {
  it('is well-formed and lists the home page, categories, products and content pages in both locales, with absolute addresses', async () => {
    const urls = await parsed(FILES);
    const locs = urls.map((url) => url.loc);
    for (const locale of ['en-US', 'zh-CN']) {
      for (const page of ['', 'category/football/', 'product/3/', 'product/12/', 'about-us/']) expect(locs).toContain(`https://shop.example/${locale}/${page}`);
    }
    for (const url of urls) {
      expect(url.loc).toMatch(/^https:\/\/shop\.example\//);
      for (const link of url['xhtml:link']) expect(link['@_href']).toMatch(/^https:\/\/shop\.example\//);
    }
    expect(locs).toHaveLength(new Set(locs).size);
  });

  it('names every locale of a page and an x-default as hreflang alternates', async () => {
    const urls = await parsed(FILES);
    const product = urls.find((url) => url.loc === 'https://shop.example/zh-CN/product/12/')!;
    expect(Object.fromEntries(product['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]))).toEqual({
      'en-US': 'https://shop.example/en-US/product/12/',
      'zh-CN': 'https://shop.example/zh-CN/product/12/',
      'x-default': 'https://shop.example/en-US/product/12/',
    });
    const home = urls.find((url) => url.loc === 'https://shop.example/en-US/')!;
    expect(home['xhtml:link'].find((link) => link['@_hreflang'] === 'x-default')!['@_href']).toBe('https://shop.example/');
    // A page built in one locale only names that one.
    const single = urls.filter((url) => url.loc.includes('/product/9/'));
    expect(single.map((url) => url.loc)).toEqual(['https://shop.example/en-US/product/9/']);
    expect(single[0]!['xhtml:link'].map((link) => link['@_hreflang'])).toEqual(['en-US', 'x-default']);
  });

  it('leaves out products without pages (unpublished), private pages, frames and the shell', async () => {
    const locs = (await parsed(FILES.filter((file) => !file.includes('/product/3/')))).map((url) => url.loc);
    expect(locs.some((loc) => loc.includes('/product/3/'))).toBe(false);
    for (const page of ['product/new', 'search', 'tracking-order', 'cart', 'checkouts', 'login', 'account', 'order-success', 'order-detail', 'admin', '403']) {
      expect(locs.filter((loc) => loc.includes(`/${page}/`)), page).toEqual([]);
    }
    expect(locs).not.toContain('https://shop.example/');
  });

  it('puts the base path in every address', async () => {
    const urls = await parsed(FILES, await hostSettings({ SITE_URL: 'https://shop.example', BASE_PATH: '/views', PUBLIC_PAYPAL_SDK: 'paypal' }));
    expect(urls.every((url) => url.loc.startsWith('https://shop.example/views/'))).toBe(true);
  });
});

describe('a sitemap past one file\'s limits', () => {
  it('is an index at sitemap.xml naming every part, and each address is in exactly one part, alternates intact', async () => {
    const whole = await parsed(FILES);
    // 11 addresses, at most 4 a file: three parts.
    const { index, parts } = await split({ urls: 4, bytes: 50 * 1024 * 1024 });
    expect(Object.keys(parts)).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(index).toEqual(Object.keys(parts).map((name) => `https://shop.example/${name}`));
    for (const urls of Object.values(parts)) expect(urls.length).toBeLessThanOrEqual(4);
    const locs = Object.values(parts).flatMap((urls) => urls.map((url) => url.loc));
    expect(locs.toSorted()).toEqual(whole.map((url) => url.loc).toSorted());
    expect(new Set(locs).size).toBe(locs.length);
    // Every address keeps the alternates it has in one file.
    const entries = Object.values(parts).flat();
    for (const url of whole) expect(entries.find((entry) => entry.loc === url.loc)!['xhtml:link']).toEqual(url['xhtml:link']);
  });

  it('is cut by size too: no part over the byte limit', async () => {
    const single = Buffer.byteLength((await sitemapFiles(FILES, settings))[SITEMAP_FILE]!);
    const { index, parts, sizes } = await split({ urls: 50_000, bytes: Math.ceil(single / 3) });
    expect(index.length).toBeGreaterThanOrEqual(3);
    expect(index).toEqual(Object.keys(parts).map((name) => `https://shop.example/${name}`));
    for (const size of Object.values(sizes)) expect(size).toBeLessThanOrEqual(Math.ceil(single / 3));
    expect(Object.values(parts).flat()).toHaveLength((await parsed(FILES)).length);
  });

  it('stays one file, no index, while it fits', async () => {
    const { index, parts } = await split({ urls: 11, bytes: 50 * 1024 * 1024 });
    expect(index).toEqual([]);
    expect(parts).toEqual({});
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the back office and every personal, buying and order page, and points at the sitemap', () => {
    const robots = robotsTxt(settings);
    const disallowed = robots.split('\n').filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    expect(robots.startsWith('User-agent: *\n')).toBe(true);
    expect(disallowed).toContain('/admin');
    for (const locale of ['en-US', 'zh-CN']) {
      for (const page of ['cart', 'checkouts', 'account', 'login', 'register', 'orders', 'order-success', 'order-detail', 'wishlist', 'address']) expect(disallowed).toContain(`/${locale}/${page}`);
    }
    // Nothing public is kept out.
    for (const page of ['/en-US/', '/en-US/product/3/', '/en-US/category/football/', '/zh-CN/about-us/']) expect(disallowed.some((rule) => page.startsWith(rule))).toBe(false);
    expect(robots).toContain('\nSitemap: https://shop.example/sitemap.xml\n');
  });
});
