/**
 * Locale-aware URLs under the site's base path (Astro's `base`, from BASE_PATH). No imports, so
 * any browser script can use it without the translator or a catalogue.
 */
import type { Locale } from '../domain/locale.ts';

/**
 * The URL of `path` (e.g. `/product/12/`) in `locale`, under the site's base path. Page paths get a
 * trailing slash, as the build writes `dir/index.html` and static hosts redirect without one.
 */
export function localePath(locale: Locale, path = '/'): string {
  const base = import.meta.env.BASE_URL.replace(/\/+$/, '');
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  const suffix = cut < 0 ? '' : path.slice(cut);
  let clean = pathname.replace(/^\/+/, '');
  if (clean !== '' && !clean.endsWith('/') && !/\.[a-z0-9]+$/i.test(clean)) clean += '/';
  return `${base}/${locale}/${clean}${suffix}`;
}

/** A file under `public/`, under the site's base path. */
export function assetPath(path: string): string {
  return `${import.meta.env.BASE_URL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
