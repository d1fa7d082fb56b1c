/**
 * How the browser's scripts are cut into files (the client build's chunks), and zod as the
 * browser bundles get it.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

interface ChunkGroup {
  name: string;
  test: RegExp | ((id: string) => boolean);
  entriesAware?: boolean;
}

/**
 * One chunk of everything `root` imports statically (and `root` itself, unless it is a page's
 * script, an entry file of its own). Left alone, the bundler splits modules by which scripts share
 * them, into a score of small files: each a request with about a kilobyte of headers, compressed
 * apart, and over HTTP/1.1 six at a time. The cart page asked for 23 scripts before it could ask
 * for the cart; with the chunks below, 9. Later entries that use one of these modules import it
 * from the chunk, so a chunk is worth it where the pages that load it need most of it anyway.
 */
function closureChunk(name: string, root: RegExp): { plugin: Plugin; group: ChunkGroup } {
  const modules = new Set<string>();
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
const zodByUse: ChunkGroup = { name: 'zod', test: /\/node_modules\/zod\//, entriesAware: true };

/**
 * React and what every island needs beside it (the JSX runtime, react-dom's client, Astro's
 * hydration renderer, the stores' hook), as one chunk. The back office imports the same modules,
 * and the bundler would otherwise cut them into five files by who shares which: five requests
 * and five separately compressed files for every storefront page that hydrates an island.
 */
const reactRuntime: ChunkGroup = {
  name: 'react',
  test: /\/node_modules\/(?:react|react-dom|scheduler|@nanostores\/react)\/|\/node_modules\/@astrojs\/react\/dist\/client/,
};

/** The plugins that find the chunks' modules, and the client build's groups in their order. */
export const chunkPlugins: Plugin[] = [layout.plugin, cartStore.plugin, browse.plugin];
export const chunkGroups: ChunkGroup[] = [layout.group, reactRuntime, zodByUse, cartStore.group, browse.group];

/**
 * Browser bundles import zod through src/client/zod.ts, which turns off zod's `new Function`
 * parsers and the probe that the pages' policy would report (the server keeps them).
 */
export function zodWithoutEval(): Plugin {
  const jitless = fileURLToPath(new URL('../client/zod.ts', import.meta.url));
  return {
    name: 'jersey-shop:zod-without-eval',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => (id === 'zod' ? jitless : null),
  };
}
