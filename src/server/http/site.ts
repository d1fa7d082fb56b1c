/**
 * Serves the built static site (dist/) from the same process as the API, for `npm start` and
 * small deployments; larger ones put dist/ on a CDN and run API-only instances.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path, { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LOCALES } from '../../domain/locale.ts';
import { CACHE_CONTROL, ERROR_PAGES, HIDDEN_PATH_PATTERN, cacheControlOf, matchShellRoute, notFoundPageFile, notFoundPageFor } from '../../domain/site-routes.ts';

export interface SiteOptions {
  root: string;
  basePath: string;
}

export async function sitePlugin(app: FastifyInstance, options: SiteOptions) {
  if (!existsSync(options.root)) {
    app.log.warn({ root: options.root }, 'no built site to serve; run `npm run build`');
    return;
  }
  const hidden = new RegExp(HIDDEN_PATH_PATTERN);
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: options.basePath,
    wildcard: true,
    index: ['index.html'],
    redirect: true,
    preCompressed: false,
    allowedPath: (pathName) => !hidden.test(pathName),
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlOf(filePath.split(path.sep).join('/')));
    },
  });
  // The static plugin answers a prefix's own address only for `/`: the language chooser under a
  // BASE_PATH needs its own route.
  if (options.basePath !== '/') app.get(options.basePath, (_request, reply) => reply.sendFile('index.html'));
  for (const code of ERROR_PAGES) {
    app.get(`${options.basePath}${code}`, async (_request, reply) => {
      // Astro writes 404 and 500 as `<code>.html` and other pages as `<code>/index.html`.
      const html =
        (await readFile(path.join(options.root, `${code}.html`), 'utf8').catch(() => null)) ??
        (await readFile(path.join(options.root, code, 'index.html'), 'utf8').catch(() => null));
      if (html === null) return reply.callNotFound();
      return reply.type('text/html; charset=utf-8').header('cache-control', CACHE_CONTROL.page).send(html);
    });
  }
}

/**
 * The site's not-found pages, for unknown page paths (API paths get the JSON envelope): the
 * locale's below `/zh-CN/` and `/en-US/`, the bilingual one elsewhere (`notFoundPageFor`, which
 * the static hosts' rules follow too); null without a site. Read once, at start, so that an
 * address the router cannot even decode is answered without waiting.
 */
export async function readNotFoundPages(root: string | null, basePath: string): Promise<(path: string) => string | null> {
  if (!root) return () => null;
  const read = (file: string) => readFile(path.join(root, file), 'utf8').catch(() => null);
  const shared = await read(notFoundPageFile(null));
  const pages = new Map<string, string>();
  for (const locale of LOCALES) {
    const page = await read(notFoundPageFile(locale));
    if (page !== null) pages.set(notFoundPageFile(locale), page);
  }
  // A release built before the locales had their own page has only the bilingual one.
  return (urlPath) => pages.get(notFoundPageFor(urlPath, basePath)) ?? shared;
}

/**
 * Pages that exist for any value of their address (src/domain/site-routes.ts `SHELL_ROUTES`: a
 * product added after the build, an order's success and detail pages, the back office's paths),
 * answered by their shell page; the static hosts' rules are written from the same description.
 * Returns the shell's HTML for such a path, or null.
 */
export function pageFallbacks(
  root: string | null,
  basePath: string,
  productExists: (id: number) => Promise<boolean>,
): (path: string) => Promise<string | null> {
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
    const match = matchShellRoute(path, basePath);
    if (!match) return null;
    if (match.route.onlyIfProductExists && !(await productExists(Number(match.value)))) return null;
    return shell(match.route.shell);
  };
}
