/**
 * The server's configuration, read from the environment once at start and validated, so that a
 * bad value stops the server with a message naming the variable instead of failing later.
 * The build's and tools' variables are validated in src/build-config.ts; every variable is listed
 * in .env.example and explained in docs/configuration.md.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { BuildConfigError, basePathSchema, isSet, loadBuildConfig } from '../build-config.ts';
import type { DiscountTier } from '../domain/pricing.ts';
import { DEFAULT_DISCOUNT_TIERS } from '../domain/pricing.ts';
import { discountTiersSchema } from '../domain/settings.schema.ts';

/**
 * The PayPal simulator's fixed credentials (docs/paypal-simulator.md): the PayPal client is handed
 * them in simulator mode, and the simulator accepts only them.
 */
export const SIM_CLIENT_ID = 'sim-client-id';
export const SIM_CLIENT_SECRET = 'sim-client-secret';
export const SIM_WEBHOOK_ID = 'WH-SIMULATOR';

const tiersSchema = z
  .string()
  .regex(/^\s*\d+:\d+(\s*,\s*\d+:\d+)*\s*$/, 'expected "items:percent" pairs, e.g. "3:10,5:20"')
  .transform((text) =>
    text.split(',').map((pair) => {
      const [items, percent] = pair.split(':').map((part) => Number(part.trim()));
      return { minItems: items!, percent: percent! } satisfies DiscountTier;
    }),
  )
  // The rules of the table staff edit in Settings, whose default this is (a default the editor refused could not be saved back).
  .pipe(discountTiersSchema);

