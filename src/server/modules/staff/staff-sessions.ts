/**
 * The owner's view of a staff member's sessions (staff:manage): list them, end one or all, each
 * end in one transaction with its audit row. Ending someone's session is what disabling does to
 * all of them, without disabling: their token is refused at its next call, on every instance
 * (docs/accounts-and-security.md "Staff sessions").
 */
import { and, eq } from 'drizzle-orm';
import { isStaff } from '../../../domain/back-office/staff.model.ts';
import { SESSION_ACTIONS, type SessionInfo, type SessionsEnded } from '../../../domain/back-office/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { endSessionsTx, liveSessions, sessions, users } from '../accounts/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';

export class StaffSessionsDesk extends AuditedDesk {
  private readonly clock: Clock;

  constructor(db: Db, clock: Clock) {
    super(db);
    this.clock = clock;
  }

  /** A staff member's live sessions (none marked current: one's own are "My sessions"). */
  async of(userId: number): Promise<SessionInfo[]> {
    await this.member(this.db, userId);
    return liveSessions(this.db, userId, this.clock());
  }

  /** Ends one live session of a member: an unknown or ended one is "not found", and nothing is written. */
  async endOne(actor: AuditActor, userId: number, sessionId: string): Promise<SessionsEnded> {
    return this.db.transaction(async (tx) => {
      await this.member(tx, userId);
      const [session] = await tx.select({ browser: sessions.browser, os: sessions.os, ip: sessions.ip }).from(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
      const ended = session ? await endSessionsTx(tx, userId, 'ended-by-owner', this.clock(), sessionId) : 0;
      if (ended === 0) throw notFound('session');
      // The row says which device lost its session, not the session's id.
      await this.audit.record(tx, { actor, action: SESSION_ACTIONS.endOne, entity: 'user', entityId: userId, before: null, after: { ...session } });
      return { ended };
    });
  }

  /** Ends every live session of a member; with none to end, nothing is written. */
  async endAll(actor: AuditActor, userId: number): Promise<SessionsEnded> {
    return this.db.transaction(async (tx) => {
      await this.member(tx, userId);
      const ended = await endSessionsTx(tx, userId, 'ended-by-owner', this.clock());
      if (ended > 0) await this.audit.record(tx, { actor, action: SESSION_ACTIONS.endAll, entity: 'user', entityId: userId, before: null, after: { sessionsEnded: ended } });
      return { ended };
    });
  }

  /** Only staff accounts' sessions are the owner's business here: a customer's is "not found". */
  private async member(db: Tx | Db, userId: number): Promise<void> {
    const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
    if (!row || !isStaff(row.roles)) throw notFound('user');
  }
}
