/**
 * Tells every instance which products' stock checkout took, a moment after the orders commit:
 * one NOTIFY statement per batch instead of one inside each order's transaction (a NOTIFY makes
 * commits wait on each other: migration 0014). Cached product answers then show the new stock
 * within about BATCH_MS.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CATALOGUE_CHANNEL } from './catalogue.ts';

const BATCH_MS = 100;

export class StockNews {
  private readonly db: Db;
  private readonly failed: (error: unknown) => void;
  private waiting = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;

  constructor(db: Db, failed: (error: unknown) => void) {
    this.db = db;
    this.failed = failed;
  }

  /** These products' stock changed in a transaction that has committed. */
  changed(productIds: Iterable<number>): void {
    for (const id of productIds) this.waiting.add(id);
    if (this.waiting.size > 0 && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), BATCH_MS);
      this.timer.unref();
    }
  }

  /** Sends what waits now (and waits for a batch under way): shutdown. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sending;
    const ids = [...this.waiting];
    this.waiting = new Set();
    if (ids.length === 0) return;
    const payloads = ids.map((id) => `product_sizes:${id}`);
    this.sending = this.db
      .execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`)
      .then(
        () => undefined,
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.sending = null;
      });
    await this.sending;
  }
}
