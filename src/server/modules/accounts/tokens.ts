/**
 * Access tokens: HS256 JWTs signed with AUTH_SECRET (jose), 15 minutes by default. They carry the
 * user (sub) and the session (sid); nothing else is trusted from them: roles and status are read
 * fresh with the session on every request.
 *
 * Verification accepts only HS256 (so `alg: none` and every other algorithm are refused), our
 * issuer and audience, and the access-token type header (RFC 9068 `at+jwt`). Refresh tokens are
 * opaque random strings, so neither kind can pass for the other.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '../../clock.ts';

export const TOKEN_ISSUER = 'jersey-shop';
export const TOKEN_AUDIENCE = 'jersey-shop-api';
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** ok: valid now; expired: genuine (signature, issuer, audience, type all good) but past its time; invalid: anything else. */
export type AccessCheck = ({ status: 'ok' } & AccessClaims) | ({ status: 'expired' } & AccessClaims) | { status: 'invalid' };

const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

function claimsOf(payload: JWTPayload): AccessClaims | null {
  const userId = Number(payload.sub);
  const sessionId = payload['sid'];
  if (!Number.isSafeInteger(userId) || userId <= 0 || String(userId) !== payload.sub) return null;
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null;
  return { userId, sessionId };
}

export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly ttlSeconds: number;
  private readonly clock: Clock;

  constructor(secret: string, ttlSeconds: number, clock: Clock) {
    this.key = new TextEncoder().encode(secret);
    this.ttlSeconds = ttlSeconds;
    this.clock = clock;
  }

  sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      // A unique id, so two tokens issued in the same second are still told apart in any trace.
      .setJti(randomBytes(9).toString('base64url'))
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setSubject(String(claims.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  async check(token: string): Promise<AccessCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        currentDate: this.clock(),
      });
      const claims = claimsOf(payload);
      return claims ? { status: 'ok', ...claims } : { status: 'invalid' };
    } catch (error) {
      // jose checks the signature, then type, issuer and audience, and expiry last: an expired
      // error therefore means a token we really issued.
      if (error instanceof errors.JWTExpired && error.claim === 'exp') {
        const claims = claimsOf(error.payload);
        return claims ? { status: 'expired', ...claims } : { status: 'invalid' };
      }
      return { status: 'invalid' };
    }
  }
}

/** 256 random bits, base64url: a refresh token. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** 128 random bits, base64url (22 characters): a session id. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** How refresh tokens are stored: a digest is enough for 256 random bits. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
