/** The sales report's pure arithmetic: previous periods, buckets, presets, the change in percent, and the request's refusals. */
import { describe, expect, it } from 'vitest';
import { averageOf, bucketStart, bucketStarts, changePermille, naturalGrouping, presetDays, previousPeriod } from '../../../../src/domain/back-office/sales-report.model.ts';
import { salesReportExportSchema, salesReportRequestSchema } from '../../../../src/domain/back-office/sales-report.schema.ts';

describe('sales report periods', () => {
  it('compares with as many days just before, across month and leap-year ends', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod('2024-03-01', '2024-03-31')).toEqual({ from: '2024-01-30', to: '2024-02-29' });
    expect(previousPeriod('2026-01-01', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(previousPeriod('2026-01-01', '2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('starts weeks on Monday and months on the 1st', () => {
    expect(bucketStart('2026-03-01', 'week')).toBe('2026-02-23'); // a Sunday
    expect(bucketStart('2026-03-02', 'week')).toBe('2026-03-02'); // a Monday
    expect(bucketStart('2026-03-17', 'month')).toBe('2026-03-01');
    expect(bucketStart('2026-03-17', 'day')).toBe('2026-03-17');
  });

  it('lists every bucket of the period, empty ones too', () => {
    expect(bucketStarts('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(bucketStarts('2026-03-01', '2026-03-16', 'week')).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16']);
    expect(bucketStarts('2025-11-15', '2026-02-01', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(bucketStarts('2026-01-31', '2026-03-01', 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('gives the presets’ UTC days', () => {
    const now = new Date('2026-05-14T23:30:00Z');
    expect(presetDays('last7', now)).toEqual({ from: '2026-05-08', to: '2026-05-14' });
    expect(presetDays('last30', now)).toEqual({ from: '2026-04-15', to: '2026-05-14' });
    expect(presetDays('thisMonth', now)).toEqual({ from: '2026-05-01', to: '2026-05-14' });
    expect(presetDays('lastMonth', now)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(presetDays('thisQuarter', now)).toEqual({ from: '2026-04-01', to: '2026-05-14' });
    expect(presetDays('lastMonth', new Date('2026-01-10T00:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetDays('thisQuarter', new Date('2026-12-31T12:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('picks a readable grouping for the length', () => {
    expect(naturalGrouping('2026-03-01', '2026-03-31')).toBe('day');
    expect(naturalGrouping('2026-01-01', '2026-03-31')).toBe('week');
    expect(naturalGrouping('2026-01-01', '2026-12-31')).toBe('month');
  });

  it('says the change in tenths of a percent, none without a previous figure', () => {
    expect(changePermille(1125, 1000)).toBe(125);
    expect(changePermille(900, 1000)).toBe(-100);
    expect(changePermille(0, 1000)).toBe(-1000);
    expect(changePermille(1, 3)).toBe(-667);
    expect(changePermille(500, 0)).toBeNull();
    expect(averageOf(1000, 3)).toBe(333);
    expect(averageOf(1001, 2)).toBe(501);
    expect(averageOf(0, 0)).toBe(0);
  });

  it('refuses backwards, too long, unreal or unknown requests', () => {
    expect(salesReportRequestSchema.safeParse({ from: '2026-03-01', to: '2026-03-31', grouping: 'week' }).success).toBe(true);
    expect(salesReportRequestSchema.safeParse({ from: '2026-03-31', to: '2026-03-01', grouping: 'day' }).success).toBe(false);
    expect(salesReportRequestSchema.safeParse({ from: '2024-01-01', to: '2025-12-31', grouping: 'month' }).success).toBe(true);
    expect(salesReportRequestSchema.safeParse({ from: '2024-01-01', to: '2026-01-01', grouping: 'month' }).success).toBe(false);
    expect(salesReportRequestSchema.safeParse({ from: '2026-02-29', to: '2026-03-01', grouping: 'day' }).success).toBe(false);
    expect(salesReportRequestSchema.safeParse({ from: '2026-03-01', to: '2026-03-02', grouping: 'day', extra: 1 }).success).toBe(false);
    expect(salesReportExportSchema.safeParse({ from: '2026-03-01', to: '2026-03-02', grouping: 'day', view: 'coupon' }).success).toBe(true);
    expect(salesReportExportSchema.safeParse({ from: '2026-03-01', to: '2026-03-02', grouping: 'day', view: 'email' }).success).toBe(false);
  });
});
