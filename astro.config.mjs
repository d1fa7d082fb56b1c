// @ts-check
/**
 * Astro configuration: a fully static storefront in two locales (docs/architecture.md).
 *
 * Every page lives under its locale (`/en-US/...`, `/zh-CN/...`); `/` is a tiny static page that
 * sends the shopper to their locale. Pages are pre-rendered from the running catalogue API, whose
 * address the build gets in `CATALOGUE_API_URL` (`npm run build` starts the API for the build).
 * Every variable read here is validated by src/build-config.ts (docs/configuration.md).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rmdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { PAGE_LINKS_FILE, isSet, loadBuildConfig, publicVariables, siteUrlWarning } from './src/build-config.ts';
import { LOCALES } from './src/domain/locale.ts';
import { API_PREFIX, notFoundPageFile } from './src/domain/site-routes.ts';
import { hostSettings } from './src/server/hosting/host-rules.ts';
import { writeSocialImages } from './src/social-images.ts';
import { writeSiteFiles } from './src/server/hosting/site-files.ts';

// Telemetry is a network call the build does not need; the caller sets this too, but a build
// started by hand should not phone home either. Astro reads it when it records the session,
// which happens after this file is loaded.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

// A bad value stops the build here, with a message naming the variable.
const settings = loadBuildConfig();
const apiPort = String(settings.API_PORT);
// Browser code reads these through `import.meta.env`; Vite takes them from the environment, so
// the validated values (defaults filled in) go there before it reads them.
Object.assign(process.env, publicVariables(settings));

/**
 * Fails a build that has no catalogue to render from, with the way to build instead, and points
 * the dev server's own page rendering at the API it proxies.
 * @returns {import('astro').AstroIntegration}
 */
function catalogueSource() {
  return {
    name: 'jersey-shop:catalogue-source',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        // `npm run build` always passes it (and says so itself when PUBLIC_SITE_URL was not set).
        if (command === 'build' && !isSet(process.env, 'SITE_URL')) logger.warn(siteUrlWarning('SITE_URL', settings.SITE_URL));
        if (command === 'dev') {
          process.env.CATALOGUE_API_URL ??= `http://127.0.0.1:${apiPort}/api`;
        }
        if (command === 'build' && !settings.CATALOGUE_API_URL) {
          throw new Error(
            'CATALOGUE_API_URL is not set. The pages are pre-rendered from the catalogue API, so the build ' +
              'needs it running: use `npm run build` (it starts the API for the build), or start the API ' +
              'yourself and run `CATALOGUE_API_URL=http://127.0.0.1:3000/api astro build`.',
          );
        }
      },
    },
  };
}

/**
 * The files the hosts read beside the pages: host rules (and the pages' headers) for nginx, for
 * `_redirects` and `_headers` hosts and for any other, sitemap.xml and robots.txt
 * (docs/deployment.md "Static hosting"). After a build of a few products the site builder writes
 * them again over the merged release.
 * @returns {import('astro').AstroIntegration}
 */
function hostFiles() {
  return {
    name: 'jersey-shop:host-files',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeSiteFiles(fileURLToPath(dir), await hostSettings(settings));
      },
    },
  };
}

/**
 * One chunk of everything `root` imports statically (and `root` itself, unless it is a page's
 * script, an entry file of its own). Left alone, the bundler splits modules by which scripts share
 * them, into a score of small files: each a request with about a kilobyte of headers, compressed
 * apart, and over HTTP/1.1 six at a time. The cart page asked for 23 scripts before it could ask
 * for the cart; with the chunks below, 9. Later entries that use one of these modules import it
 * from the chunk, so a chunk is worth it where the pages that load it need most of it anyway.
 * @param {string} name
 * @param {RegExp} root
 * @returns {{ plugin: import('vite').Plugin, group: { name: string, test: (id: string) => boolean } }}
 */
function closureChunk(name, root) {
  /** @type {Set<string>} */
  const modules = new Set();
  return {
    plugin: {
      name: `jersey-shop:${name}-chunk`,
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      buildStart() {
        modules.clear();
      },
      buildEnd() {
        const queue = [...this.getModuleIds()].filter((id) => root.test(id));
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (modules.has(id)) continue;
          if (!id.includes('?astro&type=script')) modules.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
    group: { name, test: (id) => modules.has(id) },
  };
}

/** A page's link picture, as BaseLayout.astro writes it. */
const SOCIAL_IMAGE_META = /<meta property="og:image" content="([^"]+)"/;

/** Astro's island runtime, which it writes inline into every page that has an island (one script, no `</` inside). */
const ISLAND_RUNTIME = new RegExp('<script>((?:(?!</).)*customElements[.]define[(]"astro-island"(?:(?!</).)*)</script>', 's');

