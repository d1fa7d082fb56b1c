/**
 * Staff orders (docs/back-office.md "Manual orders"), on PGlite and PostgreSQL: priced by
 * checkout's path and placed with their stock; paid through the mailed link (the order's own
 * payment captured, invoiced and confirmed), offline (order:pay-offline: method, reference and
 * reason; refunds refused), or a free replacement; hand-set prices only with order:price; the
 * permission refusals changing nothing; idempotent by key; the link's expiry cancelling the order
 * with its stock back; two staff paying offline at once, and a capture racing an offline payment.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminStaffOrdersApi } from '../../src/domain/api/admin/staff-orders.ts';
import { catalogueApi } from '../../src/domain/api/catalogue.ts';
import { SIZES, type ProductDetail } from '../../src/domain/catalogue.model.ts';
import type { CheckoutQuote } from '../../src/domain/checkout.model.ts';
import type { StaffOrderAnswer } from '../../src/domain/back-office/staff-orders.model.ts';
import type { PayRequestView } from '../../src/domain/payment-requests.model.ts';
import { auditLog, couponRedemptions, coupons, mailOutbox, orderItems, orderStatusEvents, orders, paymentRequests, payments, productSizes, taxDocuments, users } from '../../src/server/db/schema.ts';
import { orderRow } from '../support/order-rows.ts';
import { auditRows, callEntry, staffAccount, type Staff } from './admin-support.ts';
import { call, type TestShop } from './harness.ts';
import { guestOrder, makeCoupon, pay, plainLine, printedLine, setStock, simulatorOf, stockOf, ukAddress, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let stock: Stock;
useOrderShop({}, {}, 50, (env) => ({ shop, stock } = env));

let owner: Staff;
let admin: Staff;
let granted: Staff;
beforeAll(async () => {
  await setStock(shop, stock, 1000);
  owner = await staffAccount(shop, 'R_SUPER');
  admin = await staffAccount(shop, 'R_ADMIN');
  granted = await staffAccount(shop, 'R_ADMIN');
  await shop.database.db.update(users).set({ grants: ['order:price', 'order:pay-offline'] }).where(eq(users.id, granted.userId));
});

let guests = 0;
const guestEmail = () => `staff.order.${++guests}.${randomUUID().slice(0, 6)}@example.com`;

function orderBody(over: Record<string, unknown> = {}) {
  return {
    idempotencyKey: `staff-${randomUUID()}`,
    customer: { type: 'guest', email: guestEmail() },
    address: ukAddress,
    locale: 'en-US',
    currency: 'EUR',
    lines: [{ item: printedLine(stock, 2, 'KANE', '9') }, { item: plainLine(stock) }],
    shippingMethod: 'standard',
    payment: { kind: 'link' },
    ...over,
  };
}

const create = (body: unknown, who: Staff = admin) => callEntry<StaffOrderAnswer>(shop, adminStaffOrdersApi.create, body, who);
const payOffline = (body: unknown, who: Staff = owner) => callEntry<StaffOrderAnswer>(shop, adminStaffOrdersApi.payOffline, body, who);
const offline = { method: 'bank-transfer', reference: 'BANK-2026-117', reason: 'Club paid the invoice by transfer' };
const ordersCount = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
const mailsTo = (to: string) => shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);
const invoicesOf = async (orderId: number) => (await shop.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId))).filter((d) => d.kind === 'invoice');
const linkToken = async (email: string) => /[?&]t=([A-Za-z0-9_-]+)/.exec((await mailsTo(email)).find((m) => m.kind === 'payment-request')!.textBody)![1]!;
const requestOf = async (orderId: number) => (await shop.database.db.select().from(paymentRequests).where(eq(paymentRequests.orderId, orderId)).orderBy(desc(paymentRequests.id)))[0]!;
const paymentOf = async (orderId: number) => (await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

async function payLink(token: string) {
  const created = await call<{ id: string }>(shop.app, '/demo/pay-requests/createOrder', { t: token });
  expect(created.code, created.msg).toBe('0000');
  expect(simulatorOf(shop).approve(created.data.id)).toBe(true);
  return { id: created.data.id, captured: await call<PayRequestView>(shop.app, '/demo/pay-requests/capture', { t: token, id: created.data.id }) };
}

describe('a staff order paid by its link', () => {
  it("is priced as the quote said, waits with its stock taken, and the link's capture pays it with its invoice and confirmation", async () => {
    const before = await stockOf(shop, stock);
    const body = orderBody();
    const quote = await callEntry<CheckoutQuote>(shop, adminStaffOrdersApi.quote, { lines: body.lines, currency: 'EUR', country: 'GB', shippingMethod: 'standard' }, admin);
    expect(quote.code, quote.msg).toBe('0000');
    const made = await create(body);
    expect(made.code, made.msg).toBe('0000');
    expect(made.data).toMatchObject({ status: 'pending_payment', kind: 'link', total: quote.data.summary.total, replayed: false });
    const hours = (Date.parse(made.data.payBefore!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);
    expect(await stockOf(shop, stock)).toBe(before - 3);

    const row = await orderRow(shop, made.data.orderNo);
    expect(row).toMatchObject({ source: 'staff', email: body.customer.email, status: 'pending_payment', idempotencyScope: 'staff' });
    const [first] = await shop.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row.id));
    expect(first!.actor).toBe('staff');
    const request = await requestOf(row.id);
    expect(request).toMatchObject({ purpose: 'manual-order', amount: row.total, status: 'open' });
    expect(request.expiresAt.getTime()).toBe(row.payBefore.getTime());
    const created = (await auditRows(shop)).find((a) => a.action === 'order.create' && a.entityId === row.orderNo)!;
    expect(created.actorEmail).toBe(admin.email);
    expect(created.after).toMatchObject({ source: 'staff', payment: 'link', email: body.customer.email, total: row.total });

    const { captured } = await payLink(await linkToken(body.customer.email));
    expect(captured.code, captured.msg).toBe('0000');
    expect(captured.data.status).toBe('paid');
    const paid = await orderRow(shop, made.data.orderNo);
    expect(paid).toMatchObject({ status: 'paid', paymentState: 'paid' });
    const payment = await paymentOf(row.id);
    expect(payment.status).toBe('captured');
    expect(payment.captureId).toBe((await requestOf(row.id)).captureId);
    expect(await invoicesOf(row.id)).toHaveLength(1);
    const kinds = (await mailsTo(body.customer.email)).map((m) => m.kind);
    expect(kinds).toContain('order-confirmation');
    expect(kinds).not.toContain('payment-received');

    // Its refunds draw on that one capture, once.
    const refunded = await callEntry(shop, adminOrdersApi.refund, { orderNo: row.orderNo, idempotencyKey: `refund-${row.orderNo}`, amount: 500, reason: 'Goodwill' }, owner);
    expect(refunded.code, refunded.msg).toBe('0000');
    expect(simulatorOf(shop).refundedOf(payment.captureId!)).toBe(500);
    expect(refunded.data.refundable).toBe(row.total - 500);
  });

  it("at the link's expiry the order is cancelled unpaid like checkout's: stock back, the link closed and no longer payable", async () => {
    const body = orderBody();
    const made = await create(body);
    expect(made.code, made.msg).toBe('0000');
    const row = await orderRow(shop, made.data.orderNo);
    const token = await linkToken(body.customer.email);
    const held = await stockOf(shop, stock);
    const past = new Date(Date.now() - 11 * 60_000);
    await shop.database.db.update(orders).set({ payBefore: past }).where(eq(orders.id, row.id));
    await shop.database.db.update(paymentRequests).set({ expiresAt: past }).where(eq(paymentRequests.orderId, row.id));
    expect(await shop.app.payments.requests.expireDue()).toBeGreaterThanOrEqual(1);
    await shop.app.payments.reconciler.run();
    expect((await orderRow(shop, row.orderNo)).status).toBe('cancelled');
    expect(await stockOf(shop, stock)).toBe(held + 3);
    expect((await requestOf(row.id)).status).toBe('cancelled');
    const refused = await call(shop.app, '/demo/pay-requests/createOrder', { t: token });
    expect(refused.code).toBe('1409');
    // Paying it offline afterwards is refused too.
    const late = await payOffline({ orderNo: row.orderNo, ...offline });
    expect(late.code).toBe('1409');
    expect(late.msg).toBe('This order was cancelled unpaid; place a new one');
  });
});

describe('paid offline', () => {
  it('records method, reference and reason, pays and invoices the order; a refund through PayPal is refused', async () => {
    const body = orderBody({ payment: { kind: 'offline', ...offline } });
    const made = await create(body, owner);
    expect(made.code, made.msg).toBe('0000');
    expect(made.data).toMatchObject({ status: 'paid', kind: 'offline', payBefore: null });
    const row = await orderRow(shop, made.data.orderNo);
    expect(row.paymentState).toBe('paid');
    expect(await paymentOf(row.id)).toMatchObject({ provider: 'offline', status: 'captured', offlineMethod: 'bank-transfer', offlineReference: 'BANK-2026-117', offlineReason: offline.reason, captureId: null });
    expect(await invoicesOf(row.id)).toHaveLength(1);
    expect((await mailsTo(body.customer.email)).map((m) => m.kind)).toEqual(['order-confirmation']);
    const audit = (await auditRows(shop)).filter((a) => a.entityId === row.orderNo).map((a) => a.action);
    expect(audit).toEqual(['order.pay-offline', 'order.create']);
    const detail = await callEntry(shop, adminOrdersApi.order, { orderNo: row.orderNo }, owner);
    expect(detail.data.payments[0]).toMatchObject({ provider: 'offline', offlineMethod: 'bank-transfer', offlineReference: 'BANK-2026-117', offlineReason: offline.reason });
    expect(detail.data.source).toBe('staff');
    expect(detail.data.refundable).toBe(0);
    expect(detail.data.nextStatuses).not.toContain('refunded');
    expect(detail.data.nextStatuses).not.toContain('cancelled');

    const refund = await callEntry(shop, adminOrdersApi.refund, { orderNo: row.orderNo, idempotencyKey: `refund-${row.orderNo}`, amount: 100, reason: 'Goodwill' }, owner);
    expect(refund.code).toBe('1409');
    expect(refund.msg).toContain('paid offline');
    expect((await orderRow(shop, row.orderNo)).status).toBe('paid');
  });

  it('an admin without order:pay-offline is refused (403) and nothing is made; a granted admin may', async () => {
    const count = await ordersCount();
    const units = await stockOf(shop, stock);
    const refused = await create(orderBody({ payment: { kind: 'offline', ...offline } }), admin);
    expect(refused.code).toBe('1403');
    expect(await ordersCount()).toBe(count);
    expect(await stockOf(shop, stock)).toBe(units);

    const waiting = await create(orderBody());
    const call403 = await payOffline({ orderNo: waiting.data.orderNo, ...offline }, admin);
    expect(call403.code).toBe('1403');
    expect((await orderRow(shop, waiting.data.orderNo)).status).toBe('pending_payment');

    const allowed = await create(orderBody({ payment: { kind: 'offline', ...offline } }), granted);
    expect(allowed.code, allowed.msg).toBe('0000');
    expect(allowed.data.status).toBe('paid');
  });
});

describe('hand-set prices', () => {
  const priced = (reason?: string) => orderBody({ lines: [{ item: plainLine(stock, 2), unitPrice: 1500, ...(reason ? { priceReason: reason } : {}) }] });

  it('need order:price: an admin without it is refused and nothing changes; the price and its reason are kept', async () => {
    const count = await ordersCount();
    const units = await stockOf(shop, stock);
    const refused = await create(priced('Club discount agreed by phone'), admin);
    expect(refused.code).toBe('1403');
    const quoteRefused = await callEntry(shop, adminStaffOrdersApi.quote, { lines: priced('x').lines }, admin);
    expect(quoteRefused.code).toBe('1403');
    expect(await ordersCount()).toBe(count);
    expect(await stockOf(shop, stock)).toBe(units);

    const noReason = await create(priced(), owner);
    expect(noReason.code).toBe('1001');

    const body = priced('Club discount agreed by phone');
    const quote = await callEntry<CheckoutQuote>(shop, adminStaffOrdersApi.quote, { lines: body.lines, country: 'GB' }, granted);
    expect(quote.data.lines[0]!.price).toBe(1500);
    const made = await create(body, granted);
    expect(made.code, made.msg).toBe('0000');
    expect(made.data.total).toBe(quote.data.summary.total);
    const row = await orderRow(shop, made.data.orderNo);
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    expect(item).toMatchObject({ unitPrice: 1500, lineTotal: 3000, priceReason: 'Club discount agreed by phone' });
    const audit = (await auditRows(shop)).find((a) => a.action === 'order.create' && a.entityId === row.orderNo)!;
    expect(audit.after).toMatchObject({ lines: [{ unitPrice: 1500, priceReason: 'Club discount agreed by phone' }] });
    const detail = await callEntry(shop, adminOrdersApi.order, { orderNo: row.orderNo }, owner);
    expect(detail.data.priceReasons).toEqual([{ id: item!.id, reason: 'Club discount agreed by phone' }]);
  });
});

describe('a free replacement', () => {
  it("of a paid order: its buyer and address, no charge, paid and bound for production, stock taken", async () => {
    const original = await guestOrder(shop, [plainLine(stock)], { email: guestEmail() });
    await pay(shop, original.order);
    const units = await stockOf(shop, stock);
    const made = await create({ idempotencyKey: `repl-${randomUUID()}`, lines: [{ item: printedLine(stock, 1, 'SMITH', '10') }], payment: { kind: 'replacement', orderNo: original.order.orderNo } });
    expect(made.code, made.msg).toBe('0000');
    expect(made.data).toMatchObject({ status: 'paid', kind: 'replacement', total: 0 });
    const row = await orderRow(shop, made.data.orderNo);
    const first = await orderRow(shop, original.order.orderNo);
    expect(row).toMatchObject({ source: 'replacement', replacesOrderId: first.id, email: first.email, total: 0, paymentState: 'paid' });
    expect(row.shippingAddress).toEqual(first.shippingAddress);
    expect(await stockOf(shop, stock)).toBe(units - 1);

    const unpaid = await create(orderBody());
    const refused = await create({ idempotencyKey: `repl-${randomUUID()}`, lines: [{ item: plainLine(stock) }], payment: { kind: 'replacement', orderNo: unpaid.data.orderNo } });
    expect(refused.code).toBe('1409');
  });
});

describe('idempotent and checked', () => {
  it('the same key makes one order, in turn or at once; another body with it is refused', async () => {
    const body = orderBody();
    const count = await ordersCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(body)));
    for (const a of answers) expect(a.code, a.msg).toBe('0000');
    expect(new Set(answers.map((a) => a.data.orderNo)).size).toBe(1);
    expect(answers.filter((a) => !a.data.replayed)).toHaveLength(1);
    const again = await create(body);
    expect(again.data).toMatchObject({ orderNo: answers[0]!.data.orderNo, replayed: true });
    expect(await ordersCount()).toBe(count + 1);
    const reused = await create({ ...body, shippingMethod: 'express' });
    expect(reused.code).toBe('1409');
    expect(await ordersCount()).toBe(count + 1);
  });

  it("bad input gets the envelope's error and changes nothing: a name the configurator refuses, no customer, an unknown product", async () => {
    const count = await ordersCount();
    const units = await stockOf(shop, stock);
    const audits = (await auditRows(shop)).length;
    expect((await create(orderBody({ lines: [{ item: printedLine(stock, 1, 'ABCDEFGHIJKLMNOP', '9') }] }))).code).toBe('1001');
    expect((await create(orderBody({ lines: [{ item: printedLine(stock, 1, 'KANE', '100') }] }))).code).toBe('1001');
    expect((await create(orderBody({ customer: undefined }))).code).toBe('1001');
    expect((await create(orderBody({ customer: { type: 'account', userId: 99_999_999 } }))).code).toBe('1404');
    expect((await create(orderBody({ lines: [{ item: { ...plainLine(stock), productId: 99_999_999 } }] }))).code).toBe('1404');
    const missing = await create(orderBody({ payment: { kind: 'replacement', orderNo: 'JS-ZZZZZZZZ' } }));
    expect(['1001', '1404']).toContain(missing.code);
    expect(await ordersCount()).toBe(count);
    expect(await stockOf(shop, stock)).toBe(units);
    expect((await auditRows(shop)).length).toBe(audits);
  });

  it("a coupon: the quote shows its discount and the order keeps it, its use counted; a bad code is the quote's message and the create's refusal, nothing made", async () => {
    const code = await makeCoupon(shop, { kind: 'percent', percent: 10, usageLimit: 5 });
    const body = orderBody({ couponCode: code });
    const quoteOf = (couponCode: string) => callEntry<CheckoutQuote>(shop, adminStaffOrdersApi.quote, { lines: body.lines, currency: 'EUR', country: 'GB', shippingMethod: 'standard', couponCode }, admin);
    const quote = await quoteOf(code);
    expect(quote.code, quote.msg).toBe('0000');
    expect(quote.data.coupon).toMatchObject({ code, valid: true, kind: 'percent', percent: 10 });
    expect(quote.data.coupon!.discount).toBeGreaterThan(0);
    expect(quote.data.summary.couponDiscount).toBe(quote.data.coupon!.discount);
    const made = await create(body);
    expect(made.code, made.msg).toBe('0000');
    expect(made.data.total).toBe(quote.data.summary.total);
    const row = await orderRow(shop, made.data.orderNo);
    const [coupon] = await shop.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row).toMatchObject({ couponId: coupon!.id, couponDiscount: quote.data.coupon!.discount });
    expect(coupon!.usedCount).toBe(1);
    expect((await shop.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id))).map((r) => r.orderId)).toEqual([row.id]);
    const created = (await auditRows(shop)).find((a) => a.action === 'order.create' && a.entityId === row.orderNo)!;
    expect(created.after).toMatchObject({ coupon: code });

    // An unknown code: the quote answers it is not valid, with its message, and no discount; creating with it is refused.
    const count = await ordersCount();
    const units = await stockOf(shop, stock);
    const bad = await quoteOf('NOSUCHCODE');
    expect(bad.code, bad.msg).toBe('0000');
    expect(bad.data.coupon).toMatchObject({ code: 'NOSUCHCODE', valid: false, discount: 0 });
    expect(bad.data.coupon!.reason).toBeTruthy();
    expect(bad.data.coupon!.message).toBeTruthy();
    expect(bad.data.summary.couponDiscount).toBe(0);
    const refused = await create(orderBody({ couponCode: 'NOSUCHCODE' }));
    expect(refused.code).not.toBe('0000');
    expect(refused.msg).toBe(bad.data.coupon!.message);
    expect(await ordersCount()).toBe(count);
    expect(await stockOf(shop, stock)).toBe(units);
    expect((await shop.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usedCount).toBe(1);
  });

  it('an existing customer: the order is theirs, under their account email', async () => {
    const customer = await staffAccount(shop);
    const made = await create(orderBody({ customer: { type: 'account', userId: customer.userId } }));
    expect(made.code, made.msg).toBe('0000');
    expect(await orderRow(shop, made.data.orderNo)).toMatchObject({ userId: customer.userId, email: customer.email });
  });
});

describe("a line's size (the New order screen offers the product's own, with their stock)", () => {
  const quote = (body: unknown) => callEntry<CheckoutQuote>(shop, adminStaffOrdersApi.quote, body, admin);
  const sizesOf = async (productId: number) => shop.database.db.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, productId));
  /** What a refused create must leave as it was. */
  const snapshot = async (size: string) => ({ orders: await ordersCount(), audits: (await auditRows(shop)).length, units: await stockOf(shop, { productId: stock.productId, size }) });

  it("the screen's read lists the product's own sizes with their stock; a size the product does not have is refused, named, and nothing changes", async () => {
    const own = await sizesOf(stock.productId);
    const detail = await call<ProductDetail>(shop.app, catalogueApi.productDetail.path, { id: stock.productId });
    expect(detail.code, detail.msg).toBe('0000');
    expect(Object.fromEntries(detail.data.sizes.map((s) => [s.size, s.stock]))).toEqual(Object.fromEntries(own.map((s) => [s.size, s.stock])));

    // A size of the shop the product does not have (made so if the seeded product has them all).
    let missing: string | undefined = SIZES.find((size) => !own.some((s) => s.size === size));
    if (!missing) {
      missing = own.find((s) => s.size !== stock.size)!.size;
      await shop.database.db.delete(productSizes).where(and(eq(productSizes.productId, stock.productId), eq(productSizes.size, missing)));
    }
    const before = await snapshot(stock.size);
    const body = orderBody({ lines: [{ item: { ...plainLine(stock), size: missing } }] });
    const priced = await quote({ lines: body.lines, currency: 'EUR', shippingMethod: 'standard' });
    expect(priced.code).toBe('1001');
    expect(priced.msg).toContain(missing);
    const refused = await create(body);
    expect(refused.code).toBe('1001');
    expect(refused.msg).toContain(missing);
    expect(await snapshot(stock.size)).toEqual(before);
  });

  it('an out-of-stock size (or more than is left) is a notice of the quote and a 1410 refusal of the create naming the product and size, and nothing changes', async () => {
    const other = (await sizesOf(stock.productId)).find((s) => s.size !== stock.size)!;
    const line = { productId: stock.productId, size: other.size };
    try {
      for (const [units, quantity, words] of [
        [0, 1, `size ${other.size} is sold out`],
        [2, 3, `only 2 left in size ${other.size}`],
      ] as const) {
        await setStock(shop, line, units);
        const body = orderBody({ lines: [{ item: plainLine(line, quantity) }] });
        const priced = await quote({ lines: body.lines, currency: 'EUR', shippingMethod: 'standard' });
        expect(priced.code, priced.msg).toBe('0000');
        expect(priced.data.notices.stock).toEqual([expect.objectContaining({ productId: line.productId, size: other.size, available: units, message: expect.stringContaining(words) })]);
        const before = await snapshot(other.size);
        const refused = await create(body);
        expect(refused.code).toBe('1410');
        expect(refused.msg).toContain(words);
        // The screen puts the refusal beside the line of this product and size.
        expect(refused.data).toMatchObject({ productId: line.productId, size: other.size, available: units });
        expect(await snapshot(other.size)).toEqual(before);
      }
    } finally {
      await setStock(shop, line, other.stock);
    }
  });
});

