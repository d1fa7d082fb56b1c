/**
 * Carts and accounts: a signed-in shopper's cart belongs to the account, and signing in merges
 * the caller's guest cart into it (same line identity: quantities add, up to 99 and the stock),
 * and only the caller's (docs/accounts-and-security.md, threat 12).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartPage } from '../../src/domain/cart.model.ts';
import { cartItems, productSizes, products } from '../../src/server/db/schema.ts';
import { bearer, call, createTestShop, newIp, signUp, testClock, visitor, type TestAccount, type TestShop } from './harness.ts';

let shop: TestShop;
let productId: number;
let size: string;
const clock = testClock();

beforeAll(async () => {
  shop = await createTestShop({}, { clock: clock.now });
  const [row] = await shop.database.db
    .select({ id: products.id, size: productSizes.size })
    .from(products)
    .innerJoin(productSizes, eq(productSizes.productId, products.id))
    .where(and(eq(products.printable, true), eq(products.active, true), gte(productSizes.stock, 20)))
    .orderBy(products.id)
    .limit(1);
  productId = row!.id;
  size = row!.size;
});
afterAll(async () => shop?.close());

const plain = (quantity: number) => ({ productId, size, customType: 1, quantity });
const named = (name: string, quantity = 1) => ({ productId, size, customType: 3, customName: name, customNumber: '9', quantity });

const asVisitor = (id: string) => ({ headers: { 'x-visitor-id': id } });
const add = (lines: unknown[], init: { headers?: Record<string, string> }) => call(shop.app, '/demo/ironCartItem/saveCartItemList', lines, init);
const cartOf = async (init: { headers?: Record<string, string> }) => (await call<CartPage>(shop.app, '/demo/ironCartItem/queryCartItemList', {}, init)).data;
const quantities = (page: CartPage) => Object.fromEntries(page.records.map((r) => [r.customName ?? 'plain', r.quantity]));

async function setStock(stock: number) {
  await shop.database.db.update(productSizes).set({ stock }).where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
}

async function signIn(account: TestAccount, visitorId?: string) {
  const answer = await call<{ token: string; refreshToken: string }>(
    shop.app,
    '/demo/permissionAuth/doLogin',
    { username: account.email, password: account.password },
    { ip: newIp(), ...(visitorId ? asVisitor(visitorId) : {}) },
  );
  expect(answer.code).toBe('0000');
  return answer.data.token;
}

describe('the signed-in cart', () => {
  it('belongs to the account, on every device, and not to the visitor id', async () => {
    await setStock(50);
    const account = await signUp(shop.app);
    const v = visitor();
    const saved = await add([plain(2)], bearer(account.token, { 'x-visitor-id': v }));
    expect(saved.code).toBe('0000');
    expect(saved.headers['set-cookie']).toBeUndefined();
    expect(quantities(await cartOf(account.auth))).toEqual({ plain: 2 });
    expect((await cartOf(asVisitor(v))).records).toEqual([]);
    const otherDevice = await signIn(account);
    expect(quantities(await cartOf(bearer(otherDevice)))).toEqual({ plain: 2 });
    expect((await call(shop.app, '/demo/ironCartItem/queryCartSumByUserId', {}, bearer(otherDevice))).data).toBe(2);
  });

  it("cannot touch another account's lines", async () => {
    const alice = await signUp(shop.app);
    const mallory = await signUp(shop.app);
    const line = (await add([plain(1)], alice.auth)).data.ids[0] as number;
    expect((await add([{ id: line, quantity: 5 }], mallory.auth)).code).toBe('1404');
    expect((await call(shop.app, '/demo/ironCartItem/deleteByIds', [line], mallory.auth)).code).toBe('1404');
    expect(quantities(await cartOf(alice.auth))).toEqual({ plain: 1 });
  });

  it('answers 9999 for an expired token and 8888 for a bad one, instead of falling back to the guest cart', async () => {
    const account = await signUp(shop.app);
    const v = visitor();
    await add([plain(1)], asVisitor(v));
    expect((await call(shop.app, '/demo/ironCartItem/queryCartItemList', {}, bearer('not-a-token', { 'x-visitor-id': v }))).code).toBe('8888');
    clock.advance(16 * 60_000);
    const expired = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [plain(1)], bearer(account.token, { 'x-visitor-id': v }));
    expect(expired.code).toBe('9999');
    expect(quantities(await cartOf(asVisitor(v)))).toEqual({ plain: 1 });
  });
});

describe('merging the guest cart on sign-in', () => {
  it('moves the caller’s guest lines in; the same line adds its quantity', async () => {
    await setStock(50);
    const account = await signUp(shop.app);
    await add([plain(3)], account.auth);
    const v = visitor();
    await add([plain(2), named('SMITH')], asVisitor(v));
    const token = await signIn(account, v);
    expect(quantities(await cartOf(bearer(token)))).toEqual({ plain: 5, SMITH: 1 });
    expect((await cartOf(asVisitor(v))).records).toEqual([]);
  });

  it('merges only the visitor id the caller sent', async () => {
    const account = await signUp(shop.app);
    const mine = visitor();
    const stranger = visitor();
    await add([named('MINE')], asVisitor(mine));
    await add([named('THEIRS', 2)], asVisitor(stranger));
    const token = await signIn(account, mine);
    expect(quantities(await cartOf(bearer(token)))).toEqual({ MINE: 1 });
    expect(quantities(await cartOf(asVisitor(stranger)))).toEqual({ THEIRS: 2 });
  });

  /** An account's cart of `mine` plain shirts merged at sign-in with a guest cart of `theirs`, stock `stockAtSignIn` by then. */
  async function mergedPlain(mine: number, theirs: number, stockAtSignIn: number) {
    const account = await signUp(shop.app);
    await add([plain(mine)], account.auth);
    const v = visitor();
    await add([plain(theirs)], asVisitor(v));
    await setStock(stockAtSignIn);
    const token = await signIn(account, v);
    return quantities(await cartOf(bearer(token)));
  }

  it('caps a merged line at 99', async () => {
    await setStock(500);
    expect(await mergedPlain(60, 60, 500)).toEqual({ plain: 99 });
  });

  it('caps a merged line at the stock, never below what either cart had', async () => {
    await setStock(50);
    expect(await mergedPlain(30, 25, 40)).toEqual({ plain: 40 });
    expect(await mergedPlain(30, 25, 10)).toEqual({ plain: 30 });
  });

  it('signs in without a visitor id, merging nothing', async () => {
    const account = await signUp(shop.app);
    const [{ before = 0 } = {}] = await shop.database.db.select({ before: sql<number>`count(*)::int` }).from(cartItems);
    const token = await signIn(account);
    expect((await cartOf(bearer(token))).records).toEqual([]);
    const [{ after = 0 } = {}] = await shop.database.db.select({ after: sql<number>`count(*)::int` }).from(cartItems);
    expect(after).toBe(before);
  });

  it('keeps a failed sign-in from merging anything', async () => {
    const account = await signUp(shop.app);
    const v = visitor();
    await add([named('KEEP')], asVisitor(v));
    const failed = await call(shop.app, '/demo/permissionAuth/doLogin', { username: account.email, password: 'Wr0ng-Pass' }, { ip: newIp(), ...asVisitor(v) });
    expect(failed.code).toBe('1401');
    expect(quantities(await cartOf(asVisitor(v)))).toEqual({ KEEP: 1 });
    expect((await cartOf(account.auth)).records).toEqual([]);
  });
});