const boolText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().url('DATABASE_URL must be a postgres:// URL').optional(),
  /** Where the embedded database, mail outbox and other local state live. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Built site to serve; empty disables static serving (API-only instances). */
  SITE_DIR: z.string().default('dist'),
  /** Rebuild the site when the catalogue changes (docs/site-builds.md); on by default where this process builds the site. */
  SITE_BUILDER: boolText.optional(),
  /** Seconds without a new catalogue change before a rebuild starts. */
  SITE_BUILD_QUIET_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** A command run after each rebuild, with the new release's folder in SITE_RELEASE_DIR (e.g. an upload to a CDN). */
  SITE_DEPLOY_COMMAND: z.string().optional(),
  /** Path prefix the site is built and served under, e.g. /independent-website/views. */
  BASE_PATH: basePathSchema.default('/'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin of the shop, used for absolute links and CORS; unset: where this process serves (localOrigin), with a warning. */
  PUBLIC_SITE_URL: z.string().url().optional(),
  /** Extra origins allowed to call the API from a browser (comma-separated), e.g. a CDN host. */
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: boolText.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(100 * 1024),
  /** Seconds a client gets to send a request's headers; then 408 and the connection is closed. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(300).default(10),
  /** Seconds a client gets to send a whole request, headers and body; then 408 and the connection is closed. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(3600).default(30),
  /** Seconds an idle keep-alive connection stays open: more than the balancer's own (nginx and AWS keep 60). */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().min(0.5).max(3600).default(72),
  /** Seconds a connection may go without a byte either way (a client that stops reading an answer). */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  /** Requests per minute per client address; 0 turns the limit off (benchmarks). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  DISCOUNT_TIERS: tiersSchema.optional(),
  /** Products in the catalogue generated on first start (the demo has about 170). */
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Seconds to let in-flight requests finish on SIGTERM before closing anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Seconds between SIGTERM and closing the listener, readiness answering 503 meanwhile, so a balancer takes the instance out first. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(0),
  /** Port of the Prometheus metrics listener (GET /metrics); empty: no metrics are served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address of the metrics listener: keep it off the public interface. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** HMAC key for access tokens and reset-code digests: 32+ random characters, the same on every instance. */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** log2 of scrypt's N (r=8, p=3): 15 is the production floor, tests use 10 for speed. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  /** smtp://user:pass@host:587 or smtps://...; without it mail goes to the outbox folder. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  /** The folder mail is written to when there is no SMTP server (DATA_DIR/outbox by default); production asks for this or SMTP_URL. */
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Jersey Shop <no-reply@localhost>'),
  /** Where the shop is told of every paid order (with its back-office link); empty: nobody is. */
  MERCHANT_EMAIL: z.email('MERCHANT_EMAIL must be an email address').optional(),
  /** The language of the merchant's mail. */
  MERCHANT_LOCALE: z.enum(['en-US', 'zh-CN']).default('en-US'),
  /** PayPal REST app credentials; without them the local PayPal simulator takes payments. */
  PAYPAL_CLIENT_ID: z.string().min(10).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(10).optional(),
  /** The id of the webhook registered for this shop in the PayPal app (for signature checks). */
  PAYPAL_WEBHOOK_ID: z.string().min(5).optional(),
  /** sandbox or live with credentials; simulator (the default without them). */
  PAYPAL_ENV: z.enum(['sandbox', 'live', 'simulator']).optional(),
  /** PayPal's REST base URL instead of the one PAYPAL_ENV names: a local stand-in in tests, or an egress proxy. */
  PAYPAL_API_URL: z.string().regex(/^https?:\/\/[^\s/]+[^\s]*$/, 'PAYPAL_API_URL must be an absolute http(s):// URL').optional(),
  /** Time limit of one call to PayPal, in milliseconds. */
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Serve the simulator's control routes (failure switches, settling, webhooks) for tests; refused in production. */
  PAYPAL_SIM_CONTROL: boolText.default(false),
  /** An order unpaid this long is cancelled and its stock and coupon use released. */
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  /** How often the reconciler settles interrupted payments and cancels expired orders; 0 runs it only at start. */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // --- issue 18, durable mail and shared limits (docs/configuration.md) ---
  /** The wait after a mail's first failed attempt; doubled after each next one, at most an hour. */
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /** Attempts before a mail is marked failed (the back office can send it again). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /** redis:// URL: the per-address request limit is counted there; empty: in the database. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
  // --- end issue 18 ---
});

/** The variables validated here, for the check that .env.example lists each one. */
export const SERVER_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export const PAYPAL_API_BASE = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

export interface PaypalConfig {
  /** simulator: the in-process stand-in (no credentials); sandbox or live: PayPal's API. */
  mode: 'simulator' | 'sandbox' | 'live';
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** REST base URL; null for the in-process simulator. */
  apiBaseUrl: string | null;
  timeoutMs: number;
}

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  siteDir: string | null;
  /** This process rebuilds the site when the catalogue changes (SITE_BUILDER; by default when SITE_DIR is the project's dist/). */
  siteBuilder: boolean;
  siteBuildQuietMs: number;
  siteDeployCommand: string | null;
  /** Always starts and ends with "/". */
  basePath: string;
  logLevel: string;
  publicSiteUrl: string;
  /** PUBLIC_SITE_URL was not set: publicSiteUrl is the address this process serves on (not allowed in production). */
  publicSiteUrlDefaulted: boolean;
  corsOrigins: string[];
  trustProxy: boolean;
  bodyLimit: number;
  /** How long a client may take to send a request, and how long idle connections stay (milliseconds). */
  http: HttpTimeouts;
  rateLimitPerMinute: number;
  discountTiers: readonly DiscountTier[];
  seedProducts: number | null;
  shutdownGraceMs: number;
  /** Time between the stop signal and closing the listener, readiness failing meanwhile. */
  shutdownDrainMs: number;
  /** The Prometheus listener; null: none. */
  metrics: { host: string; port: number } | null;
  authSecret: string;
  /** True when AUTH_SECRET was not set and a random one was made for this process (not in production). */
  authSecretGenerated: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordHashCost: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Null: no mail to the shop for paid orders. */
  merchantEmail: string | null;
  merchantLocale: 'en-US' | 'zh-CN';
  /** Where mail is written when there is no SMTP server: MAIL_OUTBOX_DIR, else DATA_DIR/outbox. */
  outboxDir: string;
  paypal: PaypalConfig;
  /** The simulator's control routes are served (tests only: anyone could decline the next shopper's capture). */
  paypalSimControl: boolean;
  paymentTimeoutMs: number;
  /** 0: the reconciler runs at start only. */
  reconcileIntervalMs: number;
  mailRetryMs: number;
  mailMaxAttempts: number;
  /** Null: the request limit is counted in the database. */
  redisUrl: string | null;
}

export class ConfigError extends Error {}

/**
 * The address a browser on this machine reaches the shop at, listening on `host`:`port`: what
 * `npm start` prints, and the site URL when PUBLIC_SITE_URL is not set. A listener on every
 * interface or on the loopback one is reached as localhost.
 */