describe('races', () => {
  it('two staff paying one order offline at once: one wins, the other is told, one invoice', async () => {
    const made = await create(orderBody());
    const row = await orderRow(shop, made.data.orderNo);
    const [a, b] = await Promise.all([payOffline({ orderNo: row.orderNo, ...offline }, owner), payOffline({ orderNo: row.orderNo, ...offline, reference: 'CASH-1' }, granted)]);
    expect([a.code, b.code].sort()).toEqual(['0000', '1409']);
    expect(await invoicesOf(row.id)).toHaveLength(1);
    const paidAudits = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.pay-offline'), eq(auditLog.entityId, row.orderNo)));
    expect(paidAudits).toHaveLength(1);
    expect((await requestOf(row.id)).status).toBe('cancelled');
  });

  it("the link's capture and an offline payment at once: the order is paid once, and a capture that lost is given back", async () => {
    const body = orderBody();
    const made = await create(body);
    const row = await orderRow(shop, made.data.orderNo);
    const token = await linkToken(body.customer.email);
    const created = await call<{ id: string }>(shop.app, '/demo/pay-requests/createOrder', { t: token });
    expect(simulatorOf(shop).approve(created.data.id)).toBe(true);
    const [captured, paidOffline] = await Promise.all([call<PayRequestView>(shop.app, '/demo/pay-requests/capture', { t: token, id: created.data.id }), payOffline({ orderNo: row.orderNo, ...offline })]);
    const winners = [captured.code === '0000', paidOffline.code === '0000'].filter(Boolean);
    expect(winners).toHaveLength(1);
    const after = await orderRow(shop, row.orderNo);
    expect(after.status).toBe('paid');
    expect(await invoicesOf(row.id)).toHaveLength(1);
    const payment = await paymentOf(row.id);
    if (paidOffline.code === '0000') {
      expect(payment.provider).toBe('offline');
      expect(captured.code).toBe('1409');
      // Captured at PayPal before it lost: the money went back whole.
      const lost = simulatorOf(shop).captureOf(created.data.id);
      if (lost) expect(simulatorOf(shop).refundedOf(lost.id)).toBe(row.total);
      expect((await requestOf(row.id)).status).toBe('cancelled');
    } else {
      expect(payment.provider).toBe('paypal');
      expect(payment.captureId).not.toBeNull();
      expect(paidOffline.code).toBe('1409');
    }
  });
});
