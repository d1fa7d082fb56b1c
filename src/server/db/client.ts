/**
 * Opens the database: PGlite (PostgreSQL in WASM, data in a local folder) by default, or a real
 * PostgreSQL server when a connection string is given. Both speak the same SQL and share one
 * migration history.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/**
 * Typed without the tables: every query names its tables itself (the query builder), and none uses
 * drizzle's relational `db.query.*`, which alone would need them all gathered here.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The handle inside `db.transaction`: passed to another module's function so its writes join the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Receives the payloads NOTIFYed on a channel by this process and every other one on the same
 * database; null means some may have been missed (the listening connection was lost and made
 * again), so whatever depends on them must be dropped.
 */
export type NotificationHandler = (payload: string | null) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Listens on a channel until the returned function is called (or the database is closed). */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding the set-up lock: migrations and first seeding, which several
   * instances starting together on one empty database must do one after another. On PostgreSQL
   * a session advisory lock on a connection of its own (ended with the session if the process
   * dies); on PGlite the data folder's lock already keeps other processes out.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of migrations and first seeding (any constant no other lock uses). */
const SETUP_LOCK_KEY = 7_460_238_511;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * postgresql.conf of the embedded database (PGlite writes it into the data folder at each start).
 * PostgreSQL's default 128 MB of shared buffers lives inside the WASM heap, in this process: with
 * 16 MB the process opens at about 220 MB instead of 370, and the operating system's file cache
 * still holds the data files (a 10,000-product catalogue is about 120 MB on disk).
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'work_mem = 2MB'].join('\n');

/**
 * How every PGlite of the shop opens (the server, tests, a restored backup): its settings, and
 * pg_trgm, which the orders table's search indexes need (migration 0026 creates the extension;
 * PostgreSQL ships it in contrib).
 */
export async function pgliteOptions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { postgresqlconf: PGLITE_SETTINGS, extensions: { pg_trgm } };
}

export interface OpenOptions {
  /** PostgreSQL connection string; null for PGlite. */
  databaseUrl: string | null;
  /** PGlite data folder; null keeps it in memory (tests). */
  dataDir: string | null;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PGlite only: start from this dumped data folder (`dumpDataDir`) instead of an empty one. The
   * integration tests start each file's database from one migrated and seeded copy: an empty
   * PGlite runs initdb, about 4 s of a file's start, where loading a copy takes under 1 s.
   */
  pgliteImage?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzle(pool);
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    };
    try {
      await exclusively(() => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    const listeners = new Set<PostgresListener>();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exclusively,
      async listen(channel, handler) {
        const listener = new PostgresListener(() => new pg.Client({ connectionString: options.databaseUrl! }), channel, handler);
        listeners.add(listener);
        try {
          await listener.start();
        } catch (error) {
          listeners.delete(listener);
          await listener.stop();
          throw error;
        }
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
      async close() {
        await Promise.all([...listeners].map((listener) => listener.stop()));
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, { ...(await pgliteOptions()), ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}) });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exclusively: (work) => work(),
    // One process, one connection: a notification arrives as its transaction commits.
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, (payload) => handler(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1_000;

/**
 * LISTEN on PostgreSQL: a connection of its own (a pooled one would be handed to queries), made
 * again whenever it is lost. After a reconnection the handler gets null: what was notified in
 * between is unknown.
 */
class PostgresListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  private readonly connect: () => pg.Client;
  private readonly channel: string;
  private readonly handler: NotificationHandler;

  constructor(connect: () => pg.Client, channel: string, handler: NotificationHandler) {
    this.connect = connect;
    this.channel = channel;
    this.handler = handler;
  }

  async start(): Promise<void> {
    const client = this.connect();
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handler(message.payload ?? '');
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      this.reconnectLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    // The channel is ours (a constant), never user input; LISTEN takes no parameters.
    await client.query(`LISTEN ${this.channel}`);
  }

  private async reconnect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    try {
      await this.start();
      this.handler(null);
    } catch {
      const failed = this.client;
      this.client = null;
      await failed?.end().catch(() => {});
      this.reconnectLater();
    }
  }

  private reconnectLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => void this.reconnect(), RECONNECT_MS);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
