/**
 * Staff invites (docs/back-office.md "Inviting staff"; docs/accounts-and-security.md "Staff
 * invites"): the owner mails a link that works once, for 72 hours; the invitee sets a name and
 * password, and the new account holds the invite's role. An email that already has an account (a
 * customer) joins by proving that account's password instead: a link alone never takes over an
 * account. Each write, and its mail, commits with its audit row.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { normaliseEmail } from '../../../domain/account.model.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import { INVITABLE_ROLES, INVITE_HOURS, isInvitableRole, type InviteAccepted, type InviteView, type PendingInvite } from '../../../domain/back-office/invites.ts';
import { isCustomRole, isStaff } from '../../../domain/back-office/staff.model.ts';
import { isLocale, type Locale } from '../../../domain/locale.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalidFields } from '../../errors.ts';
import type { Caller } from '../../http/caller.ts';
import type { MailQueue } from '../../mail/mailer.ts';
import { staffInviteMail } from '../../mail/templates.ts';
import { msg } from '../../messages/index.ts';
import { LIMITS, newRefreshToken, staffRoles, tokenDigest, users, type PasswordHasher, type RateLimiter } from '../accounts/index.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { staffInvites } from './invites-schema.ts';

export const INVITE_ACTIONS = {
  invite: 'staff.invite',
  resend: 'staff.invite.resend',
  revoke: 'staff.invite.revoke',
  accept: 'staff.invite.accept',
} as const;

export interface InviteDeps {
  db: Db;
  audit: AuditLog;
  mail: MailQueue;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  clock: Clock;
  /** Storefront origin and base path: the back office is at `<site>admin/`. */
  site: string;
  /** The shop's name as the mail and the accept page say it. */
  shopName: () => Promise<string>;
}

type InviteRow = typeof staffInvites.$inferSelect;

/** Expired, used, revoked or never issued: one answer, so a link says nothing about why it is dead. */
const deadLink = () => fail(CODES.NOT_FOUND, 'invite.dead');
const HOUR_MS = 3_600_000;

/** A custom role named by an invite still on the Roles screen (built-in roles always are). */
async function roleExists(db: Db | Tx, role: string): Promise<boolean> {
  if (!isCustomRole(role)) return true;
  const [row] = await db.select({ key: staffRoles.key }).from(staffRoles).where(eq(staffRoles.key, role));
  return row !== undefined;
}

/** Accepting an invite whose custom role was deleted meanwhile gives nothing: the owner invites again. */
async function requireRole(tx: Tx, role: string): Promise<void> {
  if (!(await roleExists(tx, role))) throw fail(CODES.CONFLICT, 'invite.roleGone');
}

export class StaffInvites {
  private readonly d: InviteDeps;

  constructor(deps: InviteDeps) {
    this.d = deps;
  }

