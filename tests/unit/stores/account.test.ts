/**
 * The account actions (src/stores/account.ts) through the real HTTP layer and the page shell's
 * code handling, against a fake API: the login of docs/storefront.md "Page states" (pair stored,
 * then user info; its failure resets the session), registration then sign-in, logout, and the
 * reset's sign-out.
 */
import { memoryStorage } from '../../support/memory-storage.ts';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../support/fake-api.ts';
import { freshShellEachTest } from '../../support/fresh-shell.ts';
import { ApiError } from '../../../src/client/errors.ts';
import { failureOf, loadProfile, registerAndSignIn, resetPassword, signIn, signOut } from '../../../src/stores/account.ts';
import { $session, $userRoles, setSession } from '../../../src/stores/session.ts';
import { $toasts } from '../../../src/stores/toasts.ts';

const LOGIN = '/api/demo/permissionAuth/doLogin';
const USER_INFO = '/api/demo/ironUser/getUserInfo';
const GET_USER = '/api/demo/ironUser/getUser';
const REGISTER = '/api/demo/ironUser/registerUser';
const LOGOUT = '/api/demo/permissionAuth/logout';
const RESET = '/api/demo/ironUser/resetPassword';
const REFRESH = '/api/auth/refreshToken';

const USER = { userId: 7, userName: 'Ada Lovelace', roles: ['R_CUSTOMER'], buttons: [], email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const api = freshShellEachTest();

const bearerOf = (path: string, index = 0) => api().to(path)[index]?.headers.get('authorization') ?? null;

describe('signIn', () => {
  it('sends the email as username, stores the pair, loads the user info with it and records the roles', async () => {
    api().route(LOGIN, () => envelope('0000', { token: 't1', refreshToken: 'r1' }));
    api().route(USER_INFO, () => envelope('0000', USER));
    const result = await signIn('ada@example.com', 'Kit#4242');
    expect(result).toEqual({ ok: true, value: USER });
    expect(api().to(LOGIN)[0]!.body).toEqual({ username: 'ada@example.com', password: 'Kit#4242' });
    expect(bearerOf(LOGIN)).toBeNull();
    expect(bearerOf(USER_INFO)).toBe('Bearer t1');
    expect($session.get()).toEqual({ token: 't1', refreshToken: 'r1' });
    expect(memoryStorage.getItem('SOY_token')).toBe('"t1"');
    expect($userRoles.get()).toEqual(['R_CUSTOMER']);
  });

  it('a refused login stores nothing and says "rejected", with no error toast (the form says it)', async () => {
    api().route(LOGIN, () => ({ ...envelope('1401', null, 'Login failed'), status: 401 }));
    const result = await signIn('ada@example.com', 'wrong-one');
    expect(result).toEqual({ ok: false, failure: { kind: 'rejected', message: 'Login failed', issues: [] } });
    expect($session.get()).toBeNull();
    expect(api().to(USER_INFO)).toHaveLength(0);
    expect($toasts.get()).toEqual([]);
  });

  it('resets the session again when the user info cannot be loaded (docs/storefront.md "Page states")', async () => {
    api().route(LOGIN, () => envelope('0000', { token: 't1', refreshToken: 'r1' }));
    api().route(USER_INFO, () => ({ ...envelope('1500', null, 'An error occurred'), status: 500 }));
    const result = await signIn('ada@example.com', 'Kit#4242');
    expect(result.ok).toBe(false);
    expect($session.get()).toBeNull();
    expect(memoryStorage.getItem('SOY_token')).toBeNull();
    expect(memoryStorage.getItem('SOY_refreshToken')).toBeNull();
    expect($userRoles.get()).toBeNull();
  });

  it('an unreachable shop is told apart from a refusal', async () => {
    api().route(LOGIN, () => 'network-error');
    const result = await signIn('ada@example.com', 'Kit#4242');
    expect(result.ok || result.failure.kind).toBe('unreachable');
  });
});

describe('registerAndSignIn', () => {
  const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Kit#4242', subscribe: true };

  it('registers, then signs in with the same email and password', async () => {
    api().route(REGISTER, () => envelope('0000', null, 'Thank you for registering'));
    api().route(LOGIN, () => envelope('0000', { token: 't1', refreshToken: 'r1' }));
    api().route(USER_INFO, () => envelope('0000', USER));
    const result = await registerAndSignIn(body);
    expect(result.ok).toBe(true);
    expect(api().to(REGISTER)[0]!.body).toEqual(body);
    expect(api().to(LOGIN)[0]!.body).toEqual({ username: body.email, password: body.password });
    expect($session.get()).toEqual({ token: 't1', refreshToken: 'r1' });
  });

  it('a refused sign-in after registering means the email was taken ("conflict")', async () => {
    api().route(REGISTER, () => envelope('0000', null, 'Thank you for registering'));
    api().route(LOGIN, () => ({ ...envelope('1401', null, 'Login failed'), status: 401 }));
    const result = await registerAndSignIn(body);
    expect(result).toEqual({ ok: false, failure: { kind: 'conflict', message: 'Login failed', issues: [] } });
    expect($session.get()).toBeNull();
  });

  it('a throttled registration does not try to sign in', async () => {
    api().route(REGISTER, () => ({ ...envelope('1429', { retryAfterSeconds: 600 }, 'Too many registrations'), status: 429 }));
    const result = await registerAndSignIn(body);
    expect(result.ok || result.failure.kind).toBe('throttled');
    expect(api().to(LOGIN)).toHaveLength(0);
  });
});

describe('signOut', () => {
  it('ends the session on the server with the bearer and the refresh token, then here', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(LOGOUT, () => envelope('0000'));
    await signOut();
    expect(api().to(LOGOUT)[0]!.body).toEqual({ refreshToken: 'r1' });
    expect(bearerOf(LOGOUT)).toBe('Bearer t1');
    expect($session.get()).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(LOGOUT, () => 'network-error');
    await signOut();
    expect($session.get()).toBeNull();
    expect($toasts.get()).toEqual([]);
  });
});

