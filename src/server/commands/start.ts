/**
 * `npm start` and `npm run build` (start-shop.ts does the work), with two savings on a start's CPU
 * set up before the shop's modules are read (docs/operations.md "Start time"): a restarted
 * instance competes for the processor with the instances that carry the load.
 *
 * - Node's compile cache: a start reuses the compiled code of the last one instead of compiling a
 *   few hundred modules again. It lives in Node's folder in the system's temporary folder, or in
 *   NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 * - drizzle-orm's files, which import each other by relative paths, are resolved here as the ES
 *   modules they are. Node would look up each one's package.json to learn its module type, and
 *   Node 24 parses that file's `exports` again at every look-up: drizzle-orm's lists some 450
 *   entry points (179 KB), and the look-ups took a third of a start's CPU.
 */
import { enableCompileCache, registerHooks } from 'node:module';

enableCompileCache();

const DRIZZLE = '/node_modules/drizzle-orm/';
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (context.parentURL?.includes(DRIZZLE) && (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js')) {
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});

await import('./start-shop.ts');
