/**
 * The audit log's one writer. A back-office write records its row inside its own transaction, so
 * a write and its record land together or not at all.
 */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditRow } from '../../../domain/back-office/audit.model.ts';
import { auditLog } from './schema.ts';

/** The actions the guards and the sign-in record: attempts, not writes (docs/accounts-and-security.md "The audit log"). */
export const ACCESS_ACTIONS = { refused: 'access.refused', signInFailed: 'access.signInFailed' } as const;

/** One refusal row per account and route in this window: a caller retrying cannot flood the table. */
const REFUSAL_WINDOW = '10 minutes';

/** A call the guard refused (403): who, which route, what it lacked. */
export interface Refusal {
  actor: { id: number; email: string };
  /** `METHOD /path` of the route as registered. */
  route: string;
  /** The permission code asked for, the roles asked for, or the codes any one of which would do. */
  wanted: { permission: string } | { anyRole: readonly string[] } | { anyPermission: readonly string[] };
  roles: readonly string[];
}

/** A failed sign-in into a staff account: the email tried, why it failed, from where. */
export interface SignInFailure {
  userId: number;
  email: string;
  reason: 'password' | 'code' | 'disabled' | 'second-step';
  ip: string;
}

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

  /**
   * Records a refused call, at most once per account and route in REFUSAL_WINDOW (the check and
   * the insert in one statement): a refusal costs one indexed look-up (audit_log_actor_idx) and,
   * now and then, one row.
   */
  async recordRefusal(refusal: Refusal): Promise<void> {
    const after = JSON.stringify({ ...refusal.wanted, roles: refusal.roles });
    await this.db.execute(sql`
      insert into ${auditLog} (actor_id, actor_email, action, entity, entity_id, after)
      select ${refusal.actor.id}::int, ${refusal.actor.email}, ${ACCESS_ACTIONS.refused}, 'route', ${refusal.route}, ${after}::jsonb
       where not exists (select 1 from ${auditLog} a where a.actor_id = ${refusal.actor.id} and a.action = ${ACCESS_ACTIONS.refused}
                            and a.entity_id = ${refusal.route} and a.at > now() - ${REFUSAL_WINDOW}::interval)`);
  }

  /**
   * Records a failed sign-in into a staff account. The sign-in's own limits (five failures per
   * email in 15 minutes) bound how many rows an attacker can add.
   */
  async recordSignInFailure(failure: SignInFailure): Promise<void> {
    await this.db.insert(auditLog).values({
      actorId: null,
      actorEmail: failure.email,
      action: ACCESS_ACTIONS.signInFailed,
      entity: 'user',
      entityId: String(failure.userId),
      before: null,
      after: { reason: failure.reason, ip: failure.ip },
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
