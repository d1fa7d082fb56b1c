/**
 * The server started as an operator starts it: `src/server/commands/start.ts` and `npm run db:migrate` as
 * child processes (API only, no site build), in production mode, on an empty database (a fresh
 * PGlite folder, or a fresh PostgreSQL database with TEST_DB=postgres).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { REPOSITORY_MIGRATIONS } from '../../src/server/db/migration-status.ts';
import { seedIfEmpty } from '../../src/server/db/seed/index.ts';
import { countries, coupons, products, users } from '../../src/server/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/server/modules/staff/index.ts';
import { createPostgresDatabase, describeOnce, onPostgres } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Each start loads the server's modules and opens a database: seconds each, more on a busy machine. */
const SLOW = { timeout: 300_000 };

interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** The shop's origin, once it says it is open. */
  origin: Promise<string>;
}

function run(script: string, env: NodeJS.ProcessEnv, cwd: string, args: string[] = []): Child {
  const child = spawn(process.execPath, [path.join(ROOT, 'src', 'server', 'commands', script), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let opened: (origin: string) => void;
  const origin = new Promise<string>((resolve) => (opened = resolve));
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    const match = /the shop is open at (http:\/\/[^/\s]+)/.exec(output);
    if (match) opened(match[1]!);
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const opening = Promise.race([origin, exited.then(() => Promise.reject(new Error(`exited before opening:\n${output}`)))]);
  // A child that is expected to exit never opens; only a test that awaits `origin` cares.
  opening.catch(() => {});
  return { process: child, output: () => output, exited, origin: opening };
}

/** A fresh database for one start: a PostgreSQL database of its own, or a PGlite folder. */
async function freshDatabase(dataDir: string): Promise<{ url: string | null; open(): Promise<Database>; drop(): Promise<void> }> {
  if (!onPostgres) return { url: null, open: () => openDatabase({ databaseUrl: null, dataDir }), drop: async () => {} };
  const database = await createPostgresDatabase(process.env.DATABASE_URL!, 'shop_prod');
  return { url: database.url, open: () => openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: 2 }), drop: database.drop };
}

/** What a production instance needs, no more; API only, on a free port. */
function productionEnv(dataDir: string, databaseUrl: string | null, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(36).toString('base64url'),
    PAYPAL_ENV: 'simulator',
    PUBLIC_SITE_URL: 'https://shop.example',
    MAIL_OUTBOX_DIR: path.join(dataDir, 'mail'),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SITE_DIR: '',
    PORT: '0',
    LOG_LEVEL: 'warn',
    RECONCILE_INTERVAL_SECONDS: '0',
    ...extra,
  };
}

async function counts(database: Database) {
  const n = async (table: typeof products | typeof countries | typeof coupons | typeof users) => (await database.db.select({ n: count() }).from(table))[0]!.n;
  return { products: await n(products), countries: await n(countries), coupons: await n(coupons), users: await n(users) };
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let work: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'shop-prod-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
});

// Its own PGlite database on either pass: run once.
describeOnce('first seeding', () => {
  it('SEED_PRODUCTS=0 seeds no products; reference data only seeds countries alone', async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      const none = await seedIfEmpty(database.db, { products: 0 });
      expect(none.products).toBe(0);
      expect(await counts(database)).toMatchObject({ products: 0 });
      expect((await counts(database)).countries).toBeGreaterThan(200);
    } finally {
      await database.close();
    }
    const reference = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      await seedIfEmpty(reference.db, { demo: false });
      expect(await counts(reference)).toMatchObject({ products: 0, coupons: 0, users: 0 });
    } finally {
      await reference.close();
    }
  });
});

