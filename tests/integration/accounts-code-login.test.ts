/**
 * Sign-in by mailed code, the login page's code-login module (docs/accounts-and-security.md
 * "Mailed codes"), received over real SMTP: the reset code's rules (6 digits stored hashed, 10
 * minutes, 5 tries, single use, replaced by a newer one), the same answers for unknown emails,
 * the same token pair and guest-cart merge as the password sign-in, and a code of one purpose
 * never doing the other's work.
 */
import { and, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CartPage } from '../../src/domain/cart.model.ts';
import { productSizes, products } from '../../src/server/db/schema.ts';
import { bearer, call, newIp, signUp, testClock, visitor, type TestShop, useMailShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { codeFrom as readCode, codeRules, mailedCodes } from './mail-codes-support.ts';

let shop: TestShop;
let mail: MailReceiver;
const clock = testClock();

useMailShop({}, { clock: clock.now }, (env) => ({ shop, mail } = env));

const codes = mailedCodes(() => ({ shop, mail }), clock, { name: 'login', send: '/demo/mail/sendLoginCode', subject: /to sign in|登录验证码/ });
const { sendCode, codeFrom } = codes;
const codeLogin = (email: string, code: string, headers: Record<string, string> = {}) =>
  call<{ token: string; refreshToken: string }>(shop.app, '/demo/permissionAuth/codeLogin', { email, code }, { ip: newIp(), headers });
const userInfo = (token: string) => call<{ userId: number; email: string }>(shop.app, '/demo/ironUser/getUserInfo', undefined, { method: 'GET', ...bearer(token) });

describe('signing in with a mailed code', () => {
  it('mails a code that signs in with the same token pair as the password sign-in', async () => {
    const account = await signUp(shop.app);
    const sent = await sendCode(account.email);
    expect(sent).toMatchObject({ status: 200, code: '0000', msg: 'Verification code sent successfully', data: { resendAfterSeconds: 60, expiresInSeconds: 600 } });

    const { code, message } = await codeFrom(account.email);
    expect(message.subject).toBe('Your verification code to sign in');
    expect(message.subject).not.toContain(code);
    expect(message.text).toContain('valid for 10 minutes and works once');
    expect(message.html).toContain('/en-US/login?module=code-login');

    const answer = await codeLogin(account.email, code);
    expect(answer).toMatchObject({ status: 200, code: '0000' });
    expect(Object.keys(answer.data).sort()).toEqual(['refreshToken', 'token']);
    expect((await userInfo(answer.data.token)).data).toMatchObject({ userId: account.userId, email: account.email });
    const refreshed = await call(shop.app, '/auth/refreshToken', { refreshToken: answer.data.refreshToken });
    expect(refreshed.code).toBe('0000');
    // The password is untouched and the other session goes on.
    expect((await userInfo(account.token)).code).toBe('0000');
  });

  it("merges the caller's guest cart as the password sign-in does", async () => {
    const [row] = await shop.database.db
      .select({ id: products.id, size: productSizes.size })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .where(and(eq(products.active, true), gte(productSizes.stock, 5)))
      .orderBy(products.id)
      .limit(1);
    const guest = { 'x-visitor-id': visitor() };
    const added = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [{ productId: row!.id, size: row!.size, customType: 1, quantity: 2 }], { headers: guest });
    expect(added.code).toBe('0000');

    const account = await signUp(shop.app);
    await sendCode(account.email);
    const answer = await codeLogin(account.email, (await codeFrom(account.email)).code, guest);
    expect(answer.code).toBe('0000');
    const cart = await call<CartPage>(shop.app, '/demo/ironCartItem/queryCartItemList', {}, bearer(answer.data.token));
    expect(cart.data.records.map((line) => [line.productId, line.quantity])).toEqual([[row!.id, 2]]);
    const guestCart = await call<CartPage>(shop.app, '/demo/ironCartItem/queryCartItemList', {}, { headers: guest });
    expect(guestCart.data.records).toEqual([]);
  });
});

describe('the reset code’s rules', () => {
  codeRules({
    ...codes.shared,
    chinese: { name: '登录验证码', module: 'code-login' },
    use: (email, code) => codeLogin(email, code),
    refused: 'Login failed',
    // A refused code takes nothing from the account: its password still signs in.
    unharmed: async (account) => expect((await call(shop.app, '/demo/permissionAuth/doLogin', { username: account.email, password: account.password }, { ip: newIp() })).code).toBe('0000'),
  });

  it('has its own resend countdown, beside the reset code’s', async () => {
    const account = await signUp(shop.app);
    expect((await sendCode(account.email)).code).toBe('0000');
    clock.advance(20_000);
    const early = await sendCode(account.email);
    expect(early).toMatchObject({ status: 429, code: '1429' });
    expect(early.msg).toMatch(/^Failed to send verification code: please wait \d+ seconds before asking for another code$/);
    expect((await call(shop.app, '/demo/mail/sendVerificationCode', { email: account.email }, { ip: newIp() })).code).toBe('0000');
  });
});

describe('a code does only its own work', () => {
  it('a reset code does not sign in, and a sign-in code does not reset the password', async () => {
    const account = await signUp(shop.app);
    await call(shop.app, '/demo/mail/sendVerificationCode', { email: account.email }, { ip: newIp() });
    const resetCode = (await readCode(mail, account.email, /reset your password/)).code;
    expect((await codeLogin(account.email, resetCode)).msg).toBe('Login failed');

    await sendCode(account.email);
    const loginCode = (await codeFrom(account.email)).code;
    const password = 'Bl4ck-Kit-99';
    const reset = await call(shop.app, '/demo/ironUser/resetPassword', { email: account.email, code: loginCode, password, confirmPassword: password }, { ip: newIp() });
    expect(reset.msg).toBe('Password reset failed');
    // Each code still works for its own purpose (a wrong purpose takes no try of it).
    expect((await codeLogin(account.email, loginCode)).code).toBe('0000');
  });

  it('validates the request, spending no try', async () => {
    const account = await signUp(shop.app);
    await sendCode(account.email);
    const { code } = await codeFrom(account.email);
    for (const [body, message] of [
      [{ code }, 'Please enter the Email'],
      [{ email: 'nobody@', code }, 'The Email is invalid'],
      [{ email: account.email }, 'Please enter the verification code'],
      [{ email: account.email, code: '12345' }, 'The verification code is 6 digits'],
      [{ email: account.email, code, password: 'x' }, 'password'],
    ] as const) {
      const answer = await call(shop.app, '/demo/permissionAuth/codeLogin', body, { ip: newIp() });
      expect(answer.code, JSON.stringify(body)).toBe('1001');
      expect(answer.msg).toContain(message);
    }
    expect((await codeLogin(account.email, code)).code).toBe('0000');
  });
});
