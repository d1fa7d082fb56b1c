/**
 * Fresh shoppers for account journeys: each journey registers its own (a unique email), so
 * journeys that change a password or an email never disturb one another or the shared shopper
 * of `session.ts`.
 *
 * `test` here is Playwright's, with one difference: every test's browser context (pages and
 * `page.request`) sends its own `X-Forwarded-For` address, which the e2e server trusts
 * (TRUST_PROXY in playwright.config.ts). The shop throttles accounts per client address
 * (10 registrations an hour), so without this the whole suite, all from 127.0.0.1, would be
 * one very busy shopper; with it each journey is a shopper of its own, as in real life.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from './test.ts';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    // 198.18.0.0/15 is set aside for benchmarking networks: never a real shopper.
    await use({ 'x-forwarded-for': `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  },
});
export { expect };

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A shopper nobody has registered yet. */
export function newShopper(firstName = 'Robin', lastName = 'Keane'): Shopper {
  const id = randomBytes(5).toString('hex');
  return { firstName, lastName, email: `e2e-${id}@example.com`, password: `Kit#${id.slice(0, 6)}` };
}

export { api, type Envelope } from '../../support/api.ts';
import { api } from '../../support/api.ts';

/** Registers `shopper` through the API (the register page has its own journey). */
export async function registerShopper(request: APIRequestContext, shopper: Shopper = newShopper()): Promise<Shopper> {
  const answer = await api(request, '/demo/ironUser/registerUser', { ...shopper, subscribe: false });
  expect(answer.code, answer.msg).toBe('0000');
  return shopper;
}

export async function signInTokens(request: APIRequestContext, shopper: Pick<Shopper, 'email' | 'password'>): Promise<{ token: string; refreshToken: string }> {
  const answer = await api<{ token: string; refreshToken: string }>(request, '/demo/permissionAuth/doLogin', { username: shopper.email, password: shopper.password });
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

/** Stores a token pair in the page's storage as the login page does (the page must be on the site). */
export async function storeSession(page: Page, pair: { token: string; refreshToken: string }): Promise<void> {
  await page.evaluate((p) => {
    localStorage.setItem('SOY_token', JSON.stringify(p.token));
    localStorage.setItem('SOY_refreshToken', JSON.stringify(p.refreshToken));
  }, pair);
}

/** A registered shopper, signed in on `page` (which is left on the home page of `locale`). */
export async function signedInShopper(page: Page, locale: string, shopper: Shopper = newShopper()): Promise<Shopper & { tokens: { token: string; refreshToken: string } }> {
  await registerShopper(page.request, shopper);
  const tokens = await signInTokens(page.request, shopper);
  await page.goto(`/${locale}/`);
  await storeSession(page, tokens);
  return { ...shopper, tokens };
}

export async function storedSession(page: Page): Promise<{ token: string | null; refreshToken: string | null }> {
  return page.evaluate(() => ({ token: localStorage.getItem('SOY_token'), refreshToken: localStorage.getItem('SOY_refreshToken') }));
}
