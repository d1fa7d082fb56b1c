/**
 * The sitemap and `robots.txt` of a release, from the pages it holds: a page is listed when its
 * file is there, so a product unpublished since the last full build (its pages removed by the
 * site builder) is gone from the sitemap, and one published since is in it once its pages are
 * built. Which pages are listed or kept out is src/domain/site-routes.ts.
 *
 * `sitemap.xml` is the sitemap while the shop's addresses fit in one file (the protocol allows
 * 50,000 addresses or 50 MB); past that it is a sitemap index naming `sitemap-1.xml`,
 * `sitemap-2.xml`... which hold the addresses. robots.txt names `sitemap.xml` either way.
 */
import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/locale.ts';
import { PRIVATE_AREAS, PRIVATE_PAGES, isListedPage } from '../../domain/site-routes.ts';
import type { HostSettings } from './host-rules.ts';

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';
/** The files of a sitemap split in parts (beside the index, `sitemap.xml`). */
export const SITEMAP_PART = /^sitemap-\d+\.xml$/;
const partName = (n: number) => `sitemap-${n}.xml`;

/** What one sitemap file may hold. */
export interface SitemapLimits {
  urls: number;
  bytes: number;
}
/** The sitemaps.org protocol's limits (tests give smaller ones). */
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 };

const localePage = new RegExp(`^(${LOCALES.join('|')})/(?:(.*)/)?index\\.html$`);

/** The listed pages of a release (its files' paths, with `/`), with the locales each exists in. */
export function listedPages(files: Iterable<string>): Map<string, Set<Locale>> {
  const pages = new Map<string, Set<Locale>>();
  for (const file of files) {
    const match = localePage.exec(file);
    if (!match) continue;
    const page = match[2] ?? '';
    if (!isListedPage(page)) continue;
    let locales = pages.get(page);
    if (!locales) pages.set(page, (locales = new Set()));
    locales.add(match[1] as Locale);
  }
  return pages;
}

/**
 * The sitemap's entries: every listed page in each of its locales, with hreflang alternates naming
 * every locale it exists in, and `x-default` as the pages themselves say it (BaseLayout.astro): the
 * language chooser at the root for the home page, the default locale's page otherwise.
 */
function sitemapItems(files: Iterable<string>, url: (path: string) => string): SitemapItemLoose[] {
  const pageUrl = (locale: Locale, page: string) => url(page ? `${locale}/${page}/` : `${locale}/`);
  const items: SitemapItemLoose[] = [];
  const pages = [...listedPages(files)].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  for (const [page, locales] of pages) {
    const present = LOCALES.filter((locale) => locales.has(locale));
    const fallback = page === '' ? url('') : locales.has(DEFAULT_LOCALE) ? pageUrl(DEFAULT_LOCALE, page) : null;
    const links = [
      ...present.map((locale) => ({ lang: locale, url: pageUrl(locale, page) })),
      ...(fallback ? [{ lang: 'x-default', url: fallback }] : []),
    ];
    for (const locale of present) items.push({ url: pageUrl(locale, page), links });
  }
  return items;
}

async function urlset(items: SitemapItemLoose[]): Promise<string> {
  const stream = new SitemapStream({ xmlns: { xhtml: true, news: false, image: false, video: false } });
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
}

/**
 * The sitemap files of a release by name: `sitemap.xml` alone, or `sitemap.xml` as the index of
 * its parts when the addresses do not fit in one file within `limits`.
 */
export async function sitemapFiles(files: Iterable<string>, settings: HostSettings, limits: SitemapLimits = SITEMAP_LIMITS): Promise<Record<string, string>> {
  const url = (path: string) => new URL(`${settings.basePath}${path}`, settings.siteUrl).toString();
  const items = sitemapItems(files, url);
  // Cut by the count first; a part over the byte limit is cut in two until each fits.
  const pending: SitemapItemLoose[][] = [];
  for (let at = 0; at < items.length || pending.length === 0; at += limits.urls) pending.push(items.slice(at, at + limits.urls));
  const parts: string[] = [];
  while (pending.length) {
    const part = pending.shift()!;
    const xml = await urlset(part);
    const half = Math.ceil(part.length / 2);
    if (Buffer.byteLength(xml) > limits.bytes && part.length > 1) pending.unshift(part.slice(0, half), part.slice(half));
    else parts.push(xml);
  }
  if (parts.length === 1) return { [SITEMAP_FILE]: parts[0]! };
  const index = new SitemapIndexStream();
  const indexXml = (await streamToPromise(Readable.from(parts.map((_, i) => ({ url: url(partName(i + 1)) }))).pipe(index))).toString('utf8');
  return { [SITEMAP_FILE]: indexXml, ...Object.fromEntries(parts.map((xml, i) => [partName(i + 1), xml])) };
}

/**
 * robots.txt: crawlers are kept out of the back office and of every personal, buying or order
 * page, and pointed at the sitemap by its absolute address. It is read at the origin's root, so
 * under a BASE_PATH other than `/` the operator copies its lines there (docs/deployment.md).
 */
export function robotsTxt(settings: HostSettings): string {
  const base = settings.basePath;
  return [
    'User-agent: *',
    ...PRIVATE_AREAS.map((area) => `Disallow: ${base}${area}`),
    ...LOCALES.flatMap((locale) => PRIVATE_PAGES.map((page) => `Disallow: ${base}${locale}/${page}`)),
    '',
    `Sitemap: ${new URL(`${base}${SITEMAP_FILE}`, settings.siteUrl).toString()}`,
    '',
  ].join('\n');
}
