/**
 * `npm start` (through start.ts): open (and on first run migrate and seed) the database, build the
 * site if it is missing or stale, then serve pages and API from one process.
 * `npm run build` (--build-only) does the first two and exits.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { siteUrlWarning } from '../../build-config.ts';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, localOrigin, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataLock } from '../db/lock.ts';
import { seedIfEmpty } from '../db/seed/index.ts';
import { loadDotEnv } from '../env-file.ts';
import { serveMetrics } from '../metrics.ts';
import { listen, stopOnSignals } from '../main.ts';
import { CartService } from '../modules/cart/index.ts';
import { CatalogueService } from '../modules/catalogue/index.ts';
import { SiteBuildScheduler, SiteBuilds } from '../modules/site/index.ts';
import { seedDemoStaff } from '../modules/staff/index.ts';
import { ROOT, siteInputsHash } from '../site-build.ts';
import { STAMP_FILE, liveProductPages, siteRenderer } from '../site-releases.ts';

/** More changed products than this and a rebuild renders every page rather than picking. */
const FULL_BUILD_ABOVE_PRODUCTS = 2_000;

/** Guest carts untouched this long are deleted (the privacy policy says so). */
const GUEST_CART_DAYS = 30;
const CLEAN_UP_EVERY_MS = 6 * 60 * 60 * 1000;

const say = (message: string) => process.stdout.write(`[shop] ${message}\n`);

/**
 * How long each step of the start took, in seconds since the process began (Node's own clock
 * starts with the process): printed with the "open" line, so a slow start says where it went.
 */
const phases: string[] = [];
let phaseFrom = 0;
const phaseDone = (name: string) => {
  const now = performance.now();
  phases.push(`${name} ${((now - phaseFrom) / 1000).toFixed(1)}`);
  phaseFrom = now;
};

async function main() {
  phaseDone('modules');
  const buildOnly = process.argv.includes('--build-only');
  const forceBuild = process.argv.includes('--rebuild') || buildOnly;
  let config: Config;
  try {
    const envFile = loadDotEnv();
    if (envFile) say(`read ${path.relative(process.cwd(), envFile)} (the environment's own values win)`);
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable and its default.\n`);
      process.exit(1);
    }
    throw error;
  }
  // Loudly: pages built now would name this machine's address in every canonical and social link.
  if (config.publicSiteUrlDefaulted) process.stderr.write(`[shop] ${siteUrlWarning('PUBLIC_SITE_URL', config.publicSiteUrl)}\n`);

  await mkdir(config.dataDir, { recursive: true });
  const releaseLock = config.databaseUrl ? async () => {} : await acquireDataLock(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  phaseDone('database and migrations');
  say(config.databaseUrl ? 'database: PostgreSQL' : `database: embedded PGlite in ${path.relative(ROOT, config.dataDir) || '.'}/pglite`);
  // Under the set-up lock: instances starting together on an empty database seed it once.
  // Production gets reference data only; demo data is `npm run seed -- --demo`'s (docs/operations.md).
  const production = config.env === 'production';
  const { seeded, demoStaff } = await database.exclusively(async () => ({
    seeded: await seedIfEmpty(database.db, { demo: !production, products: config.seedProducts, log: say }),
    // The back office login page's quick picks (docs/back-office.md); never in production.
    demoStaff: await seedDemoStaff(database.db, { production, hashCost: config.passwordHashCost }),
  }));
  phaseDone('seed check');
  if (seeded.products || seeded.countries) say(`seeded ${seeded.products} products and ${seeded.countries} countries`);
  if (demoStaff) say(`seeded ${demoStaff} demo back-office accounts (shown on the /admin/ login page)`);

  // The site builder (docs/site-builds.md): a full build now when the sources or settings changed
  // (or there is no site yet), then, while serving, a rebuild of the changed pages after each
  // catalogue change, by whichever instance holds the builder's lease.
  const catalogue = new CatalogueService(database.db);
  const scheduler =
    config.siteBuilder && config.siteDir
      ? new SiteBuildScheduler({
          builds: new SiteBuilds(database.db),
          render: siteRenderer({ config, database, say }),
          productsOfTeams: (ids) => catalogue.productIdsOfTeams(ids),
          // Published now, or with pages live (unpublished since): a change to anything else is a draft's.
          shownAmong: async (ids) => {
            const live = await liveProductPages(config.siteDir!);
            if (!live) return ids;
            const published = new Set(await catalogue.publishedAmong(ids));
            return ids.filter((id) => published.has(id) || live.has(id));
          },
          quietMs: config.siteBuildQuietMs,
          maxWaitMs: Math.max(60_000, config.siteBuildQuietMs),
          fullAbove: FULL_BUILD_ABOVE_PRODUCTS,
          log: (message, failed) => (failed ? process.stderr.write(`[shop] ${message}\n`) : say(message)),
        })
      : null;
  if (scheduler && config.siteDir) {
    const stamp = await siteInputsHash(config);
    const current = await readFile(path.join(config.siteDir, STAMP_FILE), 'utf8').catch(() => '');
    // A database seeded just now is not the one the pages on disk were built from.
    if (forceBuild || current !== stamp || seeded.products) {
      if (!(await scheduler.buildNow('full'))) throw new Error('the site build failed (see above)');
    } else say('site is up to date');
  }

  if (buildOnly) {
    await database.close();
    await releaseLock();
    return;
  }

  phaseDone('site');
  const app = await buildApp({ config, database });
  phaseDone('app');
  scheduler?.start();
  // Prometheus's listener, apart from the shop's port (docs/operations.md "Metrics").
  const metricsServer = config.metrics ? await serveMetrics(config.metrics) : null;
  if (metricsServer) say(`metrics at ${metricsServer.url}`);
  const running = await listen(app, database, {
    host: config.host,
    port: config.port,
    graceMs: config.shutdownGraceMs,
    drainMs: config.shutdownDrainMs,
    beforeClose: async () => {
      await scheduler?.stop();
      await metricsServer?.close();
    },
  });
  phaseDone('listen');
  const listening = new URL(running.url);
  const shown = localOrigin(config.host, Number(listening.port || 80));
  say(`the shop is open at ${shown}${config.basePath}  (API docs: ${shown}/api/docs)`);
  say(`started in ${(performance.now() / 1000).toFixed(1)} s: ${phases.join(', ')}`);
  const cleanUp = () =>
    new CartService(database.db)
      .deleteAbandonedGuestCarts(GUEST_CART_DAYS)
      .then((n) => n && app.log.info({ lines: n }, 'deleted abandoned guest cart lines'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'guest cart clean-up failed'));
  void cleanUp();
  setInterval(cleanUp, CLEAN_UP_EVERY_MS).unref();
  stopOnSignals(running, () => {
    void releaseLock().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`[shop] could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