export function localOrigin(host: string, port: number): string {
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return port === 80 ? `http://${name}` : `http://${name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // Empty strings in .env files mean "not set", as shells treat them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // `npm start` and `npm run build` hand the environment to the site's build: a bad build variable
  // stops them here, before the database is opened, rather than minutes later inside the build.
  try {
    loadBuildConfig(env);
  } catch (error) {
    if (error instanceof BuildConfigError) throw new ConfigError(`Invalid configuration:\n${error.lines.join('\n')}`);
    throw error;
  }
  // Every problem at once: an operator fixes them in one go rather than one per restart.
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.AUTH_SECRET) problems.push('  AUTH_SECRET: required in production (tokens must survive restarts and be shared by every instance)');
    if (e.PASSWORD_HASH_COST < 15) problems.push('  PASSWORD_HASH_COST: at least 15 in production');
    if (!e.PAYPAL_CLIENT_ID && e.PAYPAL_ENV !== 'simulator') problems.push('  PAYPAL_CLIENT_ID: required in production (or PAYPAL_ENV=simulator for a demo that takes no real payments)');
    if (e.PAYPAL_CLIENT_ID && !e.PAYPAL_WEBHOOK_ID) problems.push('  PAYPAL_WEBHOOK_ID: required in production, so that webhooks can be verified');
    if (!e.SMTP_URL && !e.MAIL_OUTBOX_DIR) problems.push('  SMTP_URL: required in production (or MAIL_OUTBOX_DIR, a folder that something else delivers from)');
    // The default names localhost: links in mail and canonical links would point nowhere.
    if (!isSet(env, 'PUBLIC_SITE_URL')) problems.push('  PUBLIC_SITE_URL: required in production (the shop\'s public origin, e.g. https://shop.example)');
    if (e.PAYPAL_SIM_CONTROL) problems.push('  PAYPAL_SIM_CONTROL: never in production (whoever calls its routes decides the next shopper\'s payment)');
    if (e.SEED_PRODUCTS !== undefined) problems.push('  SEED_PRODUCTS: not used in production (an empty production database gets no products; `npm run seed -- --demo` or `--products N` adds some)');
  }
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    problems.push('  PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both, or neither for the local PayPal simulator');
  }
  if (!e.PAYPAL_CLIENT_ID && (e.PAYPAL_ENV === 'sandbox' || e.PAYPAL_ENV === 'live')) {
    problems.push(`  PAYPAL_ENV: ${e.PAYPAL_ENV} needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET`);
  }
  if (e.PAYPAL_SIM_CONTROL && e.PAYPAL_CLIENT_ID && e.PAYPAL_ENV !== 'simulator') problems.push('  PAYPAL_SIM_CONTROL: only with the PayPal simulator (there are PayPal credentials)');
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) problems.push('  HTTP_HEADERS_TIMEOUT_SECONDS: at most HTTP_REQUEST_TIMEOUT_SECONDS (the headers are part of the request)');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const paypalMode = e.PAYPAL_CLIENT_ID && e.PAYPAL_ENV !== 'simulator' ? (e.PAYPAL_ENV ?? 'sandbox') : 'simulator';
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const origin = new URL(e.PUBLIC_SITE_URL ?? localOrigin(e.HOST, e.PORT)).origin;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir,
    // Unlike other settings, an empty SITE_DIR means something: an API-only instance (docs/configuration.md).
    siteDir: env['SITE_DIR'] === '' ? null : path.resolve(cwd, e.SITE_DIR),
    siteBuilder: env['SITE_DIR'] !== '' && (e.SITE_BUILDER ?? path.resolve(cwd, e.SITE_DIR) === path.resolve(cwd, 'dist')),
    siteBuildQuietMs: e.SITE_BUILD_QUIET_SECONDS * 1000,
    siteDeployCommand: e.SITE_DEPLOY_COMMAND?.trim() || null,
    basePath: e.BASE_PATH.endsWith('/') ? e.BASE_PATH : `${e.BASE_PATH}/`,
    logLevel: e.LOG_LEVEL,
    publicSiteUrl: origin,
    publicSiteUrlDefaulted: e.PUBLIC_SITE_URL === undefined,
    corsOrigins: [origin, ...e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)],
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    http: {
      headersMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.HTTP_KEEP_ALIVE_SECONDS * 1000,
      idleMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    discountTiers: e.DISCOUNT_TIERS ?? DEFAULT_DISCOUNT_TIERS,
    seedProducts: e.SEED_PRODUCTS ?? null,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    metrics: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    authSecret: e.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
    authSecretGenerated: !e.AUTH_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_DAYS * 86_400,
    passwordHashCost: e.PASSWORD_HASH_COST,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    merchantEmail: e.MERCHANT_EMAIL ?? null,
    merchantLocale: e.MERCHANT_LOCALE,
    outboxDir: e.MAIL_OUTBOX_DIR ? path.resolve(cwd, e.MAIL_OUTBOX_DIR) : path.join(dataDir, 'outbox'),
    paypal:
      paypalMode === 'simulator'
        ? { mode: 'simulator', clientId: SIM_CLIENT_ID, clientSecret: SIM_CLIENT_SECRET, webhookId: SIM_WEBHOOK_ID, apiBaseUrl: null, timeoutMs: e.PAYPAL_TIMEOUT_MS }
        : { mode: paypalMode, clientId: e.PAYPAL_CLIENT_ID!, clientSecret: e.PAYPAL_CLIENT_SECRET!, webhookId: e.PAYPAL_WEBHOOK_ID ?? '', apiBaseUrl: e.PAYPAL_API_URL?.replace(/\/+$/, '') ?? PAYPAL_API_BASE[paypalMode], timeoutMs: e.PAYPAL_TIMEOUT_MS },
    paypalSimControl: e.PAYPAL_SIM_CONTROL,
    paymentTimeoutMs: e.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_SECONDS * 1000,
    mailRetryMs: e.MAIL_RETRY_SECONDS * 1000,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    redisUrl: e.REDIS_URL ?? null,
  };
}
