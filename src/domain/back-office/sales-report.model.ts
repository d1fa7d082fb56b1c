/**
 * The owner's sales report (docs/back-office.md "Reports"): the paid orders of UTC days [from, to],
 * beside the same number of days just before, per day, week or month and per product, team,
 * sport, country, currency, coupon and personalised vs plain. Plain types and the pure period and
 * grouping arithmetic (no zod: sales-report.schema.ts holds the request), so the screen may use them.
 */
import { divRound } from '../money.model.ts';
import { parseDay } from './tax-report.model.ts';

/** Days are UTC calendar days, as the tax report's and the dashboard's: the back office keeps no time zone of its own. */
export const SALES_REPORT_TIME_ZONE = 'UTC';
/** A report spans at most this many days (two years, so a year may be read by day beside the one before). */
export const SALES_REPORT_MAX_DAYS = 731;

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** What the breakdown tables split the sales by: the first three by order line, the others by order. */
export const REPORT_DIMENSIONS = ['product', 'team', 'sport', 'country', 'currency', 'coupon', 'personalised'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
export const LINE_DIMENSIONS: readonly ReportDimension[] = ['product', 'team', 'sport'];

/** What the screen shows and the CSV exports: the time series or one breakdown. */
export type ReportView = 'series' | ReportDimension;

/**
 * One set of figures, in EUR cents: each order's amounts converted at its locked rates and rounded
 * once per order (as orders.total_eur), each refund at its order's rates. `net = gross - tax`.
 */
export interface SalesFigures {
  /** Paid orders (by the day they were paid). */
  orders: number;
  /** Shirts in them. */
  units: number;
  /** What the buyers paid: items after discounts, shipping, tax. */
  grossEur: number;
  taxEur: number;
  netEur: number;
  /** Completed refunds, by the day they were made (whenever the order was paid). */
  refundsEur: number;
  /** grossEur / orders, rounded half away from zero; 0 without orders. */
  averageEur: number;
}

export interface SalesBucket extends SalesFigures {
  /** The bucket's first day (a Monday for weeks, the 1st for months), `YYYY-MM-DD`; the first bucket may start before `from`. */
  start: string;
}

/** The same figures in an order currency's minor units (the currency breakdown). */
export interface CurrencyAmounts {
  gross: number;
  tax: number;
  net: number;
  refunds: number;
}

/**
 * One breakdown row. By order line (product, team, sport) only units and the lines' sales exist:
 * the order's discounts, shipping and tax belong to no line, so `grossEur` is the lines' total
 * there, and tax, net and refunds are null.
 */
export interface ReportRow {
  /** The product or team id, the sport, country or currency code, the coupon code ('' for none), `personalised`/`plain`; `none` for a line whose product or team is unknown. */
  key: string;
  /** The product's title or the team's name in the caller's language; null where the key names itself. */
  label: string | null;
  orders: number;
  units: number;
  grossEur: number;
  taxEur: number | null;
  netEur: number | null;
  refundsEur: number | null;
  averageEur: number | null;
  /** The currency breakdown's amounts in the currency itself. */
  amounts?: CurrencyAmounts;
}

export interface SalesReport {
  from: string;
  to: string;
  grouping: ReportGrouping;
  timeZone: string;
  /** The comparison: the same number of days ending the day before `from`. */
  previous: { from: string; to: string };
  totals: SalesFigures;
  previousTotals: SalesFigures;
  series: SalesBucket[];
  breakdowns: Record<ReportDimension, ReportRow[]>;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(parseDay(day)!.getTime() + days * DAY_MS));

export const emptyFigures = (): SalesFigures => ({ orders: 0, units: 0, grossEur: 0, taxEur: 0, netEur: 0, refundsEur: 0, averageEur: 0 });

export function averageOf(grossEur: number, orders: number): number {
  return orders > 0 ? divRound(grossEur, orders) : 0;
}

/** The days just before [from, to], as many as it has. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = Math.round((parseDay(to)!.getTime() - parseDay(from)!.getTime()) / DAY_MS) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The first day of the day's bucket: itself, its week's Monday (ISO weeks) or its month's 1st. */
export function bucketStart(day: string, grouping: ReportGrouping): string {
  if (grouping === 'day') return day;
  if (grouping === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (parseDay(day)!.getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket's first day from the one holding `from` to the one holding `to`, so days without sales still show. */
export function bucketStarts(from: string, to: string, grouping: ReportGrouping): string[] {
  const starts: string[] = [];
  let day = bucketStart(from, grouping);
  while (day <= to) {
    starts.push(day);
    if (grouping === 'day') day = addDays(day, 1);
    else if (grouping === 'week') day = addDays(day, 7);
    else {
      const date = parseDay(day)!;
      day = isoDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
    }
  }
  return starts;
}

/**
 * The change from `previous` to `current` in whole tenths of a percent (12.5% is 125), or null
 * when there was nothing before to compare with.
 */
export function changePermille(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return divRound((current - previous) * 1000, Math.abs(previous));
}

export const REPORT_PRESETS = ['last7', 'last30', 'thisMonth', 'lastMonth', 'thisQuarter'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** A preset's days (UTC), ending today for "last" ones and the running month or quarter. */
export function presetDays(preset: ReportPreset, now: Date): { from: string; to: string } {
  const today = isoDay(now);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: isoDay(new Date(Date.UTC(year, month, 1))), to: today };
    case 'lastMonth':
      return { from: isoDay(new Date(Date.UTC(year, month - 1, 1))), to: isoDay(new Date(Date.UTC(year, month, 0))) };
    case 'thisQuarter':
      return { from: isoDay(new Date(Date.UTC(year, month - (month % 3), 1))), to: today };
  }
}

/** The grouping that keeps a chart readable: days up to two months, weeks up to half a year, months beyond. */
export function naturalGrouping(from: string, to: string): ReportGrouping {
  const days = Math.round((parseDay(to)!.getTime() - parseDay(from)!.getTime()) / DAY_MS) + 1;
  return days <= 62 ? 'day' : days <= 190 ? 'week' : 'month';
}
