/**
 * Access and refresh tokens (docs/accounts-and-security.md, threats 4-7, 14): expiry answers 9999,
 * anything forged or revoked answers a forced logout (8888/8889) and never "expired", refresh
 * tokens rotate and a reused one ends its whole family, logout revokes, a disabled account gets
 * 7777, and roles guard the back office.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.ts';
import { bearer, call, createTestShop, signUp, testClock, type TestAccount, type TestShop } from './harness.ts';
import { newAccountUserInfo } from '../support/accounts.ts';

let shop: TestShop;
const clock = testClock();

beforeAll(async () => {
  shop = await createTestShop({}, { clock: clock.now, seed: false });
});
afterAll(async () => shop?.close());

const me = (token: string) => call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...bearer(token) });
const refresh = (refreshToken: string) => call(shop.app, '/auth/refreshToken', { refreshToken });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed like ours, with parts changed. */
async function craft(account: TestAccount, change: { alg?: string; typ?: string; secret?: string; iss?: string; aud?: string; sub?: string; sid?: string; expiresIn?: number } = {}) {
  const [, payload] = account.token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string; sub: string };
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ sid: change.sid ?? claims.sid })
    .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: change.typ ?? 'at+jwt' })
    .setSubject(change.sub ?? claims.sub)
    .setIssuer(change.iss ?? 'jersey-shop')
    .setAudience(change.aud ?? 'jersey-shop-api')
    .setIssuedAt(now)
    .setExpirationTime(now + (change.expiresIn ?? 900))
    .sign(new TextEncoder().encode(change.secret ?? shop.config.authSecret));
}

