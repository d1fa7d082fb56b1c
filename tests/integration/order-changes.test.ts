/**
 * Order changes before production (docs/back-office.md "Order changes"): staff change a line's
 * size (stock moved) or print, the address and the shipping; the order is repriced with its frozen
 * terms; a higher total opens a payment request that holds production until paid or waived; a
 * lower one pays back through the refund path. Two staff at once: one wins. The shopper fixes
 * their typo within the window, and not after it or once production started; their edit racing
 * staff's move to production leaves one consistent winner. 20 parallel refunds of a changed order
 * never pay back more than was paid.
 */
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderChangeAnswer, OrderChangePreview, OrderChangesView, ShopperChangeOptions } from '../../src/domain/order-changes.model.ts';
import type { Addon, Patch } from '../../src/domain/catalogue.model.ts';
import type { Page } from '../../src/domain/api/envelope.ts';
import { auditLog, mailOutbox, orderChanges, orderItems, orderStatusEvents, orderTaxLines, paymentRequests, productSizes, refunds } from '../../src/server/db/schema.ts';
import { orderRow } from '../support/order-rows.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { staffAccount, type Staff } from './admin-support.ts';
import { call, signUp, testClock, type Answer, type TestShop } from './harness.ts';
import { pay, placeOrder, guestOrder, printedLine, setStock, simulatorOf, squadPlayerOf, stockOf, ukAddress, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;
const clock = testClock();

useOrderShop({}, { clock: clock.now }, 50, (env) => ({ shop, mail, stock } = env));

let admin: Staff;
let other: Staff;
let owner: Staff;
/** Another size of the same product, with stock. */
let otherSize: { productId: number; size: string };

beforeAll(async () => {
  await setStock(shop, stock, 500);
  [admin, other, owner] = await Promise.all([staffAccount(shop, 'R_ADMIN'), staffAccount(shop, 'R_ADMIN'), staffAccount(shop, 'R_SUPER')]);
  const [size] = await shop.database.db
    .select({ productId: productSizes.productId, size: productSizes.size })
    .from(productSizes)
    .where(and(eq(productSizes.productId, stock.productId), ne(productSizes.size, stock.size)))
    .limit(1);
  otherSize = size!;
  await setStock(shop, otherSize, 100);
});

let buyers = 0;
/** A paid guest order of one shirt printed with the shopper's own name. */
async function paidOrder(line: Record<string, unknown> = printedLine(stock, 1, 'SMTIH', '7')) {
  const email = `change.buyer.${++buyers}@example.com`;
  const placed = await guestOrder(shop, [line], { email });
  const paid = await pay(shop, placed.order);
  expect(paid.captured.data.status).toBe('paid');
  const row = await orderRow(shop, placed.order.orderNo);
  const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  return { orderNo: placed.order.orderNo, token: placed.order.accessToken, email, row, item: item! };
}

const change = (who: Staff, body: Record<string, unknown>) => call<OrderChangeAnswer>(shop.app, '/admin/orders/change', body, who.auth);
const preview = (who: Staff, body: Record<string, unknown>) => call<OrderChangePreview>(shop.app, '/admin/orders/changePreview', body, who.auth);
const view = (who: Staff, orderNo: string) => call<OrderChangesView>(shop.app, '/admin/orders/changes', { orderNo }, who.auth);
const move = (who: Staff, body: Record<string, unknown>) => call(shop.app, '/admin/orders/move', body, who.auth);
const shopperChange = (body: Record<string, unknown>) => call<OrderChangeAnswer>(shop.app, '/orders/change', body);
const options = (orderNo: string, token: string) => call<ShopperChangeOptions>(shop.app, '/orders/change/options', { orderNo, token });
const print = (name: string, number: string, extra: Record<string, unknown> = {}) => ({ customType: 3, customName: name, customNumber: number, ...extra });

const requestOf = async (id: number) => (await shop.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
/** The payment links mailed to the shopper (the outbox), oldest first. */
const linkMails = (email: string) => shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'payment-request'), eq(mailOutbox.toAddress, email))).orderBy(mailOutbox.id);

function mailsTo(email: string, subject: string) {
  return mail.messages.filter((m) => m.to.includes(email) && m.subject === subject);
}

