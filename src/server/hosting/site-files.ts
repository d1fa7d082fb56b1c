/**
 * Writes the files a release carries for the hosts that serve it, beside its pages: the host
 * rules (`_redirects`, `_headers`, `.hosting/nginx.conf`, `.hosting/routes.json`), `sitemap.xml`
 * (with its parts, for a large shop) and `robots.txt`. The build writes them (src/build/host-files.ts), and the site builder again after it
 * merges a build of a few products into a release (src/server/site-releases.ts), so they describe
 * the pages the release holds.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { headersFile, nginxRules, redirectsFile, routesJson, type HostSettings } from './host-rules.ts';
import { ROBOTS_FILE, SITEMAP_PART, robotsTxt, sitemapFiles, type SitemapLimits } from './sitemap.ts';

/** The folder of the rules a host reads from its own configuration; its name starts with a dot, so no host serves it. */
export const HOSTING_DIR = '.hosting';
export const NGINX_FILE = `${HOSTING_DIR}/nginx.conf`;
export const ROUTES_FILE = `${HOSTING_DIR}/routes.json`;
export const REDIRECTS_FILE = '_redirects';
export const HEADERS_FILE = '_headers';

/** `sitemapLimits`: what one sitemap file may hold (the protocol's limits unless a test says less). */
export async function writeSiteFiles(dir: string, settings: HostSettings, options: { sitemapLimits?: SitemapLimits } = {}): Promise<void> {
  const files = (await readdir(dir, { recursive: true })).map((file) => file.split(path.sep).join('/'));
  await mkdir(path.join(dir, HOSTING_DIR), { recursive: true });
  const contents: Record<string, string> = {
    ...(await sitemapFiles(files, settings, options.sitemapLimits)),
    [ROBOTS_FILE]: robotsTxt(settings),
    [REDIRECTS_FILE]: redirectsFile(settings),
    [HEADERS_FILE]: headersFile(settings),
    [NGINX_FILE]: nginxRules(settings),
    [ROUTES_FILE]: routesJson(settings),
  };
  for (const [name, text] of Object.entries(contents)) {
    // A new file, renamed over the old one: in a release made of hard links to the live one, the
    // old name shares its inode with the live release, which must not change.
    const target = path.join(dir, name);
    await writeFile(`${target}.next`, text);
    await rename(`${target}.next`, target);
  }
  // Parts of an earlier, longer sitemap (a release made from the live one holds its files).
  for (const file of files) if (SITEMAP_PART.test(file) && !(file in contents)) await rm(path.join(dir, file));
}
