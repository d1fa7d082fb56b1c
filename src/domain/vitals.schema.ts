/**
 * The vitals requests (vitals.model.ts): a page view's report, checked before anything is kept,
 * and the back office's summary window.
 */
import { z } from 'zod';
import { LOCALES } from './locale.ts';
import { PAGE_TYPES, VITAL_MAX, VITAL_METRICS, VITALS_WINDOWS, type VitalMetric } from './vitals.model.ts';

const measurement = (metric: VitalMetric) => z.number().finite().min(0).max(VITAL_MAX[metric]).optional();

/** Strict like every request: a report carrying anything else (a URL, an id) is refused, not trimmed. */
export const vitalsReportSchema = z.strictObject({
  page: z.enum(PAGE_TYPES),
  locale: z.enum(LOCALES),
  metrics: z
    .strictObject(Object.fromEntries(VITAL_METRICS.map((metric) => [metric, measurement(metric)])) as Record<VitalMetric, ReturnType<typeof measurement>>)
    .refine((metrics) => Object.values(metrics).some((value) => value !== undefined), 'a report names at least one vital'),
});

export const vitalsSummaryRequestSchema = z.strictObject({
  days: z.literal(VITALS_WINDOWS).default(7),
});