async function expectMail(email: string, subject: string): Promise<void> {
  await expect.poll(() => mailsTo(email, subject).length, { timeout: 10_000 }).toBeGreaterThan(0);
}

function expectConflict(answer: Answer, text: RegExp): void {
  expect(answer.code, answer.msg).toBe('1409');
  expect(answer.msg).toMatch(text);
}

describe('staff change a paid order before production', () => {
  it('a size change moves the stock in the same transaction, keeps the price, and leaves its history, audit, timeline and mail', async () => {
    const o = await paidOrder();
    const [oldBefore, newBefore] = [await stockOf(shop, stock), await stockOf(shop, otherSize)];
    const answer = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, size: otherSize.size }, reason: 'shopper wrote in' });
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.data).toMatchObject({ revision: 1, totalDelta: 0, total: o.row.total, refund: null, request: null });
    expect(await stockOf(shop, stock)).toBe(oldBefore + 1);
    expect(await stockOf(shop, otherSize)).toBe(newBefore - 1);
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.id, o.item.id));
    expect(item).toMatchObject({ size: otherSize.size, unitPrice: o.item.unitPrice, customName: 'SMTIH' });

    const history = await view(admin, o.orderNo);
    expect(history.data.revision).toBe(1);
    expect(history.data.changes).toHaveLength(1);
    expect(history.data.changes[0]).toMatchObject({ kind: 'line', actor: 'staff', byEmail: admin.email, reason: 'shopper wrote in', totalDelta: 0 });
    expect(history.data.changes[0]!.before.line!.size).toBe(stock.size);
    expect(history.data.changes[0]!.after.line!.size).toBe(otherSize.size);
    const audits = await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, o.orderNo));
    expect(audits.map((a) => a.action)).toContain('order.change.line');
    const events = await shop.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, o.row.id));
    expect(events.some((e) => e.note?.includes(`${stock.size} -> ${otherSize.size}`))).toBe(true);
    await expectMail(o.email, `Order ${o.orderNo} was changed`);
  });

  it('a size that is sold out is refused and nothing changes', async () => {
    const o = await paidOrder();
    await setStock(shop, otherSize, 0);
    try {
      const oldBefore = await stockOf(shop, stock);
      const answer = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, size: otherSize.size } });
      expect(answer.code, answer.msg).toBe('1410');
      expect(await stockOf(shop, stock)).toBe(oldBefore);
      expect((await orderRow(shop, o.orderNo)).revision).toBe(0);
    } finally {
      await setStock(shop, otherSize, 100);
    }
  });

  it('a print is checked by the configurator\'s rules: a bad name changes nothing', async () => {
    const o = await paidOrder();
    for (const bad of [print('SMITH1', '7'), print('ABCDEFGHIJKLMNOP', '7'), print('SMITH', '100')]) {
      const answer = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: bad } });
      expect(answer.code).toBe('1001');
    }
    expect((await orderRow(shop, o.orderNo)).revision).toBe(0);
  });

  it('a dearer print opens a payment request that holds production (move and bulk preview) until staff waive it', async () => {
    const o = await paidOrder();
    const answer = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7', { premiumNameOption: 'Gold' }) } });
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.data.totalDelta).toBeGreaterThan(0);
    expect(answer.data.request).toMatchObject({ amount: answer.data.totalDelta, status: 'open' });
    const row = await orderRow(shop, o.orderNo);
    expect(row.total).toBe(o.row.total + answer.data.totalDelta);
    // The frozen tax lines were rewritten and still add up to the order's tax.
    const taxRows = await shop.database.db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, row.id));
    expect(taxRows.reduce((s, r) => s + r.amount, 0)).toBe(row.taxTotal);

    const refused = await move(admin, { orderNo: o.orderNo, to: 'processing' });
    expectConflict(refused, /still open/);
    // Nor shipped straight from paid.
    expectConflict(await move(admin, { orderNo: o.orderNo, to: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001234567' }), /still open/);
    // Nor in part, as a parcel.
    const parcel = { orderNo: o.orderNo, carrier: 'DHL', trackingNumber: 'JD0001234568', lines: [{ orderItemId: o.item.id, quantity: 1 }] };
    expectConflict(await call(shop.app, '/admin/orders/shipParcel', parcel, admin.auth), /still open/);
    const zh = await call(shop.app, '/admin/orders/move', { orderNo: o.orderNo, to: 'processing' }, { headers: { ...admin.auth.headers, 'accept-language': 'zh-CN' } });
    expect(zh.msg).toMatch(/补付/);
    const preview = await call(shop.app, '/admin/orders/bulkMovePreview', { orderNos: [o.orderNo], to: 'processing' }, admin.auth);
    expect(preview.data.blocked).toEqual([{ orderNo: o.orderNo, status: 'paid', reason: 'payment-requested' }]);
    const bulk = await call(shop.app, '/admin/orders/bulkMove', { orderNos: [o.orderNo], to: 'processing' }, admin.auth);
    expect(bulk.data.failed).toHaveLength(1);

    const customer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await call(shop.app, '/admin/orders/waivePayment', { orderNo: o.orderNo, reason: 'goodwill' }, customer.auth)).code).toBe('1403');
    const waived = await call<OrderChangesView>(shop.app, '/admin/orders/waivePayment', { orderNo: o.orderNo, reason: 'goodwill' }, admin.auth);
    expect(waived.code, waived.msg).toBe('0000');
    expect(waived.data.pendingRequest).toBeNull();
    const [request] = await shop.database.db.select().from(paymentRequests).where(eq(paymentRequests.orderId, row.id));
    expect(request).toMatchObject({ status: 'waived', closeReason: 'goodwill', closedByEmail: admin.email });
    const audits = await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, o.orderNo));
    expect(audits.map((a) => a.action)).toContain('order.paymentRequest.waive');
    expect((await move(admin, { orderNo: o.orderNo, to: 'processing' })).code).toBe('0000');
    // In production: no more changes.
    expectConflict(await change(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'shipping', method: 'express' } }), /not yet in production/);
  });

  it('a request whose link expired unpaid still holds production; staff may waive it, or send a new link that the shopper pays, after which production is allowed', async () => {
    /** A paid order changed to gold lettering (dearer), its link's time run out and the expiry job run. */
    const expiredOrder = async () => {
      const o = await paidOrder();
      const gold = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7', { premiumNameOption: 'Gold' }) } });
      expect(gold.code, gold.msg).toBe('0000');
      const requestId = gold.data.request!.id;
      await shop.database.db.update(paymentRequests).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(paymentRequests.id, requestId));
      expect(await shop.app.payments.requests.expireDue()).toBeGreaterThanOrEqual(1);
      expect((await requestOf(requestId)).status).toBe('expired');
      return { ...o, requestId, owed: gold.data.totalDelta };
    };

    const o = await expiredOrder();
    expectConflict(await move(admin, { orderNo: o.orderNo, to: 'processing' }), /expired/);
    expectConflict(await move(admin, { orderNo: o.orderNo, to: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001234577' }), /expired/);
    const parcel = { orderNo: o.orderNo, carrier: 'DHL', trackingNumber: 'JD0001234578', lines: [{ orderItemId: o.item.id, quantity: 1 }] };
    expectConflict(await call(shop.app, '/admin/orders/shipParcel', parcel, admin.auth), /expired/);
    const zh = await call(shop.app, '/admin/orders/move', { orderNo: o.orderNo, to: 'processing' }, { headers: { ...admin.auth.headers, 'accept-language': 'zh-CN' } });
    expect(zh.msg).toMatch(/过期/);
    const bulkPreview = await call(shop.app, '/admin/orders/bulkMovePreview', { orderNos: [o.orderNo], to: 'processing' }, admin.auth);
    expect(bulkPreview.data.blocked).toEqual([{ orderNo: o.orderNo, status: 'paid', reason: 'payment-requested' }]);
    expect((await call(shop.app, '/admin/orders/bulkMove', { orderNos: [o.orderNo], to: 'processing' }, admin.auth)).data.failed).toHaveLength(1);
    expect((await orderRow(shop, o.orderNo)).status).toBe('paid');
    // The panel shows what is owed, expired.
    expect((await view(admin, o.orderNo)).data.pendingRequest).toMatchObject({ id: o.requestId, status: 'expired', amount: o.owed });

    // A new link: not without order:edit; then the old one is cancelled, a new one of the same amount opened, audited and mailed.
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await call(shop.app, '/admin/orders/resendPaymentLink', { orderNo: o.orderNo }, customer.auth)).code).toBe('1403');
    expect((await requestOf(o.requestId)).status).toBe('expired');
    const mailsBefore = (await linkMails(o.email)).length;
    const resent = await call<OrderChangesView>(shop.app, '/admin/orders/resendPaymentLink', { orderNo: o.orderNo }, admin.auth);
    expect(resent.code, resent.msg).toBe('0000');
    const fresh = resent.data.pendingRequest!;
    expect(fresh).toMatchObject({ status: 'open', amount: o.owed });
    expect(fresh.id).not.toBe(o.requestId);
    expect(new Date(fresh.expiresAt).getTime()).toBeGreaterThan(clock.now().getTime() + 71 * 3_600_000);
    expect(await requestOf(o.requestId)).toMatchObject({ status: 'cancelled', closedByEmail: admin.email, closeReason: 'A new link was sent' });
    const [resendAudit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, o.orderNo), eq(auditLog.action, 'order.paymentRequest.resend')));
    expect(resendAudit).toMatchObject({ actorEmail: admin.email, before: { requestId: o.requestId, status: 'expired', amount: o.owed }, after: { requestId: fresh.id, status: 'open' } });
    const links = await linkMails(o.email);
    expect(links).toHaveLength(mailsBefore + 1);
    const token = /[?&]t=([A-Za-z0-9_-]+)/.exec(links.at(-1)!.textBody)![1]!;
    // Still held until it is paid.
    expectConflict(await move(admin, { orderNo: o.orderNo, to: 'processing' }), /still open/);

    // The shopper pays the new link in the PayPal simulator: the order may go to production.
    const created = await call<{ id: string }>(shop.app, '/demo/pay-requests/createOrder', { t: token });
    expect(created.code, created.msg).toBe('0000');
    expect(simulatorOf(shop).approve(created.data.id)).toBe(true);
    const captured = await call<{ status: string }>(shop.app, '/demo/pay-requests/capture', { t: token, id: created.data.id });
    expect(captured.code, captured.msg).toBe('0000');
    expect(captured.data.status).toBe('paid');
    expect((await view(admin, o.orderNo)).data.pendingRequest).toBeNull();
    // Nothing left to send a link for.
    expectConflict(await call(shop.app, '/admin/orders/resendPaymentLink', { orderNo: o.orderNo }, admin.auth), /No payment is asked/);
    expect((await move(admin, { orderNo: o.orderNo, to: 'processing' })).code).toBe('0000');

    // Another expired request is waived instead: the order may go to production.
    const w = await expiredOrder();
    const waived = await call<OrderChangesView>(shop.app, '/admin/orders/waivePayment', { orderNo: w.orderNo, reason: 'shopper paid by phone' }, admin.auth);
    expect(waived.code, waived.msg).toBe('0000');
    expect(waived.data.pendingRequest).toBeNull();
    expect(await requestOf(w.requestId)).toMatchObject({ status: 'waived', closeReason: 'shopper paid by phone', closedByEmail: admin.email });
    const [waiveAudit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, w.orderNo), eq(auditLog.action, 'order.paymentRequest.waive')));
    expect(waiveAudit!.before).toMatchObject({ requestId: w.requestId, status: 'expired' });
    expect((await move(admin, { orderNo: w.orderNo, to: 'processing' })).code).toBe('0000');
    // In production: no link is sent any more.
    expectConflict(await call(shop.app, '/admin/orders/resendPaymentLink', { orderNo: w.orderNo }, admin.auth), /not yet in production/);
  });

  it('a later change that settles the balance closes an expired request too, and the order may go to production', async () => {
    const o = await paidOrder(printedLine(stock, 1, 'SMITH', '7'));
    const gold = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7', { premiumNameOption: 'Gold' }) } });
    await shop.database.db.update(paymentRequests).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(paymentRequests.id, gold.data.request!.id));
    await shop.app.payments.requests.expireDue();
    const back = await change(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7') } });
    expect(back.code, back.msg).toBe('0000');
    expect(await requestOf(gold.data.request!.id)).toMatchObject({ status: 'cancelled', closeReason: 'a later change settled the balance' });
    expect((await move(admin, { orderNo: o.orderNo, to: 'processing' })).code).toBe('0000');
  });

  it('a request replaced by a cheaper change is cancelled with no refund; a change below what was paid pays back the difference through the refund path', async () => {
    const o = await paidOrder(printedLine(stock, 1, 'SMITH', '7'));
    const gold = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7', { premiumNameOption: 'Gold' }) } });
    expect(gold.data.request?.status).toBe('open');
    // Back to standard: the open request is cancelled, nothing was paid beyond the new total, no refund.
    const back = await change(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7') } });
    expect(back.code, back.msg).toBe('0000');
    expect(back.data).toMatchObject({ total: o.row.total, refund: null, request: null });
    const requests = await shop.database.db.select().from(paymentRequests).where(eq(paymentRequests.orderId, o.row.id));
    expect(requests.map((r) => r.status).sort()).toEqual(['cancelled']);
    // Bought with gold lettering, changed to standard: cheaper than what was paid, so the difference goes back through PayPal.
    const g = await paidOrder({ ...printedLine(stock, 1, 'SMITH', '7'), premiumNameOption: 'Gold' });
    const blank = await change(admin, { orderNo: g.orderNo, revision: 0, change: { kind: 'line', itemId: g.item.id, print: print('SMITH', '7') } });
    expect(blank.code, blank.msg).toBe('0000');
    expect(blank.data.totalDelta).toBeLessThan(0);
    expect(blank.data.refund).toEqual({ amount: -blank.data.totalDelta, failed: false });
    const [refund] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, g.row.id));
    expect(refund).toMatchObject({ status: 'completed', amount: -blank.data.totalDelta, reason: 'order change', idempotencyKey: `order-change-${(await view(admin, g.orderNo)).data.changes[0]!.id}` });
    expect(simulatorOf(shop).refundedOf(await captureOf(g.row.id))).toBe(-blank.data.totalDelta);
    expect((await orderRow(shop, g.orderNo)).paymentState).toBe('partially_refunded');
    // The refund's mail (with its credit note) follows, besides the change's.
    await expectMail(g.email, `Order ${g.orderNo} was partly refunded`);
  });

  it('the address changes within its country by checkout\'s rules; another country is refused', async () => {
    const o = await paidOrder();
    const moved = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'address', address: { ...ukAddress, address: '1 New Street', postalCode: 'EC1A 1BB' } } });
    expect(moved.code, moved.msg).toBe('0000');
    expect((await orderRow(shop, o.orderNo)).shippingAddress.address).toBe('1 New Street');
    const abroad = await change(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'address', address: { ...ukAddress, country: 'FR', province: '' } } });
    expect(abroad.code).toBe('1001');
    const missing = await change(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'address', address: { ...ukAddress, city: '' } } });
    expect(missing.code).toBe('1001');
    expect((await orderRow(shop, o.orderNo)).revision).toBe(1);
  });

  it('the shipping method is priced from the shipping table at the order\'s locked rate; the extra is asked for', async () => {
    const o = await paidOrder();
    const express = await change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'shipping', method: 'express' } });
    expect(express.code, express.msg).toBe('0000');
    const row = await orderRow(shop, o.orderNo);
    expect(row.shippingMethod).toBe('express');
    expect(row.shippingAmount).toBeGreaterThan(o.row.shippingAmount);
    expect(express.data.request?.amount).toBe(row.total - o.row.total);
    expect(row.deliveryMaxDays).toBeLessThanOrEqual(o.row.deliveryMaxDays);
  });

  it('a preview answers what the change then does (player, patch, add-on) and writes, mails and moves nothing; its refusals are the change\'s', async () => {
    const o = await paidOrder();
    const player = await squadPlayerOf(shop, stock.teamId!);
    const patches = await call<Page<Patch>>(shop.app, '/demo/ironPatch/queryList', { productId: stock.productId });
    const addons = await call<{ records: Addon[] }>(shop.app, '/demo/ironAddon/queryList', { productId: stock.productId });
    const [patch, addon] = [patches.data.records[0], addons.data.records[0]];
    expect(patch && addon, 'the seeded product offers a patch and an add-on').toBeTruthy();
    const dearer = { kind: 'line', itemId: o.item.id, size: otherSize.size, print: { customType: 2, squadList: player.id, patch: String(patch!.id), addons: String(addon!.id) } };
    const queued = async () => (await shop.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.toAddress, o.email))).map((m) => m.kind).sort();
    const before = { stock: await stockOf(shop, otherSize), mails: await queued() };

    const asked = await preview(admin, { orderNo: o.orderNo, revision: 0, change: dearer });
    expect(asked.code, asked.msg).toBe('0000');
    expect(asked.data).toMatchObject({ orderNo: o.orderNo, revision: 0, currency: 'EUR', refund: 0 });
    expect(asked.data.totalDelta).toBeGreaterThan(0);
    expect(asked.data.owed).toBe(asked.data.totalDelta);
    // Nothing of it stayed: the order, its line, the stock, the history, the audit, the requests, the mail.
    const row = await orderRow(shop, o.orderNo);
    expect(row).toMatchObject({ revision: 0, total: o.row.total });
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.id, o.item.id));
    expect(item).toMatchObject({ size: o.item.size, customType: 3, patches: o.item.patches, addons: o.item.addons });
    expect(await stockOf(shop, otherSize)).toBe(before.stock);
    expect(await shop.database.db.select().from(orderChanges).where(eq(orderChanges.orderId, o.row.id))).toEqual([]);
    expect(await shop.database.db.select().from(paymentRequests).where(eq(paymentRequests.orderId, o.row.id))).toEqual([]);
    expect((await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, o.orderNo))).map((a) => a.action)).not.toContain('order.change.line');
    expect(await queued()).toEqual(before.mails);

    // The change itself lands on the previewed numbers: the player's name printed, the patch and add-on kept.
    const made = await change(admin, { orderNo: o.orderNo, revision: 0, change: dearer });
    expect(made.code, made.msg).toBe('0000');
    expect(made.data).toMatchObject({ total: asked.data.total, totalDelta: asked.data.totalDelta, request: { amount: asked.data.owed } });
    const [changed] = await shop.database.db.select().from(orderItems).where(eq(orderItems.id, o.item.id));
    expect(changed).toMatchObject({ customType: 2, playerId: player.id, customName: player.name, customNumber: player.number });
    expect(changed!.patches.map((p) => p.id)).toEqual([patch!.id]);
    expect(changed!.addons.map((a) => a.id)).toEqual([addon!.id]);
    // The change's own mails (what changed, the link), beside none of the preview's.
    expect((await queued()).length).toBe(before.mails.length + 2);

    // Back to the shopper's own print: a lower total, previewed as a refund.
    const back = await preview(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'line', itemId: o.item.id, print: print('SMTIH', '7') } });
    expect(back.code, back.msg).toBe('0000');
    expect(back.data).toMatchObject({ revision: 1, total: o.row.total, owed: 0 });
    // The open request was not paid, so nothing is paid back.
    expect(back.data.refund).toBe(0);
    // Refusals as the change's: stale revision, a bad name, a sold-out size, no order:edit.
    expectConflict(await preview(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'shipping', method: 'express' } }), /Someone else changed this order/);
    expect((await preview(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'line', itemId: o.item.id, print: print('SMITH1', '7') } })).code).toBe('1001');
    await setStock(shop, stock, 0);
    try {
      expect((await preview(admin, { orderNo: o.orderNo, revision: 1, change: { kind: 'line', itemId: o.item.id, size: stock.size } })).code).toBe('1410');
    } finally {
      await setStock(shop, stock, 500);
    }
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await preview(customer, { orderNo: o.orderNo, revision: 1, change: { kind: 'shipping', method: 'express' } })).code).toBe('1403');
    expect((await orderRow(shop, o.orderNo)).revision).toBe(1);
  });

  it('two staff editing at once with the same revision: one wins, the other is told someone else changed it', async () => {
    const o = await paidOrder();
    const [a, b] = await Promise.all([
      change(admin, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7') } }),
      change(other, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: print('JONES', '9') } }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual(['0000', '1409']);
    const loser = a.code === '1409' ? a : b;
    expect(loser.msg).toMatch(/Someone else changed this order/);
    const changes = await shop.database.db.select().from(orderChanges).where(eq(orderChanges.orderId, o.row.id));
    expect(changes).toHaveLength(1);
    expect((await orderRow(shop, o.orderNo)).revision).toBe(1);
  });
});

