/** Password hashing and access tokens in isolation. */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../../../../src/server/modules/accounts/passwords.ts';
import { AccessTokens, newRefreshToken, newSessionId, tokenDigest } from '../../../../../src/server/modules/accounts/tokens.ts';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(10);

  it('stores parameters, salt and hash, and verifies only the right password', async () => {
    const stored = await hasher.hash('Gr33n-Shirt');
    expect(stored).toMatch(/^scrypt\$10\$8\$3\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await hasher.verify('Gr33n-Shirt', stored)).toBe(true);
    expect(await hasher.verify('Gr33n-Shirx', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hasher.hash('Gr33n-Shirt')).not.toBe(await hasher.hash('Gr33n-Shirt'));
  });

  it('treats canonically equal Unicode spellings as one password', async () => {
    const stored = await hasher.hash('Jos\u00e9-9-shirt');
    expect(await hasher.verify('Jose\u0301-9-shirt', stored)).toBe(true);
  });

  it('refuses damaged or foreign hashes instead of throwing', async () => {
    const stored = await hasher.hash('Gr33n-Shirt');
    for (const bad of ['', 'plain', stored.replace('scrypt', 'bcrypt'), stored.replace('$10$', '$40$'), stored.split('$').slice(0, 5).join('$')]) {
      expect(await hasher.verify('Gr33n-Shirt', bad), bad).toBe(false);
    }
  });

  it('verifies hashes made at another cost, and asks for them to be re-made', async () => {
    const older = await new PasswordHasher(11).hash('Gr33n-Shirt');
    expect(await hasher.verify('Gr33n-Shirt', older)).toBe(true);
    expect(hasher.needsRehash(older)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('x'))).toBe(false);
  });

  it('does the work of a verification for unknown users, and never says yes', async () => {
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });
});

describe('AccessTokens', () => {
  const secret = 'unit-test-secret-unit-test-secret-0123';
  let now = new Date('2030-01-01T00:00:00Z');
  const tokens = new AccessTokens(secret, 900, () => now);
  const sessionId = newSessionId();

  it('checks its own tokens, and calls them expired after their lifetime, keeping the claims', async () => {
    now = new Date('2030-01-01T00:00:00Z');
    const token = await tokens.sign({ userId: 42, sessionId });
    expect(await tokens.check(token)).toEqual({ status: 'ok', userId: 42, sessionId });
    now = new Date('2030-01-01T00:14:59Z');
    expect((await tokens.check(token)).status).toBe('ok');
    now = new Date('2030-01-01T00:15:00Z');
    expect(await tokens.check(token)).toEqual({ status: 'expired', userId: 42, sessionId });
  });

  it('calls anything else invalid, expired or not', async () => {
    now = new Date('2030-01-01T00:00:00Z');
    const other = new AccessTokens('another-secret-another-secret-another', 900, () => now);
    const foreign = await other.sign({ userId: 42, sessionId });
    const key = new TextEncoder().encode(secret);
    const badSub = await new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setSubject('042').setIssuer('jersey-shop').setAudience('jersey-shop-api').setIssuedAt().setExpirationTime('15m').sign(key);
    const noSid = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setSubject('42').setIssuer('jersey-shop').setAudience('jersey-shop-api').setIssuedAt().setExpirationTime('15m').sign(key);
    for (const token of [foreign, badSub, noSid, 'a.b.c', '', newRefreshToken()]) expect((await tokens.check(token)).status).toBe('invalid');
    now = new Date('2031-01-01T00:00:00Z');
    expect((await tokens.check(foreign)).status).toBe('invalid');
  });

  it('makes random refresh tokens and session ids, and digests tokens for storage', () => {
    expect(newRefreshToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(newRefreshToken());
    expect(newSessionId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const token = newRefreshToken();
    expect(tokenDigest(token)).toBe(tokenDigest(token));
    expect(tokenDigest(token)).not.toContain(token);
  });
});
