/** R_SUPER browses the audit log (audit:view), newest first, filtered by actor, action, entity and days. */
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { auditListRequestSchema } from '../../../domain/back-office/audit.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import { pageOf } from '../../db/paging.ts';
import type { AuditLog } from './audit.ts';
import { DAY_MS } from '../../clock.ts';


export function auditRoutes(audit: AuditLog, guards: Guards) {
  return backOfficeCalls(guards, [PERMISSIONS.AUDIT_VIEW], (browse) => {
    browse(adminAuditApi.auditList, 'The audit log: who, when, what, and the values before and after', auditListRequestSchema, async ({ body }) => {
      const { current, size, from, to, ...filter } = body;
      const { records, total } = await audit.list(
        {
          ...filter,
          // Days are UTC; `to` includes its whole day.
          ...(from ? { from: new Date(`${from}T00:00:00Z`) } : {}),
          ...(to ? { to: new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
        },
        { current, size },
      );
      return pageOf(records.map((r) => ({ ...r, at: r.at.toISOString() })), total, { current, size });
    });
  });
}