async function captureOf(orderId: number): Promise<string> {
  const { payments } = await import('../../src/server/db/schema.ts');
  const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return payment!.captureId!;
}

describe('the shopper fixes their own typo', () => {
  it('within the window (guest with the token): name and number, repriced at nothing, mailed; not with another token', async () => {
    const o = await paidOrder();
    const offered = await options(o.orderNo, o.token);
    expect(offered.data).toMatchObject({ editable: true, revision: 0 });
    expect(offered.data.lines).toEqual([expect.objectContaining({ itemId: o.item.id, customName: 'SMTIH', customNumber: '7' })]);
    expect((await shopperChange({ orderNo: o.orderNo, token: 'x'.repeat(43), revision: 0, change: { kind: 'line', itemId: o.item.id, customName: 'SMITH', customNumber: '7' } })).code).toBe('1404');
    expect((await shopperChange({ orderNo: o.orderNo, token: o.token, revision: 0, change: { kind: 'line', itemId: o.item.id, customName: 'SMITH!', customNumber: '7' } })).code).toBe('1001');
    const fixed = await shopperChange({ orderNo: o.orderNo, token: o.token, revision: 0, change: { kind: 'line', itemId: o.item.id, customName: 'smith', customNumber: '17' } });
    expect(fixed.code, fixed.msg).toBe('0000');
    expect(fixed.data).toMatchObject({ totalDelta: 0, refund: null, request: null });
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.id, o.item.id));
    expect(item).toMatchObject({ customName: 'SMITH', customNumber: '17' });
    const [row] = await shop.database.db.select().from(orderChanges).where(eq(orderChanges.orderId, o.row.id));
    expect(row).toMatchObject({ actor: 'shopper', byEmail: `shopper:${o.email}`, byId: null });
    await expectMail(o.email, `Order ${o.orderNo} was changed`);
    expect(mailsTo(o.email, `Order ${o.orderNo} was changed`)[0]!.text).toMatch(/SMTIH -> SMITH/);
  });

  it('a signed-in owner fixes their order without a token; another account, and staff without order:edit, cannot', async () => {
    const buyer = await signUp(shop.app);
    const saved = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [printedLine(stock, 1, 'SMTIH', '7')], buyer.auth);
    const placed = await placeOrder(shop, { auth: buyer.auth }, { source: { type: 'cart', cartItemIds: saved.data.ids }, currency: 'EUR', address: ukAddress, shippingMethod: 'standard', acceptPersonalisedTerms: true });
    expect(placed.code, placed.msg).toBe('0000');
    expect((await pay(shop, placed.data)).captured.data.status).toBe('paid');
    const row = await orderRow(shop, placed.data.orderNo);
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    const body = { orderNo: row.orderNo, revision: 0, change: { kind: 'line', itemId: item!.id, customName: 'SMITH', customNumber: '7' } };
    const stranger = await signUp(shop.app);
    expect((await call(shop.app, '/orders/change', body, stranger.auth)).code).toBe('1404');
    expect((await call(shop.app, '/orders/change/options', { orderNo: row.orderNo }, stranger.auth)).code).toBe('1404');
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await change(customer, { orderNo: row.orderNo, revision: 0, change: { kind: 'shipping', method: 'express' } })).code).toBe('1403');
    expect((await orderRow(shop, row.orderNo)).revision).toBe(0);
    const fixed = await call<OrderChangeAnswer>(shop.app, '/orders/change', body, buyer.auth);
    expect(fixed.code, fixed.msg).toBe('0000');
    expect(fixed.data.revision).toBe(1);
  });

  it('the window\'s edges: a minute before its end it is open, at its end it is closed with the window\'s words', async () => {
    const o = await paidOrder();
    clock.advance(29 * 60_000);
    try {
      expect((await options(o.orderNo, o.token)).data.editable).toBe(true);
      const inTime = await shopperChange({ orderNo: o.orderNo, token: o.token, revision: 0, change: { kind: 'address', address: { ...ukAddress, address: '2 Late Lane' } } });
      expect(inTime.code, inTime.msg).toBe('0000');
      clock.advance(60_000);
      expect((await options(o.orderNo, o.token)).data.editable).toBe(false);
      const late = await shopperChange({ orderNo: o.orderNo, token: o.token, revision: 1, change: { kind: 'line', itemId: o.item.id, customName: 'SMITH', customNumber: '7' } });
      expectConflict(late, /time to change this order yourself has passed/);
    } finally {
      clock.advance(-30 * 60_000);
    }
  });

  it('the shopper may not change the type, lettering or patches (only the text), and not once production started (the specification\'s words)', async () => {
    const o = await paidOrder();
    const typed = await shopperChange({ orderNo: o.orderNo, token: o.token, revision: 0, change: { kind: 'line', itemId: o.item.id, customName: 'SMITH', customNumber: '7', premiumNameOption: 'Gold' } });
    expect(typed.code).toBe('1001');
    expect((await move(admin, { orderNo: o.orderNo, to: 'processing' })).code).toBe('0000');
    const after = await shopperChange({ orderNo: o.orderNo, token: o.token, revision: 0, change: { kind: 'line', itemId: o.item.id, customName: 'SMITH', customNumber: '7' } });
    expectConflict(after, /Personalised items cannot be changed or cancelled/);
    const zh = await call(shop.app, '/orders/change', { orderNo: o.orderNo, token: o.token, revision: 0, change: { kind: 'line', itemId: o.item.id, customName: 'SMITH', customNumber: '7' } }, { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.msg).toMatch(/个性化商品/);
  });

  it('a shopper\'s edit racing staff\'s move to production: one consistent winner', async () => {
    for (let round = 0; round < 4; round++) {
      const o = await paidOrder();
      const [edit, moved] = await Promise.all([
        shopperChange({ orderNo: o.orderNo, token: o.token, revision: 0, change: { kind: 'line', itemId: o.item.id, customName: 'SMITH', customNumber: '7' } }),
        move(admin, { orderNo: o.orderNo, to: 'processing' }),
      ]);
      expect(moved.code, moved.msg).toBe('0000');
      const row = await orderRow(shop, o.orderNo);
      expect(row.status).toBe('processing');
      const events = await shop.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, o.row.id)).orderBy(orderStatusEvents.id);
      const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.id, o.item.id));
      if (edit.code === '0000') {
        // The edit came first: it is in the timeline before production, and the sheet prints it.
        expect(item!.customName).toBe('SMITH');
        const changedAt = events.findIndex((e) => e.note?.startsWith('Changed'));
        const producedAt = events.findIndex((e) => e.toStatus === 'processing');
        expect(changedAt).toBeGreaterThan(-1);
        expect(changedAt).toBeLessThan(producedAt);
      } else {
        expectConflict(edit, /Personalised items cannot be changed/);
        expect(item!.customName).toBe('SMTIH');
        expect(row.revision).toBe(0);
      }
    }
  });
});

