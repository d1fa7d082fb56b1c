/**
 * Section 3, JavaScript and CSS per page, gzip-compressed as a server sends them (node:zlib,
 * default level, each file on its own).
 *
 * Read from the built site, which says exactly what each page can load: its HTML names its module
 * scripts, module preloads, stylesheets and islands (`<astro-island component-url renderer-url
 * client=...>`), and each _astro chunk names what it imports, statically (`import ... from`) or
 * dynamically (`import()`). So:
 * - before interaction: the HTML's inline scripts, its module scripts and preloads, the islands
 *   that hydrate on their own at load or when the browser is idle (client:load, client:only,
 *   client:idle), and everything those import statically;
 * - on scroll: islands that hydrate when they come into view (client:visible), beyond the above;
 * - in all: everything reachable, including islands hydrated on an event (client:event, e.g. the
 *   cart drawer on first open) and every dynamic import, recursively.
 * A static walk cannot tell when a dynamic import fires, so the Lighthouse runs' network records
 * (what a phone loaded with nobody touching the page) are shown beside it as a check.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ImportType, init as initLexer, parse as parseModule } from 'es-module-lexer';
import { checkPageJs, type Check, type PageKind } from './targets.ts';

export interface Island {
  component: string;
  renderer: string;
  directive: string;
}

export interface HtmlEntries {
  /** Module scripts and module preloads (URLs as written). */
  scripts: string[];
  /** Classic inline scripts' text (JSON-LD and other data blocks excluded). */
  inlineScripts: string[];
  islands: Island[];
  /** Stylesheet URLs. */
  styles: string[];
}

function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)"|='([^']*)')?/g)) result[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? '';
  return result;
}

/** What a built page's HTML asks the browser to load. */
export function parseHtml(html: string): HtmlEntries {
  const entries: HtmlEntries = { scripts: [], inlineScripts: [], islands: [], styles: [] };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(match[1]!);
    const type = (attrs.type ?? '').toLowerCase();
    const runs = type === '' || type === 'module' || type === 'text/javascript';
    if (!runs) continue;
    if (attrs.src) entries.scripts.push(attrs.src);
    else if (match[2]!.trim()) entries.inlineScripts.push(match[2]!);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(match[1]!);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (!attrs.href) continue;
    if (rel.includes('modulepreload')) entries.scripts.push(attrs.href);
    else if (rel.includes('stylesheet')) entries.styles.push(attrs.href);
  }
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attrs = attributes(match[1]!);
    if (attrs['component-url']) entries.islands.push({ component: attrs['component-url'], renderer: attrs['renderer-url'] ?? '', directive: attrs.client ?? '' });
  }
  return entries;
}

await initLexer;

/**
 * The modules a built chunk imports, statically (`import ... from "x"`, `import "x"`,
 * `export ... from "x"`) and dynamically (`import("x")` with a literal specifier), read by
 * es-module-lexer (Vite's own), so import-like text inside strings is not mistaken for one.
 */
export function parseImports(code: string): { static: string[]; dynamic: string[] } {
  const staticImports = new Set<string>();
  const dynamicImports = new Set<string>();
  const [imports] = parseModule(code);
  for (const found of imports) {
    if (!found.n) continue;
    if (found.t === ImportType.Static) staticImports.add(found.n);
    else if (found.t === ImportType.Dynamic) dynamicImports.add(found.n);
  }
  return { static: [...staticImports], dynamic: [...dynamicImports] };
}

/** Resolves an import specifier against the URL path of the module importing it. */
export function resolveUrl(specifier: string, fromUrl: string): string {
  return new URL(specifier, new URL(fromUrl, 'http://site')).pathname;
}

/**
 * Every module reachable from `entries` (URL paths): through static imports only, and through
 * static and dynamic imports alike. `importsOf` answers a module's imports (resolved URL paths).
 */
export function walkImports(entries: readonly string[], importsOf: (url: string) => { static: string[]; dynamic: string[] }): { staticClosure: Set<string>; allClosure: Set<string> } {
  const walk = (followDynamic: boolean) => {
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length > 0) {
      const url = queue.pop()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const imports = importsOf(url);
      queue.push(...imports.static);
      if (followDynamic) queue.push(...imports.dynamic);
    }
    return seen;
  };
  return { staticClosure: walk(false), allClosure: walk(true) };
}

/** Hydrated with no action from the shopper, right away or when the browser is idle. */
const ON_THEIR_OWN = new Set(['load', 'only', 'idle']);

export interface PageAssets {
  kind: PageKind;
  locale: string;
  path: string;
  /** gzip bytes. */
  js: { beforeInteraction: number; onScroll: number; all: number; inline: number };
  css: number;
  files: { beforeInteraction: string[]; all: string[]; styles: string[] };
  /** What the Lighthouse runs loaded (no interaction), gzip bytes, when those runs were made. */
  observed: { js: number; css: number; files: string[] } | null;
}

