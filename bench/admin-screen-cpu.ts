/**
 * What one back-office screen load costs the browser (docs/testing.md "Measured times", 30
 * November): on a running shop with the e2e owner (`node tests/e2e/support/server.ts` with
 * playwright.config.ts's environment), Chromium opens each screen in a fresh context at 1440 px,
 * signed in as the e2e journeys are (tokens in local storage, tests/e2e/support/admin.ts), waits
 * until the screen is drawn and the network quiet, and reads the renderer's CDP
 * `Performance.getMetrics`: TaskDuration (all of its main thread's work), ScriptDuration,
 * RecalcStyleDuration, LayoutDuration. Prints the median of the runs per screen. It places one
 * paid guest order first, for the order screen.
 *
 *   node bench/admin-screen-cpu.ts --origin http://127.0.0.1:4653 [--runs 5] [--scheme light|dark]
 *     [--screens dashboard,orders,order,products,settings] (also product, customers, coupons, teams,
 *     reports, pages, and missing: the 404 inside the shell) [--profile /tmp/load.cpuprofile]
 *     [--site A=dir1 --site B=dir2] [--turn] [--shots dir]
 *
 * `--site NAME=DIR` (repeatable): the page and its `/_astro/` files come from DIR, a copy of a
 * built site (`cp -rL dist/ DIR`), the API from the shop; with two or more the sites take turns
 * load by load, so an A/B sees the same machine load. `--profile`: a CPU profile of one load of
 * the first screen (first site), its top self times printed by file and by function. `--turn`:
 * the app follows the system's scheme, and one turn to dark after the load is measured too (what
 * admin-a11y.spec.ts's audits do per state). `--shots`: a screenshot of each screen in both
 * schemes per site, and how many style sheets and rules the page holds.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_OWNER } from '../tests/e2e/support/env.ts';
import { paidGuestOrder } from '../tests/e2e/support/guest-order.ts';
import { apiData } from '../tests/support/api.ts';

const { values: args } = parseArgs({
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:4653' },
    runs: { type: 'string', default: '5' },
    scheme: { type: 'string', default: 'light' },
    screens: { type: 'string', default: 'dashboard,orders,order,products,settings' },
    profile: { type: 'string' },
    site: { type: 'string', multiple: true, default: [] },
    shots: { type: 'string' },
    turn: { type: 'boolean', default: false },
  },
});

const ORIGIN = args.origin;
const RUNS = Number(args.runs);
const LOAD_METRICS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'] as const;
/** With --turn, the same four again for one turn of the system's scheme to dark after the load. */
const METRICS = [...LOAD_METRICS, ...(args.turn ? (['TurnTask', 'TurnScript', 'TurnRecalcStyle', 'TurnLayout'] as const) : [])];
type Metric = string;

const browser: Browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});

const api = await playwrightRequest.newContext({ baseURL: ORIGIN });
const tokens = await apiData<{ token: string; refreshToken: string }>(api, '/demo/permissionAuth/doLogin', { username: E2E_OWNER.email, password: E2E_OWNER.password });
const order = await paidGuestOrder(api, 'en-US');
const products = await apiData<{ records: { id: number }[] }>(api, '/admin/products/list', { current: 1, size: 1 }, { authorization: `Bearer ${tokens.token}` });
await api.dispose();

const SCREENS: Record<string, string> = {
  dashboard: '/admin/dashboard',
  orders: '/admin/orders',
  order: `/admin/orders/${order.orderNo}`,
  products: '/admin/products',
  product: `/admin/products/${products.records[0]?.id ?? 1}`,
  settings: '/admin/settings',
  customers: '/admin/customers',
  coupons: '/admin/coupons',
  teams: '/admin/teams',
  reports: '/admin/reports',
  pages: '/admin/pages',
  missing: '/admin/no-such-screen',
};
const screens = args.screens.split(',');
for (const name of screens) if (!SCREENS[name]) throw new Error(`unknown screen ${name}: one of ${Object.keys(SCREENS).join(', ')}`);

const sites = args.site.map((entry) => {
  const [name, dir] = entry.split('=') as [string, string];
  return { name, dir: path.resolve(dir) };
});
const variants = sites.length ? sites : [{ name: 'shop', dir: null as string | null }];

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.json': 'application/json', '.png': 'image/png', '.webp': 'image/webp' };

