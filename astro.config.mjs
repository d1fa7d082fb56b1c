// @ts-check
/**
 * Astro configuration: a fully static storefront in two locales (docs/architecture.md).
 *
 * Every page lives under its locale (`/en-US/...`, `/zh-CN/...`); `/` is a tiny static page that
 * sends the shopper to their locale. Pages are pre-rendered from the running catalogue API, whose
 * address the build gets in `CATALOGUE_API_URL` (`npm run build` starts the API for the build).
 * Every variable read here is validated by src/build-config.ts (docs/configuration.md); the build's
 * own plugins are in src/build/.
 */
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { loadBuildConfig, publicVariables } from './src/build-config.ts';
import { catalogueSource } from './src/build/catalogue-source.ts';
import { chunkGroups, chunkPlugins, zodWithoutEval } from './src/build/chunks.ts';
import { hostFiles } from './src/build/host-files.ts';
import { localeNotFoundPages } from './src/build/locale-not-found-pages.ts';
import { scriptPreloads } from './src/build/script-preloads.ts';
import { API_PREFIX } from './src/domain/site-routes.ts';

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
  integrations: [react(), catalogueSource(settings), localeNotFoundPages(), scriptPreloads(settings), hostFiles(settings)],
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
    plugins: [...chunkPlugins, zodWithoutEval()],
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
    },
    server: {
      proxy: {
        [API_PREFIX]: { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      },
    },
  },
});
