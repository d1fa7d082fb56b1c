/**
 * The outbox's worker loop, shared by mail (outbox.ts) and webhooks (modules/webhooks): one queue
 * machinery for both. A subclass claims a batch of due rows (`pass`) with `dueOrLapsed` and
 * `later`; the loop runs passes when woken (a NOTIFY) or every pollMs, one at a time, and stops
 * after the rows it holds are done.
 */
import { and, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { loggableError } from '../../errors.ts';

/** The most rows one worker claims at once. */
export const CLAIM_BATCH = 20;

/** `now() + value ms`, for a claim's end or a row's next attempt. */
export const later = (value: number) => sql`now() + ${`${Math.max(0, Math.round(value))} milliseconds`}::interval`;

/** The rows a worker may claim: pending and due, or claimed by a worker whose claim lapsed (it died mid-send). */
export function dueOrLapsed(t: { status: PgColumn; nextAttemptAt: PgColumn; claimedUntil: PgColumn }): SQL {
  return or(and(eq(t.status, 'pending'), lte(t.nextAttemptAt, sql`now()`)), and(eq(t.status, 'sending'), lt(t.claimedUntil, sql`now()`)))!;
}

export interface LoopLog {
  error(details: object, message: string): void;
}

export abstract class OutboxLoop {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<number> | null = null;
  private again = false;
  private stopped = true;

  private readonly loop: { log: LoopLog; pollMs: number; what: string };

  /** `what` names the queue in the log ("mail outbox"). */
  constructor(loop: { log: LoopLog; pollMs: number; what: string }) {
    this.loop = loop;
  }

  /** Claims up to CLAIM_BATCH due rows and sends them; answers how many it claimed. */
  abstract pass(): Promise<number>;

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due rows now (a NOTIFY said some were queued). */
  wake(): void {
    if (this.stopped) return;
    if (this.current) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.current = this.sendDue()
      .catch((error: unknown) => {
        this.loop.log.error({ err: loggableError(error) }, `${this.loop.what} pass failed`);
        return 0;
      })
      .finally(() => {
        this.current = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.loop.pollMs);
        this.timer.unref();
      });
  }

  /** Stops the worker after the rows it holds are sent (or failed). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  /** Sends every due row, waiting for the worker's own passes too; answers how many this call claimed (tests). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      while (this.current) await this.current;
      const claimed = await this.sendDue();
      total += claimed;
      if (claimed === 0 && !this.current) return total;
    }
  }

  private async sendDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.pass();
      total += claimed;
      if (claimed < CLAIM_BATCH) return total;
    }
  }
}
