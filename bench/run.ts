/**
 * `npm run bench [-- --quick] [--only api,pages,assets,vitals,build,backoffice,products,invoices,catalogue] [--profile] [--keep]
 * [--scenarios order,health] [--db postgres]`: measures the shop
 * against the targets of issue 6 and prints a table per section (`--only lighthouse` is the pages section); the whole result goes to
 * bench/results/<date>.json. docs/performance.md says what each section measures.
 *
 * --profile saves a CPU profile of one extra run per API scenario (bench/results/<date>-profiles/)
 * and prints where the server's time went; --keep keeps the temporary folders.
 *
 * Ports: BENCH_PORT (default 4404) for the bare route, +1 for the API, +2 for the served site
 * (and, before it, the bare node:http server), +3 for the API's inspector with --profile.
 * DATABASE_URL: a PostgreSQL server for the API's second round and the back-office section (a
 * database is created there and dropped afterwards); without it, PGlite only and no back office.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadToolConfig } from '../src/build-config.ts';
import { SHOP_READY, runApi } from './api.ts';
import { runBackOffice } from './backoffice.ts';
import { runProductList } from './product-list.ts';
import { runInvoices } from './invoices.ts';
import { runCatalogueImport } from './catalogue-import.ts';
import { runAssets } from './assets.ts';
import { cachedDemoSite, runBuilds, type BuiltSite } from './build.ts';
import { choosePages, runPages } from './pages.ts';
import { measurePriceEdit } from './site-update.ts';
import { readVitals, runVitals, type VitalsBenchResult } from './vitals.ts';
import { BUILD_TARGETS, checkBuild, checkPagePublish } from './targets.ts';
import { ROOT, removeDir, startCommand, startServer, stopAll, tempDir } from './processes.ts';
import { fileStamp, formatReport, writeResult, type BenchResult } from './report.ts';

const SECTIONS = ['api', 'pages', 'assets', 'vitals', 'build', 'backoffice', 'products', 'invoices', 'catalogue'] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    /** API scenarios to run (their keys in bench/api.ts), for working on one. */
    scenarios: { type: 'string' },
    /** pglite, postgres: the API rounds to run. */
    db: { type: 'string' },
  },
});
const quick = values.quick;
/** Other names a section answers to: the pages section is the Lighthouse one. */
const ALIASES: Record<string, Section> = { lighthouse: 'pages' };
const only = values.only ? values.only.split(',').map((s) => ALIASES[s.trim()] ?? s.trim()) : [...SECTIONS];
const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown.length) {
  process.stderr.write(`--only takes ${SECTIONS.join(', ')}; not ${unknown.join(', ')}\n`);
  process.exit(2);
}
const wants = (section: Section) => only.includes(section);
const basePort = loadToolConfig().BENCH_PORT;
// The node:http ceiling shares the site's port: the API section is over before the site is served.
const ports = { bare: basePort, bareHttp: basePort + 2, shop: basePort + 1, site: basePort + 2, inspector: basePort + 3 };
const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

function commit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'public', 'astro.config.mjs', 'package-lock.json'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${hash} (with uncommitted changes)` : hash;
  } catch {
    return 'unknown';
  }
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const started = performance.now();
const result: BenchResult = {
  date: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  machine: {
    cpus: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    loadAverage: { start: os.loadavg(), end: [] },
  },
  commit: commit(),
  seconds: { total: 0 },
  checks: [],
  errors: [],
};
const since = (t: number) => (performance.now() - t) / 1000;

/**
 * Runs one part of the bench. A part that fails is recorded and reported, the others still run,
 * and what is measured so far is written to the results file after each part, so a long run that
 * breaks late keeps its figures.
 */
async function part(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${name} failed: ${message}`);
    result.errors.push({ part: name, message });
  }
  await writeResult(result);
}

