/** One row of the audit log as the back office's audit screen reads it (docs/back-office.md); the request is in audit.schema.ts. */
export interface AuditRow {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}