/**
 * `<link rel="modulepreload">` in every page's head for its module scripts and what they import statically.
 * A browser finds a module's imports only once the module has arrived, so a page script whose
 * work needs the HTTP layer three imports deep (search) waited three round trips before asking
 * the API. Islands' chunks are not preloaded: on the product page, React fetched that early held
 * up the product image (the page's largest paint), and the cart page gained nothing by it.
 *
 * The same pass moves Astro's island runtime (4.4 KB, the same in every page with an island) into
 * one file the browser caches, loaded as a module: it defines `<astro-island>`, and the islands
 * already in the page upgrade and hydrate then, as their directives say. 20,000 product pages
 * carried it 20,000 times. It also notes the link picture each page names (its og:image), and
 * writes them all at the end (src/social-images.ts: drawn once per art, cached between builds).
 * @returns {import('astro').AstroIntegration}
 */
function scriptPreloads() {
  /** Each client chunk's static imports, by file name (`_astro/x.js`). */
  const importsOf = new Map();
  let base = '/';
  let cacheDir = new URL('./node_modules/.astro/', import.meta.url);
  let publicDir = new URL('./public/', import.meta.url);
  /** @param {string[]} entries */
  const closure = (entries) => {
    const seen = new Set();
    for (let file = entries.pop(); file !== undefined; file = entries.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      entries.push(...(importsOf.get(file) ?? []));
    }
    return seen;
  };
  return {
    name: 'jersey-shop:script-preloads',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'jersey-shop:chunk-imports',
                apply: 'build',
                applyToEnvironment: (environment) => environment.name === 'client',
                generateBundle(_options, bundle) {
                  for (const [fileName, output] of Object.entries(bundle)) if (output.type === 'chunk') importsOf.set(fileName, output.imports);
                },
              },
            ],
          },
        });
      },
      'astro:config:done': ({ config }) => {
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        cacheDir = config.cacheDir;
        publicDir = config.publicDir;
      },
      'astro:build:done': async ({ dir, logger }) => {
        // Which products each page links to (listing cards): the site builder re-renders
        // the pages that show a product when it changes (src/server/site-releases.ts).
        /** @type {Record<string, number[]>} */
        const productLinks = {};
        const productLink = new RegExp(`href="${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:en-US|zh-CN)/product/(\\d+)/"`, 'g');
        /** The link pictures the pages name (og:image), below the site folder. */
        const socialImages = new Set();
        /** @type {string | null} */
        let runtimeFile = null;
        /** @param {string} code */
        const runtimeScript = async (code) => {
          if (!runtimeFile) {
            runtimeFile = `_astro/astro-island.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
            await writeFile(new URL(runtimeFile, dir), code);
          }
          return `<script type="module" src="${base}${runtimeFile}"></script>`;
        };
        /** @param {string} name */
        const addPreloads = async (name) => {
          const url = new URL(name, dir);
          let html = await readFile(url, 'utf8');
          const runtime = ISLAND_RUNTIME.exec(html);
          if (runtime) html = html.replace(runtime[0], await runtimeScript(runtime[1] ?? ''));
          productLinks[name] = [...new Set([...html.matchAll(productLink)].map((m) => Number(m[1])))];
          const socialImage = SOCIAL_IMAGE_META.exec(html)?.[1];
          if (socialImage) socialImages.add(new URL(socialImage).pathname.slice(base.length));
          const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] ?? '').filter((src) => src.startsWith(base)).map((src) => src.slice(base.length));
          // The page's own entries too: written at the end of the body, the browser asked for them
          // only after everything the head named (the cart page's request waited a round trip).
          const links = [...closure([...scripts])].map((file) => `<link rel="modulepreload" href="${base}${file}">`);
          if (links.length > 0) html = html.replace('</head>', `${links.join('')}</head>`);
          if (links.length > 0 || runtime) await writeFile(url, html);
        };
        const files = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.html'));
        // A few dozen files at a time: a build of 10,000 products writes 20,000 pages.
        for (let i = 0; i < files.length; i += 64) await Promise.all(files.slice(i, i + 64).map(addPreloads));
        await writeFile(new URL(PAGE_LINKS_FILE, dir), JSON.stringify(productLinks));
        const started = Date.now();
        const { drawn, reused } = await writeSocialImages({
          outDir: fileURLToPath(dir),
          files: socialImages,
          catalogueApi: settings.CATALOGUE_API_URL ?? '',
          publicDir: fileURLToPath(publicDir),
          cacheDir: fileURLToPath(new URL('social-images/', cacheDir)),
          warn: (message) => logger.warn(message),
        });
        logger.info(`link pictures: ${drawn} drawn, ${reused} from the cache, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}

/**
 * Each locale's not-found page (src/pages/[locale]/404.astro) moved from `<locale>/404/index.html`
 * to `<locale>/404.html` (src/domain/site-routes.ts `notFoundPageFile`): beside the bilingual
 * `404.html`, where hosts that look for the nearest 404.html up the folders find it, and not a
 * page of its own at `/<locale>/404/`.
 * @returns {import('astro').AstroIntegration}
 */
function localeNotFoundPages() {
  return {
    name: 'jersey-shop:locale-not-found-pages',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        for (const locale of LOCALES) {
          const folder = new URL(`${locale}/404/`, dir);
          await rename(new URL('index.html', folder), new URL(notFoundPageFile(locale), dir));
          await rmdir(folder);
        }
      },
    },
  };
}

