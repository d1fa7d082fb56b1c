/** The screen's period picker state and the report request it makes (pure, so the unit tests reach it). */
import type { TaxReportPeriod } from '../../../domain/back-office/tax-report.model.ts';

export type PeriodKind = TaxReportPeriod['kind'];

export interface PeriodChoice {
  kind: PeriodKind;
  year: number;
  /** 1-12. */
  month: number;
  quarter: 1 | 2 | 3 | 4;
  /** `YYYY-MM-DD` each; null until both days are chosen. */
  days: [string, string] | null;
}

/** This month (UTC), the quarter it is in, and the month so far as the custom days. */
export function initialChoice(now: Date): PeriodChoice {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const today = now.toISOString().slice(0, 10);
  return { kind: 'month', year, month, quarter: (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4, days: [`${today.slice(0, 8)}01`, today] };
}

/** The request's period, or null while the custom days are not chosen. */
export function periodOf(choice: PeriodChoice): TaxReportPeriod | null {
  if (choice.kind === 'month') return { kind: 'month', month: `${choice.year}-${String(choice.month).padStart(2, '0')}` };
  if (choice.kind === 'quarter') return { kind: 'quarter', year: choice.year, quarter: choice.quarter };
  return choice.days ? { kind: 'custom', from: choice.days[0], to: choice.days[1] } : null;
}

/** The years offered: from 2020 (before the shop sold anything) to this one, newest first. */
export function yearsUpTo(now: Date): number[] {
  const last = now.getUTCFullYear();
  return Array.from({ length: Math.max(1, last - 2019) }, (_, i) => last - i);
}
