/**
 * Coupons in the back office (coupon:edit, R_ADMIN and R_SUPER): list with search and state,
 * create, edit, expire now, usage; each write one audit row; bad input answered in the envelope
 * with nothing changed. And the rules the editor sets, honoured at checkout: scheduled, expired,
 * used up, per-customer limit, minimum, personalised items left out, fixed amounts per currency.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/domain/api/endpoint.ts';
import { adminCouponsApi } from '../../src/domain/api/admin/coupons.ts';
import type { CheckoutQuote } from '../../src/domain/checkout.model.ts';
import type { AdminCoupon, CouponUse } from '../../src/domain/coupons.model.ts';
import { divRound } from '../../src/domain/money.model.ts';
import { coupons } from '../../src/server/db/schema.ts';
import { auditCount, auditRows, callEntry, type Staff, staffTrio } from './admin-support.ts';
import { call, createTestShop, signUp, type TestAccount, type TestShop } from './harness.ts';
import { as, findStock, guestCart, placeOrder, plainLine, printedLine, ukAddress, type Stock } from './orders-support.ts';

let shop: TestShop;
let owner: Staff, admin: Staff, customer: Staff;
let stock: Stock;

beforeAll(async () => {
  shop = await createTestShop();
  ({ owner, admin, customer } = await staffTrio(shop));
  stock = await findStock(shop, 60, 1);
});
afterAll(async () => shop?.close());

let serial = 0;
const newCode = (prefix = 'ADM') => `${prefix}${Date.now().toString(36).toUpperCase()}${serial++}`;
const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function percentCoupon(overrides: Record<string, unknown> = {}) {
  return { code: newCode(), kind: 'percent', percent: 10, amounts: null, minSpendEur: 0, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, includesPersonalised: true, ...overrides };
}
const omit = (body: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));
const AMOUNTS = { EUR: 500, GBP: 400, USD: 550, AUD: 800, NZD: 900, CAD: 750 };

async function create(body: Record<string, unknown>, who: Staff = admin) {
  const answer = await callEntry<AdminCoupon>(shop, adminCouponsApi.createCoupon, body, who);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}
const couponRows = async () => (await shop.database.db.select().from(coupons)).length;

function quote(visitorId: string, ids: number[], couponCode: string, currency = 'EUR', headers: Record<string, string> = {}) {
  return call<CheckoutQuote>(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: ids }, currency, country: 'GB', shippingMethod: 'standard', couponCode }, { headers: { ...as(visitorId).headers, ...headers } });
}

describe('who may manage coupons', () => {
  it('refuses a signed-out caller and a customer on every call; R_ADMIN and R_SUPER pass', async () => {
    const made = await create(percentCoupon(), owner);
    const calls: [Endpoint, unknown][] = [
      [adminCouponsApi.couponList, {}],
      [adminCouponsApi.coupon, { id: made.id }],
      [adminCouponsApi.createCoupon, percentCoupon()],
      [adminCouponsApi.updateCoupon, { id: made.id, coupon: percentCoupon() }],
      [adminCouponsApi.expireCoupon, { id: made.id }],
      [adminCouponsApi.couponUsage, { id: made.id }],
    ];
    const rows = await couponRows();
    for (const [entry, request] of calls) {
      expect(await callEntry(shop, entry, request), entry.path).toMatchObject({ status: 401, code: '8888' });
      expect(await callEntry(shop, entry, request, customer), entry.path).toMatchObject({ status: 403, code: '1403' });
    }
    expect(await couponRows()).toBe(rows);
    expect((await callEntry(shop, adminCouponsApi.couponList, {}, admin)).code).toBe('0000');
    expect((await callEntry(shop, adminCouponsApi.coupon, { id: made.id }, owner)).code).toBe('0000');
  });
});

describe('creating and editing', () => {
  it('creates a coupon with one audit row, upper-casing its code; a taken code is a field error', async () => {
    const before = await auditCount(shop);
    const body = percentCoupon({ code: newCode('new').toLowerCase(), percent: 15, minSpendEur: 2000, usageLimit: 5, perCustomerLimit: 1, includesPersonalised: false, endsAt: iso(30 * DAY) });
    const made = await create(body);
    expect(made).toMatchObject({ code: body.code.toUpperCase(), kind: 'percent', percent: 15, amounts: null, minSpendEur: 2000, usageLimit: 5, perCustomerLimit: 1, includesPersonalised: false, usedCount: 0, state: 'active' });
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({ actorId: admin.userId, action: 'coupon.create', entity: 'coupon', entityId: String(made.id), before: null, after: { code: made.code, percent: 15 } });
    const taken = await callEntry(shop, adminCouponsApi.createCoupon, percentCoupon({ code: made.code.toLowerCase() }), admin);
    expect(taken).toMatchObject({ code: '1001', data: { issues: [{ path: 'body.code', message: 'Another coupon has this code' }] } });
    expect(await auditCount(shop)).toBe(before + 1);
  });

  it('two editors creating one code at once: one coupon, the other told the code is taken', async () => {
    const body = percentCoupon();
    const answers = await Promise.all([admin, owner, admin, owner].map((who) => callEntry(shop, adminCouponsApi.createCoupon, body, who)));
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== '0000')) expect(refused).toMatchObject({ code: '1001', data: { issues: [{ path: 'body.code', message: 'Another coupon has this code' }] } });
    expect(await shop.database.db.select().from(coupons).where(eq(coupons.code, body.code))).toHaveLength(1);
  });

  it('answers bad input with 1001 naming the field, and changes nothing', async () => {
    const rows = await couponRows();
    const before = await auditCount(shop);
    const bad: [Record<string, unknown>, string][] = [
      [percentCoupon({ percent: 0 }), 'body.percent'],
      [percentCoupon({ percent: 101 }), 'body.percent'],
      [percentCoupon({ percent: null }), 'body.percent'],
      [percentCoupon({ kind: 'fixed', percent: null, amounts: { ...AMOUNTS, GBP: 0 } }), 'body.amounts.GBP'],
      [percentCoupon({ kind: 'fixed', percent: null, amounts: { ...AMOUNTS, USD: 5.5 } }), 'body.amounts.USD'],
      [percentCoupon({ kind: 'fixed', percent: null, amounts: { EUR: 500 } }), 'body.amounts.GBP'],
      [percentCoupon({ kind: 'fixed', percent: null, amounts: null }), 'body.amounts'],
      [percentCoupon({ startsAt: iso(2 * DAY), endsAt: iso(DAY) }), 'body.endsAt'],
      [percentCoupon({ code: 'has space' }), 'body.code'],
      [percentCoupon({ code: 'AB' }), 'body.code'],
      [percentCoupon({ minSpendEur: -1 }), 'body.minSpendEur'],
      [percentCoupon({ usageLimit: 0 }), 'body.usageLimit'],
      [percentCoupon({ usageLimit: 2, perCustomerLimit: 3 }), 'body.perCustomerLimit'],
      [percentCoupon({ surprise: true }), 'body'],
      // No validity is said with null; a field the editor lost (left out) is refused, never "valid forever".
      [omit(percentCoupon(), 'endsAt'), 'body.endsAt'],
      [omit(percentCoupon(), 'startsAt'), 'body.startsAt'],
    ];
    for (const [body, path] of bad) {
      const answer = await callEntry<{ issues: { path: string }[] }>(shop, adminCouponsApi.createCoupon, body, admin);
      expect(answer.code, JSON.stringify(body)).toBe('1001');
      expect(answer.data.issues.map((i) => i.path), JSON.stringify(body)).toContain(path);
    }
    expect(await couponRows()).toBe(rows);
    expect(await auditCount(shop)).toBe(before);
  });

  it('edits with one audit row of the fields changed; the use limit cannot go below the uses; saving the same records nothing', async () => {
    const made = await create(percentCoupon());
    await shop.database.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, made.id));
    const before = await auditCount(shop);
    const edit = { ...percentCoupon({ code: made.code, kind: 'fixed', percent: null, amounts: AMOUNTS, usageLimit: 10 }) };
    const saved = await callEntry<AdminCoupon>(shop, adminCouponsApi.updateCoupon, { id: made.id, coupon: edit }, admin);
    expect(saved.code, saved.msg).toBe('0000');
    expect(saved.data).toMatchObject({ kind: 'fixed', percent: null, amounts: AMOUNTS, usageLimit: 10, usedCount: 3 });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'coupon.update', entityId: String(made.id), before: { kind: 'percent', percent: 10, usageLimit: null, amounts: null }, after: { kind: 'fixed', percent: null, usageLimit: 10, amounts: AMOUNTS } });
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await callEntry(shop, adminCouponsApi.updateCoupon, { id: made.id, coupon: edit }, admin)).code).toBe('0000');
    expect(await auditCount(shop)).toBe(before + 1);
    const below = await callEntry(shop, adminCouponsApi.updateCoupon, { id: made.id, coupon: { ...edit, usageLimit: 2 } }, admin);
    expect(below).toMatchObject({ code: '1001', data: { issues: [{ path: 'body.coupon.usageLimit', message: 'The coupon has been used 3 times already; the limit cannot be lower' }] } });
    expect((await callEntry(shop, adminCouponsApi.updateCoupon, { id: 99_999_999, coupon: edit }, admin)).code).toBe('1404');
    expect(await auditCount(shop)).toBe(before + 1);
  });

  it('expires a coupon now: state expired, refused at checkout, audited once', async () => {
    const made = await create(percentCoupon());
    const cart = await guestCart(shop, [plainLine(stock)]);
    expect((await quote(cart.visitorId, cart.ids, made.code)).data.coupon).toMatchObject({ valid: true });
    const before = await auditCount(shop);
    const expired = await callEntry<AdminCoupon>(shop, adminCouponsApi.expireCoupon, { id: made.id }, admin);
    expect(expired.data.state).toBe('expired');
    expect((await callEntry(shop, adminCouponsApi.expireCoupon, { id: made.id }, admin)).data.state).toBe('expired');
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await quote(cart.visitorId, cart.ids, made.code)).data.coupon).toMatchObject({ valid: false, reason: 'expired' });
  });
});

describe('the list', () => {
  it('searches by code and filters by state', async () => {
    const tag = newCode('LST');
    const active = await create(percentCoupon({ code: `${tag}A` }));
    const scheduled = await create(percentCoupon({ code: `${tag}S`, startsAt: iso(DAY) }));
    const expired = await create(percentCoupon({ code: `${tag}E`, startsAt: iso(-2 * DAY), endsAt: iso(-DAY) }));
    const usedUp = await create(percentCoupon({ code: `${tag}U`, usageLimit: 1 }));
    await shop.database.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, usedUp.id));
    const list = async (request: Record<string, unknown>) => (await callEntry<{ records: AdminCoupon[]; total: number }>(shop, adminCouponsApi.couponList, request, admin)).data;
    const all = await list({ query: tag.toLowerCase() });
    expect(all.total).toBe(4);
    expect(Object.fromEntries(all.records.map((c) => [c.code, c.state]))).toEqual({ [active.code]: 'active', [scheduled.code]: 'scheduled', [expired.code]: 'expired', [usedUp.code]: 'used-up' });
    for (const [state, coupon] of [['active', active], ['scheduled', scheduled], ['expired', expired], ['used-up', usedUp]] as const) {
      expect((await list({ query: tag, state })).records.map((c) => c.code), state).toEqual([coupon.code]);
    }
    expect((await callEntry(shop, adminCouponsApi.couponList, { state: 'sleeping' }, admin)).code).toBe('1001');
  });
});

describe('the rules at checkout', () => {
  it('scheduled and expired coupons are refused with their reason', async () => {
    const cart = await guestCart(shop, [plainLine(stock)]);
    const scheduled = await create(percentCoupon({ startsAt: iso(DAY) }));
    const expired = await create(percentCoupon({ startsAt: iso(-2 * DAY), endsAt: iso(-DAY) }));
    expect((await quote(cart.visitorId, cart.ids, scheduled.code)).data.coupon).toMatchObject({ valid: false, reason: 'not-started' });
    expect((await quote(cart.visitorId, cart.ids, expired.code)).data.coupon).toMatchObject({ valid: false, reason: 'expired' });
  });

  it('the minimum is compared with the items after the tier discount', async () => {
    const cart = await guestCart(shop, [plainLine(stock)]);
    const high = await create(percentCoupon({ minSpendEur: stock.price + 1 }));
    const exact = await create(percentCoupon({ minSpendEur: stock.price }));
    expect((await quote(cart.visitorId, cart.ids, high.code)).data.coupon).toMatchObject({ valid: false, reason: 'min-spend' });
    expect((await quote(cart.visitorId, cart.ids, exact.code)).data.coupon).toMatchObject({ valid: true });
  });

  it('a used-up coupon and a customer’s own limit are refused; the usage lists the order with its link data', async () => {
    const once = await create(percentCoupon({ usageLimit: 1 }));
    const buyer: TestAccount = await signUp(shop.app);
    const perCustomer = await create(percentCoupon({ perCustomerLimit: 1 }));
    const cartOf = async () => {
      const saved = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], buyer.auth);
      return saved.data.ids;
    };
    const body = (ids: number[], couponCode: string) => ({ source: { type: 'cart', cartItemIds: ids }, currency: 'EUR', address: ukAddress, shippingMethod: 'standard', couponCode });
    const first = await placeOrder(shop, buyer, body(await cartOf(), perCustomer.code));
    expect(first.code, first.msg).toBe('0000');
    // The same customer again: refused in the quote and when placing.
    const ids = await cartOf();
    expect((await call<CheckoutQuote>(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: ids }, currency: 'EUR', couponCode: perCustomer.code }, buyer.auth)).data.coupon).toMatchObject({ valid: false, reason: 'customer-limit' });
    expect(await placeOrder(shop, buyer, body(ids, perCustomer.code))).toMatchObject({ code: '1409', data: { reason: 'customer-limit' } });

    const used = await placeOrder(shop, buyer, body(ids, once.code));
    expect(used.code, used.msg).toBe('0000');
    const guest = await guestCart(shop, [plainLine(stock)]);
    expect((await quote(guest.visitorId, guest.ids, once.code)).data.coupon).toMatchObject({ valid: false, reason: 'used-up' });
    expect((await callEntry<AdminCoupon>(shop, adminCouponsApi.coupon, { id: once.id }, admin)).data).toMatchObject({ usedCount: 1, state: 'used-up' });

    const usage = await callEntry<{ records: CouponUse[]; total: number }>(shop, adminCouponsApi.couponUsage, { id: perCustomer.id }, admin);
    expect(usage.data.total).toBe(1);
    expect(usage.data.records[0]).toMatchObject({ orderNo: first.data.orderNo, email: buyer.email, currency: 'EUR', status: 'pending_payment', total: first.data.total });
    expect(usage.data.records[0]!.couponDiscount).toBeGreaterThan(0);
  });

  it('a coupon that leaves personalised items out discounts only the plain lines, and refuses a cart of printed shirts', async () => {
    const plainOnly = await create(percentCoupon({ percent: 50, includesPersonalised: false }));
    const printed = await guestCart(shop, [printedLine(stock)]);
    expect((await quote(printed.visitorId, printed.ids, plainOnly.code)).data.coupon).toMatchObject({ valid: false, reason: 'personalised-excluded', message: 'This coupon does not apply to personalised items' });
    const zh = await quote(printed.visitorId, printed.ids, plainOnly.code, 'EUR', { 'accept-language': 'zh-CN' });
    expect(zh.data.coupon!.message).toBe('此优惠券不适用于个性化商品');
    const mixed = await guestCart(shop, [plainLine(stock), printedLine(stock)]);
    const answer = (await quote(mixed.visitorId, mixed.ids, plainOnly.code)).data;
    const plain = answer.lines.find((l) => !l.personalised)!;
    expect(answer.coupon).toMatchObject({ valid: true });
    expect(answer.summary.couponDiscount).toBe(divRound(plain.lineTotal * 50, 100));
    const placed = await placeOrder(shop, { visitorId: mixed.visitorId }, { source: { type: 'cart', cartItemIds: mixed.ids }, currency: 'EUR', email: 'mixed@example.com', address: ukAddress, shippingMethod: 'standard', acceptPersonalisedTerms: true, couponCode: plainOnly.code });
    expect(placed.code, placed.msg).toBe('0000');
    expect(placed.data.total).toBe(answer.summary.items - answer.summary.couponDiscount + answer.summary.shipping);
  });

  it('a fixed coupon takes the amount set for the cart’s currency', async () => {
    const fixed = await create(percentCoupon({ kind: 'fixed', percent: null, amounts: AMOUNTS }));
    const cart = await guestCart(shop, [plainLine(stock)]);
    expect((await quote(cart.visitorId, cart.ids, fixed.code, 'GBP')).data.summary.couponDiscount).toBe(AMOUNTS.GBP);
    expect((await quote(cart.visitorId, cart.ids, fixed.code, 'CAD')).data.summary.couponDiscount).toBe(AMOUNTS.CAD);
    const applied = await call(shop.app, '/demo/ironCoupon/apply', { code: fixed.code, currency: 'USD', cartItemIds: cart.ids }, as(cart.visitorId));
    expect(applied).toMatchObject({ code: '0000', data: { amount: AMOUNTS.USD, discount: AMOUNTS.USD } });
  });
});
