/** The audit log's browse call (docs/back-office.md "Writes and the audit log"): R_SUPER's (audit:view). */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { AuditRow } from '../../back-office/audit.model.ts';
import type { auditListRequestSchema } from '../../back-office/audit.schema.ts';
import { post } from '../endpoint.ts';

export const adminAuditApi = {
  auditList: post<z.input<typeof auditListRequestSchema>, Page<AuditRow>>('/admin/audit/list'),
};
