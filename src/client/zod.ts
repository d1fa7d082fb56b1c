/**
 * zod as every browser bundle gets it: src/build/chunks.ts (`zodWithoutEval`) resolves `zod` to this
 * module in the client build. zod compiles object parsers with `new Function` unless told not to,
 * and first probes whether it may (`new Function("")` in a try): under the pages' policy (no
 * `unsafe-eval`) that probe is refused and reported as a CSP violation on every page that makes a
 * schema. `jitless` skips both.
 *
 * It is set on the settings object zod keeps on `globalThis` (zod/v4/core reads
 * `globalThis.__zod_globalConfig`, creating it only if absent), not by calling zod's `config()`:
 * that call made every page whose scripts import a module with a schema load zod, used or not
 * (the cart page: 4 KB and a request before its first paint). This module's body runs before any
 * importer's, so before any schema parses.
 */
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
