/**
 * Registration and sign-in: the form rules and messages, enumeration
 * (docs/accounts-and-security.md, threat 1), throttling without lock-out (threat 2), password
 * storage (threat 3) and mass assignment (threat 15).
 */
import { count, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { PasswordHasher } from '../../src/server/modules/accounts/passwords.ts';
import { call, createTestShop, newEmail, newIp, signUp, testClock, type TestShop, useMailShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';

let shop: TestShop;
let mail: MailReceiver;
const clock = testClock();

useMailShop({}, { clock: clock.now }, (env) => ({ shop, mail } = env));

const PASSWORD = 'Gr33n-Shirt';

function registration(overrides: Record<string, unknown> = {}) {
  return { firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password: PASSWORD, subscribe: false, ...overrides };
}

async function userCount() {
  const [row] = await shop.database.db.select({ n: count() }).from(users);
  return row!.n;
}

async function userByEmail(email: string) {
  const [row] = await shop.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

const login = (username: string, password: string, ip = newIp()) => call(shop.app, '/demo/permissionAuth/doLogin', { username, password }, { ip });

describe('registration', () => {
  it('creates an account that can then sign in, storing the email lower-cased and the password hashed', async () => {
    const form = registration({ email: `  Mixed.Case.${Date.now()}@Example.COM ` });
    const answer = await call(shop.app, '/demo/ironUser/registerUser', form, { ip: newIp() });
    expect(answer).toMatchObject({ status: 200, code: '0000', msg: 'Thank you for registering', data: null });
    const email = (form.email as string).trim().toLowerCase();
    const row = await userByEmail(email);
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', roles: ['R_CUSTOMER'], status: 'active' });
    expect(row!.passwordHash).toMatch(/^scrypt\$10\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect((await login(email.toUpperCase(), PASSWORD)).code).toBe('0000');
    const welcome = await mail.waitFor((m) => m.to.includes(email));
    expect(welcome.subject).toBe('Welcome to the shop');
    expect(welcome.text).toContain('Hello Ada');
    expect(welcome.html).toContain('Hello Ada');
  });

  it('answers a taken email exactly as a new one, changes nothing, signs nobody in and tells the owner', async () => {
    const owner = await signUp(shop.app);
    const fresh = await call(shop.app, '/demo/ironUser/registerUser', registration(), { ip: newIp() });
    const before = await userByEmail(owner.email);
    const taken = await call(shop.app, '/demo/ironUser/registerUser', registration({ email: owner.email, firstName: 'Mallory', password: 'An0ther-Pass' }), { ip: newIp() });
    expect({ status: taken.status, code: taken.code, msg: taken.msg, data: taken.data }).toEqual({ status: fresh.status, code: fresh.code, msg: fresh.msg, data: fresh.data });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(await userByEmail(owner.email)).toEqual(before);
    expect((await login(owner.email, 'An0ther-Pass')).code).toBe('1401');
    expect((await login(owner.email, PASSWORD)).code).toBe('0000');
    const notice = await mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('tried to register'));
    expect(notice.text).toContain('no new account was made');
  });

  it('tells the owner in the language they registered in, not the stranger’s', async () => {
    const email = newEmail('zh');
    await call(shop.app, '/demo/ironUser/registerUser', registration({ email }), { ip: newIp(), headers: { 'accept-language': 'zh-CN' } });
    const welcome = await mail.waitFor((m) => m.to.includes(email));
    expect(welcome.subject).toBe('欢迎加入');
    await call(shop.app, '/demo/ironUser/registerUser', registration({ email }), { ip: newIp(), headers: { 'accept-language': 'en-US' } });
    const notice = await mail.waitFor((m) => m.to.includes(email) && m !== welcome);
    expect(notice.subject).toBe('有人尝试用您的邮箱注册');
  });

  it('tells the owner of a taken email at most once an hour', async () => {
    const owner = await signUp(shop.app);
    for (let i = 0; i < 3; i++) {
      expect((await call(shop.app, '/demo/ironUser/registerUser', registration({ email: owner.email }), { ip: newIp() })).code).toBe('0000');
    }
    await shop.app.outbox.drain();
    expect(mail.messages.filter((m) => m.to.includes(owner.email) && m.subject.includes('tried to register'))).toHaveLength(1);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no first name', { firstName: undefined }, 'Please enter the First Name'],
    ['a blank first name', { firstName: '   ' }, 'Please enter the First Name'],
    ['no last name', { lastName: undefined }, 'Please enter the Last Name'],
    ['an empty last name', { lastName: '' }, 'Please enter the Last Name'],
    ['no email', { email: undefined }, 'Please enter the Email'],
    ['an empty email', { email: '' }, 'Please enter the Email'],
    ['an email without @', { email: 'ada.example.com' }, 'The Email is invalid'],
    ['an email without a domain', { email: 'ada@' }, 'The Email is invalid'],
    ['no password', { password: undefined }, 'Please enter the Password'],
    ['an empty password', { password: '' }, 'Please enter the Password'],
    ['a 5-character password', { password: 'Ab1-x' }, "The password's length should be between 6-15"],
    ['a 16-character password', { password: 'Ab1-xAb1-xAb1-xY' }, "The password's length should be between 6-15"],
    ['a common password', { password: 'password1' }, 'This password is too common'],
    ['a common password in other case', { password: 'Qwerty123' }, 'This password is too common'],
    ['a first name with a control character', { firstName: 'Ada\u0007' }, 'control characters'],
    ['subscribe as text', { subscribe: 'yes' }, 'subscribe'],
  ];
  for (const [label, overrides, message] of invalid) {
    it(`refuses ${label} with "${message}" and stores nothing`, async () => {
      const before = await userCount();
      const answer = await call(shop.app, '/demo/ironUser/registerUser', registration(overrides), { ip: newIp() });
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('1001');
      expect(answer.msg).toContain(message);
      expect(await userCount()).toBe(before);
    });
  }

  it('accepts passwords of exactly 6 and 15 characters', async () => {
    for (const password of ['Ab1-xy', 'Ab1-xAb1-xAb1-x']) {
      const form = registration({ password });
      expect((await call(shop.app, '/demo/ironUser/registerUser', form, { ip: newIp() })).code).toBe('0000');
      expect((await login(form.email as string, password)).code).toBe('0000');
    }
  });

  it('refuses fields a shopper may not set (mass assignment) and stores nothing', async () => {
    for (const extra of [{ userId: 1 }, { roles: ['R_SUPER'] }, { status: 'active' }, { id: 7 }, { passwordHash: 'x' }]) {
      const before = await userCount();
      const form = registration(extra);
      const answer = await call(shop.app, '/demo/ironUser/registerUser', form, { ip: newIp() });
      expect(answer.code, JSON.stringify(extra)).toBe('1001');
      expect(answer.msg).toContain(Object.keys(extra)[0]);
      expect(await userCount()).toBe(before);
      expect(await userByEmail(form.email as string)).toBeUndefined();
    }
  });

  it('puts a new account on the newsletter when asked, and only then', async () => {
    const yes = await signUp(shop.app, { subscribe: true });
    const no = await signUp(shop.app);
    expect((await call(shop.app, '/demo/ironUser/getUser', undefined, { method: 'GET', ...yes.auth })).data.subscribe).toBe(true);
    expect((await call(shop.app, '/demo/ironUser/getUser', undefined, { method: 'GET', ...no.auth })).data.subscribe).toBe(false);
  });

  it('throttles registrations per client address, then lets them through again', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await call(shop.app, '/demo/ironUser/registerUser', registration(), { ip })).code).toBe('0000');
    const before = await userCount();
    const blocked = await call(shop.app, '/demo/ironUser/registerUser', registration(), { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe('1429');
    expect(blocked.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.data.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await userCount()).toBe(before);
    expect((await call(shop.app, '/demo/ironUser/registerUser', registration(), { ip: newIp() })).code).toBe('0000');
    clock.advance(61 * 60_000);
    expect((await call(shop.app, '/demo/ironUser/registerUser', registration(), { ip })).code).toBe('0000');
  });
});

describe('sign-in', () => {
  it('answers the token pair: a 15-minute HS256 access token naming only the user and the session', async () => {
    const account = await signUp(shop.app);
    const answer = await login(account.email, account.password);
    expect(answer.code).toBe('0000');
    expect(Object.keys(answer.data).sort()).toEqual(['refreshToken', 'token']);
    expect(decodeProtectedHeader(answer.data.token)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(answer.data.token);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims).toMatchObject({ sub: String(account.userId), iss: 'jersey-shop', aud: 'jersey-shop-api' });
    expect(Object.keys(claims).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'sid', 'sub']);
    expect(answer.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.data.refreshToken).not.toBe(account.refreshToken);
  });

  it('answers a wrong password and an unknown email alike: "Login failed"', async () => {
    const account = await signUp(shop.app);
    const wrong = await login(account.email, 'Wr0ng-Pass');
    const unknown = await login(newEmail('nobody'), 'Wr0ng-Pass');
    for (const answer of [wrong, unknown]) {
      expect(answer).toMatchObject({ status: 401, code: '1401', msg: 'Login failed', data: null });
    }
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('validates the form before anything else', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: PASSWORD }, 'Please enter the Email'],
      [{ username: '', password: PASSWORD }, 'Please enter the Email'],
      [{ username: 'not-an-email', password: PASSWORD }, 'The Email is invalid'],
      [{ username: newEmail() }, 'Please enter the Password'],
      [{ username: newEmail(), password: '' }, 'Please enter the Password'],
      [{ username: newEmail(), password: 'x'.repeat(129) }, 'At most 128'],
      [{ username: newEmail(), password: PASSWORD, remember: true }, 'remember'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(shop.app, '/demo/permissionAuth/doLogin', body, { ip: newIp() });
      expect(answer.code, JSON.stringify(body)).toBe('1001');
      expect(answer.msg).toContain(message);
    }
  });

  it('throttles failed sign-ins per account, from any address, known email or not, then cools down', async () => {
    const account = await signUp(shop.app);
    const stranger = newEmail('stranger');
    for (const email of [account.email, stranger]) {
      for (let i = 0; i < 5; i++) expect((await login(email, 'Wr0ng-Pass')).code).toBe('1401');
    }
    const blocked = await login(account.email, account.password);
    const blockedStranger = await login(stranger, 'Wr0ng-Pass');
    for (const answer of [blocked, blockedStranger]) {
      expect(answer.status).toBe(429);
      expect(answer.code).toBe('1429');
      expect(answer.msg).toMatch(/^Too many failed sign-in attempts, please try again in \d+ minutes$/);
      expect(answer.data.retryAfterSeconds).toBeGreaterThan(800);
      expect(answer.data.retryAfterSeconds).toBeLessThanOrEqual(900);
      expect(answer.headers['retry-after']).toBe(String(answer.data.retryAfterSeconds));
    }
    expect(blocked.msg).toBe(blockedStranger.msg);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(account.email, account.password)).code).toBe('0000');
  });

  it('throttles failed sign-ins per client address across accounts', async () => {
    const account = await signUp(shop.app);
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await login(newEmail('spray'), 'Wr0ng-Pass', ip)).code).toBe('1401');
    const blocked = await login(account.email, account.password, ip);
    expect(blocked.code).toBe('1429');
    expect((await login(account.email, account.password, newIp())).code).toBe('0000');
  });

  it('counts only failures: a successful sign-in clears the account count', async () => {
    const account = await signUp(shop.app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(account.email, 'Wr0ng-Pass')).code).toBe('1401');
      expect((await login(account.email, account.password)).code).toBe('0000');
    }
  });

  it('refuses a disabled account with the right password only, as disabled', async () => {
    const account = await signUp(shop.app);
    await shop.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, account.userId));
    expect((await login(account.email, 'Wr0ng-Pass')).code).toBe('1401');
    const answer = await login(account.email, account.password);
    expect(answer).toMatchObject({ status: 403, code: '1403' });
  });

  it('re-hashes a password made at an older cost on the next sign-in', async () => {
    const account = await signUp(shop.app);
    const row = await userByEmail(account.email);
    // Made at cost 11 by hand: the hasher verifies with the stored parameters.
    const older = await new PasswordHasher(11).hash(account.password);
    await shop.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, row!.id));
    expect((await login(account.email, account.password)).code).toBe('0000');
    expect((await userByEmail(account.email))!.passwordHash).toMatch(/^scrypt\$10\$/);
    expect((await login(account.email, account.password)).code).toBe('0000');
  });
});

