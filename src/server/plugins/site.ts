/**
 * Serves the built static site (dist/) from the same process as the API, for `npm start` and
 * small deployments; larger ones put dist/ on a CDN and run API-only instances.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path, { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface SiteOptions {
  root: string;
  basePath: string;
}

export async function sitePlugin(app: FastifyInstance, options: SiteOptions) {
  if (!existsSync(options.root)) {
    app.log.warn({ root: options.root }, 'no built site to serve; run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: options.basePath,
    wildcard: true,
    index: ['index.html'],
    redirect: true,
    preCompressed: false,
    setHeaders(reply, filePath) {
      // Astro fingerprints everything under _astro/, so those files never change.
      if (filePath.includes(`${path.sep}_astro${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (filePath.endsWith('.html')) reply.header('cache-control', 'public, max-age=0, must-revalidate');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
  // The specification's standalone error pages, at /403, /404 and /500 (the guard sends a shopper
  // without the right role to /403).
  for (const code of ['403', '404', '500']) {
    app.get(`${options.basePath}${code}`, async (_request, reply) => {
      // Astro writes 404 and 500 as `<code>.html` and other pages as `<code>/index.html`.
      const html =
        (await readFile(path.join(options.root, `${code}.html`), 'utf8').catch(() => null)) ??
        (await readFile(path.join(options.root, code, 'index.html'), 'utf8').catch(() => null));
      if (html === null) return reply.callNotFound();
      return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=0, must-revalidate').send(html);
    });
  }
}

/** The site's own not-found page, for unknown page paths (API paths get the JSON envelope). */
export async function readNotFoundPage(root: string | null): Promise<string | null> {
  if (!root) return null;
  try {
    return await readFile(path.join(root, '404.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Pages that exist for any id, not only the ones pre-rendered at build time: a product added after
 * the build opens at its URL through the product shell page, which loads it from the API.
 * Returns the shell's HTML for such a path, or null.
 */
export function pageFallbacks(
  root: string | null,
  basePath: string,
  productExists: (id: number) => Promise<boolean>,
): (path: string) => Promise<string | null> {
  const productPath = new RegExp(`^${basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(en-US|zh-CN)/product/([1-9][0-9]{0,8})/?$`);
  const shells = new Map<string, Promise<string | null>>();
  return async (path) => {
    if (!root) return null;
    const match = productPath.exec(path);
    if (!match) return null;
    const locale = match[1]!;
    // An unknown id is a real 404 (not a page that says so with status 200).
    if (!(await productExists(Number(match[2])))) return null;
    let shell = shells.get(locale);
    if (!shell) {
      shell = readFile(join(root, locale, 'product', 'new', 'index.html'), 'utf8').catch(() => null);
      shells.set(locale, shell);
    }
    return shell;
  };
}
