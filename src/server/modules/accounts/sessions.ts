/**
 * Sessions and refresh tokens (docs/accounts-and-security.md).
 *
 * A login opens a session and gives it its first refresh token. Each refresh marks the presented
 * token used and issues the next one (rotation). A used token presented again means a copy is
 * around: the whole session (the token family) is revoked, and the answer is a forced logout.
 * Logout, a password reset and a password change revoke sessions; every authenticated request
 * checks its session by primary key, so a revoked session's access tokens stop working at once.
 *
 * A session keeps what its owner recognises it by (device, address, last use): the "My sessions"
 * list and the owner's view of a member's sessions (docs/accounts-and-security.md "Staff sessions").
 */
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { SESSION_CODES } from '../../../domain/api/envelope.ts';
import type { Clock } from '../../clock.ts';
import { isStaff, permissionsOf, type RoleCodes } from '../../../domain/back-office/staff.model.ts';
import type { SessionInfo } from '../../../domain/back-office/sessions.ts';
import type { AuthUser } from '../../http/caller.ts';
import { deviceOf, type Device } from './device.ts';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens, sessions, staffRoles, users } from './schema.ts';
import { sessionFailure } from '../../errors.ts';
import { AccessTokens, newRefreshToken, newSessionId, tokenDigest } from './tokens.ts';

export type { AuthUser };

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export type RevokeReason = 'logout' | 'refresh-reuse' | 'password-reset' | 'password-change' | StaffChangeReason;

/**
 * A session ended because staff disabled the account, took one of its roles away, changed its roles
 * or the codes of a custom role it holds, reset its two-step sign-in, or the owner ended it from
 * the member's sessions.
 */
export type StaffChangeReason = 'account-disabled' | 'role-revoked' | 'role-changed' | 'two-factor-reset' | 'ended-by-owner';

/** Where a sign-in comes from, as the request said: its client address and User-Agent. */
export interface SignInOrigin {
  ip: string;
  userAgent?: string | undefined;
}

/** A staff sign-in from a device the member has no stored session of (SessionService.open). */
export interface NewDeviceSignIn {
  userId: number;
  email: string;
  locale: string;
  device: Device;
  ip: string;
  at: Date;
}

/** Told in the sign-in's transaction (the mail outbox queues its notice there): sent once, and only if the session opens. */
export type NewDeviceListener = (tx: Tx, signIn: NewDeviceSignIn) => Promise<void>;

/** How often a session's last use is written at most: per-request reads stay reads. */
export const LAST_USE_STEP_MS = 60_000;

/**
 * The custom roles (key and codes) an account's roles name, read in the same query as the account
 * (a sub-select, no round trip of its own): what permissionsOf resolves codes from.
 */
export const heldCustomRoles = sql<RoleCodes[]>`coalesce((select json_agg(json_build_object('key', ${staffRoles.key}, 'codes', ${staffRoles.codes})) from ${staffRoles} where ${staffRoles.key} = any(${users.roles})), '[]'::json)`;

/**
 * Ends every live session of an account in the caller's transaction (the staff change that asks
 * it): its access tokens stop at their next call, its refresh tokens cannot rotate, and enabling
 * the account or granting the role again revives none of them (docs/accounts-and-security.md
 * "Staff sessions").
 */
export async function endSessionsTx(tx: Tx, userId: number, reason: StaffChangeReason, now: Date, onlySessionId?: string): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), onlySessionId === undefined ? undefined : eq(sessions.id, onlySessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** An account's live sessions (not ended, not expired), the latest used first; `current` marks the caller's. */
export async function liveSessions(db: Db | Tx, userId: number, now: Date, currentSessionId?: string): Promise<SessionInfo[]> {
  const rows = await db
    .select({ id: sessions.id, browser: sessions.browser, os: sessions.os, ip: sessions.ip, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt.toISOString(), current: row.id === currentSessionId }));
}

