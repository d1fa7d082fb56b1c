/** The sales report's requests (docs/api.md): UTC days of at most two years, a grouping, and for the CSV what is shown. */
import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_GROUPINGS, SALES_REPORT_MAX_DAYS } from './sales-report.model.ts';
import { daysBetween, parseDay } from './tax-report.model.ts';

const day = z.string().refine((text) => parseDay(text) !== null, 'dates are real days written YYYY-MM-DD');

const range = {
  from: day,
  to: day,
  grouping: z.enum(REPORT_GROUPINGS),
};

type Range = { from: string; to: string };
const ordered = (p: Range) => parseDay(p.from) === null || parseDay(p.to) === null || p.from <= p.to;
const short = (p: Range) => !ordered(p) || parseDay(p.from) === null || parseDay(p.to) === null || daysBetween(p.from, p.to) <= SALES_REPORT_MAX_DAYS;

export const salesReportRequestSchema = z
  .strictObject(range)
  .refine(ordered, { path: ['to'], error: 'the period ends before it starts' })
  .refine(short, { path: ['to'], error: `a report spans at most ${SALES_REPORT_MAX_DAYS} days` });

export const salesReportExportSchema = z
  .strictObject({ ...range, view: z.enum(['series', ...REPORT_DIMENSIONS]) })
  .refine(ordered, { path: ['to'], error: 'the period ends before it starts' })
  .refine(short, { path: ['to'], error: `a report spans at most ${SALES_REPORT_MAX_DAYS} days` });

export type SalesReportRequest = z.output<typeof salesReportRequestSchema>;
export type SalesReportExportRequest = z.output<typeof salesReportExportSchema>;
