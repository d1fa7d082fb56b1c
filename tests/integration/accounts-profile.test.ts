/**
 * The profile and change-password forms (docs/accounts-and-security.md "Account pages"): their
 * messages, what is saved, the email change that needs the current password
 * (docs/accounts-and-security.md, threat 9), the password change that needs the session and ends
 * the other sessions, and fields a shopper may not set (threat 15).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscriptions, users } from '../../src/server/db/schema.ts';
import { bearer, call, newEmail, newIp, signUp, type TestAccount, type TestShop, useMailShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { newAccountUserInfo } from '../support/accounts.ts';

let shop: TestShop;
let mail: MailReceiver;

useMailShop({}, { seed: false }, (env) => ({ shop, mail } = env));

const getUser = (account: TestAccount) => call(shop.app, '/demo/ironUser/getUser', undefined, { method: 'GET', ...account.auth });
const update = (account: TestAccount, body: Record<string, unknown>) => call(shop.app, '/demo/ironUser/updateUser', body, { ...account.auth, ip: newIp() });
const changePassword = (account: TestAccount, body: Record<string, unknown>) => call(shop.app, '/demo/ironUser/updatePwd', body, account.auth);
const login = (username: string, password: string) => call(shop.app, '/demo/permissionAuth/doLogin', { username, password }, { ip: newIp() });

function profile(account: TestAccount, overrides: Record<string, unknown> = {}) {
  return { email: account.email, firstName: 'Grace', lastName: 'Hopper', gender: 'female', birthday: { day: 9, month: 12, year: 1986 }, subscribe: true, updateOrderEmail: true, ...overrides };
}

async function row(userId: number) {
  const [found] = await shop.database.db.select().from(users).where(eq(users.id, userId));
  return found!;
}

describe('profile', () => {
  it('answers the profile of a new account', async () => {
    const account = await signUp(shop.app);
    const answer = await getUser(account);
    expect(answer.code).toBe('0000');
    expect(answer.data).toEqual({
      ...newAccountUserInfo(account),
      gender: 'secrecy',
      birthday: null,
      subscribe: false,
      updateOrderEmail: false,
    });
  });

  it('saves names, gender, birthday, newsletter and the unpaid-orders email choice: "Edit Success"', async () => {
    const account = await signUp(shop.app);
    const answer = await update(account, profile(account));
    expect(answer).toMatchObject({ code: '0000', msg: 'Edit Success' });
    expect(answer.data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', userName: 'Grace Hopper', gender: 'female', birthday: { day: 9, month: 12, year: 1986 }, subscribe: true, updateOrderEmail: true });
    expect((await getUser(account)).data).toEqual(answer.data);
    expect((await row(account.userId)).birthday).toBe('1986-12-09');
    const [subscription] = await shop.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, account.email));
    expect(subscription?.source).toBe('profile');

    const off = await update(account, profile(account, { subscribe: false, updateOrderEmail: false, gender: 'secrecy' }));
    expect(off.data).toMatchObject({ subscribe: false, updateOrderEmail: false, gender: 'secrecy' });
    expect(await shop.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, account.email))).toEqual([]);
  });

  it('accepts 29 February in a leap year', async () => {
    const account = await signUp(shop.app);
    expect((await update(account, profile(account, { birthday: { day: 29, month: 2, year: 2004 } }))).code).toBe('0000');
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no first name', { firstName: undefined }, 'Please enter the First Name'],
    ['a blank first name', { firstName: ' ' }, 'Please enter the First Name'],
    ['no last name', { lastName: '' }, 'Please enter the Last Name'],
    ['no email', { email: '' }, 'Please enter the Email'],
    ['a bad email', { email: 'grace@@example.com' }, 'The Email is invalid'],
    ['no birthday', { birthday: undefined }, 'Please enter the Birthday'],
    ['31 February', { birthday: { day: 31, month: 2, year: 1990 } }, 'Invalid date'],
    ['29 February in 2023', { birthday: { day: 29, month: 2, year: 2023 } }, 'Invalid date'],
    ['month 13', { birthday: { day: 1, month: 13, year: 1990 } }, 'Invalid date'],
    ['day 0', { birthday: { day: 0, month: 1, year: 1990 } }, 'Invalid date'],
    ['year 1899', { birthday: { day: 1, month: 1, year: 1899 } }, 'Invalid date'],
    ['a date in the future', { birthday: { day: 1, month: 1, year: new Date().getUTCFullYear() + 1 } }, 'Invalid date'],
    ['a day as text', { birthday: { day: '1', month: 1, year: 1990 } }, 'Invalid date'],
    ['a fractional day', { birthday: { day: 1.5, month: 1, year: 1990 } }, 'Invalid date'],
    ['a gender outside the list', { gender: 'other' }, 'gender'],
  ];
  for (const [label, overrides, message] of invalid) {
    it(`refuses ${label} with "${message}" and changes nothing`, async () => {
      const account = await signUp(shop.app);
      const before = await row(account.userId);
      const answer = await update(account, profile(account, overrides));
      expect(answer.code).toBe('1001');
      expect(answer.msg).toContain(message);
      expect(await row(account.userId)).toEqual(before);
    });
  }

  it('refuses fields a shopper may not set (mass assignment), changing nothing', async () => {
    const account = await signUp(shop.app);
    const victim = await signUp(shop.app);
    const before = await row(account.userId);
    const victimBefore = await row(victim.userId);
    for (const extra of [{ userId: victim.userId }, { roles: ['R_SUPER'] }, { status: 'active' }, { id: victim.userId }, { passwordHash: 'x' }, { buttons: ['admin'] }]) {
      const answer = await update(account, profile(account, extra));
      expect(answer.code, JSON.stringify(extra)).toBe('1001');
      expect(answer.msg).toContain(Object.keys(extra)[0]);
    }
    expect(await row(account.userId)).toEqual(before);
    expect(await row(victim.userId)).toEqual(victimBefore);
  });

  it('needs a session', async () => {
    const account = await signUp(shop.app);
    const anonymous = await call(shop.app, '/demo/ironUser/updateUser', profile(account));
    expect(anonymous.code).toBe('8888');
    expect((await call(shop.app, '/demo/ironUser/getUser', undefined, { method: 'GET' })).code).toBe('8888');
    expect((await row(account.userId)).firstName).toBe('Ada');
  });
});

describe('changing the email', () => {
  it('needs the current password, refuses a wrong one, and changes nothing until it is right', async () => {
    const account = await signUp(shop.app);
    const moved = newEmail('moved');
    const before = await row(account.userId);
    const missing = await update(account, profile(account, { email: moved }));
    expect(missing.code).toBe('1001');
    expect(missing.msg).toContain('Please enter your current password to change the Email');
    const wrong = await update(account, profile(account, { email: moved, currentPassword: 'Wr0ng-Pass' }));
    expect(wrong).toMatchObject({ status: 401, code: '1401', msg: 'The current password is incorrect' });
    expect(await row(account.userId)).toEqual(before);

    const right = await update(account, profile(account, { email: moved.toUpperCase(), currentPassword: account.password }));
    expect(right.code).toBe('0000');
    expect(right.data.email).toBe(moved);
    expect((await login(moved, account.password)).code).toBe('0000');
    expect((await login(account.email, account.password)).code).toBe('1401');
    const notice = await mail.waitFor((m) => m.to.includes(account.email) && m.subject === 'The email of your account was changed');
    expect(notice.text).toContain(moved);
  });

  it('moves the newsletter subscription to the new email', async () => {
    const account = await signUp(shop.app, { subscribe: true });
    const moved = newEmail('moved');
    expect((await update(account, profile(account, { email: moved, currentPassword: account.password, subscribe: true }))).code).toBe('0000');
    const emails = (await shop.database.db.select().from(newsletterSubscriptions)).map((s) => s.email);
    expect(emails).toContain(moved);
    expect(emails).not.toContain(account.email);
  });

  it('refuses an email another account has, changing nothing', async () => {
    const account = await signUp(shop.app);
    const other = await signUp(shop.app);
    const before = await row(account.userId);
    const answer = await update(account, profile(account, { email: other.email, currentPassword: account.password }));
    expect(answer).toMatchObject({ status: 409, code: '1409', msg: 'This Email cannot be used, please choose another one' });
    expect(await row(account.userId)).toEqual(before);
  });

  it('allows at most 10 email changes an hour', async () => {
    const account = await signUp(shop.app);
    for (let i = 0; i < 10; i++) {
      const answer = await update(account, profile(account, { email: newEmail('hop'), currentPassword: 'Wr0ng-Pass' }));
      // Wrong passwords also count towards the sign-in throttle of the account (5 in 15 minutes).
      expect(['1401', '1429']).toContain(answer.code);
    }
    const blocked = await update(account, profile(account, { email: newEmail('hop'), currentPassword: account.password }));
    expect(blocked.code).toBe('1429');
    expect(blocked.msg).toMatch(/^Too many email changes/);
  });
});

describe('changing the password', () => {
  it('needs only the session and the new password twice: "Edit Success"; other sessions end', async () => {
    const account = await signUp(shop.app);
    const otherDevice = await login(account.email, account.password);
    const answer = await changePassword(account, { password: 'N3w-Jersey-7', confirmPassword: 'N3w-Jersey-7' });
    expect(answer).toMatchObject({ code: '0000', msg: 'Edit Success', data: null });
    expect((await getUser(account)).code).toBe('0000');
    expect((await call(shop.app, '/demo/ironUser/getUser', undefined, { method: 'GET', ...bearer(otherDevice.data.token) })).code).toBe('8888');
    expect((await login(account.email, account.password)).code).toBe('1401');
    expect((await login(account.email, 'N3w-Jersey-7')).code).toBe('0000');
    await mail.waitFor((m) => m.to.includes(account.email) && m.subject === 'Your password was changed');
  });

  it('refuses without a session', async () => {
    const answer = await call(shop.app, '/demo/ironUser/updatePwd', { password: 'N3w-Jersey-7', confirmPassword: 'N3w-Jersey-7' });
    expect(answer.code).toBe('8888');
  });

  const invalid: [Record<string, unknown>, string][] = [
    [{ confirmPassword: 'N3w-Jersey-7' }, 'Please enter the New Password'],
    [{ password: '', confirmPassword: '' }, 'Please enter the New Password'],
    [{ password: 'Ab1-x', confirmPassword: 'Ab1-x' }, "The password's length should be between 6-15"],
    [{ password: 'Ab1-xAb1-xAb1-xY', confirmPassword: 'Ab1-xAb1-xAb1-xY' }, "The password's length should be between 6-15"],
    [{ password: 'football', confirmPassword: 'football' }, 'This password is too common'],
    [{ password: 'N3w-Jersey-7' }, 'Please confirm the New Password'],
    [{ password: 'N3w-Jersey-7', confirmPassword: '' }, 'Please confirm the New Password'],
    [{ password: 'N3w-Jersey-7', confirmPassword: 'N3w-Jersey-8' }, 'The two passwords are inconsistent'],
    [{ password: 'N3w-Jersey-7', confirmPassword: 'N3w-Jersey-7', userId: 1 }, 'userId'],
  ];
  for (const [body, message] of invalid) {
    it(`refuses ${JSON.stringify(body)} with "${message}", keeping the old password`, async () => {
      const account = await signUp(shop.app);
      const answer = await changePassword(account, body);
      expect(answer.code).toBe('1001');
      expect(answer.msg).toContain(message);
      expect((await login(account.email, account.password)).code).toBe('0000');
    });
  }
});
