/** The tax report's periods: months, quarters and custom days as UTC days and instants, and the request's refusals. */
import { describe, expect, it } from 'vitest';
import { daysBetween, parseDay, periodDays, periodInstants } from '../../../../src/domain/back-office/tax-report.model.ts';
import { taxReportRequestSchema } from '../../../../src/domain/back-office/tax-report.schema.ts';
import { initialChoice, periodOf } from '../../../../src/admin/screens/tax-report/period.ts';

describe('tax report periods', () => {
  it('gives a month’s and a quarter’s first and last day, leap Februaries included', () => {
    expect(periodDays({ kind: 'month', month: '2024-02' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodDays({ kind: 'month', month: '2026-02' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodDays({ kind: 'month', month: '2026-12' })).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodDays({ kind: 'quarter', year: 2026, quarter: 1 })).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodDays({ kind: 'quarter', year: 2026, quarter: 4 })).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('covers from the first day’s UTC midnight up to, not including, the midnight after the last day', () => {
    const { start, end } = periodInstants({ kind: 'custom', from: '2026-03-31', to: '2026-04-01' });
    expect(start.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(end.toISOString()).toBe('2026-04-02T00:00:00.000Z');
  });

  it('reads real days only and counts days both included', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
    expect(parseDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
  });

  it('refuses a period that ends before it starts, spans over 366 days, or names no month', () => {
    const issues = (period: unknown) => {
      const parsed = taxReportRequestSchema.safeParse({ period });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(issues({ kind: 'custom', from: '2024-01-01', to: '2024-12-31' })).toEqual([]);
    expect(issues({ kind: 'custom', from: '2026-04-02', to: '2026-04-01' })).toEqual(['the period ends before it starts']);
    expect(issues({ kind: 'custom', from: '2025-01-01', to: '2026-01-02' })).toEqual(['a custom period spans at most 366 days']);
    expect(issues({ kind: 'month', month: '2026-00' })).toEqual(['a month is written YYYY-MM']);
    expect(issues({ kind: 'quarter', year: 2026, quarter: 0 })).not.toEqual([]);
    expect(issues({ kind: 'month', month: '2026-01', extra: 1 })).not.toEqual([]);
  });

  it('starts the screen on this UTC month and makes its request from the picker', () => {
    const choice = initialChoice(new Date('2026-05-31T23:30:00Z'));
    expect(periodOf(choice)).toEqual({ kind: 'month', month: '2026-05' });
    expect(periodOf({ ...choice, kind: 'quarter' })).toEqual({ kind: 'quarter', year: 2026, quarter: 2 });
    expect(periodOf({ ...choice, kind: 'custom' })).toEqual({ kind: 'custom', from: '2026-05-01', to: '2026-05-31' });
    expect(periodOf({ ...choice, kind: 'custom', days: null })).toBeNull();
  });
});
