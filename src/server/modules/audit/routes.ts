/** R_SUPER browses the audit log (audit:view), newest first, filtered by actor, action, entity and days. */
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { auditListRequestSchema } from '../../../domain/back-office/audit.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { pageOf } from '../../db/paging.ts';
import type { AuditLog } from './audit.ts';
import { DAY_MS } from '../../clock.ts';


export function auditRoutes(audit: AuditLog, guards: Guards) {
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminAuditApi.auditList, {
      summary: 'The audit log: who, when, what, and the values before and after',
      preValidation: guards.requirePermission(PERMISSIONS.AUDIT_VIEW),
      request: auditListRequestSchema,
      handler: async (request) => {
        const { current, size, from, to, ...filter } = request.body;
        const { records, total } = await audit.list(
          {
            ...filter,
            // Days are UTC; `to` includes its whole day.
            ...(from ? { from: new Date(`${from}T00:00:00Z`) } : {}),
            ...(to ? { to: new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
          },
          { current, size },
        );
        return ok(pageOf(records.map((r) => ({ ...r, at: r.at.toISOString() })), total, { current, size }));
      },
    });
  });
}
