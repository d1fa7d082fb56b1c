/**
 * A fresh, seeded database and app per test file. TEST_DB=postgres (set by
 * scripts/test-integration.ts when DATABASE_URL is given) runs the same suite on a new
 * PostgreSQL database that is dropped afterwards; otherwise an in-memory PGlite.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedIfEmpty } from '../../src/server/db/seed/index.ts';

export const onPostgres = process.env.TEST_DB === 'postgres';

export interface TestShop {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
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

export async function createTestShop(overrides: Partial<Config> = {}, options: { seed?: boolean } = {}): Promise<TestShop> {
  const adminUrl = process.env.DATABASE_URL;
  if (onPostgres && !adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const pgDb = onPostgres ? await createPostgresDatabase(adminUrl!) : null;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }),
    databaseUrl: pgDb?.url ?? null,
    siteDir: null,
    ...overrides,
  };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: 20 });
  if (options.seed !== false) await seedIfEmpty(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
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
  init: { headers?: Record<string, string>; method?: InjectOptions['method'] } = {},
): Promise<Answer<T>> {
  const response = await app.inject({
    method: init.method ?? 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
  });
  const envelope = response.json() as { code: string; msg: string; data: T };
  return { status: response.statusCode, code: envelope.code, msg: envelope.msg, data: envelope.data, headers: response.headers, raw: response };
}

export function visitor(): string {
  return randomBytes(16).toString('hex');
}
