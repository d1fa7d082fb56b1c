/**
 * `npm start`: open (and on first run migrate and seed) the database, build the site if it is
 * missing or stale, then serve pages and API from one process.
 * `npm run build` (--build-only) does the first two and exits.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { acquireDataLock } from './db/lock.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { listen, stopOnSignals } from './main.ts';
import { CartService } from './services/cart.ts';
import { CatalogueService } from './services/catalogue.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_SITE_DIR = path.join(ROOT, 'dist');
const STAMP_FILE = '.build-stamp.json';
/** What the static build is made from, besides the catalogue. */
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Guest carts untouched this long are deleted (the privacy policy says so). */
const GUEST_CART_DAYS = 30;
const CLEAN_UP_EVERY_MS = 6 * 60 * 60 * 1000;

const say = (message: string) => process.stdout.write(`[shop] ${message}\n`);

async function hashInputs(config: Config, catalogueVersion: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (relative: string): Promise<void> => {
    const full = path.join(ROOT, relative);
    if (!existsSync(full)) return;
    // The server does not shape the pages.
    if (relative === path.join('src', 'server')) return;
    const entries = await readdir(full, { withFileTypes: true }).catch(() => null);
    if (entries === null) {
      hash.update(relative).update(await readFile(full));
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) await walk(path.join(relative, entry.name));
  };
  for (const input of BUILD_INPUTS) await walk(input);
  // PUBLIC_* variables are baked into the pages at build time, so a change to one means a rebuild.
  const publicEnv = Object.entries(process.env)
    .filter(([name]) => name.startsWith('PUBLIC_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify({ base: config.basePath, site: config.publicSiteUrl, catalogueVersion, publicEnv }));
  return hash.digest('hex');
}

async function buildSite(config: Config, database: Database): Promise<void> {
  // The build reads the catalogue through the API, so it runs against this process's database.
  const app = await buildApp({ config: { ...config, siteDir: null, rateLimitPerMinute: 0 }, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const started = Date.now();
    say('building the site (this takes a little while the first time)');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: '1',
          CATALOGUE_API_URL: `http://127.0.0.1:${port}/api`,
          BASE_PATH: config.basePath,
          SITE_URL: config.publicSiteUrl,
        },
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed with exit code ${code}`))));
    });
    say(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await app.close();
  }
}

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

  const autoBuild = config.siteDir === DEFAULT_SITE_DIR;
  if (autoBuild) {
    const stamp = await hashInputs(config, await new CatalogueService(database.db).catalogueVersion());
    const stampPath = path.join(DEFAULT_SITE_DIR, STAMP_FILE);
    const current = await readFile(stampPath, 'utf8').catch(() => '');
    if (forceBuild || current !== stamp) {
      await rm(stampPath, { force: true });
      await buildSite(config, database);
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
