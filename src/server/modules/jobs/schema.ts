/**
 * Background work that must run once across every instance (docs/architecture.md "Background
 * work"): one row per named job, holding who runs it now and until when.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';

export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** `host:pid` of the instance holding the lease; null when free. */
  holder: text('holder'),
  /** The lease lapses at this time: an instance that died holding it gives it up by not renewing. */
  until: at('until'),
  /** A periodic job is due again at this time (null: now). */
  nextRunAt: at('next_run_at'),
  lastRunAt: at('last_run_at'),
  /** The last run's error, null when it succeeded. */
  lastError: text('last_error'),
});
