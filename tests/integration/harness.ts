/**
 * A fresh, seeded database and app per test file. TEST_DB=postgres (set by
 * scripts/test-integration.ts when DATABASE_URL is given) runs the same suite on a new
 * PostgreSQL database that is dropped afterwards; otherwise an in-memory PGlite.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { startMailReceiver, type MailReceiver } from '../support/mail-receiver.ts';
import { loadToolConfig } from '../../src/build-config.ts';
import { buildApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedIfEmpty } from '../../src/server/db/seed/index.ts';

export const onPostgres = loadToolConfig().TEST_DB === 'postgres';

/**
 * A describe for tests that open their own PGlite database (or none) whatever TEST_DB says: the
 * PostgreSQL pass would run them again unchanged, so they run in the PGlite pass alone (and are
 * listed as skipped in the other).
 */
export const describeOnce = describe.runIf(!onPostgres);

export interface TestShop {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** An empty PostgreSQL database of its own beside the admin URL's, and how to drop it. */
export async function createPostgresDatabase(adminUrl: string, prefix = 'shop_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A clock tests can move forward: real time plus an offset. */
export interface TestClock {
  now: Clock;
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

export interface ShopOptions {
  seed?: boolean;
  clock?: Clock;
  /** Capture the standard (production) logger's output here instead of silencing it. */
  logStream?: { write(line: string): void };
}

/**
 * A migrated and seeded embedded database, dumped once per worker process (files share their
 * worker's modules: vitest.config.ts `isolate: false`); every seeded PGlite shop starts from a
 * copy of it, as if it had just been seeded itself, rather than running initdb, the migrations
 * and the seed again (about 4 s a file). The PostgreSQL run makes and seeds each database as before.
 */
let seededImage: Promise<Blob> | undefined;
function seededPgliteImage(): Promise<Blob> {
  seededImage ??= (async () => {
    const template = await openDatabase({ databaseUrl: null, dataDir: null });
    await seedIfEmpty(template.db);
    // drizzle keeps the client it wraps as $client: here the PGlite instance.
    const image = await (template.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await template.close();
    return image;
  })();
  return seededImage;
}

export async function createTestShop(overrides: Partial<Config> = {}, options: ShopOptions = {}): Promise<TestShop> {
  const adminUrl = process.env.DATABASE_URL;
  if (onPostgres && !adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const pgDb = onPostgres ? await createPostgresDatabase(adminUrl!) : null;
  // Mail without SMTP goes to DATA_DIR/outbox: a folder of the test's own, removed afterwards.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-test-'));
  const config: Config = {
    // Cheap scrypt: the suite hashes hundreds of passwords (production uses 15).
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', PASSWORD_HASH_COST: '10' }),
    databaseUrl: pgDb?.url ?? null,
    siteDir: null,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    ...overrides,
  };
  const seeded = options.seed !== false;
  const image = seeded && !config.databaseUrl ? await seededPgliteImage() : undefined;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: 20, ...(image ? { pgliteImage: image } : {}) });
  // A no-op on a copy of the seeded image.
  if (seeded) await seedIfEmpty(database.db);
  const app = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes `files` (relative path: content) under `folder`, making their folders: a built site's stand-in. */
export async function writeFiles(folder: string, files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), content);
  }
}

export interface Answer<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

/** POSTs JSON to an /api path and decodes the envelope. */
export async function call<T = any>(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  init: { headers?: Record<string, string>; method?: InjectOptions['method']; ip?: string } = {},
): Promise<Answer<T>> {
  const response = await app.inject({
    method: init.method ?? 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.ip ? { remoteAddress: init.ip } : {}),
    ...(init.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
  });
  const envelope = response.json() as { code: string; msg: string; data: T };
  return { status: response.statusCode, code: envelope.code, msg: envelope.msg, data: envelope.data, headers: response.headers, raw: response };
}

export function visitor(): string {
  return randomBytes(16).toString('hex');
}

let emailCounter = 0;
/** A fresh, unique address for a test account. */
export function newEmail(label = 'shopper'): string {
  emailCounter += 1;
  return `${label}.${emailCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

let ipCounter = 0;
/** A fresh client address, so one test's throttle counters do not touch another's. */
export function newIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function bearer(token: string, extra: Record<string, string> = {}) {
  return { headers: { authorization: `Bearer ${token}`, ...extra } };
}

export interface TestAccount {
  userId: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  refreshToken: string;
  /** `{headers: {authorization}}` for call(). */
  auth: { headers: Record<string, string> };
}

/** Registers an account and signs it in, as the register page does. */
export async function signUp(app: FastifyInstance, fields: Partial<{ email: string; password: string; firstName: string; lastName: string; subscribe: boolean }> = {}): Promise<TestAccount> {
  const account = { email: newEmail(), password: 'Gr33n-Shirt', firstName: 'Ada', lastName: 'Lovelace', subscribe: false, ...fields };
  const ip = newIp();
  const registered = await call(app, '/demo/ironUser/registerUser', account, { ip });
  if (registered.code !== '0000') throw new Error(`register failed: ${registered.code} ${registered.msg}`);
  const login = await call<{ token: string; refreshToken: string }>(app, '/demo/permissionAuth/doLogin', { username: account.email, password: account.password }, { ip });
  if (login.code !== '0000') throw new Error(`login failed: ${login.code} ${login.msg}`);
  const info = await call<{ userId: number }>(app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...bearer(login.data.token) });
  return { ...account, userId: info.data.userId, token: login.data.token, refreshToken: login.data.refreshToken, auth: bearer(login.data.token) };
}

/**
 * A second instance of the shop on the same database, for the duration of the describe block
 * that calls this (after the shop itself exists). On PostgreSQL it is a second process's view,
 * with its own connections and its own listening one; the embedded database has one process, so
 * there the second app shares the first one's connection.
 */
export function secondInstance(shop: () => TestShop): () => FastifyInstance {
  let second: { app: FastifyInstance; database: Database; ownDatabase: boolean } | undefined;
  beforeAll(async () => {
    const first = shop();
    const database = onPostgres ? await openDatabase({ databaseUrl: first.config.databaseUrl, dataDir: null }) : first.database;
    const app = await buildApp({ config: first.config, database, logger: false });
    await app.ready();
    second = { app, database, ownDatabase: onPostgres };
  });
  afterAll(async () => {
    await second?.app.close();
    if (second?.ownDatabase) await second.database.close();
  });
  return () => second!.app;
}

export interface MailShop {
  shop: TestShop;
  mail: MailReceiver;
}

/** A shop that mails to a real SMTP receiver: both made before the file's tests, closed after. */
export function useMailShop(config: Partial<Config>, options: ShopOptions, ready: (env: MailShop) => void): void {
  let env: Partial<MailShop> = {};
  beforeAll(async () => {
    env.mail = await startMailReceiver();
    env.shop = await createTestShop({ smtpUrl: env.mail.url, ...config }, options);
    ready(env as MailShop);
  });
  afterAll(async () => {
    await env.shop?.close();
    await env.mail?.close();
    env = {};
  });
}

/** A built release's files as the tests that serve one need them (site.test.ts, static-host.test.ts): each page says what it is. */
export const RELEASE_FILES: Readonly<Record<string, string>> = {
  '404.html': '<html>not found page</html>',
  '403/index.html': '<html>no permission</html>',
  '500.html': '<html>server error</html>',
  'en-US/index.html': '<html>home en</html>',
  'en-US/product/1/index.html': '<html>product one</html>',
  'en-US/product/new/index.html': '<html>product shell en</html>',
  'zh-CN/product/new/index.html': '<html>product shell zh</html>',
  'admin/index.html': '<html>back office</html>',
  '_astro/app.abc123.js': 'console.log(1)',
};
