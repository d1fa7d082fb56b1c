/**
 * zod as every browser bundle gets it: astro.config.mjs (`zodWithoutEval`) resolves `zod` to this
 * module in the client build. zod compiles object parsers with `new Function` unless told not to,
 * and first probes whether it may (`new Function("")` in a try): under the pages' policy (no
 * `unsafe-eval`) that probe is refused and reported as a CSP violation on every page that makes a
 * schema. `jitless` skips both; it is set here, before any importer's schemas are made.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
