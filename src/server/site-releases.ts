/**
 * The live site as releases (docs/site-builds.md): each build renders into a folder of its own
 * under `<SITE_DIR>-releases/`, and SITE_DIR is a symbolic link to the live one, replaced in one
 * rename, so a reader sees the old pages or the new ones, never a mix. A build of changed
 * products starts its release as hard links to the live one (no page is copied) and replaces
 * only the pages it rendered. Then the deploy hook, if configured, uploads the release.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, lstat, mkdir, readFile, readdir, realpath, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_LINKS_FILE } from '../build-config.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { BuildJob, SiteRenderer } from './modules/site/index.ts';
import { hostSettings } from './hosting/host-rules.ts';
import { writeSiteFiles } from './hosting/site-files.ts';
import { buildSettings, buildSite, siteInputsHash } from './site-build.ts';

export const STAMP_FILE = '.build-stamp.json';
/** Releases kept besides the live one, for readers still streaming from them. */
const KEEP_RELEASES = 2;

type PageLinks = Record<string, number[]>;

/** A product's own page in a release (`.page-links.json`'s keys). */
const PRODUCT_PAGE = /^(?:en-US|zh-CN)\/product\/(\d+)\/index\.html$/;

export function releasesDirOf(siteDir: string): string {
  return `${siteDir}-releases`;
}

/** The folder SITE_DIR shows, or null when there is no site yet. */
export async function liveRelease(siteDir: string): Promise<string | null> {
  if (!existsSync(siteDir)) return null;
  return realpath(siteDir);
}

/** The products with pages in the live release, or null when there is no site or no record of its pages. */
export async function liveProductPages(siteDir: string): Promise<Set<number> | null> {
  const live = await liveRelease(siteDir);
  const links = live ? await readLinks(live) : null;
  if (!links) return null;
  const ids = new Set<number>();
  for (const page of Object.keys(links)) {
    const own = PRODUCT_PAGE.exec(page);
    if (own) ids.add(Number(own[1]));
  }
  return ids;
}

export function siteRenderer(options: { config: Config; database: Database; say: (message: string) => void }): SiteRenderer {
  return async (job, progress, signal) => {
    const { config } = options;
    const siteDir = config.siteDir!;
    const releases = releasesDirOf(siteDir);
    await mkdir(releases, { recursive: true });
    const live = await liveRelease(siteDir);
    const links = live ? await readLinks(live) : null;
    const stamp = await siteInputsHash(config);
    const release = path.join(releases, new Date().toISOString().replace(/[:.]/g, '-'));
    if (job.kind === 'full' || !live || !links) {
      const total = links ? Object.keys(links).length : null;
      await buildSite(config, options.database, options.say, { outDir: release, onPage: (done) => progress(done, total), signal }).catch(async (error: unknown) => {
        await rm(release, { recursive: true, force: true });
        throw error;
      });
    } else {
      await renderPages(options, job, { live, links, release, progress, signal });
    }
    await writeFile(path.join(release, STAMP_FILE), stamp);
    await makeLive(siteDir, release);
    await pruneReleases(releases, release);
    return { deploy: await deploy(config.siteDeployCommand, release) };
  };
}

