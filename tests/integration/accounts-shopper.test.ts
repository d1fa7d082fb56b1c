/**
 * Newsletter (guests too, a duplicate answered kindly), wishlist and reviews: every endpoint,
 * markup kept as text (docs/accounts-and-security.md, threat 21), and one shopper unable to read or
 * change another's wishlist or reviews (threat 10).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard, ProductComment } from '../../src/domain/catalogue.schema.ts';
import { newsletterSubscriptions, productComments, products, wishlistItems } from '../../src/server/db/schema.ts';
import { call, createTestShop, newEmail, newIp, signUp, type TestAccount, type TestShop } from './harness.ts';

let shop: TestShop;
let productIds: number[];

beforeAll(async () => {
  shop = await createTestShop();
  productIds = (await shop.database.db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(products.id).limit(5)).map((p) => p.id);
});
afterAll(async () => shop?.close());

describe('newsletter', () => {
  const subscribe = (email: unknown, ip = newIp()) => call(shop.app, '/demo/ironSubscribe/saveOrUpdateBatch', { email }, { ip });

  it('subscribes a guest, and answers a duplicate exactly as the first sign-up', async () => {
    const email = newEmail('fan');
    const first = await subscribe(`  ${email.toUpperCase()} `);
    expect(first).toMatchObject({ status: 200, code: '0000', msg: 'Thank you for subscribing', data: { subscribed: true } });
    const again = await subscribe(email);
    expect({ code: again.code, msg: again.msg, data: again.data, status: again.status }).toEqual({ code: first.code, msg: first.msg, data: first.data, status: first.status });
    const rows = await shop.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('footer');
  });

  it('shows up as the account’s newsletter choice', async () => {
    const account = await signUp(shop.app);
    await subscribe(account.email);
    expect((await call(shop.app, '/demo/ironUser/getUser', undefined, { method: 'GET', ...account.auth })).data.subscribe).toBe(true);
  });

  it('refuses a missing or malformed email and extra fields, storing nothing', async () => {
    const before = (await shop.database.db.select().from(newsletterSubscriptions)).length;
    for (const [body, message] of [
      [{}, 'Please enter the Email'],
      [{ email: '' }, 'Please enter the Email'],
      [{ email: 'fan@' }, 'The Email is invalid'],
      [{ email: newEmail(), source: 'admin' }, 'source'],
    ] as const) {
      const answer = await call(shop.app, '/demo/ironSubscribe/saveOrUpdateBatch', body, { ip: newIp() });
      expect(answer.code).toBe('1001');
      expect(answer.msg).toContain(message);
    }
    expect(await shop.database.db.select().from(newsletterSubscriptions)).toHaveLength(before);
  });

  it('takes at most 20 sign-ups an hour from one address', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await subscribe(newEmail('bulk'), ip)).code).toBe('0000');
    const blocked = await subscribe(newEmail('bulk'), ip);
    expect(blocked.code).toBe('1429');
    expect(blocked.data.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('wishlist', () => {
  const collect = (account: TestAccount, body: unknown) => call(shop.app, '/demo/ironCollect/collection', body, account.auth);
  const listOf = (account: TestAccount, body: Record<string, unknown> = {}) => call<{ records: (ProductCard & { collectedAt: string })[]; total: number }>(shop.app, '/demo/ironCollect/queryList', body, account.auth);
  const collected = (account: TestAccount, ids: number[]) => call<{ productIds: number[] }>(shop.app, '/demo/ironCollect/queryCollected', { productIds: ids }, account.auth);

  it('adds and removes products, idempotently, and lists them newest first as product cards', async () => {
    const account = await signUp(shop.app);
    const [a, b, c] = productIds as [number, number, number];
    expect((await collect(account, { productId: a, action: 'add' })).data).toEqual({ productId: a, collected: true });
    expect((await collect(account, { productId: b, action: 'add' })).code).toBe('0000');
    expect((await collect(account, { productId: b, action: 'add' })).code).toBe('0000');
    const page = (await listOf(account)).data;
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect(page.records[0]).toEqual(expect.objectContaining({ title: expect.any(String), price: expect.any(Number), image: expect.any(String), collectedAt: expect.any(String) }));
    expect((await collected(account, [a, b, c])).data.productIds).toEqual([a, b].sort((x, y) => x - y));
    expect((await collect(account, { productId: a, action: 'remove' })).data).toEqual({ productId: a, collected: false });
    expect((await collect(account, { productId: a, action: 'remove' })).code).toBe('0000');
    expect((await listOf(account)).data.records.map((r) => r.id)).toEqual([b]);
    expect((await listOf(account, { current: 2, size: 1 })).data.records).toEqual([]);
  });

  it('refuses an unknown product, a bad action and extra fields', async () => {
    const account = await signUp(shop.app);
    expect((await collect(account, { productId: 99_999_999, action: 'add' })).code).toBe('1404');
    expect((await collect(account, { productId: productIds[0], action: 'toggle' })).code).toBe('1001');
    expect((await collect(account, { productId: productIds[0], action: 'add', userId: 1 })).code).toBe('1001');
    expect(await shop.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, account.userId))).toEqual([]);
  });

  it('is private: nobody else sees or changes it', async () => {
    const alice = await signUp(shop.app);
    const mallory = await signUp(shop.app);
    await collect(alice, { productId: productIds[0], action: 'add' });
    expect((await listOf(mallory)).data).toMatchObject({ records: [], total: 0 });
    expect((await collected(mallory, productIds)).data.productIds).toEqual([]);
    expect((await collect(mallory, { productId: productIds[0], action: 'remove' })).code).toBe('0000');
    expect((await listOf(alice)).data.records.map((r) => r.id)).toEqual([productIds[0]]);
    expect((await collect(mallory, { productId: productIds[0], action: 'add', userId: alice.userId })).code).toBe('1001');
  });

  it('needs a session', async () => {
    expect((await call(shop.app, '/demo/ironCollect/collection', { productId: productIds[0], action: 'add' })).code).toBe('8888');
    expect((await call(shop.app, '/demo/ironCollect/queryList', {})).code).toBe('8888');
    expect((await call(shop.app, '/demo/ironCollect/queryCollected', { productIds })).code).toBe('8888');
  });
});

describe('reviews', () => {
  const post = (account: TestAccount, body: Record<string, unknown>) => call<ProductComment>(shop.app, '/demo/ironProductComment/save', body, account.auth);
  const reviewsOf = (productId: number) => call<{ records: ProductComment[]; total: number; averageRating: number | null }>(shop.app, '/demo/ironProductComment/queryList', { productId, size: 100 });
  const ownReviews = (userId: number) => shop.database.db.select().from(productComments).where(eq(productComments.userId, userId));

  it('posts a review signed with the first name and last initial; the public list shows it', async () => {
    const account = await signUp(shop.app);
    const productId = productIds[1]!;
    const before = (await reviewsOf(productId)).data.total;
    const answer = await post(account, { productId, rating: 5, content: '  Great shirt, true to size.  ' });
    expect(answer.code).toBe('0000');
    expect(answer.data).toMatchObject({ productId, rating: 5, content: 'Great shirt, true to size.', authorName: 'Ada L.' });
    const list = (await reviewsOf(productId)).data;
    expect(list.total).toBe(before + 1);
    expect(list.records[0]).toEqual(answer.data);
  });

  it('keeps one review per shopper and product: posting again edits it', async () => {
    const account = await signUp(shop.app);
    const productId = productIds[2]!;
    const first = await post(account, { productId, rating: 2, content: 'Too small' });
    const second = await post(account, { productId, rating: 4, content: 'Exchanged for a larger size, fine now' });
    expect(second.data.id).toBe(first.data.id);
    const rows = await ownReviews(account.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4, content: 'Exchanged for a larger size, fine now' });
  });

  it('keeps markup as plain text', async () => {
    const account = await signUp(shop.app);
    const content = '<script>alert("x")</script> <img src=x onerror=alert(1)> & "quotes"\nsecond line';
    const answer = await post(account, { productId: productIds[3], rating: 3, content });
    expect(answer.data.content).toBe(content);
    expect(answer.raw.headers['content-type']).toContain('application/json');
    expect((await ownReviews(account.userId))[0]!.content).toBe(content);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['rating 0', { rating: 0 }, 'Please give a rating from 1 to 5'],
    ['rating 6', { rating: 6 }, 'Please give a rating from 1 to 5'],
    ['rating 4.5', { rating: 4.5 }, 'Please give a rating from 1 to 5'],
    ['rating "5"', { rating: '5' }, 'Please give a rating from 1 to 5'],
    ['no content', { content: undefined }, 'Please write your review'],
    ['blank content', { content: '   ' }, 'Please write your review'],
    ['2001 characters', { content: 'x'.repeat(2001) }, 'At most 2000 characters'],
    ['a NUL character', { content: 'nice\u0000shirt' }, 'control characters'],
    ['an author name', { authorName: 'Admin' }, 'authorName'],
    ['a user id', { userId: 1 }, 'userId'],
    ['visibility', { visible: true }, 'visible'],
  ];
  for (const [label, overrides, message] of invalid) {
    it(`refuses ${label} with "${message}" and stores nothing`, async () => {
      const account = await signUp(shop.app);
      const answer = await post(account, { productId: productIds[0], rating: 4, content: 'Good', ...overrides });
      expect(answer.code).toBe('1001');
      expect(answer.msg).toContain(message);
      expect(await ownReviews(account.userId)).toEqual([]);
    });
  }

  it('refuses an unknown product and anonymous callers', async () => {
    const account = await signUp(shop.app);
    expect((await post(account, { productId: 99_999_999, rating: 4, content: 'Good' })).code).toBe('1404');
    expect((await call(shop.app, '/demo/ironProductComment/save', { productId: productIds[0], rating: 4, content: 'Good' })).code).toBe('8888');
    expect(await ownReviews(account.userId)).toEqual([]);
  });

  it("deletes one's own review; another shopper's review is \"not found\" and stays", async () => {
    const alice = await signUp(shop.app);
    const mallory = await signUp(shop.app);
    const mine = await post(alice, { productId: productIds[4], rating: 5, content: 'Love it' });
    const seeded = await shop.database.db.select({ id: productComments.id }).from(productComments).where(and(eq(productComments.productId, productIds[0]!))).limit(1);
    for (const id of [mine.data.id, seeded[0]?.id ?? 1]) {
      const answer = await call(shop.app, '/demo/ironProductComment/remove', { id }, mallory.auth);
      expect(answer).toMatchObject({ status: 404, code: '1404' });
    }
    expect(await ownReviews(alice.userId)).toHaveLength(1);
    expect((await call(shop.app, '/demo/ironProductComment/remove', { id: mine.data.id }, alice.auth)).data).toEqual({ deleted: 1 });
    expect(await ownReviews(alice.userId)).toEqual([]);
  });

  it('an account deleted later leaves its reviews, unsigned from it', async () => {
    const account = await signUp(shop.app);
    await post(account, { productId: productIds[0], rating: 4, content: 'Solid' });
    const { users } = await import('../../src/server/db/schema.ts');
    await shop.database.db.delete(users).where(eq(users.id, account.userId));
    const rows = await shop.database.db.select().from(productComments).where(and(eq(productComments.content, 'Solid'), isNotNull(productComments.authorName)));
    expect(rows.some((r) => r.userId === null && r.authorName === 'Ada L.')).toBe(true);
  });
});