describe('refunds of a changed order', () => {
  it('20 parallel refunds after a lower-total change never pay back more than was paid', async () => {
    const o = await paidOrder({ ...printedLine(stock, 2, 'SMITH', '7'), premiumNameOption: 'Gold', premiumNumberOption: 'Silver' });
    // Gold and silver to standard: cheaper, so the change itself refunds.
    const cheaper = await change(owner, { orderNo: o.orderNo, revision: 0, change: { kind: 'line', itemId: o.item.id, print: print('SMITH', '7') } });
    expect(cheaper.code, cheaper.msg).toBe('0000');
    expect(cheaper.data.refund?.amount).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(shop.app, '/admin/orders/refund', { orderNo: o.orderNo, idempotencyKey: `par-${o.orderNo}-${i}`, amount: 500, reason: 'goodwill' }, owner.auth)),
    );
    expect(answers.every((a) => ['0000', '1409'].includes(a.code))).toBe(true);
    const rows = await shop.database.db.select().from(refunds).where(and(eq(refunds.orderId, o.row.id), ne(refunds.status, 'failed')));
    const total = rows.reduce((s, r) => s + r.amount, 0);
    expect(total).toBeLessThanOrEqual(o.row.total);
    expect(rows.some((r) => r.reason === 'order change')).toBe(true);
    expect(simulatorOf(shop).refundedOf(await captureOf(o.row.id))).toBe(total);
  });
});
