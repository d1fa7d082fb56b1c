/**
 * The pure parts of staff two-step sign-in: TOTP (RFC 6238, by otpauth: SHA-1, 6 digits, 30 s,
 * what every authenticator app reads), the secret sealed at rest, and the recovery codes.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the server's: a phone clock off by up to 30 s still works. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: read off paper without doubt. 31 letters, 10 of them: about 49.5 bits a code. */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

function totp(secretBase32: string, label = 'staff', issuer = 'Jersey Shop'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new 20-byte (160-bit, RFC 4226's recommendation) secret in base32, as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app scans (issuer and account name shown in the app). */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totp(secretBase32, account, issuer).toString();
}

/** The QR code of a URI as an SVG document, drawn here so the back office ships no QR library. */
export function qrSvg(text: string): string {
  return renderSVG(text, { border: 2, pixelSize: 6 });
}

/** The 30-second step a moment falls in (the TOTP counter). */
export function stepAt(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a step (tests and the e2e journey compute codes this way too, with otpauth). */
export function codeAt(secretBase32: string, timeMs: number): string {
  return totp(secretBase32).generate({ timestamp: timeMs });
}

/**
 * The step a code is for, within one step either side of `timeMs`; null when it matches none, or
 * only a step at or before `lastStep` (a code already used, or an older one: no replay).
 */
export function matchStep(secretBase32: string, code: string, timeMs: number, lastStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: timeMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = stepAt(timeMs) + delta;
  return step > lastStep ? step : null;
}

/** AES-256-GCM under a key derived from AUTH_SECRET for this one use (HKDF): a database copy alone gives no secret. */
function sealingKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'jersey-shop', 'staff-totp-secret v1', 32));
}

export function sealSecret(secretBase32: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(authSecret), iv);
  const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Throws when the text was not sealed with this AUTH_SECRET (or was altered). */
export function openSecret(sealed: string, authSecret: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(authSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Ten codes such as "k7m2p-x9qrt", shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** As typed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, '');
}

export function recoveryDigest(code: string, authSecret: string): string {
  return createHmac('sha256', authSecret).update(`staff-recovery:${normaliseRecoveryCode(code)}`).digest('base64url');
}
