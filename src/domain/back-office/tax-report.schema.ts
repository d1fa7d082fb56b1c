/** The tax report's request (docs/api.md): a month, a quarter, or custom days of at most a year. */
import { z } from 'zod';
import { TAX_REPORT_MAX_DAYS, daysBetween, parseDay } from './tax-report.model.ts';

const day = z.string().refine((text) => parseDay(text) !== null, 'dates are real days written YYYY-MM-DD');

export const taxReportPeriodSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('month'), month: z.string().regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'a month is written YYYY-MM') }),
  z.strictObject({ kind: z.literal('quarter'), year: z.int().min(1900).max(2199), quarter: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }),
  z
    .strictObject({ kind: z.literal('custom'), from: day, to: day })
    .refine((p) => parseDay(p.from) === null || parseDay(p.to) === null || p.from <= p.to, { path: ['to'], error: 'the period ends before it starts' })
    .refine((p) => parseDay(p.from) === null || parseDay(p.to) === null || p.from > p.to || daysBetween(p.from, p.to) <= TAX_REPORT_MAX_DAYS, {
      path: ['to'],
      error: `a custom period spans at most ${TAX_REPORT_MAX_DAYS} days`,
    }),
]);

export const taxReportRequestSchema = z.strictObject({ period: taxReportPeriodSchema });
export type TaxReportRequest = z.output<typeof taxReportRequestSchema>;
