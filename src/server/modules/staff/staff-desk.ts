/**
 * Staff accounts: their roles, grants and state. The rows are accounts' users; this service changes
 * only `roles`, `grants` and `status`, each change in one transaction with its audit row (docs/back-office.md
 * "Writes and the audit log"). The back office's staff screen and the admin command
 * (scripts/admin.ts) both go through it, so both keep the same rules: nobody revokes their own
 * R_SUPER or disables themselves, the last active R_SUPER stays, and nobody grants themselves a code.
 */
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ROLES, normaliseEmail, type AccountStatus, type Role } from '../../../domain/account.model.ts';
import type { Page } from '../../../domain/api/envelope.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import { GRANTABLE_PERMISSIONS, isCustomRole, isGrantable, isStaff, permissionsOf, STAFF_ROLES, type StaffMember } from '../../../domain/back-office/staff.model.ts';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { fail, invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { endSessionsTx, heldCustomRoles, staffRoles, users, type PasswordHasher, type UserRow } from '../accounts/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export interface NewStaff {
  email: string;
  password: string;
  role: Role;
  firstName?: string;
  lastName?: string;
}

const builtInStaffRoles = sql.raw(`array[${STAFF_ROLES.map((role) => `'${role}'`).join(', ')}]::text[]`);

/** Accounts holding a staff role: a built-in one, or a custom one (whose keys are all `C_<id>`). */
const holdsStaffRole = sql`(${users.roles} && ${builtInStaffRoles} or exists (select 1 from unnest(${users.roles}) as held(role) where held.role like 'C\_%'))`;

/**
 * Staff writes take one lock first, then the rows: rare enough to run one at a time, and two
 * owners demoting each other then meet in order instead of deadlocking on each other's rows; a
 * custom role is never deleted while it is being given (roles-desk.ts takes it too).
 */
