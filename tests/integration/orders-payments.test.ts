/**
 * Paying orders through PayPal Orders v2 against the local simulator and its failure switches
 * (docs/checkout-and-payments.md, threats 24-29): only a verified, completed capture marks an order
 * paid, exactly once, whatever is declined, pending, answered with a 500 after committing, slow, or
 * reported by webhooks several times and in any order.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paypalPurchaseUnit } from '../../src/domain/checkout.model.ts';
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET, loadConfig } from '../../src/server/config.ts';
import { cartItems, orderStatusEvents, orders, payments, processedWebhookEvents } from '../../src/server/db/schema.ts';
import { PaypalClient } from '../../src/server/modules/payments/paypal-client.ts';
import { simulatorTransport } from '../../src/server/modules/payments/simulator.ts';
import { call, type TestShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { capture, ukAddress, createPaypalOrder, guestOrder, orderDetail, pay, plainLine, printedLine, simulatorOf, stockOf, useOrderShop, type Stock } from './orders-support.ts';
import { orderRow as orderRowOf } from '../support/order-rows.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;

// A short PayPal time limit, so "slow" tests do not wait ten seconds.
useOrderShop({ paypal: { ...loadConfig({}).paypal, timeoutMs: 400 } }, {}, 40, (env) => ({ shop, mail, stock } = env));

const orderRow = (orderNo: string) => orderRowOf(shop, orderNo);

/** A guest order with a PayPal order the buyer approved, the simulator then switched to `switches`. */
async function approvedOrder(switches: Parameters<ReturnType<typeof simulatorOf>['setSwitches']>[0]) {
  const { order } = await guestOrder(shop, [plainLine(stock)]);
  const paypalOrderId = await createPaypalOrder(shop, order);
  simulatorOf(shop).approve(paypalOrderId);
  simulatorOf(shop).setSwitches(switches);
  return { order, paypalOrderId };
}

/** The capture answered paid, PayPal holds exactly one capture, and the order moved to paid once. */
async function expectPaidOnce(answer: Awaited<ReturnType<typeof capture>>, orderNo: string, paypalOrderId: string): Promise<void> {
  expect(answer.data).toEqual({ orderNo, status: 'paid', payment: 'COMPLETED' });
  expect(capturesAtPaypal(paypalOrderId)).toBe(1);
  expect(await statusMoves(orderNo)).toEqual(['>pending_payment', 'pending_payment>paid']);
}

async function paymentRow(orderNo: string) {
  const row = await orderRow(orderNo);
  const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, row.id));
  return payment!;
}

async function statusMoves(orderNo: string) {
  const row = await orderRow(orderNo);
  return (await shop.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row.id)).orderBy(orderStatusEvents.id)).map((e) => `${e.fromStatus ?? ''}>${e.toStatus}`);
}

function capturesAtPaypal(paypalOrderId: string) {
  return simulatorOf(shop).captureOf(paypalOrderId) ? 1 : 0;
}

