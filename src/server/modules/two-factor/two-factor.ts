/**
 * Staff two-step sign-in (docs/accounts-and-security.md "Two-step sign-in"): enrolment with a TOTP
 * app and ten recovery codes, the sign-in's second step, the owner's "required" switch and reset.
 * Every change is audited in its own transaction; the secret is sealed at rest (totp.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, lte, gt, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { isStaff, type StaffMember } from '../../../domain/back-office/staff.model.ts';
import type { SecondStep, TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '../../../domain/back-office/two-factor.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, notFound } from '../../errors.ts';
import type { Actor, Caller } from '../../http/caller.ts';
import type { MailQueue } from '../../mail/mailer.ts';
import { recoveryCodeUsedMail } from '../../mail/templates.ts';
import { msg } from '../../messages/index.ts';
import { endSessionsTx, LIMITS, tokenDigest, users, type RateLimiter, type SessionService, type TokenPair } from '../accounts/index.ts';
import { staffMember } from '../staff/index.ts';
import type { AuditLog, SignInFailure } from '../audit/index.ts';
import { staffRecoveryCodes, staffTwoFactor, twoFactorChallenges, twoFactorPolicy } from './schema.ts';
import { matchStep, newRecoveryCodes, newTotpSecret, openSecret, qrSvg, recoveryDigest, sealSecret, totpUri } from './totp.ts';

export const TWO_FACTOR_ACTIONS = {
  enrol: 'staff.2fa.enrol',
  disable: 'staff.2fa.disable',
  recoveryUsed: 'staff.2fa.recoveryUsed',
  reset: 'staff.2fa.reset',
  policy: 'staff.2fa.policy',
} as const;

/** The password step's challenge lives five minutes and dies after five wrong codes. */
export const CHALLENGE_SECONDS = 300;
const CHALLENGE_TRIES = 5;

export interface TwoFactorDeps {
  db: Db;
  audit: AuditLog;
  sessions: SessionService;
  limiter: RateLimiter;
  mail: MailQueue;
  /** AUTH_SECRET: the sealing key and the recovery codes' HMAC key are derived from it. */
  secret: string;
  clock: Clock;
  /** Shown in the authenticator app beside the account's email. */
  issuer: string;
  site: string;
  /** Told of a wrong second-step code (the audit's failed staff sign-ins); never throws. */
  signInFailed?: (failure: SignInFailure) => void;
}

export interface SecondStepInput {
  challenge: string;
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

const codeWrong = () => fail(CODES.CREDENTIALS_REJECTED, 'twoFactor.codeWrong');
const challengeEnded = () => fail(CODES.CREDENTIALS_REJECTED, 'twoFactor.challengeEnded');

export class TwoFactorService {
  private readonly d: TwoFactorDeps;

  constructor(deps: TwoFactorDeps) {
    this.d = deps;
  }

