/**
 * The back office's global search (Ctrl/Cmd+K, docs/back-office.md "Header"): each kind found by
 * the parts staff type, only the kinds the caller's codes open, one or two characters by the start
 * only, a customer and a signed-out caller refused, bad input answered in the envelope.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSearchApi } from '../../src/domain/api/admin/search.ts';
import { PERMISSIONS } from '../../src/domain/back-office/staff.model.ts';
import type { SearchResult } from '../../src/domain/back-office/search.model.ts';
import { auditLog, products, teams, users } from '../../src/server/db/schema.ts';
import { globalSearch } from '../../src/server/modules/backoffice/search.ts';
import { callEntry, staffTrio, type Staff } from './admin-support.ts';
import { createTestShop, signUp, type TestShop } from './harness.ts';
import { findStock, guestOrder, makeCoupon, plainLine } from './orders-support.ts';

let shop: TestShop;
let owner: Staff, admin: Staff, customer: Staff;
let orderNo: string;
let couponCode: string;
let shopper: { userId: number; email: string };
let product: { id: number; title: string; handle: string };
let team: { id: number; tag: string; name: Record<string, string> };

beforeAll(async () => {
  shop = await createTestShop();
  ({ owner, admin, customer } = await staffTrio(shop));
  const stock = await findStock(shop, 10);
  orderNo = (await guestOrder(shop, [plainLine(stock)])).order.orderNo;
  couponCode = await makeCoupon(shop, { kind: 'percent', percent: 10 });
  const account = await signUp(shop.app, { firstName: 'Quintessa', lastName: 'Marlowe-Search' });
  shopper = { userId: account.userId, email: account.email };
  product = (await shop.database.db.select({ id: products.id, title: products.title, handle: products.handle }).from(products).orderBy(asc(products.id)).limit(1))[0]!;
  team = (await shop.database.db.select({ id: teams.id, tag: teams.tag, name: teams.name }).from(teams).orderBy(asc(teams.id)).limit(1))[0]!;
});
afterAll(async () => shop?.close());

async function search(query: unknown, who: Staff = admin, locale?: string) {
  return callEntry<SearchResult[]>(shop, adminSearchApi.search, { query }, who, locale ? { 'accept-language': locale } : {});
}

async function found(query: string, who: Staff = admin): Promise<SearchResult[]> {
  const answer = await search(query, who);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

describe('global search', () => {
  it('finds an order by a part of its number, as typed or read out (any case, without dashes)', async () => {
    const middle = orderNo.slice(4, 11).toLowerCase().replace('-', ' ');
    const results = await found(middle);
    expect(results).toContainEqual({ kind: 'order', key: orderNo, title: orderNo, subtitle: 'guest@example.com', path: `/orders/${orderNo}` });
  });

  it('finds an account by any part of its email or name', async () => {
    const expected = { kind: 'customer', key: String(shopper.userId), title: 'Quintessa Marlowe-Search', subtitle: shopper.email, path: `/customers/${shopper.userId}` };
    expect(await found(shopper.email.slice(3, 14))).toContainEqual(expected);
    expect(await found('arlowe-sea')).toContainEqual(expected);
    expect(await found('QUINTESSA m')).toContainEqual(expected);
  });

  it('finds a product by part of its title or handle, titled in the caller’s language', async () => {
    const byTitle = await found(product.title.slice(2, 9));
    expect(byTitle).toContainEqual({ kind: 'product', key: String(product.id), title: product.title, subtitle: product.handle, path: `/products/${product.id}` });
    const byHandle = await found(product.handle.slice(1));
    expect(byHandle.filter((r) => r.kind === 'product').map((r) => r.key)).toContain(String(product.id));
    const [row] = await shop.database.db.select({ zh: products.zh }).from(products).where(eq(products.id, product.id));
    const inChinese = await search(product.handle, admin, 'zh-CN');
    expect(inChinese.data.find((r) => r.kind === 'product' && r.key === String(product.id))?.title).toBe(row!.zh.title || product.title);
  });

  it('finds a team by name or tag and a coupon by part of its code, opening their screens filtered', async () => {
    const byName = await found(team.name['en-US']!.slice(0, 6));
    expect(byName).toContainEqual({ kind: 'team', key: String(team.id), title: team.name['en-US'], subtitle: team.tag, path: `/teams?query=${encodeURIComponent(team.tag)}` });
    const byCode = await found(couponCode.slice(3, 9).toLowerCase());
    expect(byCode).toContainEqual({ kind: 'coupon', key: couponCode, title: couponCode, subtitle: '', path: `/coupons?query=${couponCode}` });
  });

  it('answers at most 5 of a kind, and one or two characters by the start only', async () => {
    const many = await found('e');
    const kinds = new Set(many.map((r) => r.kind));
    for (const kind of kinds) expect(many.filter((r) => r.kind === kind).length).toBeLessThanOrEqual(5);
    // "ui" is inside "Quintessa" but starts nothing of hers.
    expect((await found('ui')).map((r) => r.key)).not.toContain(String(shopper.userId));
    expect((await found('qu')).map((r) => r.key)).toContain(String(shopper.userId));
    // The start of an order number, "JS-…".
    expect((await found('JS')).filter((r) => r.kind === 'order').length).toBeGreaterThan(0);
  });

  it('searches only the kinds the caller’s codes open', async () => {
    const db = shop.database.db;
    const query = shopper.email.slice(0, 10);
    const everything = await globalSearch(db, { codes: Object.values(PERMISSIONS) }, query, 'en-US');
    expect(everything.map((r) => r.kind)).toContain('customer');
    const ordersOnly = await globalSearch(db, { codes: [PERMISSIONS.ORDER_VIEW, PERMISSIONS.PRODUCT_EDIT] }, query, 'en-US');
    expect(ordersOnly.map((r) => r.kind)).not.toContain('customer');
    const byNumber = await globalSearch(db, { codes: [PERMISSIONS.CUSTOMER_VIEW] }, orderNo, 'en-US');
    expect(byNumber).toEqual([]);
    const coupons = await globalSearch(db, { codes: [PERMISSIONS.COUPON_EDIT] }, couponCode, 'en-US');
    expect(coupons.map((r) => r.kind)).toEqual(['coupon']);
    // The owner holds every code: the same search answers them too.
    expect((await found(couponCode, owner)).map((r) => r.key)).toContain(couponCode);
  });

  it('refuses a customer (1403, recorded) and a signed-out caller (8888)', async () => {
    const refused = await search(orderNo, customer);
    expect(refused).toMatchObject({ status: 403, code: '1403', data: null });
    const [row] = await shop.database.db.select().from(auditLog).where(eq(auditLog.actorId, customer.userId));
    expect(row).toMatchObject({ action: 'access.refused', after: { anyPermission: ['order:view', 'customer:view', 'product:view', 'team:edit', 'coupon:edit'] } });
    expect(await callEntry(shop, adminSearchApi.search, { query: orderNo })).toMatchObject({ status: 401, code: '8888' });
  });

  it('refuses an empty query, one over 100 characters and unknown fields in the envelope', async () => {
    const before = await shop.database.db.select({ id: users.id }).from(users);
    for (const body of [{ query: '' }, { query: '   ' }, { query: 'a'.repeat(101) }, { query: 7 }, {}, { query: 'ada', kinds: ['order'] }]) {
      const answer = await callEntry(shop, adminSearchApi.search, body, admin);
      expect(answer.code, JSON.stringify(body)).toBe('1001');
      expect(answer.data).toMatchObject({ issues: expect.any(Array) });
    }
    expect((await found('a'.repeat(100))).length).toBe(0);
    expect((await shop.database.db.select({ id: users.id }).from(users)).length).toBe(before.length);
  });

  it('treats % and _ as themselves', async () => {
    expect(await found('%%%')).toEqual([]);
    expect(await found('___')).toEqual([]);
  });

  it('keeps every trigram index’s pending list at 64 kB, so a burst of inserts never turns a search into a table scan', async () => {
    const { rows } = (await shop.database.db.execute(sql`
      select c.relname as name, c.reloptions as options from pg_class c join pg_am am on am.oid = c.relam
      where am.amname = 'gin' and c.relname like '%trgm%' order by c.relname`)) as unknown as { rows: { name: string; options: string[] | null }[] };
    expect(rows.map((row) => row.name)).toEqual(['coupons_code_trgm_idx', 'orders_email_trgm_idx', 'orders_order_no_trgm_idx', 'products_handle_trgm_idx', 'products_title_trgm_idx', 'users_email_trgm_idx', 'users_name_trgm_idx']);
    for (const row of rows) expect(row.options, row.name).toContain('gin_pending_list_limit=64');
  });
});