describe('a guest pays with PayPal', () => {
  it('creates the PayPal order from the server totals, captures it, marks the order paid, empties those cart lines and mails the confirmation', async () => {
    const { order, visitorId, ids } = await guestOrder(shop, [printedLine(stock, 1, 'KANE', '9'), plainLine(stock, 2)], { email: 'paying.guest@example.com' });
    expect(order.status).toBe('pending_payment');

    const paypalOrderId = await createPaypalOrder(shop, order);
    // Asking again gives the same PayPal order (PayPal-Request-Id derived from the order).
    expect(await createPaypalOrder(shop, order)).toBe(paypalOrderId);
    const atPaypal = simulatorOf(shop).publicOrder(paypalOrderId)!;
    expect(atPaypal.amount).toEqual({ currency_code: 'EUR', value: (order.total / 100).toFixed(2) });

    expect(simulatorOf(shop).approve(paypalOrderId)).toBe(true);
    const captured = await capture(shop, paypalOrderId, order.orderNo);
    expect(captured.code, captured.msg).toBe('0000');
    expect(captured.data).toEqual({ orderNo: order.orderNo, status: 'paid', payment: 'COMPLETED' });

    const row = await orderRow(order.orderNo);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    const payment = await paymentRow(order.orderNo);
    expect(payment).toMatchObject({ status: 'captured', paypalOrderId, amount: order.total, currency: 'EUR', payerEmail: 'buyer@paypal-sim.example', payerName: 'Sam Buyer' });
    expect(payment.captureId).toBe(simulatorOf(shop).captureOf(paypalOrderId)!.id);
    expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>paid']);
    const left = await shop.database.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.visitorId, visitorId));
    expect(left.map((l) => l.id).filter((id) => ids.includes(id))).toEqual([]);

    const confirmation = await mail.waitFor((m) => m.to.includes('paying.guest@example.com'));
    expect(confirmation.subject).toBe(`Order ${order.orderNo} confirmed`);
    expect(confirmation.text).toContain('KANE');
    expect(confirmation.text).toContain(`order-success/${order.orderNo}?token=${order.accessToken}`);
    expect(confirmation.html).toContain(`order-success/${order.orderNo}?token=${order.accessToken}`);
    expect(confirmation.text).toContain('cannot be returned');

    // The capture is safe to repeat: same answer, nothing changes.
    const again = await capture(shop, paypalOrderId, order.orderNo);
    expect(again.data).toEqual({ orderNo: order.orderNo, status: 'paid', payment: 'COMPLETED' });
    expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>paid']);
  });

  it('keeps markup in an address as text and escapes it in the mail (item 21)', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const { order } = await guestOrder(shop, [plainLine(stock)], { email: 'markup@example.com', address: { ...ukAddress, address2: markup, company: '<b>Acme</b>' } });
    const detail = await orderDetail(shop, order.orderNo, { token: order.accessToken });
    expect(detail.data.shippingAddress.address2).toBe(markup);
    await pay(shop, order);
    const confirmation = await mail.waitFor((m) => m.to.includes('markup@example.com'));
    expect(confirmation.html).not.toContain('<img src=x');
    expect(confirmation.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(confirmation.html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(confirmation.text).toContain(markup);
  });

  it('mails a zh-CN buyer in Chinese', async () => {
    const cart = await guestOrder(shop, [plainLine(stock, 1)], { email: 'zh.guest@example.com' });
    await shop.database.db.update(orders).set({ locale: 'zh-CN' }).where(eq(orders.orderNo, cart.order.orderNo));
    await pay(shop, cart.order);
    const confirmation = await mail.waitFor((m) => m.to.includes('zh.guest@example.com'));
    expect(confirmation.subject).toBe(`订单 ${cart.order.orderNo} 已确认`);
    expect(confirmation.text).toContain('合计');
  });
});