describe('access tokens', () => {
  it('answers the user info of docs/accounts-and-security.md for a good token', async () => {
    const account = await signUp(shop.app);
    const answer = await me(account.token);
    expect(answer.code).toBe('0000');
    expect(answer.data).toEqual(newAccountUserInfo(account));
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('a token signed like ours is accepted (so the refusals below are about what was changed)', async () => {
    const account = await signUp(shop.app);
    expect((await me(await craft(account))).code).toBe('0000');
  });

  it('answers 9999 for an expired token; one refresh then works', async () => {
    const account = await signUp(shop.app);
    clock.advance(15 * 60_000 + 1000);
    const expired = await me(account.token);
    expect(expired).toMatchObject({ status: 401, code: '9999', msg: 'Access token expired' });
    const renewed = await refresh(account.refreshToken);
    expect(renewed.code).toBe('0000');
    expect((await me(renewed.data.token)).code).toBe('0000');
  });

  it('refuses forged, altered and wrongly typed tokens as a forced logout (8888), never as expired', async () => {
    const account = await signUp(shop.app);
    const [header, payload, signature] = account.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgeries: [string, string][] = [
      ['random text', 'not-a-token'],
      ['alg none, no signature', `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.`],
      ['alg none, signature kept', `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.${signature}`],
      ['another user in the payload', `${header}.${b64({ ...claims, sub: String(account.userId + 1) })}.${signature}`],
      ['a later expiry in the payload', `${header}.${b64({ ...claims, exp: (claims.exp as number) + 3600 })}.${signature}`],
      ['a signature cut short', `${header}.${payload}.${signature.slice(0, -4)}`],
      ['signed with another secret', await craft(account, { secret: 'another-secret-another-secret-another-secret' })],
      ['expired and signed with another secret', await craft(account, { secret: 'another-secret-another-secret-another-secret', expiresIn: -3600 })],
      ['HS512 with our secret', await craft(account, { alg: 'HS512' })],
      ['HS384 with our secret', await craft(account, { alg: 'HS384' })],
      ['typ JWT', await craft(account, { typ: 'JWT' })],
      ['typ refresh', await craft(account, { typ: 'refresh+jwt' })],
      ['another issuer', await craft(account, { iss: 'someone-else' })],
      ['another audience', await craft(account, { aud: 'another-api' })],
      ['a session that does not exist', await craft(account, { sid: 'AAAAAAAAAAAAAAAAAAAAAA' })],
      ["another user's id with this session", await craft(account, { sub: String(account.userId + 1000) })],
      ['the refresh token', account.refreshToken],
    ];
    for (const [label, token] of forgeries) {
      const answer = await me(token);
      expect(answer.code, label).toBe('8888');
      expect(answer.status, label).toBe(401);
    }
    // Also once their time is up: still forced logout, not "expired".
    clock.advance(16 * 60_000);
    for (const [label, token] of forgeries) expect((await me(token)).code, label).toBe('8888');
  });

  it('answers 8888 without a token or with a malformed Authorization header', async () => {
    const account = await signUp(shop.app);
    expect((await call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET' })).code).toBe('8888');
    for (const header of [`Basic ${account.token}`, `Bearer`, `Bearer ${account.token} extra`, account.token]) {
      const answer = await call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', headers: { authorization: header } });
      expect(answer.code, header).toBe('8888');
    }
  });

  it('answers 7777 "User status is invalid, please log in again" once the account is disabled', async () => {
    const account = await signUp(shop.app);
    await shop.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, account.userId));
    const answer = await me(account.token);
    expect(answer).toMatchObject({ status: 401, code: '7777', msg: 'User status is invalid, please log in again' });
    expect((await refresh(account.refreshToken)).code).toBe('7777');
    await shop.database.db.update(users).set({ status: 'active' }).where(eq(users.id, account.userId));
    expect((await me(account.token)).code).toBe('0000');
  });
});

describe('refresh token rotation', () => {
  it('gives a new pair each time; the old refresh token is spent', async () => {
    const account = await signUp(shop.app);
    const first = await refresh(account.refreshToken);
    expect(first.code).toBe('0000');
    expect(Object.keys(first.data).sort()).toEqual(['refreshToken', 'token']);
    expect(first.data.refreshToken).not.toBe(account.refreshToken);
    expect(first.data.token).not.toBe(account.token);
    const second = await refresh(first.data.refreshToken);
    expect(second.code).toBe('0000');
    expect((await me(second.data.token)).code).toBe('0000');
  });

  it('a reused refresh token revokes its whole family (8889); other sessions live on', async () => {
    const account = await signUp(shop.app);
    const otherDevice = await call(shop.app, '/demo/permissionAuth/doLogin', { username: account.email, password: account.password });
    const rotated = await refresh(account.refreshToken);
    expect(rotated.code).toBe('0000');

    const replay = await refresh(account.refreshToken);
    expect(replay).toMatchObject({ status: 401, code: '8889' });
    // The thief's copy and the owner's newest pair are both dead now.
    expect((await refresh(rotated.data.refreshToken)).code).toBe('8888');
    expect((await me(rotated.data.token)).code).toBe('8888');
    expect((await me(account.token)).code).toBe('8888');
    const [row] = await shop.database.db.select().from(sessions).where(eq(sessions.userId, account.userId));
    expect(row).toBeDefined();
    const revoked = await shop.database.db.select({ reason: sessions.revokeReason }).from(sessions).where(eq(sessions.userId, account.userId));
    expect(revoked.map((r) => r.reason)).toContain('refresh-reuse');

    expect((await me(otherDevice.data.token)).code).toBe('0000');
    expect((await refresh(otherDevice.data.refreshToken)).code).toBe('0000');
  });

  it('refuses unknown tokens, an access token and an expired refresh token with 8888', async () => {
    const account = await signUp(shop.app);
    expect((await refresh('A'.repeat(43))).code).toBe('8888');
    expect((await refresh(account.token)).code).toBe('8888');
    clock.advance(31 * 86_400_000);
    expect((await refresh(account.refreshToken)).code).toBe('8888');
  });

  it('validates the body', async () => {
    expect((await call(shop.app, '/auth/refreshToken', {})).code).toBe('1001');
    expect((await call(shop.app, '/auth/refreshToken', { refreshToken: '' })).code).toBe('1001');
    expect((await call(shop.app, '/auth/refreshToken', { refreshToken: 'x'.repeat(1025) })).code).toBe('1001');
    const account = await signUp(shop.app);
    const extra = await call(shop.app, '/auth/refreshToken', { refreshToken: account.refreshToken, userId: 1 });
    expect(extra.code).toBe('1001');
    // The refused call did not spend the token.
    expect((await refresh(account.refreshToken)).code).toBe('0000');
  });

  it('lets only one of two simultaneous refreshes with the same token win, and revokes on the loser', async () => {
    const account = await signUp(shop.app);
    const answers = await Promise.all([refresh(account.refreshToken), refresh(account.refreshToken)]);
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual(['0000', '8889']);
  });
});

describe('logout', () => {
  it('revokes the session: the old access and refresh tokens are refused afterwards', async () => {
    const account = await signUp(shop.app);
    const answer = await call(shop.app, '/demo/permissionAuth/logout', {}, account.auth);
    expect(answer).toMatchObject({ code: '0000', data: null });
    expect((await me(account.token)).code).toBe('8888');
    expect((await refresh(account.refreshToken)).code).toBe('8888');
    // Even once it would have expired, it is refused as revoked, not as expired.
    clock.advance(16 * 60_000);
    expect((await me(account.token)).code).toBe('8888');
    // Logging out again is harmless.
    expect((await call(shop.app, '/demo/permissionAuth/logout', {}, account.auth)).code).toBe('0000');
  });

  it('works with only the refresh token, for a page whose access token has lapsed', async () => {
    const account = await signUp(shop.app);
    clock.advance(16 * 60_000);
    expect((await call(shop.app, '/demo/permissionAuth/logout', { refreshToken: account.refreshToken })).code).toBe('0000');
    expect((await refresh(account.refreshToken)).code).toBe('8888');
  });

  it('ends only the session it names', async () => {
    const account = await signUp(shop.app);
    const other = await call(shop.app, '/demo/permissionAuth/logout', {}, bearer('forged.token.value'));
    expect(other.code).toBe('0000');
    expect((await me(account.token)).code).toBe('0000');
    const second = await call(shop.app, '/demo/permissionAuth/doLogin', { username: account.email, password: account.password });
    await call(shop.app, '/demo/permissionAuth/logout', {}, bearer(second.data.token));
    expect((await me(second.data.token)).code).toBe('8888');
    expect((await me(account.token)).code).toBe('0000');
  });
});

describe('roles (docs/accounts-and-security.md, threat 14)', () => {
  const ping = (init: { headers?: Record<string, string> } = {}) => call(shop.app, '/admin/ping', undefined, { method: 'GET', ...init });

  it('refuses anonymous callers with 8888 and customers with 403 (1403)', async () => {
    expect(await ping()).toMatchObject({ status: 401, code: '8888' });
    const customer = await signUp(shop.app);
    expect(await ping(customer.auth)).toMatchObject({ status: 403, code: '1403', data: null });
  });

  it('lets admins and super admins in, with roles read fresh from the account', async () => {
    const admin = await signUp(shop.app);
    await shop.database.db.update(users).set({ roles: ['R_ADMIN'] }).where(eq(users.id, admin.userId));
    expect(await ping(admin.auth)).toMatchObject({ code: '0000', data: { pong: true, roles: ['R_ADMIN'] } });
    await shop.database.db.update(users).set({ roles: ['R_SUPER'] }).where(eq(users.id, admin.userId));
    expect((await ping(admin.auth)).code).toBe('0000');
    await shop.database.db.update(users).set({ roles: ['R_CUSTOMER'] }).where(eq(users.id, admin.userId));
    expect((await ping(admin.auth)).code).toBe('1403');
  });
});
