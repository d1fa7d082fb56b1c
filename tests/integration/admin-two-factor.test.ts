/**
 * Staff two-step sign-in (docs/accounts-and-security.md "Two-step sign-in"): enrolment with a
 * current code and ten recovery codes, the sign-in's second step with one step of clock skew either
 * side (two refused), a used code refused, recovery codes spent once and mailed about, wrong codes
 * throttled, the owner's requirement refusing every other back-office call, and the owner's reset
 * ending the member's sessions; each change audited. Codes are computed here with otpauth, as an
 * authenticator app would.
 */
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorApi } from '../../src/domain/api/admin/two-factor.ts';
import { adminStaffApi } from '../../src/domain/api/admin/staff.ts';
import { accountsApi } from '../../src/domain/api/accounts.ts';
import { auditLog, mailOutbox, staffTwoFactor } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { bearer, call, createTestShop, newIp, signUp, testClock, type TestShop } from './harness.ts';

const clock = testClock();
let shop: TestShop;


beforeAll(async () => {
  shop = await createTestShop({}, { clock: clock.now });

});
afterAll(async () => shop?.close());

const STEP_MS = 30_000;
const codeAt = (secret: string, offsetSteps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: clock.now().getTime() + offsetSteps * STEP_MS });

interface Enrolled extends Staff {
  secret: string;
  recoveryCodes: string[];
}

/** A staff member who turned two-step sign-in on; the clock then moves a step on, so the enrolment's code is behind. */
async function enrolled(...roles: Staff['roles']): Promise<Enrolled> {
  const staff = await staffAccount(shop, ...(roles.length ? roles : (['R_ADMIN'] as const)));
  const started = await callEntry(shop, twoFactorApi.start, undefined, staff);
  expect(started.code, started.msg).toBe('0000');
  const confirmed = await callEntry(shop, twoFactorApi.confirm, { code: codeAt(started.data.secret) }, staff);
  expect(confirmed.code, confirmed.msg).toBe('0000');
  clock.advance(STEP_MS);
  return { ...staff, secret: started.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

/** The password step: for an enrolled account, 1428 and a challenge. */
async function passwordStep(staff: Staff, ip = newIp()): Promise<string> {
  const answer = await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip });
  expect(answer.code, answer.msg).toBe('1428');
  expect(answer.status).toBe(401);
  expect(answer.data.token).toBeUndefined();
  expect(answer.data.expiresInSeconds).toBe(300);
  return answer.data.challenge;
}

const secondStep = (body: Record<string, string>, ip = newIp()) => call(shop.app, twoFactorApi.login.path, body, { ip });

async function auditOf(action: string, userId: number) {
  return shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId)))).orderBy(desc(auditLog.id));
}

describe('enrolment', () => {
  it('answers a QR code, the URI and the secret; a current code turns it on with ten recovery codes, audited; the secret is sealed at rest', async () => {
    const staff = await staffAccount(shop, 'R_ADMIN');
    const started = await callEntry(shop, twoFactorApi.start, undefined, staff);
    expect(started.code, started.msg).toBe('0000');
    expect(started.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(started.data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const [row] = await shop.database.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, staff.userId));
    expect(row!.secret).not.toContain(started.data.secret);
    expect(row!.enabledAt).toBeNull();

    // Not on until confirmed: signing in still answers tokens.
    expect((await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip: newIp() })).code).toBe('0000');
    const wrong = await callEntry(shop, twoFactorApi.confirm, { code: codeAt(started.data.secret, 3) }, staff);
    expect(wrong.code).toBe('1401');
    const confirmed = await callEntry(shop, twoFactorApi.confirm, { code: codeAt(started.data.secret) }, staff);
    expect(confirmed.code, confirmed.msg).toBe('0000');
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    for (const code of confirmed.data.recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    expect((await callEntry(shop, twoFactorApi.status, undefined, staff)).data).toEqual({ enabled: true, required: false, mustEnrol: false, recoveryCodesLeft: 10 });
    expect(await auditOf('staff.2fa.enrol', staff.userId)).toHaveLength(1);
    // Once on, a new start is refused (no silent device swap from a stolen session).
    expect((await callEntry(shop, twoFactorApi.start, undefined, staff)).code).toBe('1409');
  });

  it('is for staff accounts only: a customer cannot enrol, and the customer sign-in is unchanged', async () => {
    const customer = await signUp(shop.app);
    expect((await callEntry(shop, twoFactorApi.start, undefined, customer)).code).toBe('1403');
    expect((await call(shop.app, accountsApi.login.path, { username: customer.email, password: customer.password }, { ip: newIp() })).code).toBe('0000');
  });

  it('turns off only with a current code, audited', async () => {
    const staff = await enrolled();
    expect((await callEntry(shop, twoFactorApi.disable, { code: '000000' === codeAt(staff.secret) ? '111111' : '000000' }, staff)).code).toBe('1401');
    const off = await callEntry(shop, twoFactorApi.disable, { code: codeAt(staff.secret) }, staff);
    expect(off.code, off.msg).toBe('0000');
    expect(await auditOf('staff.2fa.disable', staff.userId)).toHaveLength(1);
    expect((await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip: newIp() })).code).toBe('0000');
  });
});

