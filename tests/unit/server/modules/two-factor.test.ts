/** The pure parts of staff two-step sign-in (src/server/modules/two-factor/totp.ts): steps and replay, the sealed secret, recovery codes. */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { codeAt, matchStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, openSecret, qrSvg, recoveryDigest, sealSecret, stepAt, totpUri } from '../../../../src/server/modules/two-factor/totp.ts';

const T = Date.UTC(2026, 10, 29, 12, 0, 15);
const secret = newTotpSecret();
const appCode = (timeMs: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: timeMs });

describe('TOTP steps', () => {
  it('matches what an authenticator app computes (RFC 6238 defaults: SHA-1, 6 digits, 30 s)', () => {
    expect(codeAt(secret, T)).toBe(appCode(T));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts one step either side and names the step; two steps are refused', () => {
    const now = stepAt(T);
    expect(matchStep(secret, appCode(T), T, 0)).toBe(now);
    expect(matchStep(secret, appCode(T - 30_000), T, 0)).toBe(now - 1);
    expect(matchStep(secret, appCode(T + 30_000), T, 0)).toBe(now + 1);
    expect(matchStep(secret, appCode(T - 60_000), T, 0)).toBeNull();
    expect(matchStep(secret, appCode(T + 60_000), T, 0)).toBeNull();
  });

  it('refuses the last used step and older ones (replay)', () => {
    const now = stepAt(T);
    expect(matchStep(secret, appCode(T), T, now)).toBeNull();
    expect(matchStep(secret, appCode(T - 30_000), T, now - 1)).toBeNull();
    expect(matchStep(secret, appCode(T + 30_000), T, now)).toBe(now + 1);
  });

  it('refuses what is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ` ${appCode(T)}`]) expect(matchStep(secret, code, T, 0)).toBeNull();
  });

  it('writes the otpauth URI and a QR code as SVG', () => {
    const uri = totpUri(secret, 'ada@example.com', 'shop.example');
    expect(uri).toMatch(/^otpauth:\/\/totp\/shop\.example:ada%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg(uri)).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });
});

describe('the sealed secret', () => {
  it('opens with the same AUTH_SECRET only, holds no plain secret, differs each time', () => {
    const sealed = sealSecret(secret, 'a'.repeat(32));
    expect(sealed).not.toContain(secret);
    expect(sealSecret(secret, 'a'.repeat(32))).not.toBe(sealed);
    expect(openSecret(sealed, 'a'.repeat(32))).toBe(secret);
    expect(() => openSecret(sealed, 'b'.repeat(32))).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    const altered = [v, iv, tag, `${data!.slice(0, -2)}${data!.endsWith('AA') ? 'BB' : 'AA'}`].join('.');
    expect(() => openSecret(altered, 'a'.repeat(32))).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of ten unambiguous characters, grouped', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{5}-[23456789abcdefghjkmnpqrstuvwxyz]{5}$/);
  });

  it('are compared as typed: case, spaces and dashes do not matter; the digest is keyed', () => {
    expect(normaliseRecoveryCode(' K7M2P-X9QRT ')).toBe('k7m2px9qrt');
    expect(recoveryDigest('K7M2P X9QRT', 's'.repeat(32))).toBe(recoveryDigest('k7m2p-x9qrt', 's'.repeat(32)));
    expect(recoveryDigest('k7m2p-x9qrt', 't'.repeat(32))).not.toBe(recoveryDigest('k7m2p-x9qrt', 's'.repeat(32)));
  });
});
