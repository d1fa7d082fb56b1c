/**
 * The audit log's one writer. A back-office write records its row inside its own transaction, so
 * a write and its record land together or not at all.
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditRow } from '../../../domain/admin.model.ts';
import { auditLog } from './schema.ts';

export interface AuditActor {
  /** Null for the admin command run on the server (its email names the operator). */
  id: number | null;
  email: string;
}

export interface AuditEntry {
  actor: AuditActor;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export interface AuditFilter {
  actorId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

/** An audit row as the database holds it; the API answers it with `at` as an ISO string. */
export type AuditRecord = Omit<AuditRow, 'at'> & { at: Date };

export class AuditLog {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async record(tx: Tx, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  /** Newest first. */
  async list(filter: AuditFilter, page: { current: number; size: number }): Promise<{ records: AuditRecord[]; total: number }> {
    const where = and(...conditions(filter));
    const [records, [counted]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(page.size)
        .offset((page.current - 1) * page.size),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { records, total: counted?.total ?? 0 };
  }
}

function conditions(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.actorId !== undefined) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  return where;
}

/**
 * A back-office service: its database, and the audit log each of its writes records into inside
 * the write's own transaction.
 */
export abstract class AuditedDesk {
  protected readonly db: Db;
  protected readonly audit: AuditLog;

  constructor(db: Db) {
    this.db = db;
    this.audit = new AuditLog(db);
  }
}
