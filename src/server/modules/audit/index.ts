/** The audit module: the back office's record of every write (who, when, what, before and after). */
export * from './schema.ts';
export { ACCESS_ACTIONS, AuditLog, AuditedDesk, type AuditActor, type AuditEntry, type AuditFilter, type AuditRecord, type Refusal, type SignInFailure } from './audit.ts';
export { auditRoutes } from './routes.ts';
export { pseudonymiseAudit, type AuditSubjects } from './erasure.ts';
