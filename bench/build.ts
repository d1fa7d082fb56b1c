/**
 * Section 4, the site build: `npm run build` (start.ts --build-only) in a private copy of the
 * project with its own DATA_DIR, timed for catalogues of 1,000 and 10,000 products (every product
 * gets a pre-rendered page per locale), and the size of what it writes (files, bytes). The last
 * build is the site the pages section serves.
 *
 * --quick (or a run without this section) serves the demo catalogue from a copy kept between runs
 * in the system's temp folder: start.ts rebuilds it only when the sources changed (its build stamp),
 * so a quick run stays short unless the site changed since the last one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SiteUpdateFigures } from './site-update.ts';
import { ROOT, folderSize, projectCopy, removeDir, runToEnd, seed, serverEnv } from './processes.ts';

export interface BuildFigures {
  /** Products in the catalogue ("demo": the hand-written demo catalogue). */
  products: number | 'demo';
  /** Wall time of start.ts --build-only: open the database, start the API for the build, astro build. */
  seconds: number;
  /** The astro build alone, as start.ts reports it. */
  astroSeconds: number | null;
  htmlPages: number;
  files: number;
  bytes: number;
}

export interface BuildResult {
  settings: string[];
  builds: BuildFigures[];
  /** A price edit reaching its pages, on the last catalogue built (bench/site-update.ts). */
  update?: SiteUpdateFigures;
}

/** A built site ready to serve: the project copy, its database folder and the settings it was built with. */
export interface BuiltSite {
  projectDir: string;
  distDir: string;
  env: NodeJS.ProcessEnv;
  remove(): Promise<void>;
}

async function htmlCount(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith('.html')).length;
}

/** The demo-catalogue site kept between quick runs (built or refreshed when it is served). */
export async function cachedDemoSite(options: { siteOrigin: string }): Promise<BuiltSite> {
  const key = createHash('sha256').update(ROOT).digest('hex').slice(0, 10);
  const projectDir = await projectCopy(`cache-${key}`, path.join(tmpdir(), `jersey-bench-cache-${key}`));
  const dataDir = path.join(projectDir, '.data-demo');
  const env = serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_SITE_URL: options.siteOrigin });
  // Production's start seeds no demo data: the first run asks for the demo catalogue itself.
  if (!existsSync(path.join(dataDir, 'pglite'))) await seed(null, { cwd: projectDir, env, logFile: path.join(projectDir, 'seed-demo.log') });
  return { projectDir, distDir: path.join(projectDir, 'dist'), env, remove: async () => {} };
}

export async function runBuilds(options: { catalogues: (number | null)[]; siteOrigin: string; log: (message: string) => void; keep: boolean }): Promise<{ result: BuildResult; site: BuiltSite }> {
  const projectDir = await projectCopy('site');
  options.log(`project copied to ${projectDir}`);
  const builds: BuildFigures[] = [];
  let env: NodeJS.ProcessEnv = {};
  try {
    for (const products of options.catalogues) {
      const label = products === null ? 'demo' : String(products);
      env = serverEnv({
        DATA_DIR: path.join(projectDir, `.data-${label}`),
        LOG_LEVEL: 'warn',
        // Canonical links and the build stamp name the origin the pages section serves from.
        PUBLIC_SITE_URL: options.siteOrigin,
      });
      const logFile = path.join(projectDir, `build-${label}.log`);
      options.log(`build: seeding the ${products === null ? 'demo catalogue' : `${products.toLocaleString('en')} products`}`);
      await seed(products, { cwd: projectDir, env, logFile });
      options.log(`build: npm run build (${label})`);
      const started = performance.now();
      await runToEnd(['src/server/commands/start.ts', '--build-only'], { cwd: projectDir, env, logFile });
      const seconds = (performance.now() - started) / 1000;
      const astro = /site built in ([\d.]+) s/.exec(readFileSync(logFile, 'utf8'));
      const distDir = path.join(projectDir, 'dist');
      const size = await folderSize(distDir);
      const figures: BuildFigures = {
        products: products ?? 'demo',
        seconds,
        astroSeconds: astro ? Number(astro[1]) : null,
        htmlPages: await htmlCount(distDir),
        ...size,
      };
      builds.push(figures);
      options.log(`build (${label}): ${seconds.toFixed(1)} s, ${figures.htmlPages} pages, ${size.files} files, ${(size.bytes / 1024 / 1024).toFixed(1)} MB`);
    }
  } catch (error) {
    if (!options.keep) await removeDir(projectDir);
    throw error;
  }
  return {
    result: {
      settings: ['start.ts --build-only in a copy of the project (node_modules linked), its own PGlite DATA_DIR; seeding is not counted'],
      builds,
    },
    site: {
      projectDir,
      distDir: path.join(projectDir, 'dist'),
      env,
      remove: () => (options.keep ? Promise.resolve() : removeDir(projectDir)),
    },
  };
}