  /** Mails a new invite; refused for staff already, and for an email with a pending invite (resend that). */
  async invite(actor: AuditActor, input: { email: string; role: string; locale?: Locale | undefined }, callerLocale: Locale): Promise<PendingInvite> {
    if (!isInvitableRole(input.role) || !(await roleExists(this.d.db, input.role))) throw invalidFields({ path: 'body.role', problem: msg('invite.role', { roles: INVITABLE_ROLES.join(', ') }) });
    const email = normaliseEmail(input.email);
    const locale = input.locale ?? callerLocale;
    const [account] = await this.d.db.select({ roles: users.roles }).from(users).where(eq(users.email, email));
    if (account && isStaff(account.roles)) throw fail(CODES.CONFLICT, 'invite.alreadyStaff');
    const token = newInviteToken();
    const now = this.d.clock();
    const shop = await this.d.shopName();
    try {
      const id = await this.d.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(staffInvites)
          .values({ email, role: input.role, locale, invitedBy: actor.id, tokenHash: tokenDigest(token), createdAt: now, sentAt: now, expiresAt: expiry(now) })
          .returning({ id: staffInvites.id });
        await this.d.audit.record(tx, { actor, action: INVITE_ACTIONS.invite, entity: 'staff-invite', entityId: row!.id, before: null, after: { email, role: input.role, locale } });
        await this.mail(tx, { email, role: input.role, locale }, token, actor.email, shop);
        return row!.id;
      });
      return this.pendingOne(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(CODES.CONFLICT, 'invite.alreadyInvited');
      throw error;
    }
  }

  /** Invites neither accepted nor revoked, oldest first; expired ones too (they can be resent). */
  async pending(): Promise<PendingInvite[]> {
    const rows = await this.pendingQuery().orderBy(asc(staffInvites.id));
    return rows.map((row) => this.toPending(row.invite, row.inviter));
  }

  /** A new token (the old link dies) and a new 72 hours, mailed again in the invite's language. */
  async resend(actor: AuditActor, id: number): Promise<PendingInvite> {
    const token = newInviteToken();
    const now = this.d.clock();
    const shop = await this.d.shopName();
    await this.d.db.transaction(async (tx) => {
      const row = await this.lockPending(tx, id);
      await tx
        .update(staffInvites)
        .set({ tokenHash: tokenDigest(token), sentAt: now, expiresAt: expiry(now), sendCount: sql`${staffInvites.sendCount} + 1` })
        .where(eq(staffInvites.id, id));
      await this.d.audit.record(tx, { actor, action: INVITE_ACTIONS.resend, entity: 'staff-invite', entityId: id, before: { expiresAt: row.expiresAt.toISOString(), sendCount: row.sendCount }, after: { expiresAt: expiry(now).toISOString(), sendCount: row.sendCount + 1 } });
      await this.mail(tx, { email: row.email, role: row.role, locale: row.locale }, token, actor.email, shop);
    });
    return this.pendingOne(id);
  }

  async revoke(actor: AuditActor, id: number): Promise<void> {
    await this.d.db.transaction(async (tx) => {
      const row = await this.lockPending(tx, id);
      await tx.update(staffInvites).set({ revokedAt: this.d.clock() }).where(eq(staffInvites.id, id));
      await this.d.audit.record(tx, { actor, action: INVITE_ACTIONS.revoke, entity: 'staff-invite', entityId: id, before: { email: row.email, role: row.role }, after: { revoked: true } });
    });
  }

  /** What a live link invites to; a dead one gets the one answer. */
  async view(token: string, caller: Caller): Promise<InviteView> {
    await this.throttle(caller);
    const row = await this.live(this.d.db, token);
    const [account] = await this.d.db.select({ id: users.id }).from(users).where(eq(users.email, row.email));
    return { email: row.email, shop: await this.d.shopName(), role: row.role, expiresAt: row.expiresAt.toISOString(), hasAccount: Boolean(account) };
  }

  /** A new staff account with the invite's role; the link is spent in the same transaction. */
  async accept(input: { token: string; firstName: string; lastName: string; password: string }, caller: Caller): Promise<InviteAccepted> {
    await this.throttle(caller);
    const passwordHash = await this.d.hasher.hash(input.password);
    try {
      return await this.d.db.transaction(async (tx) => {
        const invite = await this.claim(tx, input.token);
        await requireRole(tx, invite.role);
        const [user] = await tx
          .insert(users)
          .values({ email: invite.email, passwordHash, firstName: input.firstName, lastName: input.lastName, roles: [invite.role], locale: isLocale(invite.locale) ? invite.locale : caller.locale })
          .returning({ id: users.id });
        await this.accepted(tx, invite, user!.id, null);
        return { email: invite.email };
      });
    } catch (error) {
      // The email got an account after the invite was sent: it joins with that account's password.
      if (isUniqueViolation(error)) throw fail(CODES.CONFLICT, 'invite.hasAccount');
      throw error;
    }
  }

  /**
   * The email's existing account takes the invite's role, once its password is proven (a wrong
   * one counts against the account like a failed sign-in): holding the link proves the mailbox,
   * not the account, and the account may have a history its owner should keep.
   */
  async join(input: { token: string; password: string }, caller: Caller): Promise<InviteAccepted> {
    await this.throttle(caller);
    const invite = await this.live(this.d.db, input.token);
    await this.d.limiter.enforce([[LIMITS.loginAccount, invite.email]], (wait) => msg('throttle.login', { wait }));
    const [account] = await this.d.db.select().from(users).where(eq(users.email, invite.email));
    if (!account) throw fail(CODES.CONFLICT, 'invite.noAccount');
    if (!(await this.d.hasher.verify(input.password, account.passwordHash))) throw fail(CODES.CREDENTIALS_REJECTED, 'account.loginFailed');
    await this.d.limiter.clear(LIMITS.loginAccount, invite.email);
    if (account.status !== 'active') throw fail(CODES.FORBIDDEN, 'account.disabled');
    return this.d.db.transaction(async (tx) => {
      const claimed = await this.claim(tx, input.token);
      await requireRole(tx, claimed.role);
      // Under the staff screen's lock (staff-desk.ts lockUser), so a role change there and this one meet in order.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('staff-roles', 0))`);
      const [row] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, account.id)).for('update');
      const roles = row!.roles.includes(claimed.role) ? row!.roles : [...row!.roles, claimed.role];
      await tx.update(users).set({ roles, updatedAt: this.d.clock() }).where(eq(users.id, account.id));
      await this.accepted(tx, claimed, account.id, row!.roles);
      return { email: claimed.email };
    });
  }

  private async accepted(tx: Tx, invite: InviteRow, userId: number, rolesBefore: string[] | null): Promise<void> {
    await tx.update(staffInvites).set({ acceptedBy: userId }).where(eq(staffInvites.id, invite.id));
    await this.d.audit.record(tx, {
      actor: { id: userId, email: invite.email },
      action: INVITE_ACTIONS.accept,
      entity: 'staff-invite',
      entityId: invite.id,
      before: rolesBefore ? { roles: rolesBefore } : null,
      after: { userId, role: invite.role, account: rolesBefore ? 'existing' : 'new' },
    });
  }

  private async throttle(caller: Caller): Promise<void> {
    await this.d.limiter.enforce([[LIMITS.inviteAddress, caller.ip]], (wait) => msg('throttle.codeCheck', { wait }));
  }

  /** The live invite of a token, read only. */
  private async live(db: Db | Tx, token: string): Promise<InviteRow> {
    const [row] = await db
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.tokenHash, tokenDigest(token)), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, this.d.clock())));
    if (!row) throw deadLink();
    return row;
  }

  /** Spends a live token: one statement, so two accepts of the same link cannot both pass. */
  private async claim(tx: Tx, token: string): Promise<InviteRow> {
    const now = this.d.clock();
    const [row] = await tx
      .update(staffInvites)
      .set({ acceptedAt: now })
      .where(and(eq(staffInvites.tokenHash, tokenDigest(token)), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, now)))
      .returning();
    if (!row) throw deadLink();
    return row;
  }

  private async lockPending(tx: Tx, id: number): Promise<InviteRow> {
    const [row] = await tx
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
      .for('update');
    if (!row) throw fail(CODES.NOT_FOUND, 'invite.notPending');
    return row;
  }

  /** `shop` is read before the transaction: on PGlite's one connection, a read beside an open transaction waits for it forever. */
  private async mail(tx: Tx, invite: { email: string; role: string; locale: string }, token: string, inviter: string, shop: string): Promise<void> {
    const locale: Locale = isLocale(invite.locale) ? invite.locale : 'en-US';
    const url = `${this.d.site}admin/invite?token=${token}`;
    const content = staffInviteMail({ site: this.d.site, locale }, { url, shop, role: invite.role, inviter, hours: INVITE_HOURS });
    await this.d.mail.queue(tx, { to: invite.email, kind: 'staff-invite', ...content });
  }

  private pendingQuery() {
    const inviter = alias(users, 'inviter');
    return this.d.db
      .select({ invite: staffInvites, inviter: inviter.email })
      .from(staffInvites)
      .leftJoin(inviter, eq(inviter.id, staffInvites.invitedBy))
      .where(and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
      .$dynamic();
  }

  private async pendingOne(id: number): Promise<PendingInvite> {
    const [row] = await this.pendingQuery().where(and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt), eq(staffInvites.id, id)));
    return this.toPending(row!.invite, row!.inviter);
  }

  private toPending(row: InviteRow, inviter: string | null): PendingInvite {
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      locale: isLocale(row.locale) ? row.locale : 'en-US',
      invitedBy: inviter,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt.toISOString(),
      sendCount: row.sendCount,
      expiresAt: row.expiresAt.toISOString(),
      expired: row.expiresAt.getTime() <= this.d.clock().getTime(),
    };
  }
}

/** The mailed link's token: 256 random bits like a refresh token, stored as its digest too. */
const newInviteToken = newRefreshToken;

function expiry(from: Date): Date {
  return new Date(from.getTime() + INVITE_HOURS * HOUR_MS);
}