describe('capture is refused when it must be (item 24, 25)', () => {
  it('refuses a capture before the buyer approved, and the order stays payable', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    const early = await capture(shop, paypalOrderId, order.orderNo);
    expect(early.status).toBe(402);
    expect(early.code).toBe('1402');
    expect(early.data).toEqual({ reason: 'ORDER_NOT_APPROVED', retry: true });
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    expect(capturesAtPaypal(paypalOrderId)).toBe(0);
    // Approved afterwards, it goes through.
    simulatorOf(shop).approve(paypalOrderId);
    expect((await capture(shop, paypalOrderId, order.orderNo)).data.status).toBe('paid');
  });

  it("refuses to pay an order with another order's PayPal order", async () => {
    const first = await guestOrder(shop, [plainLine(stock)]);
    const second = await guestOrder(shop, [plainLine(stock, 3)]);
    const firstPaypal = await createPaypalOrder(shop, first.order);
    simulatorOf(shop).approve(firstPaypal);
    const crossed = await capture(shop, firstPaypal, second.order.orderNo);
    expect(crossed.code).toBe('1402');
    expect(crossed.data).toMatchObject({ reason: 'ORDER_MISMATCH' });
    expect((await orderRow(second.order.orderNo)).status).toBe('pending_payment');
    expect((await orderRow(first.order.orderNo)).status).toBe('pending_payment');
    expect(capturesAtPaypal(firstPaypal)).toBe(0);
  });

  it('does not mark paid a PayPal order made for another amount', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock, 2)]);
    // Someone makes a PayPal order for this order number but one cent, and gets it recorded.
    const client = new PaypalClient({ clientId: SIM_CLIENT_ID, clientSecret: SIM_CLIENT_SECRET, transport: simulatorTransport(simulatorOf(shop)), timeoutMs: 2000, clock: () => new Date() });
    const cheap = await client.createOrder(paypalPurchaseUnit({ orderNo: order.orderNo, currency: 'EUR', items: [{ name: 'x', sku: 'x', unitAmount: 1, quantity: 1 }], discount: 0, shipping: 0, total: 1 }), 'forged-1');
    const row = await orderRow(order.orderNo);
    await shop.database.db.update(payments).set({ paypalOrderId: cheap.id, status: 'created' }).where(eq(payments.orderId, row.id));
    simulatorOf(shop).approve(cheap.id);
    const answer = await capture(shop, cheap.id, order.orderNo);
    expect(answer.code).toBe('1402');
    expect(answer.data).toMatchObject({ reason: 'AMOUNT_MISMATCH', retry: false });
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    expect((await paymentRow(order.orderNo)).status).toBe('mismatch');
  });

  it('refuses to create or capture a payment for a cancelled order', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    // The order is cancelled meanwhile.
    const row = await orderRow(order.orderNo);
    await shop.database.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, row.id));
    });
    simulatorOf(shop).approve(paypalOrderId);
    const answer = await capture(shop, paypalOrderId, order.orderNo);
    expect(answer.code).toBe('1402');
    expect(answer.data).toMatchObject({ reason: 'ORDER_CANCELLED' });
    expect(capturesAtPaypal(paypalOrderId)).toBe(0);
    const again = await call(shop.app, '/demo/paypal/createOrder', { orderNo: order.orderNo, token: order.accessToken });
    expect(again.code).toBe('1402');
  });

  it('gives the money back if the order was cancelled while PayPal was capturing', async () => {
    // Every simulated PayPal answer waits 300 ms after PayPal has acted (the client gives up at 400):
    // room for the cancel below.
    const { order, paypalOrderId } = await approvedOrder({ slowMs: 300 });
    const capturing = capture(shop, paypalOrderId, order.orderNo);
    // Someone cancels the order by hand in the database while the capture is under way: once PayPal
    // holds the capture, not after a fixed pause, which a loaded machine can outrun in either direction.
    await expect.poll(() => simulatorOf(shop).captureOf(paypalOrderId), { interval: 5, timeout: 10_000 }).not.toBeNull();
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, order.orderNo));
    const answer = await capturing;
    expect(answer).toMatchObject({ code: '1402', data: { reason: 'ORDER_CANCELLED', retry: false } });
    expect(simulatorOf(shop).captureOf(paypalOrderId)!.status).toBe('REFUNDED');
    expect((await paymentRow(order.orderNo)).status).toBe('refunded');
  });

  it('answers not found for a PayPal order id the shop never made', async () => {
    const answer = await capture(shop, 'UNKNOWN0000000000');
    expect(answer.code).toBe('1404');
  });
});

