/**
 * A real signed-in session for journeys that need one: the token pair comes from the API, so the
 * server accepts it like a shopper's (a made-up token is, rightly, a forced logout).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { api } from '../../support/api.ts';

export const E2E_SHOPPER = { firstName: 'Alex', lastName: 'Fan', email: 'e2e-shopper@example.com', password: 'Jersey#e2e42' };

let registered: Promise<void> | null = null;

const post = api;

/** Registers the e2e shopper once per worker (registering again answers alike and changes nothing). */
function ensureRegistered(request: APIRequestContext): Promise<void> {
  registered ??= post(request, '/demo/ironUser/registerUser', { ...E2E_SHOPPER, subscribe: false }).then((answer) => {
    if (answer.code !== '0000') throw new Error(`could not register the e2e shopper: ${answer.code} ${answer.msg}`);
  });
  return registered;
}

export async function signInTokens(request: APIRequestContext): Promise<{ token: string; refreshToken: string }> {
  await ensureRegistered(request);
  const answer = await post<{ token: string; refreshToken: string }>(request, '/demo/permissionAuth/doLogin', { username: E2E_SHOPPER.email, password: E2E_SHOPPER.password });
  if (answer.code !== '0000') throw new Error(`could not sign in the e2e shopper: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Stores a real token pair in the page's storage, as the login page does. */
export async function signIn(page: Page): Promise<{ token: string; refreshToken: string }> {
  const pair = await signInTokens(page.request);
  await page.evaluate((p) => {
    localStorage.setItem('SOY_token', JSON.stringify(p.token));
    localStorage.setItem('SOY_refreshToken', JSON.stringify(p.refreshToken));
  }, pair);
  return pair;
}
