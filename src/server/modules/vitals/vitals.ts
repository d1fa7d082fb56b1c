/**
 * Real-user vitals, stored bounded (docs/decisions.md "Real-user vitals"). Each (day, page type,
 * locale, vital) keeps a count of the page views that reported it and a uniform reservoir of at
 * most RESERVOIR_SIZE values (Vitter's algorithm R: the n-th value takes a random slot with
 * probability size/n), so a shop's millions of views a day cost at most a few hundred rows per key
 * and two statements per report. The 75th percentile over several days weighs each day's values
 * by the views they stand for (seen / kept), so a busy day counts as much as it was busy.
 */
import { lt, sql } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale.ts';
import { VITAL_METRICS, type PageType, type VitalMetric, type VitalsReport, type VitalsRow, type VitalsSummary } from '../../../domain/vitals.model.ts';
import { DAY_MS, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { vitalsCounts, vitalsSamples } from './schema.ts';

/** Values kept per day, page type, locale and vital: a p75 within about 2 percentile points. */
export const RESERVOIR_SIZE = 500;
/** Days kept; housekeeping removes older ones. */
export const RETENTION_DAYS = 35;


function dayOf(at: Date, daysBack = 0): string {
  return new Date(at.getTime() - daysBack * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The slot the `seen`-th value goes to in a reservoir of `size` (algorithm R), or null when it
 * is not kept: the first `size` values fill the slots, each later one replaces a random slot with
 * probability size/seen.
 */
export function reservoirSlot(seen: number, size: number, random: () => number): number | null {
  if (seen <= size) return seen - 1;
  const pick = Math.floor(random() * seen);
  return pick < size ? pick : null;
}

export interface VitalsStoreOptions {
  db: Db;
  clock: Clock;
  reservoirSize?: number;
  random?: () => number;
}

export class VitalsStore {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly size: number;
  private readonly random: () => number;

  constructor({ db, clock, reservoirSize = RESERVOIR_SIZE, random = Math.random }: VitalsStoreOptions) {
    this.db = db;
    this.clock = clock;
    this.size = reservoirSize;
    this.random = random;
  }

  /** Counts the report's vitals and keeps each value if its reservoir takes it. */
  async record(report: VitalsReport): Promise<void> {
    const day = dayOf(this.clock());
    const measured = VITAL_METRICS.flatMap((metric) => (report.metrics[metric] === undefined ? [] : [{ metric, value: report.metrics[metric] }]));
    if (measured.length === 0) return;
    const key = { day, pageType: report.page, locale: report.locale };
    const counted = await this.db
      .insert(vitalsCounts)
      .values(measured.map(({ metric }) => ({ ...key, metric, seen: 1 })))
      .onConflictDoUpdate({ target: [vitalsCounts.day, vitalsCounts.pageType, vitalsCounts.locale, vitalsCounts.metric], set: { seen: sql`${vitalsCounts.seen} + 1` } })
      .returning({ metric: vitalsCounts.metric, seen: vitalsCounts.seen });
    const kept = measured.flatMap(({ metric, value }) => {
      const seen = counted.find((row) => row.metric === metric)?.seen;
      const slot = seen === undefined ? null : reservoirSlot(seen, this.size, this.random);
      return slot === null ? [] : [{ ...key, metric, slot, value }];
    });
    if (kept.length === 0) return;
    await this.db
      .insert(vitalsSamples)
      .values(kept)
      .onConflictDoUpdate({
        target: [vitalsSamples.day, vitalsSamples.pageType, vitalsSamples.locale, vitalsSamples.metric, vitalsSamples.slot],
        set: { value: sql`excluded.value` },
      });
  }

  /** p75 per page type, locale and vital over today and the `days - 1` days before it (UTC). */
  async summary(days: number): Promise<VitalsSummary> {
    const from = dayOf(this.clock(), days - 1);
    // Each kept value stands for seen / kept views of its day; p75 is the first value (in order)
    // at which the running weight reaches three quarters of the total.
    const result = await this.db.execute(sql`
      with weighted as (
        select s.page_type, s.locale, s.metric, s.value, c.seen::float8 / k.kept as weight
        from ${vitalsSamples} s
        join ${vitalsCounts} c using (day, page_type, locale, metric)
        join (select day, page_type, locale, metric, count(*) as kept from ${vitalsSamples} where day >= ${from} group by 1, 2, 3, 4) k
          using (day, page_type, locale, metric)
        where s.day >= ${from}
      ),
      ranked as (
        select page_type, locale, metric, value,
          sum(weight) over (partition by page_type, locale, metric order by value rows unbounded preceding) as running,
          sum(weight) over (partition by page_type, locale, metric) as total
        from weighted
      ),
      p75 as (
        select page_type, locale, metric, min(value) filter (where running >= 0.75 * total * (1 - 1e-12)) as p75 from ranked group by 1, 2, 3
      ),
      views as (
        select page_type, locale, metric, sum(seen)::int as views from ${vitalsCounts} where day >= ${from} group by 1, 2, 3
      )
      select v.page_type, v.locale, v.metric, v.views, p.p75
      from views v join p75 p using (page_type, locale, metric)
      order by v.page_type, v.locale`);
    const byKey = new Map<string, VitalsRow>();
    for (const row of (result as unknown as { rows: { page_type: PageType; locale: Locale; metric: VitalMetric; views: number; p75: number }[] }).rows) {
      const key = `${row.page_type}/${row.locale}`;
      const entry = byKey.get(key) ?? { page: row.page_type, locale: row.locale, metrics: { LCP: null, INP: null, CLS: null, TTFB: null } };
      entry.metrics[row.metric] = { p75: Number(row.p75), views: Number(row.views) };
      byKey.set(key, entry);
    }
    return { days, from, rows: [...byKey.values()] };
  }

  /** Removes the days past RETENTION_DAYS (housekeeping). */
  async sweep(): Promise<void> {
    const before = dayOf(this.clock(), RETENTION_DAYS);
    await this.db.delete(vitalsSamples).where(lt(vitalsSamples.day, before));
    await this.db.delete(vitalsCounts).where(lt(vitalsCounts.day, before));
  }
}