describe('declined, pending, failing and slow captures (items 27, 28)', () => {
  it('lets the buyer retry after a decline, and the retry is a new capture that succeeds', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    simulatorOf(shop).approve(paypalOrderId, { decline: true });
    const declined = await capture(shop, paypalOrderId, order.orderNo);
    expect(declined.status).toBe(402);
    expect(declined.data).toEqual({ reason: 'INSTRUMENT_DECLINED', retry: true });
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    expect((await paymentRow(order.orderNo))).toMatchObject({ status: 'declined', captureAttempt: 2, lastIssue: 'INSTRUMENT_DECLINED' });

    // The buyer clicks again: same PayPal order, approved with another card.
    expect(await createPaypalOrder(shop, order)).toBe(paypalOrderId);
    simulatorOf(shop).approve(paypalOrderId);
    const retried = await capture(shop, paypalOrderId, order.orderNo);
    expect(retried.data).toEqual({ orderNo: order.orderNo, status: 'paid', payment: 'COMPLETED' });
    expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>paid']);
  });

  it('keeps a PENDING capture unpaid until the webhook settles it', async () => {
    const { order, paypalOrderId } = await approvedOrder({ nextCapture: 'PENDING' });
    const pending = await capture(shop, paypalOrderId, order.orderNo);
    expect(pending.data).toEqual({ orderNo: order.orderNo, status: 'pending_payment', payment: 'PENDING' });
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    expect((await paymentRow(order.orderNo)).status).toBe('pending');
    // Nothing ships while pending, and the order is not offered for payment again.
    const detail = await orderDetail(shop, order.orderNo, { token: order.accessToken });
    expect(detail.data.payable).toBe(false);

    const captureId = simulatorOf(shop).captureOf(paypalOrderId)!.id;
    const settled = simulatorOf(shop).settlePendingCapture(captureId, 'COMPLETED')!;
    const statuses = await simulatorOf(shop).deliver(simulatorOf(shop).event('PAYMENT.CAPTURE.COMPLETED', settled));
    expect(statuses).toEqual([200]);
    expect((await orderRow(order.orderNo)).status).toBe('paid');
  });

  it('releases the stock when a pending capture is finally denied', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock, 2)]);
    const before = await stockOf(shop, stock);
    const paypalOrderId = await createPaypalOrder(shop, order);
    simulatorOf(shop).approve(paypalOrderId);
    simulatorOf(shop).setSwitches({ nextCapture: 'PENDING' });
    await capture(shop, paypalOrderId, order.orderNo);
    const denied = simulatorOf(shop).settlePendingCapture(simulatorOf(shop).captureOf(paypalOrderId)!.id, 'DECLINED')!;
    await simulatorOf(shop).deliver(simulatorOf(shop).event('PAYMENT.CAPTURE.DENIED', denied));
    expect((await orderRow(order.orderNo)).status).toBe('cancelled');
    expect(await stockOf(shop, stock)).toBe(before + 2);
  });

  it('keeps the order payable when a decline is reported for a capture that was not pending', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    simulatorOf(shop).approve(paypalOrderId, { decline: true });
    await capture(shop, paypalOrderId, order.orderNo);
    const sim = simulatorOf(shop);
    await sim.deliver(sim.event('PAYMENT.CAPTURE.DECLINED', { id: 'DECLINED000000001', status: 'DECLINED', custom_id: order.orderNo, supplementary_data: { related_ids: { order_id: paypalOrderId } } }));
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    sim.approve(paypalOrderId);
    expect((await capture(shop, paypalOrderId, order.orderNo)).data.status).toBe('paid');
  });

  it('a 500 after PayPal committed the capture: the retry leaves one capture and the order paid once', async () => {
    const { order, paypalOrderId } = await approvedOrder({ nextCapture: 'ERROR_AFTER_COMMIT' });
    const first = await capture(shop, paypalOrderId, order.orderNo);
    // The shop asks PayPal after the 500, sees the capture, and settles it at once.
    expect(first.data).toEqual({ orderNo: order.orderNo, status: 'paid', payment: 'COMPLETED' });
    const second = await capture(shop, paypalOrderId, order.orderNo);
    await expectPaidOnce(second, order.orderNo, paypalOrderId);
  });

  it('a capture slower than the time limit: the buyer is told to retry, and the retry replays the one capture', async () => {
    const { order, paypalOrderId } = await approvedOrder({ slowMs: 700 });
    const slow = await capture(shop, paypalOrderId, order.orderNo);
    expect(slow.code).toBe('1503');
    expect(slow.data).toEqual({ reason: 'PAYPAL_UNAVAILABLE', retry: true });
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    simulatorOf(shop).setSwitches({ slowMs: 0 });
    // PayPal did capture meanwhile; the retry (same PayPal-Request-Id) gets that capture back.
    const retried = await capture(shop, paypalOrderId, order.orderNo);
    await expectPaidOnce(retried, order.orderNo, paypalOrderId);
  });

  it('a slow PayPal within the time limit still pays', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    simulatorOf(shop).setSwitches({ slowMs: 100 });
    const { captured } = await pay(shop, order);
    expect(captured.data.status).toBe('paid');
  });
});