async function renderPages(
  options: { config: Config; database: Database; say: (message: string) => void },
  job: BuildJob,
  at: { live: string; links: PageLinks; release: string; progress: (done: number, total: number | null) => void; signal: AbortSignal },
): Promise<void> {
  const changed = new Set(job.productIds);
  // The changed products' own pages, and every product page that shows one of them.
  const productIds = new Set(changed);
  let otherPages = 0;
  for (const [page, ids] of Object.entries(at.links)) {
    const own = PRODUCT_PAGE.exec(page);
    if (!own) otherPages++;
    else if (ids.some((id) => changed.has(id))) productIds.add(Number(own[1]));
  }
  // Content pages published alone: those pages in each locale, not the listings.
  const contentOnly = changed.size === 0 && job.pageSlugs.length > 0;
  const scratch = `${at.release}.scratch`;
  const total = contentOnly ? job.pageSlugs.length * 2 : otherPages + productIds.size * 2;
  try {
    await buildSite(options.config, options.database, options.say, {
      outDir: scratch,
      productIds: [...productIds],
      ...(contentOnly ? { contentPages: job.pageSlugs } : {}),
      onPage: (done) => at.progress(done, total),
      signal: at.signal,
    });
    await linkTree(at.live, at.release);
    const rendered = await readLinks(scratch);
    if (!rendered) throw new Error('the build wrote no page links');
    // A changed product the build did not render is gone from the catalogue (or unpublished): its
    // pages go too, and its address answers from the API (the product shell page or a 404).
    const merged: PageLinks = { ...at.links, ...rendered };
    for (const page of Object.keys(at.links)) {
      const own = PRODUCT_PAGE.exec(page);
      if (own && changed.has(Number(own[1])) && !(page in rendered)) {
        delete merged[page];
        await rm(path.join(at.release, path.dirname(page)), { recursive: true, force: true });
      }
    }
    await moveInto(scratch, at.release);
    await writeFile(path.join(at.release, PAGE_LINKS_FILE), JSON.stringify(merged));
    // The scratch's sitemap listed only the pages it rendered; the release's lists all it holds.
    await writeSiteFiles(at.release, await hostSettings(buildSettings(options.config)));
  } catch (error) {
    await rm(at.release, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `to` as a copy of `from` made of hard links: no file's bytes are copied. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  for (const entry of entries) if (entry.isDirectory()) await mkdir(path.join(to, path.relative(from, path.join(entry.parentPath, entry.name))), { recursive: true });
  const files = entries.filter((entry) => entry.isFile());
  // A few hundred at a time: a shop of 10,000 products has 20,000 pages.
  for (let i = 0; i < files.length; i += 256) {
    await Promise.all(
      files.slice(i, i + 256).map((entry) => {
        const source = path.join(entry.parentPath, entry.name);
        return link(source, path.join(to, path.relative(from, source)));
      }),
    );
  }
}

/** Moves every file of `from` into `to`, replacing what is there (a new inode: the live release's link is untouched). */
async function moveInto(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
  }
}

/** Points SITE_DIR at the release in one rename. A SITE_DIR left as a plain folder by an older build becomes a release first. */
async function makeLive(siteDir: string, release: string): Promise<void> {
  const current = await lstat(siteDir).catch(() => null);
  if (current && !current.isSymbolicLink()) await rename(siteDir, path.join(releasesDirOf(siteDir), `before-releases-${Date.now()}`));
  const link = `${siteDir}.next`;
  await unlink(link).catch(() => {});
  await symlink(path.relative(path.dirname(siteDir), release), link);
  await rename(link, siteDir);
}

async function pruneReleases(releases: string, live: string): Promise<void> {
  const names = (await readdir(releases)).filter((name) => !name.endsWith('.scratch')).sort();
  const old = names.filter((name) => path.join(releases, name) !== live);
  for (const name of old.slice(0, Math.max(0, old.length - KEEP_RELEASES))) await rm(path.join(releases, name), { recursive: true, force: true });
}

async function readLinks(dir: string): Promise<PageLinks | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, PAGE_LINKS_FILE), 'utf8')) as PageLinks;
  } catch {
    return null;
  }
}

/** Runs SITE_DEPLOY_COMMAND with the release's folder in SITE_RELEASE_DIR; a failure is reported, not thrown (the pages are live here). */
async function deploy(command: string | null, release: string): Promise<string | null> {
  if (!command) return null;
  try {
    const output = await run('sh', ['-c', command], { SITE_RELEASE_DIR: release });
    return `ok${output ? `: ${output.slice(-300)}` : ''}`;
  } catch (error) {
    return `failed: ${(error instanceof Error ? error.message : String(error)).slice(-500)}`;
  }
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output.trim()) : reject(new Error(`${command} exited with ${code}: ${output.trim()}`))));
  });
}

