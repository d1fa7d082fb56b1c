/**
 * `npm start`: open (and on first run migrate and seed) the database, build the site if it is
 * missing or stale, then serve pages and API from one process.
 * `npm run build` (--build-only) does the first two and exits.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataLock } from './db/lock.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { listen, stopOnSignals } from './main.ts';
import { CartService } from './modules/cart/index.ts';
import { CatalogueService } from './modules/catalogue/index.ts';
import { settingsVersion } from './modules/settings/index.ts';
import { seedDemoStaff } from './modules/staff/index.ts';
import { buildSite, siteInputsHash } from './site-build.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_SITE_DIR = path.join(ROOT, 'dist');
const STAMP_FILE = '.build-stamp.json';

/** Guest carts untouched this long are deleted (the privacy policy says so). */
const GUEST_CART_DAYS = 30;
const CLEAN_UP_EVERY_MS = 6 * 60 * 60 * 1000;

const say = (message: string) => process.stdout.write(`[shop] ${message}\n`);

async function main() {
  const buildOnly = process.argv.includes('--build-only');
  const forceBuild = process.argv.includes('--rebuild') || buildOnly;
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable and its default.\n`);
      process.exit(1);
    }
    throw error;
  }

  await mkdir(config.dataDir, { recursive: true });
  const releaseLock = config.databaseUrl ? async () => {} : await acquireDataLock(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  say(config.databaseUrl ? 'database: PostgreSQL' : `database: embedded PGlite in ${path.relative(ROOT, config.dataDir) || '.'}/pglite`);
  const seeded = await seedIfEmpty(database.db, { products: config.seedProducts, log: say });
  if (seeded.products) say(`seeded ${seeded.products} products and ${seeded.countries} countries`);
  // The back office login page's quick picks (docs/back-office.md); never in production.
  const demoStaff = await seedDemoStaff(database.db, { production: config.env === 'production', hashCost: config.passwordHashCost });
  if (demoStaff) say(`seeded ${demoStaff} demo back-office accounts (shown on the /admin/ login page)`);

  const autoBuild = config.siteDir === DEFAULT_SITE_DIR;
  if (autoBuild) {
    // The pages show the shop's settings too (banner, threshold, rates): a saved one means a rebuild.
    const stamp = await siteInputsHash(config, `${await new CatalogueService(database.db).catalogueVersion()}|settings:${await settingsVersion(database.db)}`);
    const stampPath = path.join(DEFAULT_SITE_DIR, STAMP_FILE);
    const current = await readFile(stampPath, 'utf8').catch(() => '');
    if (forceBuild || current !== stamp) {
      await rm(stampPath, { force: true });
      await buildSite(config, database, say);
      await writeFile(stampPath, stamp);
    } else say('site is up to date');
  }

  if (buildOnly) {
    await database.close();
    await releaseLock();
    return;
  }

  const app = await buildApp({ config, database });
  const running = await listen(app, database, { host: config.host, port: config.port, graceMs: config.shutdownGraceMs });
  const shown = new URL(running.url);
  if (shown.hostname === '127.0.0.1' || shown.hostname === '0.0.0.0') shown.hostname = 'localhost';
  say(`the shop is open at ${shown.origin}${config.basePath}  (API docs: ${shown.origin}/api/docs)`);
  const cleanUp = () =>
    new CartService(database.db, config.discountTiers)
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