export interface AssetsResult {
  settings: string[];
  pages: PageAssets[];
  checks: Check[];
}

/** Reads and gzips built files by URL path, once each. */
export class SiteFiles {
  private readonly root: string;
  private readonly basePath: string;
  private readonly gzipCache = new Map<string, number>();
  private readonly importCache = new Map<string, { static: string[]; dynamic: string[] }>();

  constructor(root: string, basePath = '/') {
    this.root = root;
    this.basePath = basePath;
  }

  private fileOf(url: string): string {
    const relative = decodeURIComponent(url.split(/[?#]/)[0]!).slice(this.basePath.length);
    return path.join(this.root, relative);
  }

  read(url: string): Buffer {
    try {
      return readFileSync(this.fileOf(url));
    } catch {
      throw new Error(`the built site has no file for ${url} (looked for ${this.fileOf(url)})`);
    }
  }

  gzipBytes(url: string): number {
    let size = this.gzipCache.get(url);
    if (size === undefined) {
      size = gzipSync(this.read(url)).length;
      this.gzipCache.set(url, size);
    }
    return size;
  }

  imports(url: string): { static: string[]; dynamic: string[] } {
    let imports = this.importCache.get(url);
    if (!imports) {
      const found = parseImports(this.read(url).toString('utf8'));
      imports = { static: found.static.map((s) => resolveUrl(s, url)), dynamic: found.dynamic.map((s) => resolveUrl(s, url)) };
      this.importCache.set(url, imports);
    }
    return imports;
  }

  /** The page's HTML for a path like /en-US/search/?q=x. */
  html(pagePath: string): string {
    const clean = pagePath.split(/[?#]/)[0]!;
    return this.read(clean.endsWith('/') ? `${clean}index.html` : `${clean}/index.html`).toString('utf8');
  }
}

export function pageAssets(site: SiteFiles, page: { kind: PageKind; locale: string; path: string }, observedUrls: string[] | null): PageAssets {
  const entries = parseHtml(site.html(page.path));
  const absolute = (url: string) => resolveUrl(url, page.path);
  const islandUrls = (island: Island) => [island.component, island.renderer].filter(Boolean).map(absolute);
  const early = [...entries.scripts.map(absolute), ...entries.islands.filter((i) => ON_THEIR_OWN.has(i.directive)).flatMap(islandUrls)];
  const visible = entries.islands.filter((i) => i.directive === 'visible').flatMap(islandUrls);
  const everything = [...early, ...visible, ...entries.islands.flatMap(islandUrls)];
  const importsOf = (url: string) => site.imports(url);
  const before = walkImports(early, importsOf).staticClosure;
  const withVisible = walkImports([...early, ...visible], importsOf).staticClosure;
  const all = walkImports(everything, importsOf).allClosure;
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + site.gzipBytes(url), 0);
  const inline = entries.inlineScripts.reduce((total, text) => total + gzipSync(text).length, 0);
  const styles = entries.styles.map(absolute);

  let observed: PageAssets['observed'] = null;
  if (observedUrls) {
    // Same-origin files only; the shop loads nothing from elsewhere.
    const paths = [...new Set(observedUrls.map((u) => new URL(u).pathname))];
    const scripts = paths.filter((p) => p.endsWith('.js'));
    const css = paths.filter((p) => p.endsWith('.css'));
    observed = { js: sum(scripts) + inline, css: sum(css), files: [...scripts, ...css].sort() };
  }
  return {
    kind: page.kind,
    locale: page.locale,
    path: page.path,
    js: { beforeInteraction: sum(before) + inline, onScroll: sum(withVisible) - sum(before), all: sum(all) + inline, inline },
    css: sum(styles),
    files: { beforeInteraction: [...before].sort(), all: [...all].sort(), styles },
    observed,
  };
}

export function runAssets(siteRoot: string, pages: { kind: PageKind; locale: string; path: string }[], observed: Map<string, string[]>): AssetsResult {
  const site = new SiteFiles(siteRoot);
  const results = pages.map((page) => pageAssets(site, page, observed.get(`${page.kind}/${page.locale}`) ?? null));
  return {
    settings: [
      'gzip (node:zlib, default level) of each file as served; inline scripts gzipped one by one',
      'before interaction: module scripts and preloads, inline scripts, client:load/only/idle islands, and their static imports; in all: also client:visible and client:event islands and every dynamic import',
      'observed: scripts and stylesheets a phone loaded in the Lighthouse runs (nobody touching the page)',
    ],
    pages: results,
    checks: results.flatMap((page) => checkPageJs(page.kind, page.locale, page.js)),
  };
}
