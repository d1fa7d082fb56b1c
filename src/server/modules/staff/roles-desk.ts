/**
 * Custom staff roles (docs/back-office.md "Roles and permission codes"): the owner names a set of
 * permission codes and gives it to staff members (StaffDesk.setRoles). The built-in roles are
 * listed too, read-only. Every write takes the staff lock (lockStaff) first, as the staff desk's
 * do, so a role is never deleted while it is being given; changing a role's codes ends its
 * holders' sessions in the same transaction, so the change counts from their very next call.
 */
import { asc, count, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { isCustomRole, isCustomRoleCode, permissionsOf, PERMISSION_VALUES, STAFF_ROLES, type Permission, type StaffRole } from '../../../domain/back-office/staff.model.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { endSessionsTx, staffRoles, users } from '../accounts/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { lockStaff } from './staff-desk.ts';

export interface RoleInput {
  name: string;
  description: string;
  codes: string[];
}

type RoleRow = typeof staffRoles.$inferSelect;

/** Whether an account's roles name `key`. */
const holds = (key: SQLWrapper | string) => sql`${key} = any(${users.roles})`;

/** The codes as stored: known to custom roles, once each, in PERMISSION_VALUES order; one that is not gets a field error naming it. */
function checkedCodes(codes: readonly string[]): Permission[] {
  const refused = codes.find((code) => !isCustomRoleCode(code));
  if (refused !== undefined) throw invalidFields({ path: 'body.codes', problem: msg('staffRoles.codeNotAllowed', { code: refused }) });
  return PERMISSION_VALUES.filter((code) => codes.includes(code));
}

function roleOf(row: RoleRow, holders: number): StaffRole {
  return { key: row.key, builtIn: false, name: row.name, description: row.description, codes: checkedCodes(row.codes), holders };
}

export class StaffRoleDesk extends AuditedDesk {
  /** The built-in roles first (R_SUPER, R_ADMIN), then the custom ones, oldest first. */
  async list(): Promise<StaffRole[]> {
    const builtIn = await Promise.all(
      STAFF_ROLES.map(async (key): Promise<StaffRole> => {
        const [row] = await this.db.select({ n: count() }).from(users).where(holds(key));
        return { key, builtIn: true, name: '', description: '', codes: permissionsOf([key]), holders: row?.n ?? 0 };
      }),
    );
    const rows = await this.db.select({ role: staffRoles, holders: sql<number>`(select count(*)::int from ${users} where ${holds(staffRoles.key)})` }).from(staffRoles).orderBy(asc(staffRoles.id));
    return [...builtIn, ...rows.map(({ role, holders }) => roleOf(role, holders))];
  }

  async create(actor: AuditActor, input: RoleInput): Promise<StaffRole> {
    const codes = checkedCodes(input.codes);
    return this.named(async () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.insert(staffRoles).values({ name: input.name, description: input.description, codes }).returning();
        await this.audit.record(tx, { actor, action: 'staffRole.create', entity: 'staffRole', entityId: row!.key, before: null, after: { name: row!.name, description: row!.description, codes } });
        return roleOf(row!, 0);
      }),
    );
  }

  /**
   * Renames, re-describes and re-codes a custom role; no change, no write. New codes end every
   * holder's sessions (reason role-changed): they sign in again and their screens follow.
   */
  async update(actor: AuditActor, key: string, input: RoleInput): Promise<StaffRole> {
    const codes = checkedCodes(input.codes);
    return this.named(async () =>
      this.db.transaction(async (tx) => {
        const row = await this.lockRole(tx, key);
        const holders = await this.holderIds(tx, row.key);
        const sameCodes = codes.length === row.codes.length && codes.every((code) => row.codes.includes(code));
        if (sameCodes && input.name === row.name && input.description === row.description) return roleOf(row, holders.length);
        const now = new Date();
        const [next] = await tx.update(staffRoles).set({ name: input.name, description: input.description, codes, updatedAt: now }).where(eq(staffRoles.id, row.id)).returning();
        if (!sameCodes) for (const userId of holders) await endSessionsTx(tx, userId, 'role-changed', now);
        await this.audit.record(tx, {
          actor,
          action: 'staffRole.update',
          entity: 'staffRole',
          entityId: row.key,
          before: { name: row.name, description: row.description, codes: row.codes },
          after: { name: input.name, description: input.description, codes, ...(sameCodes ? {} : { sessionsEndedFor: holders }) },
        });
        return roleOf(next!, holders.length);
      }),
    );
  }

  /** Deletes a custom role nobody holds; refused, naming how many, while anyone does. */
  async remove(actor: AuditActor, key: string): Promise<null> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockRole(tx, key);
      const holders = await this.holderIds(tx, row.key);
      if (holders.length > 0) throw fail(CODES.CONFLICT, msg('staffRoles.held', { count: holders.length }));
      await tx.delete(staffRoles).where(eq(staffRoles.id, row.id));
      await this.audit.record(tx, { actor, action: 'staffRole.delete', entity: 'staffRole', entityId: row.key, before: { name: row.name, description: row.description, codes: row.codes }, after: null });
      return null;
    });
  }

  /** A custom role under the staff lock: a built-in one is refused as such, an unknown key is not found. */
  private async lockRole(tx: Tx, key: string): Promise<RoleRow> {
    if ((STAFF_ROLES as readonly string[]).includes(key)) throw fail(CODES.CONFLICT, 'staffRoles.builtIn');
    if (!isCustomRole(key)) throw notFound('staffRole');
    await lockStaff(tx);
    const [row] = await tx.select().from(staffRoles).where(eq(staffRoles.key, key)).for('update');
    if (!row) throw notFound('staffRole');
    return row;
  }

  private async holderIds(tx: Tx, key: string): Promise<number[]> {
    const rows = await tx.select({ id: users.id }).from(users).where(holds(key)).orderBy(asc(users.id));
    return rows.map((row) => row.id);
  }

  /** Two roles with one name (any case) would read the same on the Staff screen: the unique index refuses the second. */
  private async named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(CODES.CONFLICT, 'staffRoles.nameTaken');
      throw error;
    }
  }
}