// Its own PGlite database on either pass: run once.
describeOnce('development mode', () => {
  it('without PUBLIC_SITE_URL, says so loudly and names the address it serves on instead', SLOW, async () => {
    const port = await freePort();
    const dataDir = path.join(work, 'development');
    const child = run('start.ts', { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', DATA_DIR: dataDir, SITE_DIR: '', SEED_PRODUCTS: '0', PORT: String(port), LOG_LEVEL: 'warn', RECONCILE_INTERVAL_SECONDS: '0' }, work);
    children.push(child.process);
    const origin = await child.origin;
    expect(origin).toBe(`http://localhost:${port}`);
    expect(child.output()).toContain(`[shop] WARNING: PUBLIC_SITE_URL is not set: canonical, hreflang, og:url, sitemap and JSON-LD addresses name http://localhost:${port}.`);
    child.process.kill('SIGTERM');
    await child.exited;
  });
});

// Its own PGlite database on either pass: run once.
describeOnce('SIGTERM under load', () => {
  it('answers every request of a burst sent across the signal in the envelope: none reset, none with Fastify\'s own body', SLOW, async () => {
    const dataDir = path.join(work, 'sigterm');
    const child = run('start.ts', { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', DATA_DIR: dataDir, SITE_DIR: '', SEED_PRODUCTS: '0', PORT: '0', LOG_LEVEL: 'warn', RECONCILE_INTERVAL_SECONDS: '0', RATE_LIMIT_PER_MINUTE: '0' }, work);
    children.push(child.process);
    const origin = await child.origin;
    let answered = 0;
    let signalled!: () => void;
    const signal = new Promise<void>((resolve) => (signalled = resolve));
    const send = async () => {
      try {
        const response = await fetch(`${origin}/api/ready`);
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        return body.code ?? `no envelope (${response.status})`;
      } catch (error) {
        // A connection refused after the stop reached no instance: a balancer sends it elsewhere.
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        return cause === 'ECONNREFUSED' ? 'refused' : `failed: ${cause ?? String(error)}`;
      } finally {
        if (++answered === 20) signalled();
      }
    };
    const burst = Array.from({ length: 80 }, () => send());
    await signal;
    child.process.kill('SIGTERM');
    const late = Array.from({ length: 20 }, () => send());
    const codes = await Promise.all([...burst, ...late]);
    expect(await child.exited).toBe(0);
    expect(codes.filter((code) => !['0000', '1503', 'refused'].includes(code))).toEqual([]);
    expect(codes.filter((code) => code === '0000').length).toBeGreaterThanOrEqual(20);
  });
});

describe('production mode', () => {
  it('refuses to start without its secrets, naming every missing one in one message', SLOW, async () => {
    const child = run('start.ts', { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: path.join(work, 'refused'), SITE_DIR: '' }, work);
    children.push(child.process);
    expect(await child.exited).toBe(1);
    const said = child.output();
    for (const name of ['AUTH_SECRET', 'PAYPAL_CLIENT_ID', 'SMTP_URL', 'PUBLIC_SITE_URL']) expect(said).toContain(`  ${name}: required in production`);
    expect(said).toContain('MAIL_OUTBOX_DIR');
    // Refused before anything was made.
    expect(said).not.toContain('database:');
  });

  it('gives an empty database schema and countries only (no demo catalogue, coupons or staff), reading .env with the environment winning', SLOW, async () => {
    const cwd = path.join(work, 'with-env-file');
    const dataDir = path.join(cwd, 'data');
    const db = await freshDatabase(dataDir);
    try {
      const env = productionEnv(dataDir, db.url);
      // The file gives what the environment lacks, and loses where both say something: were its
      // NODE_ENV used, the demo catalogue would be seeded below.
      const { PUBLIC_SITE_URL, AUTH_SECRET, ...fromEnvironment } = env;
      await mkdir(cwd, { recursive: true });
      await writeFile(path.join(cwd, '.env'), `PUBLIC_SITE_URL=${PUBLIC_SITE_URL}\nAUTH_SECRET=${AUTH_SECRET}\nNODE_ENV=development\n`);
      const child = run('start.ts', fromEnvironment, cwd);
      children.push(child.process);
      const origin = await child.origin;
      expect(child.output()).toContain('read .env');
      const ready = await fetch(`${origin}/api/ready`);
      expect(ready.status).toBe(200);
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      const database = await db.open();
      try {
        expect(await counts(database)).toMatchObject({ products: 0, coupons: 0, users: 0 });
        expect((await counts(database)).countries).toBeGreaterThan(200);
      } finally {
        await database.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('npm run db:migrate migrates an empty database and does nothing else', SLOW, async () => {
    const dataDir = path.join(work, 'migrate-only');
    const db = await freshDatabase(dataDir);
    try {
      const child = run('migrate.ts', productionEnv(dataDir, db.url), work);
      children.push(child.process);
      expect(await child.exited, child.output()).toBe(0);
      expect(child.output()).toContain(`all ${REPOSITORY_MIGRATIONS.length} migrations applied`);
      const database = await db.open();
      try {
        const history = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
        expect(history.rows[0]!.n).toBe(REPOSITORY_MIGRATIONS.length);
        expect(await counts(database)).toEqual({ products: 0, countries: 0, coupons: 0, users: 0 });
      } finally {
        await database.close();
      }
    } finally {
      await db.drop();
    }
  });

  it(
    onPostgres
      ? 'three instances started at once on an empty database end with one migration history and one catalogue'
      : 'a second instance on the same embedded database refuses to start, naming the lock',
    SLOW,
    async () => {
      const dataDir = path.join(work, 'together');
      const db = await freshDatabase(dataDir);
      try {
        // Development mode: the demo catalogue is what each would seed into the empty database.
        const env = { ...productionEnv(dataDir, db.url), NODE_ENV: 'development', PASSWORD_HASH_COST: '10' };
        if (!onPostgres) {
          const first = run('start.ts', env, work);
          children.push(first.process);
          await first.origin;
          const second = run('start.ts', env, work);
          children.push(second.process);
          expect(await second.exited).toBe(1);
          expect(second.output()).toMatch(/another shop process \(pid \d+\) is using/);
          first.process.kill('SIGTERM');
          expect(await first.exited).toBe(0);
          return;
        }
        const instances = [0, 1, 2].map(() => run('start.ts', env, work));
        children.push(...instances.map((i) => i.process));
        const origins = await Promise.all(instances.map((i) => i.origin));
        for (const origin of origins) expect((await fetch(`${origin}/api/ready`)).status).toBe(200);
        for (const instance of instances) instance.process.kill('SIGTERM');
        expect(await Promise.all(instances.map((i) => i.exited))).toEqual([0, 0, 0]);
        // Exactly one of them seeded, and what it seeded is the whole catalogue.
        const seeders = instances.map((i) => /seeded (\d+) products/.exec(i.output())).filter((m) => m !== null);
        expect(seeders).toHaveLength(1);
        const seeded = Number(seeders[0]![1]);
        expect(seeded).toBeGreaterThan(100);
        const database = await db.open();
        try {
          const history = (await database.db.execute(sql`select count(*)::int as n, count(distinct created_at)::int as distinct_n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number; distinct_n: number }[] };
          expect(history.rows[0]).toEqual({ n: REPOSITORY_MIGRATIONS.length, distinct_n: REPOSITORY_MIGRATIONS.length });
          const after = await counts(database);
          expect(after.products).toBe(seeded);
          expect(after.users).toBe(DEMO_ACCOUNTS.length);
        } finally {
          await database.close();
        }
      } finally {
        await db.drop();
      }
    },
  );
});