export async function lockStaff(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('staff-roles', 0))`);
}

export function staffMember(row: UserRow): StaffMember {
  return {
    userId: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    roles: row.roles,
    grants: row.grants.filter(isGrantable),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const byEmail = (email: string) => eq(users.email, normaliseEmail(email));

export class StaffDesk extends AuditedDesk {
  /** Accounts holding a staff role, oldest first; `query` matches email or name. */
  async list(filter: { query?: string | undefined }, page: PageRequest): Promise<Page<StaffMember>> {
    const where: SQL[] = [holdsStaffRole];
    if (filter.query) {
      const like = containsPattern(filter.query);
      where.push(or(ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))!);
    }
    const condition = and(...where);
    const [rows, [total]] = await Promise.all([
      onePage(this.db.select().from(users).where(condition).orderBy(asc(users.id)).$dynamic(), page),
      this.db.select({ n: count() }).from(users).where(condition),
    ]);
    return pageOf(rows.map(staffMember), total?.n ?? 0, page);
  }

  async byEmail(email: string): Promise<StaffMember> {
    const [row] = await this.db.select().from(users).where(eq(users.email, normaliseEmail(email)));
    if (!row) throw notFound('user');
    return staffMember(row);
  }

  /** Every staff account (the admin command's list). */
  async all(): Promise<StaffMember[]> {
    const rows = await this.db.select().from(users).where(holdsStaffRole).orderBy(asc(users.id));
    return rows.map(staffMember);
  }

  /**
   * A new account holding `role` (the admin command's create, for a fresh shop). The email must
   * not have an account yet: an existing one is given a role with grant.
   */
  async create(actor: AuditActor, input: NewStaff, hasher: PasswordHasher): Promise<StaffMember> {
    const email = normaliseEmail(input.email);
    const passwordHash = await hasher.hash(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email, passwordHash, firstName: input.firstName ?? email.split('@')[0]!, lastName: input.lastName ?? '', roles: [input.role] })
          .returning();
        const member = staffMember(row!);
        await this.audit.record(tx, { actor, action: 'staff.create', entity: 'user', entityId: member.userId, before: null, after: { email, roles: member.roles, status: member.status } });
        return member;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(CODES.CONFLICT, 'staff.emailTaken');
      throw error;
    }
  }

  /** Gives one role: a built-in one or a custom role's key (the admin command's grant). */
  async grant(actor: AuditActor, email: string, role: string): Promise<StaffMember> {
    return this.changeRoles(actor, byEmail(email), 'staff.grant', async (roles, _row, tx) => {
      if (roles.includes(role)) return roles;
      await this.checkRoles(tx, [role], 'body.role');
      return [...roles, role];
    });
  }

  async revoke(actor: AuditActor, email: string, role: string): Promise<StaffMember> {
    return this.changeRoles(actor, byEmail(email), 'staff.revoke', async (roles, row) => {
      if (!roles.includes(role)) return roles;
      if (role === ROLES.SUPER && row.id === actor.id) throw fail(CODES.CONFLICT, 'staff.ownSuper');
      return roles.filter((held) => held !== role);
    });
  }

  /**
   * Sets every staff role of another account at once (the Staff screen): built-in ones and custom
   * keys that exist, each once; its other roles (R_CUSTOMER) stay. Nobody changes their own
   * roles here: an owner holds every code already, and could only lock themselves out.
   */
  async setRoles(actor: AuditActor, userId: number, wanted: readonly string[]): Promise<StaffMember> {
    if (userId === actor.id) throw fail(CODES.CONFLICT, 'staff.rolesSelf');
    const staff = [...new Set(wanted)];
    return this.changeRoles(actor, eq(users.id, userId), 'staff.roles', async (roles, _row, tx) => {
      await this.checkRoles(tx, staff, 'body.roles');
      return [...roles.filter((role) => !isStaff([role])), ...staff];
    });
  }

  /** Each role must be a built-in staff role or an existing custom role's key (read under the staff lock). */
  private async checkRoles(tx: Tx, roles: readonly string[], path: string): Promise<void> {
    const custom = roles.filter(isCustomRole);
    const known = custom.length ? (await tx.select({ key: staffRoles.key }).from(staffRoles).where(inArray(staffRoles.key, custom))).map((row) => row.key) : [];
    const unknown = roles.find((role) => !(STAFF_ROLES as readonly string[]).includes(role) && !known.includes(role));
    if (unknown !== undefined) throw invalidFields({ path, problem: msg('staff.unknownRole', { role: unknown }) });
  }

  /**
   * Gives (`granted`) or takes one grantable code of a staff account, under the row's lock, with
   * its audit row (the grants before and after); no change, no write. Refused: a code that cannot
   * be granted, one's own account (nobody raises their own powers), an account without a staff
   * role (customers hold no grants), and a code the account's role holds already. The guard reads
   * grants with the session, so the member's next call has it, or not.
   */
  async setGrant(actor: AuditActor, userId: number, code: string, granted: boolean): Promise<StaffMember> {
    if (!isGrantable(code)) throw invalidFields({ path: 'body.code', problem: msg('staff.notGrantable', { code, codes: GRANTABLE_PERMISSIONS.join(', ') }) });
    if (userId === actor.id) throw fail(CODES.CONFLICT, 'staff.grantSelf');
    return this.db.transaction(async (tx) => {
      const row = await this.lockUser(tx, eq(users.id, userId));
      if (!isStaff(row.roles)) throw fail(CODES.CONFLICT, 'staff.grantsStaffOnly');
      const [held] = await tx.select({ custom: heldCustomRoles }).from(users).where(eq(users.id, row.id));
      if (granted && permissionsOf(row.roles, [], held?.custom).includes(code)) throw fail(CODES.CONFLICT, msg('staff.grantHeld', { code }));
      const grants = granted ? (row.grants.includes(code) ? row.grants : [...row.grants, code]) : row.grants.filter((held) => held !== code);
      if (grants.length === row.grants.length) return staffMember(row);
      const [next] = await tx.update(users).set({ grants, updatedAt: new Date() }).where(eq(users.id, row.id)).returning();
      await this.audit.record(tx, { actor, action: 'staff.grants', entity: 'user', entityId: row.id, before: { grants: row.grants }, after: { grants, code, granted } });
      return staffMember(next!);
    });
  }

  /** `action` names the audit row: `staff.status` here, `customer.status` from the customers screen (same rules, one writer). */
  async setStatus(actor: AuditActor, userId: number, status: AccountStatus, action = 'staff.status'): Promise<StaffMember> {
    if (userId === actor.id && status === 'disabled') throw fail(CODES.CONFLICT, 'staff.disableSelf');
    return this.db.transaction(async (tx) => {
      const row = await this.lockUser(tx, eq(users.id, userId));
      if (row.status === status) return staffMember(row);
      if (status === 'disabled' && row.roles.includes(ROLES.SUPER)) await this.keepOneSuper(tx, row.id);
      const now = new Date();
      const [next] = await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, row.id)).returning();
      // Enabling the account again must not revive the tokens it held.
      if (status === 'disabled') await endSessionsTx(tx, row.id, 'account-disabled', now);
      await this.audit.record(tx, { actor, action, entity: 'user', entityId: row.id, before: { status: row.status }, after: { status } });
      return staffMember(next!);
    });
  }

  /**
   * Applies a roles change under the row's lock; no change, no write and no audit row. Any change
   * ends the account's sessions: what they may open is read again when they sign in.
   */
  private async changeRoles(actor: AuditActor, where: SQL, action: string, change: (roles: string[], row: UserRow, tx: Tx) => Promise<string[]>): Promise<StaffMember> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockUser(tx, where);
      const roles = await change(row.roles, row, tx);
      if (roles.length === row.roles.length && roles.every((role) => row.roles.includes(role))) return staffMember(row);
      if (row.roles.includes(ROLES.SUPER) && !roles.includes(ROLES.SUPER) && row.status === 'active') await this.keepOneSuper(tx, row.id);
      const now = new Date();
      // An account that leaves the staff leaves its grants too: made staff again, it starts with none.
      const grants = isStaff(roles) ? row.grants : [];
      const [next] = await tx.update(users).set({ roles, grants, updatedAt: now }).where(eq(users.id, row.id)).returning();
      // A role taken away ends the sessions that held it: granting it again revives no old token.
      await endSessionsTx(tx, row.id, row.roles.some((held) => !roles.includes(held)) ? 'role-revoked' : 'role-changed', now);
      const lostGrants = grants.length < row.grants.length ? { before: { roles: row.roles, grants: row.grants }, after: { roles, grants } } : { before: { roles: row.roles }, after: { roles } };
      await this.audit.record(tx, { actor, action, entity: 'user', entityId: row.id, ...lostGrants });
      return staffMember(next!);
    });
  }

  /** The account under the staff lock (lockStaff), then its row's. */
  private async lockUser(tx: Tx, where: SQL): Promise<UserRow> {
    await lockStaff(tx);
    const [row] = await tx.select().from(users).where(where).for('update');
    if (!row) throw notFound('user');
    return row;
  }

  /**
   * Refuses a change that would leave no active R_SUPER: the shop could then no longer manage
   * its staff. Under the staff lock (lockUser), two owners demoting each other at once cannot
   * both succeed.
   */
  private async keepOneSuper(tx: Tx, leavingId: number): Promise<void> {
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, leavingId), eq(users.status, 'active'), sql`${ROLES.SUPER} = any(${users.roles})`));
    if (others.length === 0) throw fail(CODES.CONFLICT, 'staff.lastSuper');
  }
}