describe('sign-in with a code', () => {
  it('needs the second step after the password; the challenge with a current code gives a working session', async () => {
    const staff = await enrolled();
    const challenge = await passwordStep(staff);
    const signedIn = await secondStep({ challenge, code: codeAt(staff.secret) });
    expect(signedIn.code, signedIn.msg).toBe('0000');
    expect((await callEntry(shop, adminStaffApi.ping, undefined, { auth: bearer(signedIn.data.token) })).code).toBe('0000');
    // The challenge is single use.
    clock.advance(STEP_MS);
    expect((await secondStep({ challenge, code: codeAt(staff.secret) })).code).toBe('1401');
  });

  it('the mailed sign-in code does not skip the second step', async () => {
    const staff = await enrolled();
    const ip = newIp();
    expect((await call(shop.app, accountsApi.sendLoginCode.path, { email: staff.email }, { ip })).code).toBe('0000');
    const [mail] = await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, staff.email), eq(mailOutbox.kind, 'login-code')));
    const mailed = /\b(\d{6})\b/.exec(mail!.textBody)![1]!;
    const answer = await call(shop.app, accountsApi.codeLogin.path, { email: staff.email, code: mailed }, { ip });
    expect(answer.code, answer.msg).toBe('1428');
    expect(answer.data.token).toBeUndefined();
    expect((await secondStep({ challenge: answer.data.challenge, code: codeAt(staff.secret) })).code).toBe('0000');
  });

  it('accepts a code one step behind or ahead, refuses two steps either way', async () => {
    const staff = await enrolled();
    for (const offset of [-2, 2]) {
      const challenge = await passwordStep(staff);
      expect((await secondStep({ challenge, code: codeAt(staff.secret, offset) })).code, `offset ${offset}`).toBe('1401');
    }
    // Past the enrolment's step, so the step behind is one no code has used.
    clock.advance(STEP_MS);
    const behind = await secondStep({ challenge: await passwordStep(staff), code: codeAt(staff.secret, -1) });
    expect(behind.code, behind.msg).toBe('0000');
    const ahead = await secondStep({ challenge: await passwordStep(staff), code: codeAt(staff.secret, 1) });
    expect(ahead.code, ahead.msg).toBe('0000');
  });

  it('refuses a code already used, and an older one after a newer one', async () => {
    const staff = await enrolled();
    const code = codeAt(staff.secret);
    expect((await secondStep({ challenge: await passwordStep(staff), code })).code).toBe('0000');
    const replay = await secondStep({ challenge: await passwordStep(staff), code });
    expect(replay.code).toBe('1401');
    expect(replay.msg).toMatch(/already used/);
    // The step before the used one is within the window but older: refused too.
    expect((await secondStep({ challenge: await passwordStep(staff), code: codeAt(staff.secret, -1) })).code).toBe('1401');
    clock.advance(STEP_MS);
    expect((await secondStep({ challenge: await passwordStep(staff), code: codeAt(staff.secret) })).code).toBe('0000');
  });

  it('throttles wrong codes per account like failed sign-ins, audited as failed staff sign-ins', async () => {
    const staff = await enrolled();
    const wrong = () => ('123456' === codeAt(staff.secret) ? '654321' : '123456');
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await secondStep({ challenge: await passwordStep(staff), code: wrong() })).code);
    expect(codes).toEqual(['1401', '1401', '1401', '1401', '1401', '1429']);
    // Even the right code waits for the window.
    expect((await secondStep({ challenge: await passwordStep(staff), code: codeAt(staff.secret) })).code).toBe('1429');
    const failures = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'access.signInFailed'), eq(auditLog.entityId, String(staff.userId))));
    expect(failures.filter((row) => (row.after as { reason: string }).reason === 'second-step')).toHaveLength(5);
    clock.advance(15 * 60_000 + 1000);
    expect((await secondStep({ challenge: await passwordStep(staff), code: codeAt(staff.secret) })).code).toBe('0000');
  });

  it('refuses an expired or made-up challenge', async () => {
    const staff = await enrolled();
    const challenge = await passwordStep(staff);
    clock.advance(301_000);
    expect((await secondStep({ challenge, code: codeAt(staff.secret) })).code).toBe('1401');
    expect((await secondStep({ challenge: 'x'.repeat(43), code: codeAt(staff.secret) })).code).toBe('1401');
  });
});

