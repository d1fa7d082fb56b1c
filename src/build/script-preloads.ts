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
 * writes them all at the end (src/social-images.ts: drawn once per art, cached between builds),
 * and which products each page links to (PAGE_LINKS_FILE, for the site builder).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { PAGE_LINKS_FILE, type BuildConfig } from '../build-config.ts';
import { writeSocialImages } from '../social-images.ts';

/** A page's link picture, as BaseLayout.astro writes it. */
const SOCIAL_IMAGE_META = /<meta property="og:image" content="([^"]+)"/;

/** Astro's island runtime, which it writes inline into every page that has an island (one script, no `</` inside). */
const ISLAND_RUNTIME = new RegExp('<script>((?:(?!</).)*customElements[.]define[(]"astro-island"(?:(?!</).)*)</script>', 's');

export function scriptPreloads(settings: BuildConfig): AstroIntegration {
  /** Each client chunk's static imports, by file name (`_astro/x.js`). */
  const importsOf = new Map<string, string[]>();
  let config: AstroConfig | null = null;
  const closure = (entries: string[]) => {
    const seen = new Set<string>();
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
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!config) throw new Error('astro:config:done has not run');
        const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        // Which products each page links to (listing cards): the site builder re-renders
        // the pages that show a product when it changes (src/server/site-releases.ts).
        const productLinks: Record<string, number[]> = {};
        const productLink = new RegExp(`href="${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:en-US|zh-CN)/product/(\\d+)/"`, 'g');
        /** The link pictures the pages name (og:image), below the site folder. */
        const socialImages = new Set<string>();
        let runtimeFile: string | null = null;
        const runtimeScript = async (code: string) => {
          if (!runtimeFile) {
            runtimeFile = `_astro/astro-island.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
            await writeFile(new URL(runtimeFile, dir), code);
          }
          return `<script type="module" src="${base}${runtimeFile}"></script>`;
        };
        const addPreloads = async (name: string) => {
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
          publicDir: fileURLToPath(config.publicDir),
          cacheDir: fileURLToPath(new URL('social-images/', config.cacheDir)),
          warn: (message) => logger.warn(message),
        });
        logger.info(`link pictures: ${drawn} drawn, ${reused} from the cache, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
