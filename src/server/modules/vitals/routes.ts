/**
 * The vitals calls: storefront pages report (anyone, throttled per address), staff read the
 * percentiles (dashboard:view). docs/performance.md "Real-user vitals".
 */
import type { FastifyPluginAsync } from 'fastify';
import { vitalsApi } from '../../../domain/api/vitals.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { vitalsReportSchema, vitalsSummaryRequestSchema } from '../../../domain/vitals.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { callerOf } from '../../http/context.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { msg } from '../../messages/index.ts';
import { LIMITS, type RateLimiter } from '../accounts/index.ts';
import type { VitalsStore } from './vitals.ts';

/** A report is a few dozen bytes; anything near this is not one. */
const REPORT_BODY_LIMIT = 2048;

export interface VitalsRouteDeps {
  store: VitalsStore;
  limiter: RateLimiter;
}

export function vitalsRoutes({ store, limiter }: VitalsRouteDeps, guards: Guards): FastifyPluginAsync {
  return async function vitals(app) {
    // navigator.sendBeacon sends a string as text/plain, the one type that needs no CORS
    // preflight: here it is read as JSON, with JSON's errors (1002), for these routes only.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
    await app.register(
      contractRoutes({ tags: ['vitals'] }, (route) => {
        route(vitalsApi.report, {
          summary: "A page view's real-user vitals (page type, locale, values); nothing that names the visitor is kept",
          request: vitalsReportSchema,
          bodyLimit: REPORT_BODY_LIMIT,
          handler: async (request) => {
            // The address is only counted (an HMAC of it, in the throttle's row), never stored with the values.
            await limiter.enforce([[LIMITS.vitals, callerOf(request).ip]], (wait) => msg('throttle.vitals', { wait }));
            await store.record(request.body);
            return ok(null);
          },
        });
        const watch = staffCalls(route, guards.requirePermission(PERMISSIONS.DASHBOARD_VIEW));
        watch(vitalsApi.summary, 'The 75th percentile of each vital per page type and locale, today or over the last 7 days', vitalsSummaryRequestSchema, ({ body }) => store.summary(body.days));
      }),
    );
  };
}
