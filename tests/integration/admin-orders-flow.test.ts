/**
 * Running orders from the back office (docs/back-office.md): each move and its mail, who may make
 * it, refunds full and partial through the PayPal simulator, idempotency keys, races between
 * staff, the personalised-items override, stock back for unprinted lines only, the merchant's
 * mail, and one audit row per write.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, BulkMoveAnswer, BulkMovePreview } from '../../src/domain/back-office/orders.model.ts';
import type { OrderDetail, TrackingAnswer } from '../../src/domain/orders.model.ts';
import { auditLog, orderItems, orderStatusEvents, payments, refunds, users } from '../../src/server/db/schema.ts';
import { loadConfig } from '../../src/server/config.ts';
import { call, signUp, type TestAccount, type TestShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { guestCart, guestOrder, headersFor, pay, plainLine, printedLine, simulatorOf, stockOf, ukAddress, useOrderShop, type Stock } from './orders-support.ts';
import { orderRow as orderRowOf } from '../support/order-rows.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;
const MERCHANT = 'orders@shop.example';

// PayPal calls time out after 1.5 s here, so a slow simulator answer is an unknown outcome.
useOrderShop({ merchantEmail: MERCHANT, paypal: { ...loadConfig({}).paypal, timeoutMs: 1500 } }, {}, 50, (env) => ({ shop, mail, stock } = env));

const orderRow = (orderNo: string) => orderRowOf(shop, orderNo);

let admin: TestAccount;
let superAdmin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  [admin, superAdmin, customer] = await Promise.all([signUp(shop.app, { firstName: 'Ann' }), signUp(shop.app, { firstName: 'Sue' }), signUp(shop.app)]);
  await shop.database.db.update(users).set({ roles: ['R_CUSTOMER', 'R_ADMIN'] }).where(eq(users.id, admin.userId));
  await shop.database.db.update(users).set({ roles: ['R_CUSTOMER', 'R_SUPER'] }).where(eq(users.id, superAdmin.userId));
});

const move = (account: TestAccount | null, body: Record<string, unknown>) => call<OrderDetail>(shop.app, '/admin/orders/move', body, account?.auth ?? {});
const refund = (account: TestAccount | null, body: Record<string, unknown>) => call<AdminOrderDetail>(shop.app, '/admin/orders/refund', body, account?.auth ?? {});
let keys = 0;
const key = () => `test-refund-${Date.now()}-${++keys}`;

async function paidOrder(lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const placed = await guestOrder(shop, lines, extra);
  const paid = await pay(shop, placed.order);
  expect(paid.captured.data.status).toBe('paid');
  return { ...placed, paypalOrderId: paid.paypalOrderId };
}

async function captureIdOf(orderNo: string): Promise<string> {
  const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, (await orderRow(orderNo)).id));
  return payment!.captureId!;
}

async function paymentStatus(orderNo: string): Promise<string> {
  const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, (await orderRow(orderNo)).id));
  return payment!.status;
}

async function auditRows(orderNo: string, action?: string) {
  const rows = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderNo), ...(action ? [eq(auditLog.action, action)] : [])));
  return rows.sort((a, b) => a.id - b.id);
}

async function moves(orderNo: string): Promise<string[]> {
  const events = await shop.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, (await orderRow(orderNo)).id)).orderBy(orderStatusEvents.id);
  return events.map((e) => e.toStatus);
}

async function itemIds(orderNo: string): Promise<{ id: number; personalised: boolean; quantity: number; unitPrice: number }[]> {
  return shop.database.db.select({ id: orderItems.id, personalised: orderItems.personalised, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice }).from(orderItems).where(eq(orderItems.orderId, (await orderRow(orderNo)).id)).orderBy(orderItems.id);
}

const mailsTo = (email: string, subject: string) => mail.messages.filter((m) => m.to.includes(email) && m.subject === subject);

describe('who may run orders', () => {
  it('refuses signed-out callers (8888) and customers (1403) on every write', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const writes: [string, Record<string, unknown>][] = [
      ['/admin/orders/move', { orderNo: order.orderNo, to: 'processing' }],
      ['/admin/orders/bulkMove', { orderNos: [order.orderNo], to: 'processing' }],
      ['/admin/orders/refund', { orderNo: order.orderNo, idempotencyKey: key(), amount: 100, reason: 'test' }],
      ['/admin/orders/shipmentEvent', { orderNo: order.orderNo, status: 'in_transit', description: 'Scan' }],
      ['/admin/orders/getOrderDetail', { orderNo: order.orderNo }],
    ];
    for (const [path, body] of writes) {
      expect((await call(shop.app, path, body)).code, path).toBe('8888');
      expect((await call(shop.app, path, body, customer.auth)).code, path).toBe('1403');
    }
    expect(await auditRows(order.orderNo)).toEqual([]);
  });

  it('lets R_ADMIN move and cancel but not refund or override; R_SUPER may', async () => {
    const { order } = await paidOrder([printedLine(stock)]);
    expect((await refund(admin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 100, reason: 'goodwill' })).code).toBe('1403');
    expect((await move(admin, { orderNo: order.orderNo, to: 'refunded' })).code).toBe('1403');
    expect((await move(admin, { orderNo: order.orderNo, to: 'processing' })).data.status).toBe('processing');
    expect((await move(admin, { orderNo: order.orderNo, to: 'cancelled', override: true, reason: 'Customer asked' })).code).toBe('1403');
    expect((await orderRow(order.orderNo)).status).toBe('processing');
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 100, reason: 'goodwill', override: true })).code).toBe('0000');
  });

  it('answers the permission code of each write in the OpenAPI document', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    const permission = (path: string) => Object.entries(doc.paths).find(([p]) => p.endsWith(path))?.[1].post?.['x-permission'];
    expect(permission('/admin/orders/move')).toBe('order:move');
    expect(permission('/admin/orders/bulkMove')).toBe('order:move');
    expect(permission('/admin/orders/refund')).toBe('order:refund');
    expect(permission('/admin/orders/shipmentEvent')).toBe('order:move');
  });
});

describe('moves from payment to delivery', () => {
  it('moves paid -> in production -> shipped -> delivered, mailing each step with its audit row', async () => {
    const { order } = await paidOrder([plainLine(stock)], { email: 'runner@example.com' });
    const produced = await move(admin, { orderNo: order.orderNo, to: 'processing', from: 'paid' });
    expect(produced.code, produced.msg).toBe('0000');
    expect((await mail.waitFor((m) => m.to.includes('runner@example.com') && m.subject === `Order ${order.orderNo} is in production`)).text).toContain(`order-success/${order.orderNo}?token=`);

    const shipped = await move(admin, { orderNo: order.orderNo, to: 'shipped', carrier: 'DHL Express', trackingNumber: 'JD0146000099' });
    expect(shipped.code, shipped.msg).toBe('0000');
    const link = 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146000099';
    expect(shipped.data.shipments).toEqual([expect.objectContaining({ carrier: 'DHL Express', trackingNumber: 'JD0146000099', trackingUrl: link })]);
    const shippedMail = await mail.waitFor((m) => m.to.includes('runner@example.com') && m.subject === `Order ${order.orderNo} has shipped`);
    expect(shippedMail.text).toContain(link);
    expect(shippedMail.html).toContain(link);

    const event = await call<TrackingAnswer>(shop.app, '/admin/orders/shipmentEvent', { orderNo: order.orderNo, status: 'in_transit', description: 'At the hub', location: 'Leipzig' }, admin.auth);
    expect(event.data.shipments[0]!.events.map((e) => e.status)).toEqual(['shipped', 'in_transit']);
    expect((await move(admin, { orderNo: order.orderNo, to: 'delivered' })).data.status).toBe('delivered');
    await mail.waitFor((m) => m.to.includes('runner@example.com') && m.subject === `Order ${order.orderNo} was delivered`);

    const tracking = await call<TrackingAnswer>(shop.app, '/demo/ironOrder/track', { orderNo: order.orderNo });
    expect(tracking.data.status).toBe('delivered');
    expect(tracking.data.shipments[0]!.trackingUrl).toBe(link);
    const audit = await auditRows(order.orderNo);
    expect(audit.map((a) => [a.action, a.actorEmail, (a.before as { status?: string } | null)?.status ?? null, (a.after as { status?: string }).status ?? null])).toEqual([
      ['order.move', admin.email, 'paid', 'processing'],
      ['order.move', admin.email, 'processing', 'shipped'],
      ['order.shipmentEvent', admin.email, null, 'in_transit'],
      ['order.move', admin.email, 'shipped', 'delivered'],
    ]);
    expect(audit[0]!.actorId).toBe(admin.userId);
  });

  it("keeps a tracking link staff give, and mails a zh-CN order's shopper in Chinese", async () => {
    const cart = await guestCart(shop, [plainLine(stock)]);
    const placed = await call(shop.app, '/demo/checkout/placeOrder', { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', email: 'zh.buyer@example.com', address: ukAddress, shippingMethod: 'standard' }, { headers: { ...headersFor({ visitorId: cart.visitorId }).headers, 'accept-language': 'zh-CN' } });
    expect(placed.code, placed.msg).toBe('0000');
    await pay(shop, placed.data);
    const own = 'https://parcels.example/track/ZX12345';
    const shipped = await move(admin, { orderNo: placed.data.orderNo, to: 'shipped', carrier: 'Local courier', trackingNumber: 'ZX12345', trackingUrl: own });
    expect(shipped.data.shipments[0]!.trackingUrl).toBe(own);
    const notice = await mail.waitFor((m) => m.to.includes('zh.buyer@example.com') && m.subject === `订单 ${placed.data.orderNo} 已发货`);
    expect(notice.text).toContain(own);
    expect(notice.text).toContain('/zh-CN/order-success/');
    // A carrier the shop does not know, and no link given: no link at all.
    const other = await paidOrder([plainLine(stock)]);
    const unknown = await move(admin, { orderNo: other.order.orderNo, to: 'shipped', carrier: 'Local courier', trackingNumber: 'ZX99999' });
    expect(unknown.data.shipments[0]!.trackingUrl).toBeNull();
    expect((await move(admin, { orderNo: other.order.orderNo, to: 'shipped', carrier: 'X', trackingNumber: 'ZX99999', trackingUrl: 'javascript:alert(1)' })).code).toBe('1001');
  });

  it('cancels an unpaid order: stock back, mail, one audit row', async () => {
    const before = await stockOf(shop, stock);
    const { order } = await guestOrder(shop, [plainLine(stock, 2)], { email: 'unpaid@example.com' });
    expect(await stockOf(shop, stock)).toBe(before - 2);
    const cancelled = await move(admin, { orderNo: order.orderNo, to: 'cancelled' });
    expect(cancelled.data.status).toBe('cancelled');
    expect(await stockOf(shop, stock)).toBe(before);
    await mail.waitFor((m) => m.to.includes('unpaid@example.com') && m.subject === `Order ${order.orderNo} was cancelled`);
    expect((await auditRows(order.orderNo, 'order.move')).map((a) => a.after)).toEqual([{ status: 'cancelled' }]);
  });

  it('repeats a move harmlessly, and refuses a move from a status the order has left', async () => {
    const { order } = await paidOrder([plainLine(stock)], { email: 'twice@example.com' });
    const first = await move(admin, { orderNo: order.orderNo, to: 'processing', from: 'paid' });
    const again = await move(admin, { orderNo: order.orderNo, to: 'processing', from: 'paid' });
    expect(again.code).toBe('0000');
    expect(again.data).toEqual(first.data);
    expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid', 'processing']);
    expect(await auditRows(order.orderNo)).toHaveLength(1);
    // Someone shipped it meanwhile: a move that expected "processing" is refused.
    await move(admin, { orderNo: order.orderNo, to: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const stale = await move(admin, { orderNo: order.orderNo, to: 'delivered', from: 'processing' });
    expect(stale).toMatchObject({ code: '1409', msg: 'The order changed meanwhile; reload it and try again' });
    expect((await move(admin, { orderNo: order.orderNo, to: 'processing' })).code).toBe('1409');
    await shop.app.outbox.drain();
    expect(mailsTo('twice@example.com', `Order ${order.orderNo} is in production`)).toHaveLength(1);
  });

  it('lets one of two staff moving the same order at once win; the same move answers alike, another is refused', async () => {
    const { order } = await paidOrder([plainLine(stock)]);
    const same = await Promise.all([move(admin, { orderNo: order.orderNo, to: 'processing' }), move(superAdmin, { orderNo: order.orderNo, to: 'processing' })]);
    expect(same.map((a) => [a.code, a.data.status])).toEqual([
      ['0000', 'processing'],
      ['0000', 'processing'],
    ]);
    expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid', 'processing']);
    expect(await auditRows(order.orderNo)).toHaveLength(1);

    // Two staff who both saw it paid (the screen sends the state it shows): whichever is first
    // wins, the other is told it changed (without `from`, processing then shipped would both be
    // valid moves one after the other, so the outcome would depend on which came first).
    const other = await paidOrder([plainLine(stock)]);
    const race = await Promise.all([
      move(admin, { orderNo: other.order.orderNo, to: 'shipped', from: 'paid', carrier: 'GLS', trackingNumber: 'GLS12345' }),
      move(superAdmin, { orderNo: other.order.orderNo, to: 'processing', from: 'paid' }),
    ]);
    expect(race.map((a) => a.code).sort()).toEqual(['0000', '1409']);
    expect((await moves(other.order.orderNo)).filter((s) => s !== 'pending_payment' && s !== 'paid')).toHaveLength(1);
    expect(await auditRows(other.order.orderNo)).toHaveLength(1);
  });

  it('bulk-moves each order on its own and says why the others did not move', async () => {
    const a = await paidOrder([plainLine(stock)]);
    const b = await paidOrder([plainLine(stock)]);
    const unpaid = await guestOrder(shop, [plainLine(stock)]);
    const answer = await call<BulkMoveAnswer>(shop.app, '/admin/orders/bulkMove', { orderNos: [a.order.orderNo, unpaid.order.orderNo, b.order.orderNo], to: 'processing' }, admin.auth);
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.data.moved).toEqual([a.order.orderNo, b.order.orderNo]);
    expect(answer.data.failed).toEqual([{ orderNo: unpaid.order.orderNo, msg: 'An order cannot move from Awaiting payment to In production' }]);
    expect((await orderRow(unpaid.order.orderNo)).status).toBe('pending_payment');
    expect(await auditRows(a.order.orderNo, 'order.move')).toHaveLength(1);
    expect(await auditRows(unpaid.order.orderNo)).toEqual([]);
    const zh = await call<BulkMoveAnswer>(shop.app, '/admin/orders/bulkMove', { orderNos: [unpaid.order.orderNo], to: 'delivered' }, { headers: { ...admin.auth.headers, 'accept-language': 'zh-CN' } });
    expect(zh.data.failed[0]!.msg).toBe('订单不能从“待付款”变为“已送达”');
  });

  it('previews a bulk move, changing nothing: the orders it would move and mail, and why the others would not', async () => {
    const paid = await paidOrder([plainLine(stock)]);
    const inProduction = await paidOrder([plainLine(stock)]);
    expect((await move(admin, { orderNo: inProduction.order.orderNo, to: 'processing' })).code).toBe('0000');
    const unpaid = await guestOrder(shop, [plainLine(stock)]);
    const chosen = [paid.order.orderNo, inProduction.order.orderNo, unpaid.order.orderNo, 'JS-22222-22222', paid.order.orderNo];
    await shop.app.outbox.drain();
    const audited = (await shop.database.db.select().from(auditLog)).length;
    const mailed = mail.messages.length;

    const preview = (to: string, account: TestAccount | null = admin) => call<BulkMovePreview>(shop.app, '/admin/orders/bulkMovePreview', { orderNos: chosen, to }, account?.auth ?? {});
    const production = await preview('processing');
    expect(production.code, production.msg).toBe('0000');
    expect(production.data).toEqual({
      to: 'processing',
      movable: [{ orderNo: paid.order.orderNo, status: 'paid', email: 'guest@example.com' }],
      blocked: [
        { orderNo: inProduction.order.orderNo, status: 'processing', reason: 'already-there' },
        { orderNo: unpaid.order.orderNo, status: 'pending_payment', reason: 'not-allowed' },
        { orderNo: 'JS-22222-22222', status: null, reason: 'not-found' },
      ],
    });
    const delivered = await preview('delivered');
    expect(delivered.data.movable).toEqual([]);
    expect(delivered.data.blocked.map((b) => [b.orderNo, b.reason])).toEqual([
      [paid.order.orderNo, 'not-allowed'],
      [inProduction.order.orderNo, 'not-allowed'],
      [unpaid.order.orderNo, 'not-allowed'],
      ['JS-22222-22222', 'not-found'],
    ]);

    // Nothing moved, nothing audited, nobody mailed; the preview needs order:move like the move.
    await shop.app.outbox.drain();
    expect((await orderRow(paid.order.orderNo)).status).toBe('paid');
    expect((await shop.database.db.select().from(auditLog)).length).toBe(audited);
    expect(mail.messages.length).toBe(mailed);
    expect((await preview('processing', null)).code).toBe('8888');
    expect((await preview('processing', customer)).code).toBe('1403');
    expect((await preview('shipped')).code).toBe('1001');
  });

  it('tells the merchant of every paid order, with its link in the back office', async () => {
    const { order } = await paidOrder([plainLine(stock, 2)]);
    const notice = await mail.waitFor((m) => m.to.includes(MERCHANT) && m.subject.startsWith(`New order ${order.orderNo}`));
    expect(notice.text).toContain(`${shop.config.publicSiteUrl}${shop.config.basePath}admin/orders/${order.orderNo}`);
    expect(notice.text).toContain('guest@example.com');
    const unpaid = await guestOrder(shop, [plainLine(stock)]);
    await shop.app.outbox.drain();
    expect(mail.messages.filter((m) => m.to.includes(MERCHANT) && m.subject.includes(unpaid.order.orderNo))).toEqual([]);
  });
});

describe('cancelling paid orders and the personalised override', () => {
  it('cancels a paid order of plain items: the whole capture back at PayPal, stock back, the cancelled mail', async () => {
    const before = await stockOf(shop, stock);
    const { order, paypalOrderId } = await paidOrder([plainLine(stock, 2)], { email: 'cancel.paid@example.com' });
    const cancelled = await move(admin, { orderNo: order.orderNo, to: 'cancelled', note: 'Out of print' });
    expect(cancelled.code, cancelled.msg).toBe('0000');
    expect(cancelled.data.status).toBe('cancelled');
    expect(simulatorOf(shop).captureOf(paypalOrderId)!.status).toBe('REFUNDED');
    expect(await paymentStatus(order.orderNo)).toBe('refunded');
    expect(await stockOf(shop, stock)).toBe(before);
    await mail.waitFor((m) => m.to.includes('cancel.paid@example.com') && m.subject === `Order ${order.orderNo} was cancelled`);
    const [row] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(order.orderNo)).id));
    expect(row).toMatchObject({ amount: order.total, status: 'completed', restocked: true, byEmail: admin.email });
    // Again: nothing more is paid back.
    expect((await move(admin, { orderNo: order.orderNo, to: 'cancelled' })).data.status).toBe('cancelled');
    expect(simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))).toBe(order.total);
    expect(await auditRows(order.orderNo, 'order.refund')).toHaveLength(1);
  });

  it('cancels a paid personalised order before production; once in production only with an override and a reason', async () => {
    const early = await paidOrder([printedLine(stock)]);
    expect((await move(admin, { orderNo: early.order.orderNo, to: 'cancelled' })).data.status).toBe('cancelled');

    const before = await stockOf(shop, stock);
    const { order } = await paidOrder([printedLine(stock)]);
    await move(admin, { orderNo: order.orderNo, to: 'processing' });
    const refused = await move(superAdmin, { orderNo: order.orderNo, to: 'cancelled' });
    expect(refused).toMatchObject({ code: '1409', msg: 'Personalised items cannot be cancelled or refunded once in production, unless a super admin overrides with a reason' });
    expect((await move(superAdmin, { orderNo: order.orderNo, to: 'cancelled', override: true })).code).toBe('1001');
    const zh = await call(shop.app, '/admin/orders/move', { orderNo: order.orderNo, to: 'cancelled', override: true }, { headers: { ...superAdmin.auth.headers, 'accept-language': 'zh-CN' } });
    expect(zh.msg).toContain('强制执行需要填写原因');
    const overridden = await move(superAdmin, { orderNo: order.orderNo, to: 'cancelled', override: true, reason: 'Printed with the wrong name' });
    expect(overridden.code, overridden.msg).toBe('0000');
    expect(overridden.data.status).toBe('cancelled');
    // The shirt is printed: it does not go back on the shelf.
    expect(await stockOf(shop, stock)).toBe(before - 1);
    const [audit] = await auditRows(order.orderNo, 'order.refund');
    expect(audit!.after).toMatchObject({ status: 'cancelled', override: true, reason: 'Printed with the wrong name', restocked: false });
  });
});

describe('refunds through PayPal', () => {
  it('refunds by lines then by amount: partial, then full; capture PARTIALLY_REFUNDED then REFUNDED; stock back for the unprinted line', async () => {
    const before = await stockOf(shop, stock);
    const { order, paypalOrderId } = await paidOrder([plainLine(stock, 2)], { email: 'refund.me@example.com' });
    const [line] = await itemIds(order.orderNo);
    const partial = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'One shirt too many' });
    expect(partial.code, partial.msg).toBe('0000');
    const row = await orderRow(order.orderNo);
    const lineShare = Math.round((line!.unitPrice * (row.itemsTotal - row.tierDiscount - row.couponDiscount)) / row.itemsTotal);
    expect(partial.data.refunds).toEqual([expect.objectContaining({ amount: lineShare, status: 'completed', lines: [{ orderItemId: line!.id, quantity: 1 }], restocked: true, byEmail: superAdmin.email })]);
    expect(partial.data).toMatchObject({ status: 'paid', paymentState: 'partially_refunded', refundable: order.total - lineShare });
    expect(partial.data.refunds[0]!.paypalRefundId).toBeTruthy();
    expect(partial.data.nextStatuses).toEqual(['processing', 'shipped', 'cancelled', 'refunded']);
    expect(simulatorOf(shop).captureOf(paypalOrderId)!.status).toBe('PARTIALLY_REFUNDED');
    expect(await paymentStatus(order.orderNo)).toBe('partially_refunded');
    expect(await stockOf(shop, stock)).toBe(before - 1);
    const partialMail = await mail.waitFor((m) => m.to.includes('refund.me@example.com') && m.subject === `Order ${order.orderNo} was partly refunded`);
    expect(partialMail.text).toContain(`€${(lineShare / 100).toFixed(2)}`);

    // More than remains: refused, nothing changes (here or at PayPal).
    const tooMuch = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: order.total - lineShare + 1, reason: 'Too much' });
    expect(tooMuch).toMatchObject({ code: '1409', msg: `At most €${((order.total - lineShare) / 100).toFixed(2)} can still be refunded` });
    expect(simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))).toBe(lineShare);

    const rest = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: order.total - lineShare, reason: 'Shipping and the rest' });
    expect(rest.code, rest.msg).toBe('0000');
    expect(rest.data).toMatchObject({ status: 'refunded', paymentState: 'refunded', refundable: 0 });
    expect(simulatorOf(shop).captureOf(paypalOrderId)!.status).toBe('REFUNDED');
    // An amount refund names no lines: the second shirt stays sold.
    expect(await stockOf(shop, stock)).toBe(before - 1);
    await mail.waitFor((m) => m.to.includes('refund.me@example.com') && m.subject === `Order ${order.orderNo} was refunded`);
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 1, reason: 'More' })).code).toBe('1409');
    const audit = await auditRows(order.orderNo, 'order.refund');
    expect(audit.map((a) => (a.after as { refunded: number }).refunded)).toEqual([lineShare, order.total]);
    expect(audit[1]!.before).toMatchObject({ status: 'paid', paymentStatus: 'partially_refunded', refunded: lineShare });
  });

  it('refunds what remains when R_SUPER moves an order to refunded, once however often it is asked', async () => {
    const { order, paypalOrderId } = await paidOrder([plainLine(stock)], { email: 'move.refund@example.com' });
    await move(admin, { orderNo: order.orderNo, to: 'processing' });
    await move(admin, { orderNo: order.orderNo, to: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 250, reason: 'Late' })).code).toBe('0000');
    const moved = await Promise.all([move(superAdmin, { orderNo: order.orderNo, to: 'refunded', reason: 'Lost parcel' }), move(superAdmin, { orderNo: order.orderNo, to: 'refunded', reason: 'Lost parcel' })]);
    expect(moved.map((a) => [a.code, a.data.status])).toEqual([
      ['0000', 'refunded'],
      ['0000', 'refunded'],
    ]);
    expect(simulatorOf(shop).captureOf(paypalOrderId)!.status).toBe('REFUNDED');
    expect(simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))).toBe(order.total);
    const rows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(order.orderNo)).id));
    expect(rows.map((r) => [r.amount, r.restocked])).toEqual([
      [250, false],
      [order.total - 250, false],
    ]);
    await mail.waitFor((m) => m.to.includes('move.refund@example.com') && m.subject === `Order ${order.orderNo} was refunded`);
    expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid', 'processing', 'shipped', 'refunded']);
  });

  it('answers the first refund again for the same idempotency key and never pays twice', async () => {
    const { order } = await paidOrder([plainLine(stock)]);
    const body = { orderNo: order.orderNo, idempotencyKey: key(), amount: 500, reason: 'Late delivery' };
    const first = await refund(superAdmin, body);
    const replay = await refund(superAdmin, body);
    const together = await Promise.all([refund(superAdmin, body), refund(superAdmin, body)]);
    for (const answer of [replay, ...together]) {
      expect(answer.code).toBe('0000');
      expect(answer.data.refunds).toEqual(first.data.refunds);
    }
    expect(simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))).toBe(500);
    expect(await auditRows(order.orderNo, 'order.refund')).toHaveLength(1);
    await shop.app.outbox.drain();
    expect(mailsTo('guest@example.com', `Order ${order.orderNo} was partly refunded`)).toHaveLength(1);
  });

  it('pays once when the same new refund arrives twice at the same moment', async () => {
    const { order } = await paidOrder([plainLine(stock)]);
    const body = { orderNo: order.orderNo, idempotencyKey: key(), amount: 400, reason: 'Double click' };
    const answers = await Promise.all([refund(superAdmin, body), refund(superAdmin, body)]);
    expect(answers.map((a) => a.code)).toEqual(['0000', '0000']);
    expect(simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))).toBe(400);
    expect(await shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(order.orderNo)).id))).toHaveLength(1);
    expect(await auditRows(order.orderNo, 'order.refund')).toHaveLength(1);
  });

  it('keeps a refund PayPal did not answer pending, and finishes it once when asked again with the same key', async () => {
    const { order } = await paidOrder([plainLine(stock)]);
    const body = { orderNo: order.orderNo, idempotencyKey: key(), amount: 600, reason: 'Slow PayPal' };
    simulatorOf(shop).setSwitches({ slowMs: 2500 });
    const lost = await refund(superAdmin, body);
    expect(lost.code).toBe('1503');
    simulatorOf(shop).setSwitches({ slowMs: 0 });
    const [pending] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(order.orderNo)).id));
    expect(pending!.status).toBe('pending');
    // Its amount is held meanwhile: nothing more than the rest can be refunded.
    expect((await refund(superAdmin, { ...body, idempotencyKey: key(), amount: order.total - 600 + 1 })).code).toBe('1409');
    expect(await paymentStatus(order.orderNo)).toBe('captured');
    const retried = await refund(superAdmin, body);
    expect(retried.code, retried.msg).toBe('0000');
    expect(retried.data.refunds).toEqual([expect.objectContaining({ amount: 600, status: 'completed' })]);
    expect(simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))).toBe(600);
  });

  it('never lets concurrent refunds together exceed what was captured', async () => {
    const { order } = await paidOrder([plainLine(stock, 2)]);
    const share = Math.ceil(order.total * 0.4);
    const answers = await Promise.all([0, 1, 2].map(() => refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: share, reason: 'Race' })));
    expect(answers.map((a) => a.code).sort()).toEqual(['0000', '0000', '1409']);
    const refunded = simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))!;
    expect(refunded).toBe(2 * share);
    expect(refunded).toBeLessThanOrEqual(order.total);
    const rows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(order.orderNo)).id));
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed']);
  });

  it('refunds personalised lines in production only with an override; printed lines stay out of stock, plain ones come back', async () => {
    const before = await stockOf(shop, stock);
    const { order } = await paidOrder([plainLine(stock), printedLine(stock)]);
    await move(admin, { orderNo: order.orderNo, to: 'processing' });
    const [plain, printed] = await itemIds(order.orderNo);
    expect(printed!.personalised).toBe(true);
    const denied = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: printed!.id, quantity: 1 }], reason: 'Misprint' });
    expect(denied.code).toBe('1409');
    const plainBack = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: plain!.id, quantity: 1 }], reason: 'Wrong size' });
    expect(plainBack.data.refunds[0]!.restocked).toBe(true);
    // The same line again, or a line of another order: refused.
    const again = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: plain!.id, quantity: 1 }], reason: 'Again' });
    expect(again).toMatchObject({ code: '1409', msg: `Line ${plain!.id} has only 0 left to refund` });
    const unknown = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: 999_999, quantity: 1 }], reason: 'Nope' });
    expect(unknown.code, unknown.msg).toBe('1001');
    const overridden = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: printed!.id, quantity: 1 }], reason: 'Misprint', override: true });
    expect(overridden.code, overridden.msg).toBe('0000');
    expect(overridden.data.refunds[1]!.restocked).toBe(false);
    expect(await stockOf(shop, stock)).toBe(before - 1);
  });

  it('refuses refunds of unpaid orders and bad requests, changing nothing', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 100, reason: 'x' })).msg).toBe('Only a paid order can be refunded');
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), reason: 'x' })).code).toBe('1001');
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 100, reason: '' })).code).toBe('1001');
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: 'short', amount: 100, reason: 'x' })).code).toBe('1001');
    expect(await shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(order.orderNo)).id))).toEqual([]);
  });

  it('does not let the refund webhooks PayPal sends for our own refunds move the order again', async () => {
    simulatorOf(shop).setSwitches({ autoWebhooks: true });
    const { order } = await paidOrder([plainLine(stock)]);
    const partial = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 300, reason: 'Webhook' });
    expect(partial.code).toBe('0000');
    await simulatorOf(shop).drain();
    const row = await orderRow(order.orderNo);
    expect(row.status).toBe('paid');
    expect(await paymentStatus(order.orderNo)).toBe('partially_refunded');
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(payment!.lastIssue).toBeNull();
  });
});

describe('refunds PayPal settles later', () => {
  const detailOf = async (orderNo: string) => (await call<AdminOrderDetail>(shop.app, '/admin/orders/get', { orderNo }, superAdmin.auth)).data;

  it('shows a refund PayPal answered PENDING as pending, holds its amount, and completes it when PayPal’s webhook says it was paid', async () => {
    const before = await stockOf(shop, stock);
    const { order } = await paidOrder([plainLine(stock, 2)], { email: 'pending.refund@example.com' });
    const [line] = await itemIds(order.orderNo);
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING', autoWebhooks: true });
    const body = { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'Wrong size' };
    const asked = await refund(superAdmin, body);
    expect(asked.code, asked.msg).toBe('0000');
    const [pending] = asked.data.refunds;
    expect(pending).toMatchObject({ status: 'pending', restocked: false, lines: [{ orderItemId: line!.id, quantity: 1 }] });
    expect(pending!.paypalRefundId).toBeTruthy();
    // Not paid back yet: the order, its payment and the stock stay; the amount is held.
    expect(asked.data).toMatchObject({ status: 'paid', paymentState: 'paid', refundable: order.total - pending!.amount });
    expect(await paymentStatus(order.orderNo)).toBe('captured');
    expect(await stockOf(shop, stock)).toBe(before - 2);
    const more = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: order.total - pending!.amount + 1, reason: 'Too much' });
    expect(more.code).toBe('1409');
    // The same key again asks PayPal nothing more.
    const again = await refund(superAdmin, body);
    expect(again.data.refunds).toEqual(asked.data.refunds);
    expect(simulatorOf(shop).refundedOf(await captureIdOf(order.orderNo))).toBe(pending!.amount);
    const asking = await auditRows(order.orderNo, 'order.refund');
    expect(asking.map((a) => [a.actorEmail, (a.after as { refundStatus: string }).refundStatus])).toEqual([[superAdmin.email, 'pending']]);
    await shop.app.outbox.drain();
    expect(mailsTo('pending.refund@example.com', `Order ${order.orderNo} was partly refunded`)).toHaveLength(0);

    expect(simulatorOf(shop).settlePendingRefund(pending!.paypalRefundId!, 'COMPLETED')!.status).toBe('COMPLETED');
    await simulatorOf(shop).drain();
    const done = await detailOf(order.orderNo);
    expect(done.refunds).toEqual([expect.objectContaining({ id: pending!.id, status: 'completed', restocked: true, paypalRefundId: pending!.paypalRefundId })]);
    expect(done).toMatchObject({ status: 'paid', paymentState: 'partially_refunded', refundable: order.total - pending!.amount });
    expect(await stockOf(shop, stock)).toBe(before - 1);
    const audit = await auditRows(order.orderNo, 'order.refund');
    expect(audit.map((a) => [a.actorEmail, a.actorId, (a.after as { refundStatus: string }).refundStatus])).toEqual([
      [superAdmin.email, superAdmin.userId, 'pending'],
      ['paypal', null, 'completed'],
    ]);
    await mail.waitFor((m) => m.to.includes('pending.refund@example.com') && m.subject === `Order ${order.orderNo} was partly refunded`);
    // The webhook delivered again changes nothing.
    const resource = { id: pending!.paypalRefundId, status: 'COMPLETED', amount: { currency_code: order.currency, value: (pending!.amount / 100).toFixed(2) }, links: [{ rel: 'up', href: `https://paypal.invalid/v2/payments/captures/${await captureIdOf(order.orderNo)}` }] };
    await simulatorOf(shop).deliver(simulatorOf(shop).event('PAYMENT.CAPTURE.REFUNDED', resource));
    expect(await auditRows(order.orderNo, 'order.refund')).toHaveLength(2);
    expect(await stockOf(shop, stock)).toBe(before - 1);
  });

  it('lists in a bulk move’s preview an order whose cancellation PayPal is still paying out as one that cannot move, as the move refuses it', async () => {
    const closing = await paidOrder([plainLine(stock)]);
    const partly = await paidOrder([plainLine(stock, 2)]);
    const plain = await paidOrder([plainLine(stock)]);
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    const cancelling = await move(superAdmin, { orderNo: closing.order.orderNo, to: 'cancelled', from: 'paid' });
    expect(cancelling.data.status, cancelling.msg).toBe('paid');
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    // A partial refund under way does not close the order: it may still move.
    const part = await refund(superAdmin, { orderNo: partly.order.orderNo, idempotencyKey: key(), amount: 100, reason: 'Goodwill' });
    expect(part.data.refunds).toEqual([expect.objectContaining({ status: 'pending' })]);
    const chosen = [closing.order.orderNo, partly.order.orderNo, plain.order.orderNo];

    const preview = await call<BulkMovePreview>(shop.app, '/admin/orders/bulkMovePreview', { orderNos: chosen, to: 'processing' }, admin.auth);
    expect(preview.code, preview.msg).toBe('0000');
    expect(preview.data.movable.map((o) => o.orderNo)).toEqual([partly.order.orderNo, plain.order.orderNo]);
    expect(preview.data.blocked).toEqual([{ orderNo: closing.order.orderNo, status: 'paid', reason: 'refund-under-way' }]);
    // The move itself agrees: the order listed as blocked is refused, the others move.
    const moved = await call<BulkMoveAnswer>(shop.app, '/admin/orders/bulkMove', { orderNos: chosen, to: 'processing' }, admin.auth);
    expect(moved.data.moved).toEqual([partly.order.orderNo, plain.order.orderNo]);
    expect(moved.data.failed).toEqual([{ orderNo: closing.order.orderNo, msg: 'A refund of this order is under way at PayPal; try again once it has ended' }]);

    // Once PayPal has paid it out the order is cancelled: the preview says so by its state.
    const [pending] = (await detailOf(closing.order.orderNo)).refunds;
    simulatorOf(shop).settlePendingRefund(pending!.paypalRefundId!, 'COMPLETED');
    await shop.app.payments.reconciler.run();
    const after = await call<BulkMovePreview>(shop.app, '/admin/orders/bulkMovePreview', { orderNos: [closing.order.orderNo], to: 'delivered' }, admin.auth);
    expect(after.data.blocked).toEqual([{ orderNo: closing.order.orderNo, status: 'cancelled', reason: 'not-allowed' }]);
  });

  it('lets the reconciler complete a pending refund whose webhook never came, moving a fully refunded order', async () => {
    const { order } = await paidOrder([plainLine(stock)], { email: 'quiet.refund@example.com' });
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    const asked = await move(superAdmin, { orderNo: order.orderNo, to: 'refunded', reason: 'Lost parcel' });
    expect(asked.code, asked.msg).toBe('0000');
    expect(asked.data.status).toBe('paid');
    const [pending] = (await detailOf(order.orderNo)).refunds;
    expect(pending).toMatchObject({ status: 'pending', amount: order.total });
    expect((await shop.app.payments.reconciler.run()).refunds).toBe(0);
    simulatorOf(shop).settlePendingRefund(pending!.paypalRefundId!, 'COMPLETED');
    expect((await shop.app.payments.reconciler.run()).refunds).toBe(1);
    expect((await shop.app.payments.reconciler.run()).refunds).toBe(0);
    expect(await detailOf(order.orderNo)).toMatchObject({ status: 'refunded', paymentState: 'refunded', refundable: 0, refunds: [expect.objectContaining({ status: 'completed' })] });
    expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid', 'refunded']);
    await mail.waitFor((m) => m.to.includes('quiet.refund@example.com') && m.subject === `Order ${order.orderNo} was refunded`);
  });

  it('fails a pending refund PayPal turns down: nothing was given back, and its amount and lines can be refunded again', async () => {
    const before = await stockOf(shop, stock);
    const { order } = await paidOrder([plainLine(stock)]);
    const [line] = await itemIds(order.orderNo);
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    const asked = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'Returned' });
    const [pending] = asked.data.refunds;
    expect(pending!.status).toBe('pending');
    expect(simulatorOf(shop).settlePendingRefund(pending!.paypalRefundId!, 'FAILED')!.status).toBe('FAILED');
    expect((await shop.app.payments.reconciler.run()).refunds).toBe(1);
    const failed = await detailOf(order.orderNo);
    expect(failed).toMatchObject({ status: 'paid', paymentState: 'paid', refundable: order.total, refunds: [expect.objectContaining({ status: 'failed', restocked: false })] });
    expect(await paymentStatus(order.orderNo)).toBe('captured');
    expect(await stockOf(shop, stock)).toBe(before - 1);
    const audit = await auditRows(order.orderNo, 'order.refund');
    expect(audit.map((a) => [a.actorEmail, (a.after as { refundStatus: string }).refundStatus])).toEqual([
      [superAdmin.email, 'pending'],
      ['paypal', 'failed'],
    ]);
    const retried = await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'Returned' });
    expect(retried.code, retried.msg).toBe('0000');
    expect(retried.data).toMatchObject({ status: 'refunded', paymentState: 'refunded', refundable: 0 });
    expect(await stockOf(shop, stock)).toBe(before);
  });
});

describe('refunds made in the PayPal dashboard', () => {
  it('records each once as a refund row of the order by PayPal, so the refunded total, payment state and status are true', async () => {
    simulatorOf(shop).setSwitches({ autoWebhooks: true });
    const { order } = await paidOrder([plainLine(stock)], { email: 'dashboard.refund@example.com' });
    const captureId = await captureIdOf(order.orderNo);
    const first = simulatorOf(shop).refundFromDashboard(captureId, 300);
    await simulatorOf(shop).drain();
    const rows = async () => shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(order.orderNo)).id)).orderBy(refunds.id);
    expect((await rows()).map((r) => [r.amount, r.status, r.paypalRefundId, r.byEmail, r.byId, r.lines])).toEqual([[300, 'completed', first.id, 'paypal', null, []]]);
    const detail = (await call<AdminOrderDetail>(shop.app, '/admin/orders/get', { orderNo: order.orderNo }, superAdmin.auth)).data;
    expect(detail).toMatchObject({ status: 'paid', paymentState: 'partially_refunded', refundable: order.total - 300 });
    expect((await orderRow(order.orderNo)).paymentState).toBe('partially_refunded');
    const audit = await auditRows(order.orderNo, 'order.refund');
    expect(audit.map((a) => [a.actorId, a.actorEmail, (a.after as { amount: number; paypalRefundId: string }).amount, (a.after as { paypalRefundId: string }).paypalRefundId])).toEqual([[null, 'paypal', 300, first.id]]);
    await mail.waitFor((m) => m.to.includes('dashboard.refund@example.com') && m.subject === `Order ${order.orderNo} was partly refunded`);

    // PayPal delivering it again, as a new event about the same refund, records nothing more.
    const resource = { ...first, status: 'COMPLETED' };
    expect(await simulatorOf(shop).deliver(simulatorOf(shop).event('PAYMENT.CAPTURE.REFUNDED', resource), 2)).toEqual([200, 200]);
    expect(await rows()).toHaveLength(1);
    expect(await auditRows(order.orderNo, 'order.refund')).toHaveLength(1);

    // The rest, also from the dashboard: the order is refunded, and staff have nothing left to refund.
    const rest = simulatorOf(shop).refundFromDashboard(captureId);
    await simulatorOf(shop).drain();
    expect((await rows()).map((r) => [r.amount, r.paypalRefundId])).toEqual([
      [300, first.id],
      [order.total - 300, rest.id],
    ]);
    expect(await orderRow(order.orderNo)).toMatchObject({ status: 'refunded', paymentState: 'refunded' });
    expect(await paymentStatus(order.orderNo)).toBe('refunded');
    expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid', 'refunded']);
    expect((await refund(superAdmin, { orderNo: order.orderNo, idempotencyKey: key(), amount: 1, reason: 'More' })).code).toBe('1409');
    await mail.waitFor((m) => m.to.includes('dashboard.refund@example.com') && m.subject === `Order ${order.orderNo} was refunded`);
  });
});