async function signedInContext(dir: string | null, scheme: string): Promise<BrowserContext> {
  // With --turn the app follows the system's scheme (light at first), as admin-a11y.spec.ts's audits do.
  const themeSettings = args.turn ? { themeScheme: 'auto', page: { animate: false } } : { themeScheme: scheme };
  const localStorage = Object.entries({ SOY_lang: 'en-US', SOY_token: tokens.token, SOY_refreshToken: tokens.refreshToken, SOY_themeSettings: themeSettings }).map(([name, value]) => ({ name, value: JSON.stringify(value) }));
  const context = await browser.newContext({
    baseURL: ORIGIN,
    viewport: { width: 1440, height: 900 },
    colorScheme: args.turn ? 'light' : undefined,
    storageState: { cookies: [], origins: [{ origin: ORIGIN, localStorage }] },
  });
  if (dir) {
    // The built page and its files from `dir`; everything else (the API, images) from the shop.
    await context.route(
      (url) => url.pathname.startsWith('/admin') || url.pathname.startsWith('/_astro/'),
      async (route) => {
        const { pathname } = new URL(route.request().url());
        const file = pathname.startsWith('/_astro/') ? path.join(dir, pathname) : path.join(dir, 'admin/index.html');
        try {
          await route.fulfill({ status: 200, body: await readFile(file), headers: { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' } });
        } catch {
          await route.fallback();
        }
      },
    );
  }
  return context;
}

/** The screen drawn: the shell, no spinner or skeleton left, and the network quiet. */
async function drawn(page: Page): Promise<void> {
  await page.locator('[data-layout][data-narrow]').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .admin-splash'), undefined, { timeout: 60_000 });
  await page.waitForTimeout(300);
}

async function loadOnce(dir: string | null, url: string, scheme: string, profile?: string): Promise<Record<Metric, number>> {
  const context = await signedInContext(dir, scheme);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url);
    await drawn(page);
    const { metrics } = await cdp.send('Performance.getMetrics');
    if (profile) {
      const { profile: data } = await cdp.send('Profiler.stop');
      await writeFile(profile, JSON.stringify(data));
      summarise(data);
    }
    const by = Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    const figures: Record<Metric, number> = Object.fromEntries(LOAD_METRICS.map((name) => [name, (by[name] ?? NaN) * 1000]));
    if (args.turn) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.dataset['scheme'] === 'dark');
      await page.waitForTimeout(300);
      const after = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      LOAD_METRICS.forEach((name, i) => (figures[METRICS[LOAD_METRICS.length + i]!] = ((after[name] ?? NaN) - (by[name] ?? NaN)) * 1000));
    }
    return figures;
  } finally {
    await context.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time by function and by file, from the samples (each sample's time delta to its node). */
function summarise(data: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }): void {
  const samples = data.samples ?? [];
  const deltas = data.timeDeltas ?? [];
  const nodes = new Map(data.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const file = frame.url ? frame.url.replace(/^.*\//, '') : `(${frame.functionName || 'program'})`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n');
  process.stdout.write(`CPU profile, self time by file:\n${top(byFile, 15)}\nby function:\n${top(byFunction, 30)}\n`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

try {
  if (args.shots) {
    await mkdir(args.shots, { recursive: true });
    for (const variant of variants) {
      for (const scheme of ['light', 'dark']) {
        for (const name of screens) {
          const context = await signedInContext(variant.dir, scheme);
          const page = await context.newPage();
          await page.goto(SCREENS[name]!);
          await drawn(page);
          await page.screenshot({ path: path.join(args.shots, `${name}-${scheme}-${variant.name}.png`) });
          const styles = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.cssRules.length));
          process.stdout.write(`${name} ${scheme} ${variant.name}: ${styles.length} style sheets, ${styles.reduce((a, b) => a + b, 0)} rules\n`);
          await context.close();
        }
      }
    }
  }
  if (args.profile) await loadOnce(variants[0]!.dir, SCREENS[screens[0]!]!, args.scheme, args.profile);
  const results = new Map<string, Record<Metric, number>[]>();
  for (let run = 0; run < RUNS; run += 1) {
    for (const name of screens) {
      // Alternate which variant goes first, so neither always follows the other.
      const order = run % 2 ? [...variants].reverse() : variants;
      for (const variant of order) {
        const key = `${name}\t${variant.name}`;
        const figures = await loadOnce(variant.dir, SCREENS[name]!, args.scheme);
        results.set(key, [...(results.get(key) ?? []), figures]);
      }
    }
  }
  process.stdout.write(`\n${args.scheme} scheme, median of ${RUNS} loads, ms of the renderer's main thread\nscreen\tsite\t${METRICS.join('\t')}\n`);
  for (const [key, runs] of results) {
    process.stdout.write(`${key}\t${METRICS.map((m) => median(runs.map((r) => r[m] ?? NaN)).toFixed(0)).join('\t')}\n`);
  }
} finally {
  await browser.close();
}
