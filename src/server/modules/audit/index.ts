/** The audit module: the back office's record of every write (who, when, what, before and after). */
export * from './schema.ts';
export { AuditLog, AuditedDesk, type AuditActor, type AuditEntry, type AuditFilter, type AuditRecord } from './audit.ts';
export { auditRoutes } from './routes.ts';
