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
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What the static build is made from, besides the catalogue and the settings. */
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Settings the pages are built with that come from the server's configuration. */
export function buildSettings(config: Config): Record<string, string> {
  return {
    BASE_PATH: config.basePath,
    SITE_URL: config.publicSiteUrl,
    // The checkout pages' CSP lets PayPal's SDK in only when it is the one they will load.
    PUBLIC_PAYPAL_SDK: config.paypal.mode === 'simulator' ? 'simulator' : 'paypal',
  };
}

export async function siteInputsHash(config: Config, catalogueVersion: string): Promise<string> {
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
  hash.update(JSON.stringify({ settings: buildSettings(config), catalogueVersion, publicEnv }));
  return hash.digest('hex');
}

export async function buildSite(config: Config, database: Database, say: (message: string) => void): Promise<void> {
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
          ...buildSettings(config),
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