const ended = () => sessionFailure(SESSION_CODES.INVALID_TOKEN, 'session.ended');
const disabled = () => sessionFailure(SESSION_CODES.ACCOUNT_DISABLED, 'session.accountDisabled');

/**
 * A session ended by disabling its account answers 7777 (the account is disabled) while the
 * account stays disabled, so the page says why; afterwards it is a plain ended session.
 */
const endedAs = (revokeReason: string | null, status: string) => (revokeReason === 'account-disabled' && status !== 'active' ? disabled() : ended());

export class SessionService {
  private readonly db: Db;
  private readonly tokens: AccessTokens;
  private readonly refreshTtlMs: number;
  private readonly clock: Clock;
  private readonly newDevice: NewDeviceListener | undefined;

  constructor(db: Db, tokens: AccessTokens, refreshTtlSeconds: number, clock: Clock, newDevice?: NewDeviceListener) {
    this.db = db;
    this.tokens = tokens;
    this.refreshTtlMs = refreshTtlSeconds * 1000;
    this.clock = clock;
    this.newDevice = newDevice;
  }

  /**
   * Opens a session for a user who just proved who they are, keeping the device and address it
   * came from. A staff member signing in from a device (browser and system) none of their stored
   * sessions has, live or ended, is told (`newDevice`); not on the account's first sign-in, which
   * has no device to compare with. The user's row is locked (the lock its update takes anyway; rows
   * referring to the user are not held up), so two racing sign-ins from one new device tell once.
   */
  async open(userId: number, from: SignInOrigin = { ip: '' }): Promise<TokenPair> {
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.refreshTtlMs);
    const sessionId = newSessionId();
    const refreshToken = newRefreshToken();
    const device = deviceOf(from.userAgent);
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email, locale: users.locale, roles: users.roles, lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.id, userId)).for('no key update');
      const [known] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.browser, device.browser), eq(sessions.os, device.os)))
        .limit(1);
      await tx.insert(sessions).values({ id: sessionId, userId, createdAt: now, refreshedAt: now, lastUsedAt: now, expiresAt, ...device, ip: from.ip });
      await tx.insert(refreshTokens).values({ tokenHash: tokenDigest(refreshToken), sessionId, createdAt: now, expiresAt });
      await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
      if (user && user.lastSignInAt && !known && isStaff(user.roles)) await this.newDevice?.(tx, { userId, email: user.email, locale: user.locale, device, ip: from.ip, at: now });
    });
    return { token: await this.tokens.sign({ userId, sessionId }), refreshToken };
  }

  /**
   * Checks an access token and its session: 9999 when it is genuine but expired, 8888 when it is
   * not ours, of the wrong type, or its session was revoked or ended, 7777 when the account was
   * disabled. One primary-key query joined to the user (and its custom roles' codes) per request, and a write of the session's
   * last use only when the stored one is a minute old or more (LAST_USE_STEP_MS).
   */
  async authenticate(token: string): Promise<AuthUser> {
    const check = await this.tokens.check(token);
    if (check.status === 'invalid') throw sessionFailure(SESSION_CODES.INVALID_TOKEN, 'session.loginRequired');
    const [row] = await this.db
      .select({
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        revokeReason: sessions.revokeReason,
        expiresAt: sessions.expiresAt,
        lastUsedAt: sessions.lastUsedAt,
        status: users.status,
        roles: users.roles,
        grants: users.grants,
        custom: heldCustomRoles,
        email: users.email,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, check.sessionId));
    // A revoked session's token is refused as such even when it has also expired: never "expired".
    if (!row || row.userId !== check.userId) throw ended();
    if (row.revokedAt) throw endedAs(row.revokeReason, row.status);
    if (row.expiresAt <= this.clock()) throw ended();
    if (check.status === 'expired') throw sessionFailure(SESSION_CODES.ACCESS_TOKEN_EXPIRED, 'session.accessTokenExpired');
    if (row.status !== 'active') throw disabled();
    const now = this.clock();
    if (now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_STEP_MS) {
      // Conditional, so that the instances answering one session's concurrent calls write it once.
      const cutoff = new Date(now.getTime() - LAST_USE_STEP_MS);
      await this.db.update(sessions).set({ lastUsedAt: now }).where(and(eq(sessions.id, check.sessionId), lt(sessions.lastUsedAt, cutoff)));
    }
    return { userId: check.userId, sessionId: check.sessionId, roles: row.roles, grants: row.grants, codes: permissionsOf(row.roles, row.grants, row.custom), email: row.email };
  }

  /** The caller's live sessions, theirs marked `current`. */
  mine(user: Pick<AuthUser, 'userId' | 'sessionId'>): Promise<SessionInfo[]> {
    return liveSessions(this.db, user.userId, this.clock(), user.sessionId);
  }

  /**
   * Ends one of the caller's own sessions (the current one too: that is signing out). Not theirs,
   * or ended already: false, and nothing changes.
   */
  async endMine(user: Pick<AuthUser, 'userId'>, sessionId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock(), revokeReason: 'logout' })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Rotates a refresh token: the presented one is spent, a new pair is returned. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.clock();
    const digest = tokenDigest(refreshToken);
    const [row] = await this.db
      .select({ token: refreshTokens, session: sessions, status: users.status })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, digest));
    if (!row) throw ended();
    if (row.session.revokedAt) throw endedAs(row.session.revokeReason, row.status);
    if (row.token.usedAt) return this.reused(row.session.id);
    if (row.token.expiresAt <= now || row.session.expiresAt <= now) throw ended();
    if (row.status !== 'active') throw disabled();

    const next = newRefreshToken();
    const expiresAt = new Date(now.getTime() + this.refreshTtlMs);
    const rotated = await this.db.transaction(async (tx) => {
      // Only one of two racing refreshes with the same token can spend it.
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, digest), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId });
      if (spent.length === 0) return false;
      await tx.insert(refreshTokens).values({ tokenHash: tokenDigest(next), sessionId: row.session.id, createdAt: now, expiresAt });
      await tx.update(sessions).set({ refreshedAt: now, expiresAt }).where(eq(sessions.id, row.session.id));
      return true;
    });
    if (!rotated) return this.reused(row.session.id);
    return { token: await this.tokens.sign({ userId: row.session.userId, sessionId: row.session.id }), refreshToken: next };
  }

  private async reused(sessionId: string): Promise<never> {
    await this.revoke(sessionId, 'refresh-reuse');
    throw sessionFailure(SESSION_CODES.REFRESH_TOKEN_REUSED, 'session.refreshTokenReused');
  }

  /**
   * Ends the session named by an access token (its signature must be good; it may have expired)
   * or by a refresh token. Returns whether a live session was ended.
   */
  async logout(accessToken: string | null, refreshToken: string | null): Promise<boolean> {
    let sessionId: string | null = null;
    if (accessToken) {
      const check = await this.tokens.check(accessToken);
      if (check.status !== 'invalid') sessionId = check.sessionId;
    }
    if (!sessionId && refreshToken) {
      const [row] = await this.db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenDigest(refreshToken)));
      sessionId = row?.sessionId ?? null;
    }
    return sessionId ? this.revoke(sessionId, 'logout') : false;
  }

  async revoke(sessionId: string, reason: RevokeReason): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock(), revokeReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Revokes every live session of a user, except one (the caller's, on a password change). */
  async revokeAll(userId: number, reason: RevokeReason, exceptSessionId?: string): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock(), revokeReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, this.clock()), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
      .returning({ id: sessions.id });
    return rows.length;
  }

  /** Drops sessions (and their token families) that ended more than a week ago. */
  async sweep(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date(this.clock().getTime() - 7 * 86_400_000)));
  }
}