describe('webhooks (item 29)', () => {
  async function capturedAtPaypalOnly() {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    simulatorOf(shop).approve(paypalOrderId);
    // Captured at PayPal by another path (e.g. the buyer's capture whose answer never came back).
    const client = new PaypalClient({ clientId: SIM_CLIENT_ID, clientSecret: SIM_CLIENT_SECRET, transport: simulatorTransport(simulatorOf(shop)), timeoutMs: 2000, clock: () => new Date() });
    await client.captureOrder(paypalOrderId, `${order.orderNo}-capture-1`);
    return { order, paypalOrderId, capture: simulatorOf(shop).captureOf(paypalOrderId)! };
  }

  it('refuses a delivery whose signature does not verify, changing nothing', async () => {
    const { order, capture: resource } = await capturedAtPaypalOnly();
    const sim = simulatorOf(shop);
    const event = sim.event('PAYMENT.CAPTURE.COMPLETED', resource);
    const forged = sim.sign(event, { tamper: true });
    const answer = await shop.app.inject({ method: 'POST', url: '/api/demo/paypal/webhook', headers: forged.headers, payload: forged.body });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: '1001', msg: 'Invalid request: the webhook signature could not be verified' });
    // A body changed after signing fails too.
    const good = sim.sign(event);
    const altered = await shop.app.inject({ method: 'POST', url: '/api/demo/paypal/webhook', headers: good.headers, payload: good.body.replace(order.orderNo, 'JS-22222-22222') });
    expect(altered.statusCode).toBe(400);
    const unsigned = await shop.app.inject({ method: 'POST', url: '/api/demo/paypal/webhook', headers: { 'content-type': 'application/json' }, payload: good.body });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    const recorded = await shop.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id));
    expect(recorded).toEqual([]);
  });

  it('applies the same event delivered 5 times, some at once, exactly once', async () => {
    const { order, capture: resource } = await capturedAtPaypalOnly();
    const sim = simulatorOf(shop);
    const event = sim.event('PAYMENT.CAPTURE.COMPLETED', resource);
    const atOnce = await sim.deliver(event, 3);
    const later = [...(await sim.deliver(event)), ...(await sim.deliver(event))];
    expect([...atOnce, ...later]).toEqual([200, 200, 200, 200, 200]);
    expect((await orderRow(order.orderNo)).status).toBe('paid');
    expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>paid']);
    const [{ n }] = (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id))) as [{ n: number }];
    expect(n).toBe(1);
    await shop.app.outbox.drain();
    const confirmations = mail.messages.filter((m) => m.subject === `Order ${order.orderNo} confirmed`);
    expect(confirmations).toHaveLength(1);
  });

  it('ends refunded when REFUNDED arrives before COMPLETED', async () => {
    const { order, paypalOrderId, capture: resource } = await capturedAtPaypalOnly();
    const sim = simulatorOf(shop);
    const client = new PaypalClient({ clientId: SIM_CLIENT_ID, clientSecret: SIM_CLIENT_SECRET, transport: simulatorTransport(sim), timeoutMs: 2000, clock: () => new Date() });
    const refund = await client.refundCapture(resource.id, 'refund-early');
    const refunded = sim.event('PAYMENT.CAPTURE.REFUNDED', { ...refund, custom_id: order.orderNo, links: [{ rel: 'up', href: `${sim.baseUrl}/v2/payments/captures/${resource.id}` }] });
    const completed = sim.event('PAYMENT.CAPTURE.COMPLETED', resource);
    expect(await sim.deliver(refunded)).toEqual([200]);
    expect(await sim.deliver(completed)).toEqual([200]);
    expect((await orderRow(order.orderNo)).status).toBe('refunded');
    expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>paid', 'paid>refunded']);
    expect((await paymentRow(order.orderNo)).status).toBe('refunded');
    // And the buyer's late capture call answers the truth.
    expect((await capture(shop, paypalOrderId, order.orderNo)).data).toEqual({ orderNo: order.orderNo, status: 'refunded', payment: 'REFUNDED' });
  });

  it('ends refunded when COMPLETED arrives before REFUNDED', async () => {
    const { order, capture: resource } = await capturedAtPaypalOnly();
    const sim = simulatorOf(shop);
    await sim.deliver(sim.event('PAYMENT.CAPTURE.COMPLETED', resource));
    await sim.deliver(sim.event('PAYMENT.CAPTURE.REFUNDED', { id: 'REFUND123456', status: 'COMPLETED', amount: resource.amount, custom_id: order.orderNo, links: [{ rel: 'up', href: `${sim.baseUrl}/v2/payments/captures/${resource.id}` }] }));
    expect((await orderRow(order.orderNo)).status).toBe('refunded');
    expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>paid', 'paid>refunded']);
  });

  it('ignores a capture event whose amount is not the order total', async () => {
    const { order, capture: resource } = await capturedAtPaypalOnly();
    const sim = simulatorOf(shop);
    await sim.deliver(sim.event('PAYMENT.CAPTURE.COMPLETED', { ...resource, amount: { currency_code: 'EUR', value: '0.01' } }));
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
  });

  it('delivers on its own when the simulator sends webhooks (as in development)', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const sim = simulatorOf(shop);
    sim.setSwitches({ autoWebhooks: true, nextCapture: 'PENDING' });
    const paypalOrderId = await createPaypalOrder(shop, order);
    sim.approve(paypalOrderId);
    await capture(shop, paypalOrderId, order.orderNo);
    sim.settlePendingCapture(sim.captureOf(paypalOrderId)!.id, 'COMPLETED');
    await sim.drain();
    expect((await orderRow(order.orderNo)).status).toBe('paid');
  });
});
