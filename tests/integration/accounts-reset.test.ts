/**
 * Password reset by emailed code (docs/accounts-and-security.md, threat 8; docs/api.md "Codes"),
 * received over real SMTP: random 6-digit codes stored hashed, 10 minutes, single use, five tries,
 * replaced by a newer one, bound to the email; the resend countdown; throttling; the same answer
 * for unknown emails; and every session ends on a reset.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailCodes } from '../../src/server/db/schema.ts';
import { bearer, call, newEmail, newIp, signUp, testClock, type TestShop, useMailShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { codeRules, mailedCodes } from './mail-codes-support.ts';

let shop: TestShop;
let mail: MailReceiver;
const clock = testClock();

useMailShop({}, { clock: clock.now, seed: false }, (env) => ({ shop, mail } = env));

const NEW_PASSWORD = 'Bl4ck-Kit-99';

const reset = (body: Record<string, unknown>, ip = newIp()) => call(shop.app, '/demo/ironUser/resetPassword', body, { ip });
const resetWith = (email: string, code: string, password = NEW_PASSWORD, ip?: string) => reset({ email, code, password, confirmPassword: password }, ip);
const login = (username: string, password: string) => call(shop.app, '/demo/permissionAuth/doLogin', { username, password }, { ip: newIp() });

// Reset mails only: the subjects of sign-in code mails differ ("to sign in").
const codes = mailedCodes(() => ({ shop, mail }), clock, { name: 'reset-password', send: '/demo/mail/sendVerificationCode', subject: /reset your password|重置密码验证码/ });
const { sendCode, codeMails, codeFrom } = codes;

describe('the reset flow', () => {
  it('mails a code that resets the password, ends every session and tells the owner', async () => {
    const account = await signUp(shop.app);
    const otherDevice = await login(account.email, account.password);
    const sent = await sendCode(account.email);
    expect(sent).toMatchObject({ status: 200, code: '0000', msg: 'Verification code sent successfully', data: { resendAfterSeconds: 60, expiresInSeconds: 600 } });

    const { code, message } = await codeFrom(account.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(message.subject).toBe('Your verification code to reset your password');
    expect(message.subject).not.toContain(code);
    expect(message.html).toContain(code);
    expect(message.html).toContain('/en-US/login?module=reset-pwd');

    const answer = await resetWith(account.email, code);
    expect(answer).toMatchObject({ status: 200, code: '0000', msg: 'Password reset successful', data: null });
    for (const token of [account.token, otherDevice.data.token]) {
      expect((await call(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...bearer(token) })).code).toBe('8888');
    }
    expect((await call(shop.app, '/auth/refreshToken', { refreshToken: account.refreshToken })).code).toBe('8888');
    expect((await login(account.email, account.password)).code).toBe('1401');
    expect((await login(account.email, NEW_PASSWORD)).code).toBe('0000');
    const notice = await mail.waitFor((m) => m.to.includes(account.email) && m.subject === 'Your password was changed');
    expect(notice.text).toContain('reset your password now');
  });
});

describe('code rules', () => {
  codeRules({
    ...codes.shared,
    chinese: { name: '重置密码验证码', module: 'reset-pwd' },
    use: (email, code) => resetWith(email, code),
    refused: 'Password reset failed',
    unharmed: async (account) => expect((await login(account.email, account.password)).code).toBe('0000'),
  });

  it('is bound to its email', async () => {
    const alice = await signUp(shop.app);
    const bob = await signUp(shop.app);
    await sendCode(alice.email);
    await sendCode(bob.email);
    const aliceCode = (await codeFrom(alice.email)).code;
    const bobCode = (await codeFrom(bob.email)).code;
    if (aliceCode !== bobCode) expect((await resetWith(bob.email, aliceCode)).msg).toBe('Password reset failed');
    expect((await resetWith(newEmail('nobody'), aliceCode)).msg).toBe('Password reset failed');
    expect((await login(bob.email, bob.password)).code).toBe('0000');
    expect((await resetWith(alice.email, aliceCode)).code).toBe('0000');
    expect((await login(bob.email, bob.password)).code).toBe('0000');
  });

  it('stops working when the account changes its email', async () => {
    const account = await signUp(shop.app);
    await sendCode(account.email);
    const { code } = await codeFrom(account.email);
    const moved = newEmail('moved');
    const update = await call(
      shop.app,
      '/demo/ironUser/updateUser',
      { email: moved, firstName: 'Ada', lastName: 'Lovelace', birthday: { day: 10, month: 12, year: 1990 }, currentPassword: account.password },
      account.auth,
    );
    expect(update.code).toBe('0000');
    expect((await resetWith(account.email, code)).msg).toBe('Password reset failed');
    expect((await resetWith(moved, code)).msg).toBe('Password reset failed');
  });
});

describe('countdown and throttling', () => {
  it('answers a resend within the countdown with the seconds left, for known and unknown emails alike', async () => {
    const account = await signUp(shop.app);
    const unknown = newEmail('nobody');
    for (const email of [account.email, unknown]) {
      expect((await sendCode(email)).code).toBe('0000');
      clock.advance(20_000);
      const early = await sendCode(email);
      expect(early.status).toBe(429);
      expect(early.code).toBe('1429');
      expect(early.msg).toMatch(/^Failed to send verification code: please wait \d+ seconds before asking for another code$/);
      // 60 s minus the 20 s the clock moved, minus however long the requests themselves took.
      expect(early.data.retryAfterSeconds).toBeGreaterThanOrEqual(30);
      expect(early.data.retryAfterSeconds).toBeLessThanOrEqual(40);
      expect(early.headers['retry-after']).toBe(String(early.data.retryAfterSeconds));
      clock.advance(41_000);
      expect((await sendCode(email)).code).toBe('0000');
    }
    await shop.app.outbox.drain();
    expect(codeMails(account.email)).toHaveLength(2);
  });

  it('sends at most 5 codes an hour to one email', async () => {
    const account = await signUp(shop.app);
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(account.email)).code, `code ${i + 1}`).toBe('0000');
      clock.advance(61_000);
    }
    const sixth = await sendCode(account.email);
    expect(sixth.code).toBe('1429');
    expect(sixth.msg).toContain('Failed to send verification code');
    clock.advance(60 * 60_000);
    expect((await sendCode(account.email)).code).toBe('0000');
  });

  it('sends at most 20 codes an hour from one address', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await sendCode(newEmail('spray'), { ip })).code).toBe('0000');
    expect((await sendCode(newEmail('spray'), { ip })).code).toBe('1429');
    expect((await sendCode(newEmail('spray'))).code).toBe('0000');
  });

  it('checks at most 10 codes per email and 30 per address in 15 minutes', async () => {
    const account = await signUp(shop.app);
    for (let i = 0; i < 10; i++) expect((await resetWith(account.email, '000000')).code).toBe('1401');
    const blocked = await resetWith(account.email, '000000');
    expect(blocked.code).toBe('1429');
    expect(blocked.msg).toMatch(/^Too many attempts, please try again in \d+ minutes$/);

    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await resetWith(newEmail('spray'), '000000', NEW_PASSWORD, ip)).code).toBe('1401');
    expect((await resetWith(newEmail('spray'), '000000', NEW_PASSWORD, ip)).code).toBe('1429');
    clock.advance(15 * 60_000 + 1000);
    expect((await resetWith(newEmail('spray'), '000000', NEW_PASSWORD, ip)).code).toBe('1401');
  });
});

describe('form messages (docs/accounts-and-security.md) and bad input changing nothing', () => {
  it('validates the code request', async () => {
    for (const [body, message] of [
      [{}, 'Please enter the Email'],
      [{ email: '' }, 'Please enter the Email'],
      [{ email: 'nobody@' }, 'The Email is invalid'],
    ] as const) {
      const answer = await call(shop.app, '/demo/mail/sendVerificationCode', body, { ip: newIp() });
      expect(answer.code).toBe('1001');
      expect(answer.msg).toContain(message);
    }
    const extra = await call(shop.app, '/demo/mail/sendVerificationCode', { email: newEmail(), userId: 1 }, { ip: newIp() });
    expect(extra.code).toBe('1001');
  });

  it('validates the reset form, spending no try and changing no password', async () => {
    const account = await signUp(shop.app);
    await sendCode(account.email);
    const { code } = await codeFrom(account.email);
    const good = { email: account.email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const cases: [Record<string, unknown>, string][] = [
      [{ email: undefined }, 'Please enter the Email'],
      [{ email: 'ada.example.com' }, 'The Email is invalid'],
      [{ code: undefined }, 'Please enter the verification code'],
      [{ code: '' }, 'Please enter the verification code'],
      [{ code: '12345' }, 'The verification code is 6 digits'],
      [{ code: '12a456' }, 'The verification code is 6 digits'],
      [{ password: undefined, confirmPassword: 'x' }, 'Please enter the New Password'],
      [{ password: '', confirmPassword: '' }, 'Please enter the New Password'],
      [{ password: 'Ab1-x', confirmPassword: 'Ab1-x' }, "The password's length should be between 6-15"],
      [{ password: 'Ab1-xAb1-xAb1-xY', confirmPassword: 'Ab1-xAb1-xAb1-xY' }, "The password's length should be between 6-15"],
      [{ password: 'iloveyou', confirmPassword: 'iloveyou' }, 'This password is too common'],
      [{ confirmPassword: undefined }, 'Please confirm the New Password'],
      [{ confirmPassword: '' }, 'Please confirm the New Password'],
      [{ confirmPassword: 'Bl4ck-Kit-98' }, 'The two passwords entered are inconsistent'],
      [{ userId: account.userId }, 'userId'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await reset({ ...good, ...overrides });
      expect(answer.code, JSON.stringify(overrides)).toBe('1001');
      expect(answer.msg).toContain(message);
    }
    const [row] = await shop.database.db.select().from(mailCodes).where(eq(mailCodes.userId, account.userId));
    expect(row!.attempts).toBe(0);
    expect((await login(account.email, account.password)).code).toBe('0000');
    expect((await reset(good)).code).toBe('0000');
  });
});
