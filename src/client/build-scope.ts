/**
 * Which product pages a build renders (docs/site-builds.md): every one, or, for a rebuild after
 * products changed, only those named in `SITE_PRODUCT_IDS` (the site builder sets it; the other
 * pages, listings among them, are always rendered). Read while pages are rendered, in Node only.
 */
export function productPagesInScope(): ReadonlySet<number> | null {
  const listed = typeof process !== 'undefined' ? process.env['SITE_PRODUCT_IDS'] : undefined;
  if (listed === undefined) return null;
  return new Set(listed.split(',').filter((id) => /^\d+$/.test(id)).map(Number));
}

/**
 * A rebuild after content pages were published in the back office, and nothing else changed:
 * the slugs named in `SITE_CONTENT_PAGES`, whose pages alone are rendered (every other route of a
 * locale renders none). Null for every other build.
 */
export function contentPagesOnly(): ReadonlySet<string> | null {
  const listed = typeof process !== 'undefined' ? process.env['SITE_CONTENT_PAGES'] : undefined;
  if (listed === undefined) return null;
  return new Set(listed.split(',').filter(Boolean));
}
