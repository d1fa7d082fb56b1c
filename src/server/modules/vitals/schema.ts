/**
 * Real-user vitals, kept bounded (docs/decisions.md "Real-user vitals"): per day, page type,
 * locale and vital, how many page views reported it (`vitals_counts.seen`) and a uniform sample
 * of at most RESERVOIR_SIZE of their values (`vitals_samples`, one row per slot), from which the
 * 75th percentile is read. No address, visitor, session, URL or time of day is stored.
 */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** The key every row of both tables carries. */
const key = () => ({
  /** UTC day of receipt (YYYY-MM-DD). */
  day: date('day', { mode: 'string' }).notNull(),
  pageType: text('page_type').notNull(),
  locale: text('locale').notNull(),
  metric: text('metric').notNull(),
});

export const vitalsCounts = pgTable('vitals_counts', { ...key(), seen: integer('seen').notNull() }, (t) => [primaryKey({ columns: [t.day, t.pageType, t.locale, t.metric] })]);

export const vitalsSamples = pgTable(
  'vitals_samples',
  { ...key(), slot: smallint('slot').notNull(), value: doublePrecision('value').notNull() },
  (t) => [primaryKey({ columns: [t.day, t.pageType, t.locale, t.metric, t.slot] }), check('vitals_samples_slot_ck', sql`${t.slot} >= 0`)],
);
