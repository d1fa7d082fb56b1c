/**
 * The variables read outside the API server: by the static build (astro.config.mjs, and through
 * Vite every page and browser script that reads `import.meta.env.PUBLIC_*`), by `npm run dev`,
 * by the bench and by the browser tests. They are validated here, once, so that a bad value stops
 * the command with a message naming the variable. The server's own variables are validated in
 * src/server/config.ts, which takes BASE_PATH's rule from here; docs/configuration.md lists both.
 *
 * This module runs in Node only (it uses zod): browser code keeps reading `import.meta.env`,
 * whose values astro.config.mjs fills in from here, defaults included.
 */
import { z } from 'zod';
import { API_PREFIX } from './domain/site-routes.ts';

export class BuildConfigError extends Error {
  /** One line per bad variable: `  NAME: what is wrong`. */
  readonly lines: readonly string[];
  constructor(what: string, lines: readonly string[]) {
    super(`Invalid ${what} configuration:\n${lines.join('\n')}\nSee .env.example for every variable and its default.`);
    this.lines = lines;
  }
}

/** What a build by hand names in its absolute addresses without SITE_URL: `npm start`'s default address. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/**
 * The line a build prints when the site's public origin was not given: every canonical, hreflang,
 * `og:url`, sitemap and JSON-LD address then names `value`, which no one else can open. Said by
 * `npm start` / `npm run build` (PUBLIC_SITE_URL; production refuses instead) and by `astro build`
 * run by hand (SITE_URL).
 */
export function siteUrlWarning(variable: 'PUBLIC_SITE_URL' | 'SITE_URL', value: string): string {
  return `WARNING: ${variable} is not set: canonical, hreflang, og:url, sitemap and JSON-LD addresses name ${value}. Set ${variable} to the shop's public origin (e.g. https://shop.example); production refuses to start or build without PUBLIC_SITE_URL.`;
}

/** Whether `name` has a value in `env` (empty counts as unset, as everywhere here). */
export function isSet(env: Env, name: string): boolean {
  return env[name] !== undefined && env[name] !== '';
}

/** `/`, or `/` followed by plain path segments: the prefix the site is built and served under. */
export const basePathSchema = z
  .string()
  .regex(/^\/([A-Za-z0-9._~-]+\/?)*$/, 'must start with / and hold plain path segments, e.g. /independent-website/views');

const port = z.coerce.number().int().min(1).max(65535);
const httpUrl = z.string().regex(/^https?:\/\/[^\s/]+[^\s]*$/, 'must be an absolute http:// or https:// URL');
/** An API address as the browser uses it: a path on the site's origin, or an absolute URL. */
const apiAddress = z.string().regex(/^(\/[^\s]*|https?:\/\/[^\s/]+[^\s]*)$/, 'must be a path starting with / (same origin) or an absolute http(s):// URL');

/** Build-time settings of the pages; the defaults are what a plain `npm start` builds with. */
const buildSchema = z.object({
  /** Public origin of the site (canonical links); `npm run build` passes PUBLIC_SITE_URL's origin. Unset: a warning (siteUrlWarning). */
  SITE_URL: httpUrl.default(DEFAULT_SITE_URL),
  BASE_PATH: basePathSchema.default('/'),
  /** The running catalogue API the build renders pages from; `npm run build` sets it. */
  CATALOGUE_API_URL: httpUrl.optional(),
  /** Where `npm run dev`'s API listens, and where Astro's dev server forwards /api. */
  API_PORT: port.default(3000),
  PUBLIC_API_BASE: apiAddress.default(API_PREFIX),
  PUBLIC_OTHER_API_BASE: apiAddress.optional(),
  PUBLIC_TRACKING_URL: httpUrl.default('https://www.17track.net/en'),
  PUBLIC_CHAT_URL: httpUrl.default('https://wa.me/15550100000'),
  PUBLIC_SUPPORT_EMAIL: z.string().email('must be an email address').default('support@jersey-shop.example'),
  /** Which PayPal SDK the checkout pages' CSP admits (that environment's hosts only); `npm run build` sets it from the server's PayPal mode. */
  PUBLIC_PAYPAL_SDK: z.enum(['simulator', 'sandbox', 'live']).default('simulator'),
  /** Where the back office takes its routes from: its own table, or the server's /route/* calls. */
  PUBLIC_ADMIN_ROUTE_MODE: z.enum(['static', 'dynamic']).default('static'),
  /** The share of page views that report their real-user vitals (src/scripts/vitals.ts): 0 none, 1 all. */
  PUBLIC_VITALS_SAMPLE_RATE: z.coerce.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').default(0.1),
});

/** Settings of the tools around the shop: the bench and the browser tests. */
const toolSchema = z.object({
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** The bench's first port; it uses this one and the three after it. */
  BENCH_PORT: port.max(65532).default(4404),
  /** The port the end-to-end tests' shop listens on. */
  E2E_PORT: port.default(4391),
  /** The cluster test's first port (its balancer); its three API instances use the three after it. */
  CLUSTER_PORT: port.max(65531).default(4470),
  /** Browsers the end-to-end run drives at once; one per core when unset. */
  E2E_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Which database an integration test file runs on (scripts/test-integration.ts sets it). */
  TEST_DB: z.enum(['pglite', 'postgres']).default('pglite'),
});

/** The variables validated here, for the check that .env.example lists each one. */
export const BUILD_VARIABLES: readonly string[] = Object.keys(buildSchema.shape);
export const TOOL_VARIABLES: readonly string[] = Object.keys(toolSchema.shape);

export type BuildConfig = z.output<typeof buildSchema>;
export type ToolConfig = z.output<typeof toolSchema>;
export type Env = Record<string, string | undefined>;

function parse<T extends z.ZodType>(schema: T, env: Env, what: string): z.output<T> {
  // Empty values mean "not set", as in src/server/config.ts.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new BuildConfigError(
    what,
    parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`),
  );
}

/** The build's settings from `env`; throws BuildConfigError naming every bad variable. */
export function loadBuildConfig(env: Env = process.env): BuildConfig {
  return parse(buildSchema, env, 'build');
}

/** The bench's and tests' settings from `env`; throws BuildConfigError naming every bad variable. */
export function loadToolConfig(env: Env = process.env): ToolConfig {
  return parse(toolSchema, env, 'tool');
}

/**
 * The `PUBLIC_*` values the pages are built with, defaults filled in: astro.config.mjs puts them in
 * the build's environment, so browser code reading `import.meta.env` sees validated values.
 */
export function publicVariables(config: BuildConfig): Record<string, string> {
  const values: Record<string, string | undefined> = {
    PUBLIC_API_BASE: config.PUBLIC_API_BASE,
    PUBLIC_OTHER_API_BASE: config.PUBLIC_OTHER_API_BASE,
    PUBLIC_TRACKING_URL: config.PUBLIC_TRACKING_URL,
    PUBLIC_CHAT_URL: config.PUBLIC_CHAT_URL,
    PUBLIC_SUPPORT_EMAIL: config.PUBLIC_SUPPORT_EMAIL,
    PUBLIC_PAYPAL_SDK: config.PUBLIC_PAYPAL_SDK,
    PUBLIC_ADMIN_ROUTE_MODE: config.PUBLIC_ADMIN_ROUTE_MODE,
    PUBLIC_VITALS_SAMPLE_RATE: String(config.PUBLIC_VITALS_SAMPLE_RATE),
  };
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Written by the build beside the pages: the product ids each page links to (src/server/site-build.ts). */
export const PAGE_LINKS_FILE = '.page-links.json';
