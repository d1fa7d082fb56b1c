/**
 * Real-user vitals (docs/performance.md "Real-user vitals"): storefront pages report, staff read
 * the 75th percentiles (dashboard:view).
 */
import type { z } from 'zod';
import type { vitalsReportSchema, vitalsSummaryRequestSchema } from '../vitals.schema.ts';
import type { VitalsSummary } from '../vitals.model.ts';
import { post } from './endpoint.ts';

export const vitalsApi = {
  /** A page view's vitals, sent by `navigator.sendBeacon` (a `text/plain` body holding JSON, or JSON). */
  report: post<z.input<typeof vitalsReportSchema>, null>('/demo/vitals/report'),
  summary: post<z.input<typeof vitalsSummaryRequestSchema>, VitalsSummary>('/admin/vitals/summary'),
} as const;
