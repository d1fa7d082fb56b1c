/**
 * The static site's build: the settings it is made with, the hash of everything it is made from
 * (a changed hash means a rebuild), and the build itself, run against this process's database.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import type { Config, PaypalConfig } from './config.ts';
import type { Database } from './db/client.ts';

/** The repository's folder: the build's inputs and astro's own script are found from it. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What the static build is made from, besides the catalogue and the settings. */
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Settings the pages are built with that come from the server's configuration. */
export function buildSettings(config: Config): { BASE_PATH: string; SITE_URL: string; PUBLIC_PAYPAL_SDK: PaypalConfig['mode'] } {
  return {
    BASE_PATH: config.basePath,
    SITE_URL: config.publicSiteUrl,
    // The checkout pages' CSP lets PayPal's SDK in only when it is the one they will load, and
    // only that environment's hosts.
    PUBLIC_PAYPAL_SDK: config.paypal.mode,
  };
}

/**
 * What the built pages depend on besides the catalogue (whose changes the site builder follows
 * row by row): the sources, the settings and the PUBLIC_* variables. A changed hash at start
 * means a full build.
 */
export async function siteInputsHash(config: Config): Promise<string> {
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
  hash.update(JSON.stringify({ settings: buildSettings(config), publicEnv }));
  return hash.digest('hex');
}

export interface AstroRun {
  /** Where the pages go; astro empties it first. */
  outDir: string;
  /** Only these product pages (every other page is rendered too); all when absent. */
  productIds?: readonly number[];
  /** Only these content pages (by slug, every locale) and no other page of a locale: a page published in the back office. */
  contentPages?: readonly string[];
  /** Pages written so far, as astro reports them. */
  onPage?: (pages: number) => void;
  /** Stops the build (astro is killed) when it aborts. */
  signal?: AbortSignal;
}

/** One `astro build` against this process's database (the build reads the catalogue through the API). */
export async function buildSite(config: Config, database: Database, say: (message: string) => void, run?: AstroRun): Promise<void> {
  const app = await buildApp({ config: { ...config, siteDir: null, rateLimitPerMinute: 0 }, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const started = Date.now();
    if (!run?.productIds) say('building the site (this takes a little while the first time)');
    await new Promise<void>((resolve, reject) => {
      const args = [path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', ...(run ? ['--outDir', run.outDir] : ['--silent'])];
      const child = spawn(process.execPath, args, {
        cwd: ROOT,
        stdio: ['ignore', run ? 'pipe' : 'inherit', 'inherit'],
        ...(run?.signal ? { signal: run.signal } : {}),
        env: {
          ...process.env,
          // The pages are a production build whatever this process runs as: under a test
          // runner's NODE_ENV=test, astro would bundle React's development build.
          NODE_ENV: 'production',
          ASTRO_TELEMETRY_DISABLED: '1',
          CATALOGUE_API_URL: `http://127.0.0.1:${port}/api`,
          ...buildSettings(config),
          ...(run?.productIds ? { SITE_PRODUCT_IDS: run.productIds.join(',') } : {}),
          ...(run?.contentPages ? { SITE_CONTENT_PAGES: run.contentPages.join(',') } : {}),
        },
      });
      // astro prints a line per page written ("├─ /en-US/product/12/index.html (+16ms)").
      let pages = 0;
      let tail = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (tail + chunk).split('\n');
        tail = lines.pop() ?? '';
        pages += lines.filter((line) => /[├└]─ .*\.html/.test(line)).length;
        run?.onPage?.(pages);
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed with exit code ${code}`))));
    });
    say(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await app.close();
  }
}
