/**
 * The build update check's network side (docs/storefront.md "Page states"): every page carries the
 * time its build ran in `<meta name="build-time" content="...">`, and the check fetches the served
 * copy of the page (with a `t` query parameter, so no cache answers) to compare its time with it.
 */

/** The `<meta name>` the layout writes (see components/BuildTimeMeta.astro). */
export const BUILD_TIME_META_NAME = 'build-time';

/** The build time in an HTML document's `<meta name="build-time">`, or null when it has none. */
export function parseBuildTime(html: string): string | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (attribute(tag, 'name') !== BUILD_TIME_META_NAME) continue;
    const content = attribute(tag, 'content');
    return content ? content : null;
  }
  return null;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  if (!match) return null;
  return (match[1] ?? match[2] ?? match[3] ?? '').trim();
}

/**
 * The build time of the page at `pageUrl` as served now, or null when it cannot be told (offline,
 * an error page, no meta).
 */
export async function fetchServedBuildTime(pageUrl: string, now: number = Date.now(), signal?: AbortSignal): Promise<string | null> {
  const url = `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}t=${now}`;
  try {
    const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin', headers: { accept: 'text/html' }, ...(signal ? { signal } : {}) });
    if (!response.ok) return null;
    return parseBuildTime(await response.text());
  } catch {
    return null;
  }
}
