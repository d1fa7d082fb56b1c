/**
 * Leases in the database: an instance holds a named lease until a time it keeps pushing back while
 * it works. One that dies stops renewing, so the lease lapses and another instance takes over.
 * The database's clock decides (`now()`), so instances whose clocks differ still agree.
 */
import { and, eq, sql } from 'drizzle-orm';
import { hostname } from 'node:os';
import type { Db } from '../../db/client.ts';
import { jobLeases } from './schema.ts';

/** This process, as lease holders and mail claims name it. */
export const INSTANCE_ID = `${hostname()}:${process.pid}`;

const interval = (ms: number) => sql`now() + ${`${Math.max(1, Math.round(ms))} milliseconds`}::interval`;

export class Leases {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Takes (or renews) lease `name` for `ms`; false while another holder has it. With `dueOnly`,
   * taken only when the job's next run is due as well.
   */
  async take(name: string, holder: string, ms: number, dueOnly = false): Promise<boolean> {
    const free = sql`(${jobLeases.until} is null or ${jobLeases.until} < now() or ${jobLeases.holder} = ${holder})`;
    const due = dueOnly ? sql` and (${jobLeases.nextRunAt} is null or ${jobLeases.nextRunAt} <= now())` : sql``;
    const taken = await this.db
      .insert(jobLeases)
      .values({ name, holder, until: interval(ms) })
      .onConflictDoUpdate({ target: jobLeases.name, set: { holder, until: interval(ms) }, setWhere: sql`${free}${due}` })
      .returning({ name: jobLeases.name });
    return taken.length === 1;
  }

  /** Gives the lease up (if still ours); a periodic job says when it is due again and how its run ended. */
  async release(name: string, holder: string, after?: { nextInMs: number | null; error: string | null }): Promise<void> {
    await this.db
      .update(jobLeases)
      .set({
        holder: null,
        until: null,
        ...(after ? { lastRunAt: sql`now()`, lastError: after.error, nextRunAt: after.nextInMs === null ? null : interval(after.nextInMs) } : {}),
      })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
  }

  async all(): Promise<(typeof jobLeases.$inferSelect)[]> {
    return this.db.select().from(jobLeases).orderBy(jobLeases.name);
  }
}