describe('page calls', () => {
  it('an expired token is refreshed once and the profile call retried with the new one', async () => {
    setSession({ token: 'old', refreshToken: 'r1' });
    api().route(GET_USER, (request) => (request.headers.get('authorization') === 'Bearer t2' ? envelope('0000', { ...USER, gender: 'secrecy', birthday: null, subscribe: false, updateOrderEmail: false }) : envelope('9999')));
    api().route(REFRESH, () => envelope('0000', { token: 't2', refreshToken: 'r2' }));
    const result = await loadProfile();
    expect(result.ok).toBe(true);
    expect(api().to(REFRESH)).toHaveLength(1);
    expect(api().to(GET_USER).map((r) => r.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer t2']);
    expect($userRoles.get()).toEqual(['R_CUSTOMER']);
  });

  it('a password reset drops the session kept here (the server ended them all)', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(RESET, () => envelope('0000', null, 'Password reset successful'));
    const result = await resetPassword({ email: 'ada@example.com', code: '123456', password: 'Kit#4243', confirmPassword: 'Kit#4243' });
    expect(result.ok).toBe(true);
    expect($session.get()).toBeNull();
  });

  it('a refused reset keeps the session', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(RESET, () => ({ ...envelope('1401', null, 'Password reset failed'), status: 401 }));
    const result = await resetPassword({ email: 'ada@example.com', code: '123456', password: 'Kit#4243', confirmPassword: 'Kit#4243' });
    expect(result.ok || result.failure.kind).toBe('rejected');
    expect($session.get()).toEqual({ token: 't1', refreshToken: 'r1' });
  });
});

describe('failureOf', () => {
  const error = (code: string, msg = 'm') => new ApiError({ code, msg, requestId: 'r' });
  it('names each kind of failure the forms tell apart', () => {
    expect(failureOf(error('1401')).kind).toBe('rejected');
    expect(failureOf(error('1429')).kind).toBe('throttled');
    expect(failureOf(error('1409')).kind).toBe('conflict');
    const invalid = new ApiError({ code: '1001', msg: 'Invalid request: body.email: The Email is invalid', requestId: 'r', data: { issues: [{ path: 'body.email', message: 'The Email is invalid' }] } });
    expect(failureOf(invalid)).toEqual({ kind: 'invalid', message: 'Invalid request: body.email: The Email is invalid', issues: [{ path: 'body.email', message: 'The Email is invalid' }] });
    expect(failureOf(error('1409')).issues).toEqual([]);
    expect(failureOf(error('NETWORK')).kind).toBe('unreachable');
    expect(failureOf(error('TIMEOUT')).kind).toBe('unreachable');
    for (const code of ['9999', '8888', '8889', '7777']) expect(failureOf(error(code)).kind).toBe('signed-out');
    expect(failureOf(error('1500')).kind).toBe('other');
  });
});
