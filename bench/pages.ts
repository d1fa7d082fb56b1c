/**
 * Section 2, the pages: Lighthouse (its node API) in its default mobile mode with simulated
 * throttling, on Debian's Chromium, against the built site served by the real server. Each run
 * gets a fresh browser (cold cache, empty storage); the figure per metric is the median of the
 * runs (3; --quick: 1 on fewer pages). The audits that cost a score are listed by id so they can
 * be fixed.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { VISITOR_ID_COOKIE, VISITOR_ID_HEADER } from '../src/domain/api/envelope.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadToolConfig } from '../src/build-config.ts';
import { ROOT } from './processes.ts';
import { median } from './stats.ts';
import { checkPage, scoreWithout, type Check, type PageFigures, type PageKind } from './targets.ts';

export const CHROMIUM = loadToolConfig().CHROMIUM_PATH;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const LOCALES = ['en-US', 'zh-CN'] as const;

export interface PageTarget {
  kind: PageKind;
  locale: (typeof LOCALES)[number];
  /** Path under the site root, e.g. /en-US/product/12/ */
  path: string;
  /** A visitor id whose cart the page should show (the cart page), set as the shopper's cookie. */
  visitorId?: string;
  /** The page asks not to be indexed on purpose (a visitor's own cart): see `scoreWithout`. */
  noindex?: true;
}

export interface PageRun extends PageFigures {
  /** Audit ids below full marks in accessibility, best practices and SEO. */
  failing: string[];
  /** Script and stylesheet URLs the page loaded during the run (no interaction). */
  scripts: string[];
  styles: string[];
  /** Lighthouse's own warnings (e.g. the machine was too slow for stable figures). */
  warnings: string[];
  /** Where the main thread's time went (Lighthouse's breakdown, ms), biggest first: what TBT is made of. */
  mainThread: { what: string; ms: number }[];
  /** Scripts by CPU time (evaluation and parsing, ms), biggest first. */
  scriptCpu: { url: string; ms: number }[];
  /** Lighthouse's CPU benchmark of this machine during the run (a loaded machine scores low). */
  benchmarkIndex: number | null;
}

export interface PageResult {
  kind: PageKind;
  locale: string;
  path: string;
  runs: PageRun[];
  median: PageFigures | null;
  /** Failing audit ids with how many runs they failed in, e.g. "errors-in-console (3/3)". */
  failing: string[];
  error: string | null;
}

export interface PagesResult {
  settings: string[];
  pages: PageResult[];
  checks: Check[];
}

/**
 * The pages measured: one of each kind per locale, chosen from the running shop: the first
 * top-level category, the catalogue's first product (by its own ranking), a search the catalogue
 * answers, and a cart holding three lines.
 */
export async function choosePages(origin: string, options: { visitorId: string }): Promise<PageTarget[]> {
  const call = async <T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${origin}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const envelope = (await response.json()) as { code: string; msg: string; data: T };
    if (envelope.code !== '0000') throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const nav = await call<{ records: { tag: string }[] }>('/demo/ironNavItems/queryNavTree', {});
  const products = await call<{ records: { id: number; title: string }[] }>('/demo/ironProduct/queryList', { current: 1, size: 3 });
  const first = products.records[0]!;
  const detail = await call<{ sizes: { size: string; stock: number }[] }>('/demo/ironProduct/queryProductDetail', { id: first.id });
  const { visitorId } = options;
  const lines = products.records.map((product, i) => ({ productId: product.id, size: detail.sizes.find((s) => s.stock > 2)?.size ?? 'M', customType: 4, quantity: 1 + i }));
  // Lines whose size a product lacks are refused as a whole; fall back to the first product alone.
  await call('/demo/ironCartItem/saveCartItemList', lines, { [VISITOR_ID_HEADER]: visitorId }).catch(() =>
    call('/demo/ironCartItem/saveCartItemList', [lines[0]], { [VISITOR_ID_HEADER]: visitorId }),
  );
  const query = first.title.split(/\s+/).slice(0, 2).join(' ').toLowerCase();
  return LOCALES.flatMap((locale): PageTarget[] => [
    { kind: 'home', locale, path: `/${locale}/` },
    { kind: 'category', locale, path: `/${locale}/category/${nav.records[0]!.tag}/` },
    // The content page issue 19 measured (a long text: the layout's own cost shows against it).
    { kind: 'content', locale, path: `/${locale}/return-policy/` },
    { kind: 'product', locale, path: `/${locale}/product/${first.id}/` },
    { kind: 'search', locale, path: `/${locale}/search/?q=${encodeURIComponent(query)}` },
    { kind: 'cart', locale, path: `/${locale}/cart/`, visitorId, noindex: true },
  ]);
}

/** --quick measures three pages in one locale: home, the content page and the heaviest, the product. */
const QUICK_PAGES = (page: PageTarget) => page.locale === 'en-US' && (page.kind === 'home' || page.kind === 'content' || page.kind === 'product');