/**
 * Browser bundles import zod through src/client/zod.ts, which turns off zod's `new Function`
 * parsers and the probe that the pages' policy would report (the server keeps them).
 * @returns {import('vite').Plugin}
 */
function zodWithoutEval() {
  const jitless = fileURLToPath(new URL('./src/client/zod.ts', import.meta.url));
  return {
    name: 'jersey-shop:zod-without-eval',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => (id === 'zod' ? jitless : null),
  };
}

/** What every page's layout runs: the header, footer and page shell scripts. */
const layout = closureChunk('layout', /\/src\/layouts\/BaseLayout\.astro\?astro&type=script/);
/** The cart store and what it needs (the HTTP layer, prices, the models): the cart page waits for all of it before it can ask for the cart. */
const cartStore = closureChunk('cart-store', /\/src\/stores\/cart\.ts$/);
/** The listing pages' scripts (search, cards, pager, the catalogue calls): what the search page waits for before it can ask for results. */
const browse = closureChunk('browse', /\/src\/scripts\/browse\/search-page\.ts$/);
/**
 * zod split as the bundler would by which entries use it, ahead of the chunks above: a module
 * a chunk takes brings its imports with it, and the back office's forms would have put all of
 * zod (24 KB gzip) in the cart's chunk.
 */
const zodByUse = { name: 'zod', test: /\/node_modules\/zod\//, entriesAware: true };

/**
 * React and what every island needs beside it (the JSX runtime, react-dom's client, Astro's
 * hydration renderer, the stores' hook), as one chunk. The back office imports the same modules,
 * and the bundler would otherwise cut them into five files by who shares which: five requests
 * and five separately compressed files for every storefront page that hydrates an island.
 */
const reactRuntime = {
  name: 'react',
  test: /\/node_modules\/(?:react|react-dom|scheduler|@nanostores\/react)\/|\/node_modules\/@astrojs\/react\/dist\/client/,
};

export default defineConfig({
  output: 'static',
  site: settings.SITE_URL,
  base: settings.BASE_PATH,
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // Pages rendered four at a time: a page waits on the catalogue API (another process) for
    // part of its time, and one at a time left both processes idle by turns (1,000 products:
    // 30.5 s -> 22.7 s; docs/performance.md). More did not help on two cores.
    concurrency: 4,
    // Stylesheets as files, cached across pages; the smallest written into the page instead (see
    // `assetsInlineLimit` below), their hashes in the page's policy.
    inlineStylesheets: 'auto',
  },
  // Astro hydrates islands with small inline scripts; this writes a CSP <meta> on each page with
  // `script-src 'self'` plus their hashes (and the same for styles). The server's CSP header adds
  // what a meta tag cannot carry (frame-ancestors, ...) and must not narrow script-src further.
  security: { csp: true },
  // Shiki colours code with inline styles, which that policy refuses; policy pages need no code blocks.
  markdown: { syntaxHighlight: false },
  integrations: [react(), catalogueSource(), localeNotFoundPages(), scriptPreloads(), hostFiles()],
  i18n: {
    locales: ['en-US', 'zh-CN'],
    defaultLocale: 'en-US',
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  // The toolbar is a dev convenience that also reports usage; the shop does not need it.
  devToolbar: { enabled: false },
  vite: {
    build: {
      // Astro writes a stylesheet under this size into the page (`inlineStylesheets: 'auto'`): a
      // component's few rules (the cart's no-script notice, the network-failure block: 100-500
      // bytes) were each a render-blocking request with a kilobyte of headers. Those most pages
      // have are in the layout's stylesheet instead (BaseLayout.astro). Scripts and other assets
      // keep Vite's 4 KB.
      assetsInlineLimit: (file, content) => content.length < (file.endsWith('.css') ? 600 : 4096),
      rolldownOptions: {
        treeshake: {
          // src/domain modules build zod schemas at module level (`export const x = z.enum(...)`).
          // A browser bundle that only wants `formatMoney` would otherwise carry all of zod
          // (~16 kB gzipped) because a top-level call might have side effects. Building a schema
          // has none, so calls through `z` are pure and unused schemas drop out.
          manualPureFunctions: ['z'],
        },
      },
    },
    plugins: [layout.plugin, cartStore.plugin, browse.plugin, zodWithoutEval()],
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [layout.group, reactRuntime, zodByUse, cartStore.group, browse.group] } } } } },
    },
    server: {
      proxy: {
        [API_PREFIX]: { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      },
    },
  },
});