  async required(db: Db | Tx = this.d.db): Promise<boolean> {
    const [row] = await db.select({ required: twoFactorPolicy.required }).from(twoFactorPolicy);
    return row?.required ?? false;
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const [[row], required, [left]] = await Promise.all([
      this.d.db.select({ enabledAt: staffTwoFactor.enabledAt }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId)),
      this.required(),
      this.d.db
        .select({ n: count() })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt))),
    ]);
    const enabled = Boolean(row?.enabledAt);
    return { enabled, required, mustEnrol: required && !enabled, recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0 };
  }

  /**
   * Whether a staff session must enrol before anything else (the owner requires it and this
   * account has none): one statement, asked by the back office's guards on each call.
   */
  async mustEnrol(userId: number, roles: readonly string[]): Promise<boolean> {
    if (!isStaff(roles)) return false;
    const [row] = await this.d.db
      .select({
        required: twoFactorPolicy.required,
        enabled: sql<boolean>`exists (select 1 from ${staffTwoFactor} where ${staffTwoFactor.userId} = ${userId} and ${staffTwoFactor.enabledAt} is not null)`,
      })
      .from(twoFactorPolicy);
    return row !== undefined && row.required && !row.enabled;
  }

  /** A new pending secret for the caller (replacing an unconfirmed one); refused while one is on. */
  async start(user: { userId: number; email: string; roles: readonly string[] }): Promise<TwoFactorEnrolment> {
    if (!isStaff(user.roles)) throw fail(CODES.FORBIDDEN, 'twoFactor.staffOnly');
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, this.d.secret);
    const rows = await this.d.db
      .insert(staffTwoFactor)
      .values({ userId: user.userId, secret: sealed })
      .onConflictDoUpdate({ target: staffTwoFactor.userId, set: { secret: sealed, lastStep: 0, createdAt: this.d.clock() }, where: isNull(staffTwoFactor.enabledAt) })
      .returning({ userId: staffTwoFactor.userId });
    if (rows.length === 0) throw fail(CODES.CONFLICT, 'twoFactor.alreadyOn');
    const uri = totpUri(secret, user.email, this.d.issuer);
    return { uri, qrSvg: qrSvg(uri), secret };
  }

  /** A current code turns the pending secret on; the ten recovery codes are answered this once. */
  async confirm(actor: Actor, code: string, caller: Caller): Promise<TwoFactorRecoveryCodes> {
    await this.throttle(actor.id, caller);
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await this.d.db.transaction(async (tx) => {
      const [row] = await tx.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, actor.id)).for('update');
      if (!row) throw fail(CODES.CONFLICT, 'twoFactor.notStarted');
      if (row.enabledAt) throw fail(CODES.CONFLICT, 'twoFactor.alreadyOn');
      const step = matchStep(openSecret(row.secret, this.d.secret), code, this.d.clock().getTime(), row.lastStep);
      if (step === null) return false;
      await tx.update(staffTwoFactor).set({ enabledAt: this.d.clock(), lastStep: step }).where(eq(staffTwoFactor.userId, actor.id));
      await this.replaceRecoveryCodes(tx, actor.id, recoveryCodes);
      await this.d.audit.record(tx, { actor, action: TWO_FACTOR_ACTIONS.enrol, entity: 'user', entityId: actor.id, before: null, after: { recoveryCodes: recoveryCodes.length } });
      return true;
    });
    if (!confirmed) throw codeWrong();
    await this.d.limiter.clear(LIMITS.twoFactorAccount, String(actor.id));
    return { recoveryCodes };
  }

  /** Off with a current code (a stolen session alone cannot turn it off); refused while the owner requires it. */
  async disable(actor: Actor, code: string, caller: Caller): Promise<void> {
    await this.throttle(actor.id, caller);
    const done = await this.d.db.transaction(async (tx) => {
      const [row] = await tx.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, actor.id)).for('update');
      if (!row?.enabledAt) throw fail(CODES.CONFLICT, 'twoFactor.notOn');
      if (await this.required(tx)) throw fail(CODES.CONFLICT, 'twoFactor.requiredStays');
      if (matchStep(openSecret(row.secret, this.d.secret), code, this.d.clock().getTime(), row.lastStep) === null) return false;
      await this.removeTx(tx, actor.id);
      await this.d.audit.record(tx, { actor, action: TWO_FACTOR_ACTIONS.disable, entity: 'user', entityId: actor.id, before: { enabled: true }, after: { enabled: false } });
      return true;
    });
    if (!done) throw codeWrong();
    await this.d.limiter.clear(LIMITS.twoFactorAccount, String(actor.id));
  }

  /**
   * Asked by the password (and mailed-code) sign-in once the first factor is proven: null when the
   * account has no second step, else a fresh challenge for it.
   */
  async challengeFor(userId: number): Promise<SecondStep | null> {
    const [row] = await this.d.db.select({ enabledAt: staffTwoFactor.enabledAt }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
    if (!row?.enabledAt) return null;
    const challenge = randomBytes(32).toString('base64url');
    const now = this.d.clock();
    await this.d.db.insert(twoFactorChallenges).values({ tokenHash: tokenDigest(challenge), userId, expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000), createdAt: now });
    return { challenge, expiresInSeconds: CHALLENGE_SECONDS };
  }

  /**
   * The second step: a code (one step either side, never a step at or before the last one used)
   * or an unused recovery code (spent, and the staff member mailed). Wrong codes count against the
   * account as failed sign-ins do, and against the challenge (five tries).
   */
  async signIn(input: SecondStepInput, caller: Caller): Promise<TokenPair & { userId: number }> {
    const now = this.d.clock();
    const digest = tokenDigest(input.challenge);
    const [challenge] = await this.d.db
      .select({ userId: twoFactorChallenges.userId, attempts: twoFactorChallenges.attempts, email: users.email, status: users.status, locale: users.locale })
      .from(twoFactorChallenges)
      .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
      .where(and(eq(twoFactorChallenges.tokenHash, digest), gt(twoFactorChallenges.expiresAt, now), lt(twoFactorChallenges.attempts, CHALLENGE_TRIES)));
    if (!challenge || challenge.status !== 'active') {
      await this.d.limiter.enforce([[LIMITS.loginAddress, caller.ip]], (wait) => msg('throttle.twoFactor', { wait }));
      throw challengeEnded();
    }
    const { userId } = challenge;
    await this.throttle(userId, caller);
    const recovery = input.recoveryCode !== undefined;
    const passed = recovery ? await this.spendRecoveryCode(userId, challenge.email, input.recoveryCode!) : await this.spendStep(userId, input.code ?? '');
    if (!passed) {
      await this.d.db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(eq(twoFactorChallenges.tokenHash, digest));
      this.d.signInFailed?.({ userId, email: challenge.email, reason: 'second-step', ip: caller.ip });
      throw codeWrong();
    }
    // Single use: of two racing second steps with one challenge, one signs in.
    const spent = await this.d.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, digest)).returning({ userId: twoFactorChallenges.userId });
    if (spent.length === 0) throw challengeEnded();
    await this.d.limiter.clear(LIMITS.twoFactorAccount, String(userId));
    await this.d.limiter.clear(LIMITS.loginAccount, challenge.email);
    await this.d.limiter.undo(LIMITS.loginAddress, caller.ip);
    return { ...(await this.d.sessions.open(userId, caller)), userId };
  }

  /** The owner's switch; turning it on needs the owner's own second step first (nobody locks the shop out of itself). */
  async setRequired(actor: Actor, required: boolean): Promise<TwoFactorStatus> {
    if (required && !(await this.status(actor.id)).enabled) throw fail(CODES.CONFLICT, 'twoFactor.notOn');
    await this.d.db.transaction(async (tx) => {
      const before = await this.required(tx);
      if (before === required) return;
      await tx
        .insert(twoFactorPolicy)
        .values({ id: 1, required, updatedAt: this.d.clock() })
        .onConflictDoUpdate({ target: twoFactorPolicy.id, set: { required, updatedAt: this.d.clock() } });
      await this.d.audit.record(tx, { actor, action: TWO_FACTOR_ACTIONS.policy, entity: 'setting', entityId: 'two-factor', before: { required: before }, after: { required } });
    });
    return this.status(actor.id);
  }

  /**
   * The owner's reset for a staff member who lost the device: off, recovery codes gone, and every
   * session of theirs ended in the same transaction (whoever holds the device or a session signs
   * in again, with the password, and enrols anew). Not one's own: that is `disable`, with a code.
   */
  async reset(actor: Actor, userId: number): Promise<StaffMember> {
    if (userId === actor.id) throw fail(CODES.CONFLICT, 'twoFactor.resetSelf');
    return this.d.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user || !isStaff(user.roles)) throw notFound('user');
      const [row] = await tx.select({ enabledAt: staffTwoFactor.enabledAt }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId)).for('update');
      if (!row?.enabledAt) throw fail(CODES.CONFLICT, 'twoFactor.notOn');
      await this.removeTx(tx, userId);
      const ended = await endSessionsTx(tx, userId, 'two-factor-reset', this.d.clock());
      await this.d.audit.record(tx, { actor, action: TWO_FACTOR_ACTIONS.reset, entity: 'user', entityId: userId, before: { enabled: true }, after: { enabled: false, sessionsEnded: ended } });
      return staffMember(user);
    });
  }

  /** Drops challenges that expired (housekeeping). */
  async sweep(): Promise<void> {
    await this.d.db.delete(twoFactorChallenges).where(lte(twoFactorChallenges.expiresAt, this.d.clock()));
  }

  private async throttle(userId: number, caller: Caller): Promise<void> {
    await this.d.limiter.enforce(
      [
        [LIMITS.twoFactorAccount, String(userId)],
        [LIMITS.loginAddress, caller.ip],
      ],
      (wait) => msg('throttle.twoFactor', { wait }),
    );
  }

  /** Accepts a code only for a step after the last one used, and records it in the same statement (two racing uses: one wins). */
  private async spendStep(userId: number, code: string): Promise<boolean> {
    const [row] = await this.d.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
    if (!row?.enabledAt) return false;
    const step = matchStep(openSecret(row.secret, this.d.secret), code, this.d.clock().getTime(), row.lastStep);
    if (step === null) return false;
    const moved = await this.d.db
      .update(staffTwoFactor)
      .set({ lastStep: step })
      .where(and(eq(staffTwoFactor.userId, userId), lt(staffTwoFactor.lastStep, step)))
      .returning({ userId: staffTwoFactor.userId });
    return moved.length > 0;
  }

  private async spendRecoveryCode(userId: number, email: string, code: string): Promise<boolean> {
    return this.d.db.transaction(async (tx) => {
      const spent = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: this.d.clock() })
        .where(and(eq(staffRecoveryCodes.userId, userId), eq(staffRecoveryCodes.codeHash, recoveryDigest(code, this.d.secret)), isNull(staffRecoveryCodes.usedAt)))
        .returning({ userId: staffRecoveryCodes.userId });
      if (spent.length === 0) return false;
      const [left] = await tx
        .select({ n: count() })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
      const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
      const locale = user?.locale === 'zh-CN' ? 'zh-CN' : 'en-US';
      await this.d.audit.record(tx, { actor: { id: userId, email }, action: TWO_FACTOR_ACTIONS.recoveryUsed, entity: 'user', entityId: userId, before: null, after: { left: left?.n ?? 0 } });
      await this.d.mail.queue(tx, { to: email, kind: 'recovery-code-used', ...recoveryCodeUsedMail({ site: this.d.site, locale }, left?.n ?? 0) });
      return true;
    });
  }

  private async replaceRecoveryCodes(tx: Tx, userId: number, codes: readonly string[]): Promise<void> {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryDigest(code, this.d.secret) })));
  }

  private async removeTx(tx: Tx, userId: number): Promise<void> {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  }
}