try {
  if (wants('api')) {
    await part('api', async () => {
      const t = performance.now();
      const profileDir = values.profile ? path.join(ROOT, 'bench', 'results', `${fileStamp(result.date)}-profiles`) : null;
      result.api = await runApi({
        quick,
        databaseUrl: process.env.DATABASE_URL || null,
        ports,
        log,
        keep: values.keep,
        profileDir,
        scenarios: values.scenarios ? values.scenarios.split(',').map((s) => s.trim()) : null,
        databases: values.db ? (values.db.split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[]) : null,
      });
      result.seconds.api = since(t);
      result.checks.push(...result.api.rounds.flatMap((round) => round.checks));
    });
  }

  if (wants('pages') || wants('assets') || wants('vitals') || (wants('build') && !quick)) {
    const siteOrigin = `http://127.0.0.1:${ports.site}`;
    let site: BuiltSite | null = null;
    await part('build', async () => {
      if (wants('build') && !quick) {
        const built = await runBuilds({ catalogues: [1_000, BUILD_TARGETS.products], siteOrigin, log, keep: values.keep });
        result.build = built.result;
        site = built.site;
        const logDir = await tempDir('site-update');
        try {
          result.build.update = await measurePriceEdit(built.site, { products: BUILD_TARGETS.products, port: ports.site, logFile: path.join(logDir, 'shop.log'), log });
        } finally {
          if (!values.keep) await removeDir(logDir);
        }
        const largest = result.build.builds.find((b) => b.products === BUILD_TARGETS.products) ?? null;
        result.checks.push(...checkBuild(largest, result.build.update ? Math.max(result.build.update.seconds['en-US'], result.build.update.seconds['zh-CN']) : null));
        result.checks.push(checkPagePublish(result.build.update?.pagePublish?.seconds ?? null));
        result.site = { catalogue: '10,000 products', note: 'the last build of section 4' };
      } else {
        site = await cachedDemoSite({ siteOrigin });
        result.site = { catalogue: 'the demo catalogue', note: 'kept between quick runs; rebuilt by start.ts when the sources changed' };
      }
    });
    const built = site as BuiltSite | null;
    if (built && (wants('pages') || wants('assets') || wants('vitals'))) {
      // Serving the site can fail too (a port in use): reported like any other part.
      await part('site', async () => {
        const t = performance.now();
        // Set inside the vitals part (a closure), so held in an object the compiler does not narrow.
        const vitalsRun: { sent: Omit<VitalsBenchResult, 'summary'> | null } = { sent: null };
        const logDir = await tempDir('site-log');
        const logFile = path.join(logDir, 'serve.log');
        log(`serving ${built.distDir} with start.ts on ${siteOrigin} (builds first if its sources changed)`);
        // Rate limits stay at the production default here: a page load makes a handful of API calls.
        const server = await startServer({
          ...startCommand(),
          cwd: built.projectDir,
          env: { ...built.env, RATE_LIMIT_PER_MINUTE: '' },
          port: ports.site,
          readyLine: SHOP_READY,
          readyPath: '/api/health',
          logFile,
          timeoutMs: 20 * 60_000,
        });
        try {
          const rebuilt = /site built in ([\d.]+) s/.exec(readFileSync(logFile, 'utf8'));
          result.site!.note += rebuilt ? `; built in this run in ${rebuilt[1]} s` : '; up to date, not rebuilt';
          result.seconds.site = since(t);
          const pages = await choosePages(server.origin, { visitorId: randomBytes(16).toString('hex') });
          if (wants('pages')) {
            await part('pages', async () => {
              const t = performance.now();
              log(`Lighthouse on ${quick ? 'the quick pages' : `${pages.length} pages`}`);
              result.pages = await runPages(server.origin, pages, { quick, log });
              result.seconds.pages = since(t);
              result.checks.push(...result.pages.checks);
            });
          }
          if (wants('assets')) {
            await part('assets', async () => {
              const t = performance.now();
              const observed = new Map<string, string[]>();
              for (const page of result.pages?.pages ?? []) {
                if (page.runs.length) observed.set(`${page.kind}/${page.locale}`, [...page.runs[0]!.scripts, ...page.runs[0]!.styles]);
              }
              result.assets = runAssets(built.distDir, pages, observed);
              result.seconds.assets = since(t);
              result.checks.push(...result.assets.checks);
            });
          }
          if (wants('vitals')) {
            await part('vitals', async () => {
              const t = performance.now();
              vitalsRun.sent = await runVitals(server.origin, pages, { log });
              result.seconds.vitals = since(t);
            });
          }
        } finally {
          await server.stop();
          if (!values.keep) await removeDir(logDir);
        }
        // The embedded database is free once the server has stopped: the vitals sent are read back.
        const sent = vitalsRun.sent;
        if (sent) {
          await part('vitals', async () => {
            result.vitals = { ...sent, summary: await readVitals(path.resolve(built.projectDir, built.env.DATA_DIR ?? '.data')) };
          });
        }
      });
    }
    await built?.remove();
  }

  if (wants('backoffice')) {
    await part('backoffice', async () => {
      const t = performance.now();
      result.backoffice = await runBackOffice({ quick, databaseUrl: process.env.DATABASE_URL || null, log });
      result.seconds.backoffice = since(t);
      result.checks.push(...result.backoffice.checks);
    });
  }

  if (wants('products')) {
    await part('products', async () => {
      const t = performance.now();
      result.products = await runProductList({ quick, databaseUrl: process.env.DATABASE_URL || null, log });
      result.seconds.products = since(t);
      result.checks.push(...result.products.checks);
    });
  }
  if (wants('invoices')) {
    await part('invoices', async () => {
      const t = performance.now();
      result.invoices = await runInvoices({ quick, log });
      result.seconds.invoices = since(t);
      result.checks.push(...result.invoices.checks);
    });
  }
  if (wants('catalogue')) {
    await part('catalogue', async () => {
      const t = performance.now();
      result.catalogue = await runCatalogueImport({ quick, databaseUrl: values.db === 'postgres' ? process.env.DATABASE_URL || null : null, log });
      result.seconds.catalogue = since(t);
      result.checks.push(...result.catalogue.checks);
    });
  }
} finally {
  stopAll();
}

result.machine.loadAverage.end = os.loadavg();
result.seconds.total = since(started);
process.stdout.write(`\n${formatReport(result)}\n`);
const file = await writeResult(result);
process.stdout.write(`\nResults: ${path.relative(process.cwd(), file)}\n`);