describe('recovery codes', () => {
  it('sign in once each (any case, with or without the dash), are spent, audited and mailed about', async () => {
    const staff = await enrolled();
    const [first, second] = staff.recoveryCodes;
    const used = await secondStep({ challenge: await passwordStep(staff), recoveryCode: first!.toUpperCase().replace('-', ' ') });
    expect(used.code, used.msg).toBe('0000');
    expect((await secondStep({ challenge: await passwordStep(staff), recoveryCode: first! })).code).toBe('1401');
    expect((await secondStep({ challenge: await passwordStep(staff), recoveryCode: second! })).code).toBe('0000');
    expect((await callEntry(shop, twoFactorApi.status, undefined, staff)).data.recoveryCodesLeft).toBe(8);
    const audited = await auditOf('staff.2fa.recoveryUsed', staff.userId);
    expect(audited.map((row) => row.after)).toEqual([{ left: 8 }, { left: 9 }]);
    const mails = await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, staff.email), eq(mailOutbox.kind, 'recovery-code-used')));
    expect(mails).toHaveLength(2);
  });
});

describe("the owner's requirement", () => {
  it('refuses every other back-office call of a staff session without two-step sign-in (1427) but its enrolment; enrolling lifts it', async () => {
    const [admin, owner] = await Promise.all([staffAccount(shop, 'R_ADMIN'), staffAccount(shop, 'R_SUPER')]);
    // The owner must have it on before requiring it.
    expect((await callEntry(shop, twoFactorApi.setPolicy, { required: true }, owner)).code).toBe('1409');
    const secured = await enrolled('R_SUPER');
    const on = await callEntry(shop, twoFactorApi.setPolicy, { required: true }, secured);
    expect(on.code, on.msg).toBe('0000');
    try {
      const refused = await callEntry(shop, adminStaffApi.ping, undefined, admin);
      expect(refused.code).toBe('1427');
      expect(refused.status).toBe(403);
      expect((await callEntry(shop, twoFactorApi.status, undefined, admin)).data).toMatchObject({ enabled: false, required: true, mustEnrol: true });
      // Customers are unaffected.
      const customer = await signUp(shop.app);
      expect((await call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...customer.auth })).code).toBe('0000');
      const started = await callEntry(shop, twoFactorApi.start, undefined, admin);
      expect(started.code).toBe('0000');
      expect((await callEntry(shop, twoFactorApi.confirm, { code: codeAt(started.data.secret) }, admin)).code).toBe('0000');
      expect((await callEntry(shop, adminStaffApi.ping, undefined, admin)).code).toBe('0000');
      // While required, turning it off is refused.
      clock.advance(STEP_MS);
      expect((await callEntry(shop, twoFactorApi.disable, { code: codeAt(started.data.secret) }, admin)).code).toBe('1409');
    } finally {
      expect((await callEntry(shop, twoFactorApi.setPolicy, { required: false }, secured)).code).toBe('0000');
    }
    const policy = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.2fa.policy')).orderBy(desc(auditLog.id));
    expect(policy.slice(0, 2).map((row) => row.after)).toEqual([{ required: false }, { required: true }]);
  });
});

describe("the owner's reset", () => {
  it('turns it off, ends the member\'s sessions and is audited; only the owner, never one\'s own', async () => {
    const staff = await enrolled();
    const session = await secondStep({ challenge: await passwordStep(staff), code: codeAt(staff.secret) });
    expect(session.code).toBe('0000');
    const other = await enrolled();
    const owner = await staffAccount(shop, 'R_SUPER');
    expect((await callEntry(shop, twoFactorApi.reset, { userId: staff.userId }, other)).code).toBe('1403');
    expect((await callEntry(shop, twoFactorApi.reset, { userId: owner.userId }, owner)).code).toBe('1409');
    const reset = await callEntry(shop, twoFactorApi.reset, { userId: staff.userId }, owner);
    expect(reset.code, reset.msg).toBe('0000');
    expect(reset.data.userId).toBe(staff.userId);
    expect((await callEntry(shop, adminStaffApi.ping, undefined, { auth: bearer(session.data.token) })).code).toBe('8888');
    expect((await call(shop.app, accountsApi.refreshToken.path, { refreshToken: session.data.refreshToken })).code).toBe('8888');
    const [row] = await auditOf('staff.2fa.reset', staff.userId);
    expect(row!.actorId).toBe(owner.userId);
    expect(row!.after).toMatchObject({ enabled: false });
    // The password alone signs in again, to enrol anew.
    expect((await call(shop.app, accountsApi.login.path, { username: staff.email, password: staff.password }, { ip: newIp() })).code).toBe('0000');
    expect((await callEntry(shop, twoFactorApi.reset, { userId: staff.userId }, owner)).code).toBe('1409');
  });
});
