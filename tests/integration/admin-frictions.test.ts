/**
 * Frictions that cost staff money or time (issue 27): a new product takes its sport's and team's
 * navigation entries, and the table and editor say whether a product is in some listing; guest
 * buyers under Customers, by email, with their orders (an email that registered is its account's
 * row, once); server messages, shipment events, low-stock and review titles in the caller's
 * language, states named as the back office shows them.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCustomersApi } from '../../src/domain/api/admin/customers.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminReviewsApi } from '../../src/domain/api/admin/reviews.ts';
import { adminProductsApi } from '../../src/domain/api/admin/products.ts';
import type { Page } from '../../src/domain/api/envelope.ts';
import type { Dashboard } from '../../src/domain/back-office/dashboard.model.ts';
import type { TrackingAnswer } from '../../src/domain/orders.model.ts';
import type { AdminCustomerDetail, AdminCustomerListRow, AdminGuestDetail } from '../../src/domain/back-office/customers.model.ts';
import type { AdminReviewRow } from '../../src/domain/back-office/reviews.model.ts';
import type { AdminProduct, AdminProductRow } from '../../src/domain/back-office/products.model.ts';
import { navItems, orders, productSizes, products, teams } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, type Staff, productDraft } from './admin-support.ts';
import { call, createTestShop, newEmail, signUp, type TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine, type Stock } from './orders-support.ts';

let shop: TestShop;
let admin: Staff;
let stock: Stock;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await staffAccount(shop, 'R_ADMIN');
  stock = await findStock(shop, 40);
});
afterAll(async () => shop?.close());

const zh = { 'accept-language': 'zh-CN' };

function newProduct(overrides: Record<string, unknown> = {}) {
  return productDraft({ title: { 'en-US': 'Frictions Test Top', 'zh-CN': '测试上衣' }, description: { 'en-US': '', 'zh-CN': '' }, sizes: [{ size: 'M', stock: 10 }], faq: { 'en-US': [], 'zh-CN': [] }, ...overrides });
}

async function create(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const answer = await callEntry<AdminProduct>(shop, adminProductsApi.create, newProduct(overrides), admin);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

describe('products reach a listing', () => {
  it("takes the sport's and the team's navigation entries when a new product names no tags", async () => {
    const db = shop.database.db;
    // A team with its own navigation entry, under its league's, under its sport's.
    const [team] = await db
      .select({ id: teams.id, tag: teams.tag, sport: teams.sport, league: teams.leagueTag })
      .from(teams)
      .where(sql`exists (select 1 from ${navItems} n where n.tag = ${teams.tag})`)
      .limit(1);
    const created = await create({ sport: team!.sport, teamId: team!.id, tags: undefined });
    expect(created.tags).toEqual([team!.sport, team!.league, team!.tag]);
    expect(created.listed).toBe(true);
    // Patches fit by the league's and the sport's tags: the new product gets them as the demo's do.
    expect(created.patches.length).toBeGreaterThan(0);
    // No team: the sport's entry.
    expect((await create({ sport: 'football', tags: undefined })).tags).toEqual(['football']);
    // Tags chosen are kept as chosen.
    expect((await create({ sport: team!.sport, teamId: team!.id, tags: [team!.league] })).tags).toEqual([team!.league]);
    // None, asked for: none, and the answer says it is in no listing.
    const nowhere = await create({ sport: 'football', teamId: team!.id, tags: [] });
    expect(nowhere.tags).toEqual([]);
    expect(nowhere.listed).toBe(false);
  });

  it('says in the editor and in the table whether a product is in some listing', async () => {
    const product = await create({ tags: [], title: { 'en-US': 'Unlisted Frictions Top', 'zh-CN': '' } });
    const row = async () => (await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { query: String(product.id) }, admin)).data.records[0]!;
    expect((await row()).listed).toBe(false);
    const { id, version, published: _p, images: _i, art: _a, patches: _pa, addons: _ad, updatedAt: _u, listed: _l, ...fields } = product;
    const saved = await callEntry<AdminProduct>(shop, adminProductsApi.update, { id, version, ...fields, tags: ['football'] }, admin);
    expect(saved.code, saved.msg).toBe('0000');
    expect(saved.data.listed).toBe(true);
    expect((await row()).listed).toBe(true);
    const published = await callEntry<AdminProduct>(shop, adminProductsApi.publish, { id, published: true }, admin);
    expect(published.data).toMatchObject({ published: true, listed: true });
  });

  it('offers each navigation entry with its parent and each team with its tag, for the editor to preselect', async () => {
    const options = (await callEntry(shop, adminProductsApi.options, {}, admin)).data;
    const team = options.teams[0];
    expect(team.tag).toMatch(/^[a-z0-9-]+$/);
    const entry = options.navTags.find((n: { tag: string }) => n.tag === team.tag);
    expect(entry).toMatchObject({ level: 3, parent: team.league });
  });
});

describe('guest buyers under Customers', () => {
  const list = async (request: Record<string, unknown>) => {
    const answer = await callEntry<Page<AdminCustomerListRow>>(shop, adminCustomersApi.customerList, { size: 100, ...request }, admin);
    expect(answer.code, answer.msg).toBe('0000');
    return answer.data;
  };

  it('lists a guest once by email (any case), with order count, paid total and last order, and opens their orders', async () => {
    const email = newEmail('guest');
    const first = await guestOrder(shop, [plainLine(stock)], { email: email.toUpperCase() });
    await pay(shop, first.order);
    const second = await guestOrder(shop, [plainLine(stock, 2)], { email });
    const [paidRow] = await shop.database.db.select({ totalEur: orders.totalEur }).from(orders).where(eq(orders.orderNo, first.order.orderNo));

    const found = await list({ query: email.slice(0, 14) });
    const rows = found.records.filter((row) => row.email === email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'guest', userId: null, email, name: 'Ada Lovelace', orders: 2, spentEur: paidRow!.totalEur });
    expect(rows[0]!.lastOrderAt).not.toBeNull();
    // Filtered: guests only has them, accounts only has not.
    expect((await list({ query: email, kind: 'guest' })).records.map((row) => row.email)).toEqual([email]);
    expect((await list({ query: email, kind: 'registered' })).records).toEqual([]);
    // A status is an account's: it leaves guests out.
    expect((await list({ query: email, status: 'active' })).records).toEqual([]);
    // By an order number too, as the orders search finds it.
    expect((await list({ query: second.order.orderNo, kind: 'guest' })).records.map((row) => row.email)).toEqual([email]);

    const detail = await callEntry<AdminGuestDetail>(shop, adminCustomersApi.guestCustomer, { email: email.toUpperCase() }, admin);
    expect(detail.code, detail.msg).toBe('0000');
    expect(detail.data).toMatchObject({ kind: 'guest', email, orders: 2, spentEur: paidRow!.totalEur });
    expect(detail.data.orderList.map((o) => o.orderNo)).toEqual([second.order.orderNo, first.order.orderNo]);
    expect((await callEntry(shop, adminCustomersApi.guestCustomer, { email: newEmail('nobody') }, admin)).code).toBe('1404');
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    expect((await callEntry(shop, adminCustomersApi.guestCustomer, { email }, shopper)).code).toBe('1403');
  });

  it('counts a guest who registered later once, as their account, with the orders placed as a guest', async () => {
    const email = newEmail('later');
    const before = await guestOrder(shop, [plainLine(stock)], { email });
    await pay(shop, before.order);
    const account = await signUp(shop.app, { email });
    const rows = (await list({ query: email })).records.filter((row) => row.email === email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'registered', userId: account.userId, orders: 1 });
    expect((await list({ query: email, kind: 'guest' })).records).toEqual([]);
    expect((await callEntry(shop, adminCustomersApi.guestCustomer, { email }, admin)).code).toBe('1404');
    const detail = await callEntry<AdminCustomerDetail>(shop, adminCustomersApi.customer, { userId: account.userId }, admin);
    expect(detail.data.orderList.map((o) => o.orderNo)).toEqual([before.order.orderNo]);
    expect(detail.data.orders).toBe(1);
  });

  it('pages accounts and guests together, newest first, every row once', async () => {
    const first = await list({ size: 3, current: 1 });
    const second = await list({ size: 3, current: 2 });
    const all = await list({ size: 100 });
    expect(first.total).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(all.records.length);
    const key = (row: AdminCustomerListRow) => row.userId ?? row.email;
    expect([...first.records, ...second.records].map(key)).toEqual(all.records.slice(0, 6).map(key));
    expect(new Set(all.records.map(key)).size).toBe(all.records.length);
    // Past the end: no rows, the same total.
    const far = await list({ size: 3, current: 10_000 });
    expect(far.records).toEqual([]);
    expect(far.total).toBe(all.total);
    expect((await list({ kind: 'guest' })).total + (await list({ kind: 'registered' })).total).toBe(all.total);
    const since = all.records.map((row) => row.createdAt);
    expect([...since].sort().reverse()).toEqual(since);
  });
});

describe('what the server says, in the caller language', () => {
  it('names states as the back office does, in both languages', async () => {
    const unpaid = await guestOrder(shop, [plainLine(stock)]);
    const move = { orderNo: unpaid.order.orderNo, to: 'processing' };
    expect((await callEntry(shop, adminOrdersApi.moveOrder, move, admin)).msg).toBe('An order cannot move from Awaiting payment to In production');
    expect((await callEntry(shop, adminOrdersApi.moveOrder, move, admin, zh)).msg).toBe('订单不能从“待付款”变为“生产中”');
  });

  it("words the shop's own shipment events in the reader's language", async () => {
    const placed = await guestOrder(shop, [plainLine(stock)]);
    await pay(shop, placed.order);
    const orderNo = placed.order.orderNo;
    expect((await callEntry(shop, adminOrdersApi.moveOrder, { orderNo, to: 'shipped', carrier: 'DHL', trackingNumber: 'JD0146000001' }, admin)).code).toBe('0000');
    expect((await callEntry(shop, adminOrdersApi.moveOrder, { orderNo, to: 'delivered' }, admin)).code).toBe('0000');
    const track = async (headers: Record<string, string> = {}) =>
      (await call<TrackingAnswer>(shop.app, '/demo/ironOrder/track', { orderNo }, { headers })).data.shipments[0]!.events.map((e) => e.description);
    expect(await track()).toEqual(['Handed to DHL', 'Delivered']);
    expect(await track(zh)).toEqual(['已交给 DHL', '已送达']);
    const staffView = await callEntry(shop, adminOrdersApi.order, { orderNo }, admin, zh);
    expect(staffView.data.shipments[0].events.map((e: { description: string }) => e.description)).toEqual(['已交给 DHL', '已送达']);
  });

  it('titles low-stock rows and reviews with the Chinese product title in zh-CN', async () => {
    const db = shop.database.db;
    const [product] = await db
      .select({ id: products.id, title: products.title, zh: sql<string>`${products.zh} ->> 'title'` })
      .from(products)
      .where(and(eq(products.active, true), isNotNull(sql`${products.zh} ->> 'title'`), sql`${products.id} <> ${stock.productId}`))
      .orderBy(products.id)
      .limit(1);
    // Out of stock and the lowest id: the first of the dashboard's low-stock rows.
    await db.update(productSizes).set({ stock: 0 }).where(eq(productSizes.productId, product!.id));
    const dashboard = async (headers: Record<string, string> = {}) => (await callEntry<Dashboard>(shop, adminOrdersApi.dashboard, undefined, admin, headers)).data.lowStock.filter((row) => row.productId === product!.id);
    expect((await dashboard(zh))[0]!.title).toBe(product!.zh);
    expect((await dashboard())[0]!.title).toBe(product!.title);

    const writer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await call(shop.app, '/demo/ironProductComment/save', { productId: product!.id, rating: 4, content: 'Fits well, good colours' }, writer.auth)).code).toBe('0000');
    const reviews = async (headers: Record<string, string> = {}) => (await callEntry<Page<AdminReviewRow>>(shop, adminReviewsApi.reviewList, { productId: product!.id }, admin, headers)).data.records[0]!;
    expect((await reviews(zh)).productTitle).toBe(product!.zh);
    expect((await reviews()).productTitle).toBe(product!.title);
  });
});