describe('sign-in work (enumeration)', () => {
  // A shop of its own, so its first unknown email is the first it ever sees: the dummy hash is
  // made at start, not on that sign-in.
  let fresh: TestShop;
  beforeAll(async () => {
    fresh = await createTestShop({}, { seed: false });
  });
  afterAll(async () => fresh?.close());

  /**
   * The scrypt derivations one sign-in makes, with their parameters, and whether each had
   * finished before the answer came (a derivation left running would cost the answer no time).
   */
  async function derivationsOf(username: string) {
    const original = PasswordHasher.prototype.derive;
    const events: string[] = [];
    const derive = vi.spyOn(PasswordHasher.prototype, 'derive').mockImplementation(async function (this: PasswordHasher, ...args) {
      const key = await original.apply(this, args);
      events.push('derived');
      return key;
    });
    try {
      const answer = await call(fresh.app, '/demo/permissionAuth/doLogin', { username, password: 'Wr0ng-Pass' }, { ip: newIp() });
      events.push('answered');
      expect(answer.code).toBe('1401');
      return { work: derive.mock.calls.map(([, salt, { cost, r, p }]) => ({ saltBytes: salt.length, cost, r, p })), events };
    } finally {
      derive.mockRestore();
    }
  }

  it('does the same password work for an unknown email as for a wrong password, before answering', async () => {
    const email = newEmail();
    expect((await call(fresh.app, '/demo/ironUser/registerUser', registration({ email }), { ip: newIp() })).code).toBe('0000');

    const unknown = await derivationsOf(newEmail('ghost'));
    const known = await derivationsOf(email);
    expect(known.work).toEqual([{ saltBytes: 16, cost: fresh.config.passwordHashCost, r: 8, p: 3 }]);
    expect(unknown.work).toEqual(known.work);
    expect(known.events).toEqual(['derived', 'answered']);
    expect(unknown.events).toEqual(['derived', 'answered']);
  });
});
