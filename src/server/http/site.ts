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
 * the build opens at its URL through the product shell page, which loads it from the API; an
 * order's success and detail pages (`order-success/{orderNo}`, `order-detail/{orderNo}`) are one
 * shell per locale that reads the number from the address; every path of the back office
 * (`/admin/...`, docs/back-office.md) is its one page, whose router reads the address.
 * Returns the shell's HTML for such a path, or null.
 */
export function pageFallbacks(
  root: string | null,
  basePath: string,
  productExists: (id: number) => Promise<boolean>,
): (path: string) => Promise<string | null> {
  const base = basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const productPath = new RegExp(`^${base}(en-US|zh-CN)/product/([1-9][0-9]{0,8})/?$`);
  // Order numbers in any case (JS-7KQ4M-2XPHD); the page and the API check them properly.
  const orderPath = new RegExp(`^${base}(en-US|zh-CN)/(order-success|order-detail)/([A-Za-z0-9-]{10,20})/?$`);
  // Files under /admin/ are served before this is asked, so anything reaching here is a route.
  const adminPath = new RegExp(`^${base}admin(?:/.*)?$`);
  const shells = new Map<string, Promise<string | null>>();
  const shell = (file: string) => {
    let html = shells.get(file);
    if (!html) {
      html = readFile(join(root!, file), 'utf8').catch(() => null);
      shells.set(file, html);
    }
    return html;
  };
  return async (path) => {
    if (!root) return null;
    // A missing file (a name with an extension) stays a 404 rather than becoming the app.
    if (adminPath.test(path) && !/\.[a-z0-9]+$/i.test(path)) return shell(join('admin', 'index.html'));
    const order = orderPath.exec(path);
    if (order) return shell(join(order[1]!, order[2]!, 'index.html'));
    const match = productPath.exec(path);
    if (!match) return null;
    // An unknown id is a real 404 (not a page that says so with status 200).
    if (!(await productExists(Number(match[2])))) return null;
    return shell(join(match[1]!, 'product', 'new', 'index.html'));
  };
}