/** Sets the visitor cookie in a fresh browser through the DevTools protocol, before Lighthouse loads the page. */
async function setVisitorCookie(port: number, origin: string, visitorId: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error('could not reach the browser'));
  });
  await new Promise<void>((resolve, reject) => {
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (message.id !== 1) return;
      if (message.error) reject(new Error(message.error.message));
      else resolve();
    };
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [{ name: VISITOR_ID_COOKIE, value: visitorId, url: origin, path: '/' }] } }));
  });
  socket.close();
}

const NOINDEX_AUDIT = 'is-crawlable';

/** Audit ids below full marks in the categories whose target is 100 (a noindex page's own audit aside). */
function failingAudits(lhr: LighthouseResult, page: PageTarget): string[] {
  const ids = new Set<string>();
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || (page.noindex && ref.id === NOINDEX_AUDIT)) continue;
      if ((audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric') && audit.score !== null && audit.score < 1) ids.add(ref.id);
    }
  }
  return [...ids];
}

interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      details?: { items?: { url?: string; resourceType?: string; groupLabel?: string; duration?: number; total?: number }[] };
    }
  >;
  runWarnings: string[];
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
}

async function runOnce(origin: string, page: PageTarget): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (page.visitorId) await setVisitorCookie(chrome.port, origin, page.visitorId);
    const result = await lighthouse(origin + page.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The browser is fresh (cold cache, no storage) for every run; keeping storage lets the
      // cart page see the cookie set above.
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const lhr = result.lhr as unknown as LighthouseResult;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const urls = (type: string) => requests.filter((r) => r.resourceType === type && r.url).map((r) => r.url!);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: page.noindex ? scoreWithout(lhr, 'seo', NOINDEX_AUDIT) : score('seo'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      failing: failingAudits(lhr, page),
      scripts: urls('Script'),
      styles: urls('Stylesheet'),
      warnings: lhr.runWarnings,
      mainThread: (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
        .map((item) => ({ what: item.groupLabel ?? '?', ms: Math.round(item.duration ?? 0) }))
        .slice(0, 5),
      scriptCpu: (lhr.audits['bootup-time']?.details?.items ?? [])
        // Lighthouse names time it cannot pin on a script "Other" or "Unattributable" instead of a URL.
        .map((item) => ({ url: URL.canParse(item.url ?? '') ? new URL(item.url!).pathname : (item.url ?? '?'), ms: Math.round(item.total ?? 0) }))
        .slice(0, 5),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    };
  } finally {
    chrome.kill();
  }
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}

const FIGURES: (keyof PageFigures)[] = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'cls'];

export function medianPage(runs: readonly PageFigures[]): PageFigures | null {
  if (runs.length === 0) return null;
  return Object.fromEntries(FIGURES.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as PageFigures;
}

export async function runPages(origin: string, pages: PageTarget[], options: { quick: boolean; log: (message: string) => void }): Promise<PagesResult> {
  const runsPerPage = options.quick ? 1 : 3;
  const results: PageResult[] = [];
  for (const page of options.quick ? pages.filter(QUICK_PAGES) : pages) {
    const runs: PageRun[] = [];
    let error: string | null = null;
    for (let i = 0; i < runsPerPage; i++) {
      try {
        // Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART, "run Lighthouse
        // again"): one more try before the run counts as failed.
        const run = await runOnce(origin, page).catch((first: unknown) => {
          options.log(`  ${page.kind} (${page.locale}) run ${i + 1}: ${first instanceof Error ? first.message : String(first)}; trying again`);
          return runOnce(origin, page);
        });
        runs.push(run);
        options.log(
          `  ${page.kind} (${page.locale}) run ${i + 1}/${runsPerPage}: perf ${run.performance}, a11y ${run.accessibility}, bp ${run.bestPractices}, seo ${run.seo}, ` +
            `LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}${run.failing.length ? `, failing: ${run.failing.join(' ')}` : ''}`,
        );
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
        options.log(`  ${page.kind} (${page.locale}) run ${i + 1}/${runsPerPage} failed: ${error}`);
      }
    }
    const counts = new Map<string, number>();
    for (const run of runs) for (const id of run.failing) counts.set(id, (counts.get(id) ?? 0) + 1);
    results.push({
      kind: page.kind,
      locale: page.locale,
      path: page.path,
      runs,
      median: medianPage(runs),
      failing: [...counts].map(([id, n]) => `${id} (${n}/${runs.length})`),
      error,
    });
  }
  return {
    settings: [
      `Lighthouse ${lighthouseVersion()}, mobile (Moto G Power emulation), simulated throttling (slow 4G, 4x CPU), ${runsPerPage} run(s) per page, median per metric`,
      `Chromium ${CHROMIUM}, a fresh browser per run (cold cache); the cart page has a cart of three lines`,
      `The cart is noindex on purpose (a visitor's own cart): its SEO score leaves out Lighthouse's ${NOINDEX_AUDIT} audit`,
    ],
    pages: results,
    checks: results.flatMap((page) => checkPage(page.kind, page.locale, page.median)),
  };
}
