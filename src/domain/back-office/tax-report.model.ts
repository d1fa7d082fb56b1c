/**
 * The merchant's tax report (docs/taxes.md "What the merchant declares"): the invoices and credit
 * notes issued in a period, summed per registration, jurisdiction, tax, class, rate and currency,
 * in the order currency and in EUR at each document's locked rate. Plain types and the period
 * arithmetic, no zod (tax-report.schema.ts holds the request's schema), so the screen may use them.
 */
import type { CurrencyCode } from '../money.model.ts';
import type { DeclaredUnder, TaxClass, TaxName } from '../tax/tax.model.ts';

/** Periods are UTC calendar days: the back office keeps no time zone of its own. */
export const TAX_REPORT_TIME_ZONE = 'UTC';
/** A custom period spans at most this many days (a year, a leap year's included). */
export const TAX_REPORT_MAX_DAYS = 366;

export type TaxReportPeriod =
  | { kind: 'month'; /** `2026-03` */ month: string }
  | { kind: 'quarter'; year: number; quarter: 1 | 2 | 3 | 4 }
  | { kind: 'custom'; /** `YYYY-MM-DD`, both days included. */ from: string; to: string };

/** Money of one row in one currency. Credit notes are negative, so `sales + credits = net`. */
export interface TaxReportAmounts {
  salesBase: number;
  salesTax: number;
  creditBase: number;
  creditTax: number;
  netBase: number;
  netTax: number;
}

/** What a report row is summed by. */
export interface TaxReportKey {
  declaredUnder: DeclaredUnder;
  /** Where the tax is owed: the member state of consumption, `GB`, `AU`, `CA-QC`, `US-NY`... */
  jurisdiction: string;
  tax: TaxName;
  taxClass: TaxClass;
  /** Thousandths of a percent (tax.model.ts). */
  rate: number;
  currency: CurrencyCode;
}

export interface TaxReportRow extends TaxReportKey {
  /** Documents with a line in this row. */
  invoices: number;
  creditNotes: number;
  /** In the currency's minor units. */
  amounts: TaxReportAmounts;
  /** In EUR cents, each document line converted at its document's locked rate and rounded once. */
  eur: TaxReportAmounts;
}

export interface TaxReport {
  /** The period's first and last day, included, in TAX_REPORT_TIME_ZONE. */
  from: string;
  to: string;
  timeZone: string;
  rows: TaxReportRow[];
  /** The rows' EUR columns added up. */
  totalEur: TaxReportAmounts;
  /** Documents issued in the period. */
  invoices: number;
  creditNotes: number;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A `YYYY-MM-DD` that names a real day, as a UTC midnight; null otherwise. */
export function parseDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== day ? null : date;
}

/** The period's first and last day (both included). */
export function periodDays(period: TaxReportPeriod): { from: string; to: string } {
  if (period.kind === 'custom') return { from: period.from, to: period.to };
  const [year, firstMonth, months] =
    period.kind === 'month' ? [Number(period.month.slice(0, 4)), Number(period.month.slice(5, 7)), 1] : [period.year, (period.quarter - 1) * 3 + 1, 3];
  const last = new Date(Date.UTC(year, firstMonth - 1 + months, 1) - DAY_MS);
  return { from: `${year}-${pad(firstMonth)}-01`, to: isoDay(last) };
}

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to)!.getTime() - parseDay(from)!.getTime()) / DAY_MS) + 1;
}

/** The instants a period covers: `start` included, `end` excluded. */
export function periodInstants(period: TaxReportPeriod): { start: Date; end: Date } {
  const { from, to } = periodDays(period);
  return { start: parseDay(from)!, end: new Date(parseDay(to)!.getTime() + DAY_MS) };
}
