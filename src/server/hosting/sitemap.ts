/**
 * `sitemap.xml` and `robots.txt` of a release, from the pages it holds: a page is listed when its
 * file is there, so a product unpublished since the last full build (its pages removed by the
 * site builder) is gone from the sitemap, and one published since is in it once its pages are
 * built. Which pages are listed or kept out is src/domain/site-routes.ts.
 */
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/locale.ts';
import { PRIVATE_AREAS, PRIVATE_PAGES, isListedPage } from '../../domain/site-routes.ts';
import type { HostSettings } from './host-rules.ts';

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';

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
 * The sitemap: every listed page in each of its locales, with hreflang alternates naming every
 * locale it exists in, and `x-default` as the pages themselves say it (BaseLayout.astro): the
 * language chooser at the root for the home page, the default locale's page otherwise.
 */
export async function sitemapXml(files: Iterable<string>, settings: HostSettings): Promise<string> {
  const url = (path: string) => new URL(`${settings.basePath}${path}`, settings.siteUrl).toString();
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
  const stream = new SitemapStream({ xmlns: { xhtml: true, news: false, image: false, video: false } });
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
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
