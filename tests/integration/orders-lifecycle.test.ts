/**
 * After the order is placed: the reconciler (a process killed between capture and commit, orders
 * left unpaid), the order pages and who may read them (docs/accounts-and-security.md,
 * threats 10, 13), tracking, the back office's moves with their mails, the profile's "update
 * the email on unpaid orders", and a shutdown under load (docs/checkout-and-payments.md, threat 32).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrder } from '../../src/domain/checkout.model.ts';
import type { OrderDetail, TrackingAnswer } from '../../src/domain/orders.model.ts';
import { coupons, orderItems, orderStatusEvents, orders, payments, users } from '../../src/server/db/schema.ts';
import { listen } from '../../src/server/main.ts';
import { PaypalClient } from '../../src/server/modules/payments/paypal-client.ts';
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET } from '../../src/server/config.ts';
import { simulatorTransport } from '../../src/server/modules/payments/simulator.ts';
import { call, createTestShop, newIp, signUp, testClock, type TestAccount, type TestShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import {
  capture,
  createPaypalOrder,
  findStock,
  guestOrder,
  headersFor,
  makeCoupon,
  orderDetail,
  pay,
  placeOrder,
  plainLine,
  printedLine,
  simulatorOf,
  stockOf,
  ukAddress,
  useOrderShop,
  type Stock,
} from './orders-support.ts';
import { orderRow as orderRowOf } from '../support/order-rows.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;
const clock = testClock();

useOrderShop({}, { clock: clock.now }, 50, (env) => ({ shop, mail, stock } = env));

const orderRow = (orderNo: string) => orderRowOf(shop, orderNo);

async function statusMoves(orderNo: string) {
  const row = await orderRow(orderNo);
  return (await shop.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row.id)).orderBy(orderStatusEvents.id)).map((e) => `${e.fromStatus ?? ''}>${e.toStatus}`);
}

function paypalClient() {
  return new PaypalClient({ clientId: SIM_CLIENT_ID, clientSecret: SIM_CLIENT_SECRET, transport: simulatorTransport(simulatorOf(shop)), timeoutMs: 2000, clock: () => new Date() });
}

/** Runs the reconciler after the current time passes every unpaid order's deadline. */
async function afterTimeout() {
  clock.advance(31 * 60_000);
  return shop.app.payments.reconciler.run();
}

describe('the reconciler (items 28, 31)', () => {
  it('settles exactly once an order captured at PayPal whose process died before committing', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)], { email: 'crash@example.com' });
    const paypalOrderId = await createPaypalOrder(shop, order);
    simulatorOf(shop).approve(paypalOrderId);
    // The capture reached PayPal, and the process was killed before it wrote anything.
    await paypalClient().captureOrder(paypalOrderId, `${order.orderNo}-capture-1`);
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');

    // After the restart, the reconciler runs (twice here: at start and on its timer).
    const first = await shop.app.payments.reconciler.run();
    const second = await shop.app.payments.reconciler.run();
    expect(first.settled).toBe(1);
    expect(second.settled).toBe(0);
    expect((await orderRow(order.orderNo)).status).toBe('paid');
    expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>paid']);
    // The buyer's browser comes back and captures: one capture at PayPal, nothing changes.
    expect((await capture(shop, paypalOrderId, order.orderNo)).data.status).toBe('paid');
    expect(simulatorOf(shop).captureOf(paypalOrderId)).not.toBeNull();
    await shop.app.outbox.drain();
    expect(mail.messages.filter((m) => m.subject === `Order ${order.orderNo} confirmed`)).toHaveLength(1);
  });

  it('captures an order the buyer approved but never came back for', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    simulatorOf(shop).approve(paypalOrderId);
    const report = await shop.app.payments.reconciler.run();
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderNo)).status).toBe('paid');
  });

  it('cancels unpaid orders past the time limit and releases their stock and coupon use', async () => {
    const code = await makeCoupon(shop, { kind: 'percent', percent: 5, usageLimit: 1 });
    const before = await stockOf(shop, stock);
    const withoutPaypal = await guestOrder(shop, [plainLine(stock, 2)], { couponCode: code });
    const neverApproved = await guestOrder(shop, [plainLine(stock, 1)]);
    await createPaypalOrder(shop, neverApproved.order);
    expect(await stockOf(shop, stock)).toBe(before - 3);
    const [used] = await shop.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(used!.usedCount).toBe(1);

    // Before the deadline nothing happens.
    await shop.app.payments.reconciler.run();
    expect((await orderRow(withoutPaypal.order.orderNo)).status).toBe('pending_payment');

    const report = await afterTimeout();
    expect(report.cancelled).toBeGreaterThanOrEqual(2);
    for (const { order } of [withoutPaypal, neverApproved]) {
      const row = await orderRow(order.orderNo);
      expect(row).toMatchObject({ status: 'cancelled', stockReleased: true });
      expect(await statusMoves(order.orderNo)).toEqual(['>pending_payment', 'pending_payment>cancelled']);
    }
    expect(await stockOf(shop, stock)).toBe(before);
    const [released] = await shop.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(released!.usedCount).toBe(0);
    // The coupon can be used again, and the cancelled order can no longer be paid.
    await guestOrder(shop, [plainLine(stock)], { couponCode: code });
    const late = await call(shop.app, '/demo/paypal/createOrder', { orderNo: neverApproved.order.orderNo, token: neverApproved.order.accessToken });
    expect(late).toMatchObject({ code: '1402', data: { reason: 'ORDER_CANCELLED', retry: false } });
  });

  it('leaves an order alone while PayPal reviews its pending capture', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    simulatorOf(shop).approve(paypalOrderId);
    simulatorOf(shop).setSwitches({ nextCapture: 'PENDING' });
    await capture(shop, paypalOrderId, order.orderNo);
    await afterTimeout();
    expect((await orderRow(order.orderNo)).status).toBe('pending_payment');
    // PayPal completes it later; the next pass settles it.
    simulatorOf(shop).settlePendingCapture(simulatorOf(shop).captureOf(paypalOrderId)!.id, 'COMPLETED');
    await shop.app.payments.reconciler.run();
    expect((await orderRow(order.orderNo)).status).toBe('paid');
  });
});

describe('order pages and who may read them (items 10, 13)', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let memberOrder: PlacedOrder;

  beforeAll(async () => {
    owner = await signUp(shop.app, { firstName: 'Grace' });
    stranger = await signUp(shop.app);
    const cart = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [printedLine(stock, 1, 'HOPPER', '1')], owner.auth);
    const placed = await placeOrder(shop, { auth: owner.auth }, { source: { type: 'cart', cartItemIds: cart.data.ids }, currency: 'GBP', address: ukAddress, shippingMethod: 'express', acceptPersonalisedTerms: true });
    memberOrder = placed.data;
    await pay(shop, memberOrder);
  });

  it('shows the owner the whole order: lines with personalisation, amounts, address, timeline, payment', async () => {
    const answer = await orderDetail(shop, memberOrder.orderNo, { auth: owner.auth });
    expect(answer.code, answer.msg).toBe('0000');
    const detail = answer.data as OrderDetail;
    expect(detail).toMatchObject({ orderNo: memberOrder.orderNo, status: 'paid', email: owner.email, personalised: true, shippingMethod: 'express', payable: false, payBefore: null });
    expect(detail.amounts).toMatchObject({ currency: 'GBP', total: memberOrder.total });
    expect(detail.amounts.rate).toBeCloseTo(79 / 92, 6);
    expect(detail.lines[0]).toMatchObject({ customName: 'HOPPER', customNumber: '1', personalised: true, customType: 3 });
    expect(detail.shippingAddress).toMatchObject({ firstName: 'Ada', country: 'GB', countryName: 'United Kingdom' });
    expect(detail.timeline.map((e) => e.to)).toEqual(['pending_payment', 'paid']);
    expect(detail.payment).toEqual({ provider: 'paypal', status: 'captured', payerName: 'Sam Buyer' });
    const items = await call(shop.app, '/demo/ironOrderItem/queryList', { orderNo: memberOrder.orderNo }, owner.auth);
    expect(items.data).toMatchObject({ total: 1, records: [{ customName: 'HOPPER' }] });
  });

  it('answers not found to another user, a wrong token, no token, and made-up numbers', async () => {
    expect((await orderDetail(shop, memberOrder.orderNo, { auth: stranger.auth })).code).toBe('1404');
    expect((await orderDetail(shop, memberOrder.orderNo)).code).toBe('1404');
    expect((await orderDetail(shop, memberOrder.orderNo, { token: 'A'.repeat(43) })).code).toBe('1404');
    expect((await call(shop.app, '/demo/ironOrderItem/queryList', { orderNo: memberOrder.orderNo }, stranger.auth)).code).toBe('1404');
    // Walking numbers finds nothing: they are random, and a wrong one is "not found".
    for (const guess of ['JS-22222-22222', 'JS-22222-22223', 'JS-ZZZZZ-ZZZZZ']) expect((await orderDetail(shop, guess, { auth: stranger.auth })).code).toBe('1404');
    expect((await orderDetail(shop, 'JS-OOOOO-00000')).msg).toContain('This is not an order number');
  });

  it("lets a guest read their order with the success page's token, typed in any spacing", async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const answer = await orderDetail(shop, order.orderNo.toLowerCase().replace(/-/g, ' '), { token: order.accessToken });
    expect(answer.code).toBe('0000');
    expect(answer.data).toMatchObject({ orderNo: order.orderNo, status: 'pending_payment', payable: true });
  });

  it("lists the account's orders, newest first; a new account has none", async () => {
    const list = await call(shop.app, '/demo/ironOrder/queryList', {}, owner.auth);
    expect(list.data.total).toBe(1);
    expect(list.data.records[0]).toMatchObject({ orderNo: memberOrder.orderNo, status: 'paid', currency: 'GBP', itemCount: 1 });
    expect(list.data.records[0].preview[0].name).toBeTruthy();
    expect((await call(shop.app, '/demo/ironOrder/queryList', {}, stranger.auth)).data).toMatchObject({ total: 0, records: [] });
    expect((await call(shop.app, '/demo/ironOrder/queryList', {})).code).toBe('8888');
  });

  it("mails a member the order page's link, not a token", async () => {
    const confirmation = await mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes(memberOrder.orderNo));
    expect(confirmation.text).toContain(`/en-US/order-detail/${memberOrder.orderNo}`);
    expect(confirmation.text).not.toContain('token=');
  });

  it('shows recent purchases of a product with an initial, country, size and date only', async () => {
    const answer = await call(shop.app, '/demo/ironOrder/queryOrderByProductId', { productId: stock.productId });
    expect(answer.code).toBe('0000');
    expect(answer.data.total).toBeGreaterThan(0);
    for (const record of answer.data.records) expect(Object.keys(record).sort()).toEqual(['buyer', 'country', 'date', 'size']);
    expect(answer.data.records[0]).toMatchObject({ buyer: 'A.', country: 'GB' });
    const text = JSON.stringify(answer.data);
    for (const personal of [owner.email, 'Lovelace', ukAddress.address, ukAddress.phone, 'Ada']) expect(text).not.toContain(personal);
  });
});

describe('the back office and tracking', () => {
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signUp(shop.app);
    customer = await signUp(shop.app);
    await shop.database.db.update(users).set({ roles: ['R_CUSTOMER', 'R_ADMIN'] }).where(eq(users.id, admin.userId));
  });

  const move = (account: TestAccount, body: Record<string, unknown>) => call<OrderDetail>(shop.app, '/admin/orders/move', body, account.auth);

  it('refuses customers and anonymous callers', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    expect((await move(customer, { orderNo: order.orderNo, to: 'processing' })).code).toBe('1403');
    expect((await call(shop.app, '/admin/orders/move', { orderNo: order.orderNo, to: 'processing' })).code).toBe('8888');
  });

  it('ships with a tracking number, mails the buyer, and tracking shows status and shipping events only', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock)], { email: 'ship.me@example.com' });
    await pay(shop, order);
    expect((await move(admin, { orderNo: order.orderNo, to: 'processing' })).data.status).toBe('processing');
    const noTracking = await move(admin, { orderNo: order.orderNo, to: 'shipped' });
    expect(noTracking.code).toBe('1001');
    const shipped = await move(admin, { orderNo: order.orderNo, to: 'shipped', carrier: 'DHL', trackingNumber: 'JD0146000033' });
    expect(shipped.code, shipped.msg).toBe('0000');
    expect(shipped.data.shipments).toEqual([expect.objectContaining({ carrier: 'DHL', trackingNumber: 'JD0146000033' })]);
    const notice = await mail.waitFor((m) => m.to.includes('ship.me@example.com') && m.subject.includes('shipped'));
    expect(notice.text).toContain('JD0146000033');
    expect(notice.text).toContain(`order-success/${order.orderNo}?token=${order.accessToken}`);

    await call(shop.app, '/admin/orders/shipmentEvent', { orderNo: order.orderNo, status: 'in_transit', description: 'Arrived at the sorting centre', location: 'Leipzig' }, admin.auth);
    expect((await move(admin, { orderNo: order.orderNo, to: 'delivered' })).data.status).toBe('delivered');
    const tracking = await call<TrackingAnswer>(shop.app, '/demo/ironOrder/track', { orderNo: order.orderNo });
    expect(tracking.code).toBe('0000');
    expect(Object.keys(tracking.data).sort()).toEqual(['orderNo', 'shipments', 'status', 'timeline']);
    expect(tracking.data.status).toBe('delivered');
    expect(tracking.data.timeline.map((t) => t.status)).toEqual(['pending_payment', 'paid', 'processing', 'shipped', 'delivered']);
    expect(tracking.data.shipments[0]!.events.map((e) => e.status)).toEqual(['shipped', 'in_transit', 'delivered']);
    const text = JSON.stringify(tracking.data);
    for (const personal of ['ship.me@example.com', 'Ada', 'Lovelace', ukAddress.address, ukAddress.phone, 'London']) expect(text).not.toContain(personal);
    expect((await call(shop.app, '/demo/ironOrder/track', { orderNo: '' })).msg).toContain('Please enter order number');
    expect((await call(shop.app, '/demo/ironOrder/track', { orderNo: 'JS-22222-22222' })).code).toBe('1404');
  });

  // Refunds, cancellations, overrides, races and audit rows: admin-orders-flow.test.ts and admin-orders-races.test.ts.
});

describe('the profile option "update the email on unpaid orders"', () => {
  it('moves unpaid orders to the new email when chosen, and leaves paid ones as they were', async () => {
    const account = await signUp(shop.app);
    const lines = async () => (await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], account.auth)).data.ids;
    const body = async () => ({ source: { type: 'cart', cartItemIds: await lines() }, currency: 'EUR', address: ukAddress, shippingMethod: 'standard' });
    const unpaid = (await placeOrder(shop, { auth: account.auth }, await body())).data;
    const paid = (await placeOrder(shop, { auth: account.auth }, await body())).data;
    await pay(shop, paid);
    const newEmail = `moved.${randomUUID().slice(0, 8)}@example.com`;
    const profile = { email: newEmail, firstName: 'Ada', lastName: 'Lovelace', birthday: { day: 1, month: 2, year: 1990 }, updateOrderEmail: true, currentPassword: account.password };
    const saved = await call(shop.app, '/demo/ironUser/updateUser', profile, { ...account.auth, ip: newIp() });
    expect(saved.code, saved.msg).toBe('0000');
    expect((await orderRow(unpaid.orderNo)).email).toBe(newEmail);
    expect((await orderRow(paid.orderNo)).email).toBe(account.email);
  });

  it('leaves unpaid orders alone when not chosen', async () => {
    const account = await signUp(shop.app);
    const ids = (await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], account.auth)).data.ids;
    const unpaid = (await placeOrder(shop, { auth: account.auth }, { source: { type: 'cart', cartItemIds: ids }, currency: 'EUR', address: ukAddress, shippingMethod: 'standard' })).data;
    const profile = { email: `kept.${randomUUID().slice(0, 8)}@example.com`, firstName: 'Ada', lastName: 'Lovelace', birthday: { day: 1, month: 2, year: 1990 }, updateOrderEmail: false, currentPassword: account.password };
    expect((await call(shop.app, '/demo/ironUser/updateUser', profile, { ...account.auth, ip: newIp() })).code).toBe('0000');
    expect((await orderRow(unpaid.orderNo)).email).toBe(account.email);
  });
});

describe('shutdown under load (item 32)', () => {
  it('finishes the order requests in flight, refuses new ones cleanly, and leaves no half order', async () => {
    const local = await createTestShop({ reconcileIntervalMs: 0 });
    const realClose = local.database.close.bind(local.database);
    // Keep the database open after the stop, to inspect what was written.
    local.database.close = async () => {};
    try {
      const target = await findStock(local, 60);
      const before = await stockOf(local, target);
      const running = await listen(local.app, local.database, { host: '127.0.0.1', port: 0, graceMs: 20_000 });
      const send = async (i: number) => {
        const visitorId = randomUUID().replace(/-/g, '');
        try {
          const response = await fetch(`${running.url}/api/demo/checkout/placeOrder`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headersFor({ visitorId }).headers },
            body: JSON.stringify({ source: { type: 'buyNow', item: plainLine(target, 1) }, currency: 'EUR', email: `load${i}@example.com`, address: ukAddress, shippingMethod: 'standard' }),
          });
          // Every answer is the envelope, a 1503 while closing too (never Fastify's own 503 body).
          const body = (await response.json().catch(() => ({}))) as { code?: string };
          return { status: response.status, code: body.code ?? 'no envelope' };
        } catch (error) {
          // A new connection refused is retried elsewhere by a balancer; a reset request is lost.
          const cause = (error as { cause?: { code?: string } }).cause?.code;
          return { status: 0, code: cause === 'ECONNREFUSED' ? 'refused' : `failed: ${cause ?? String(error)}` };
        }
      };
      let received = 0;
      local.app.server.on('request', () => received++);
      const first = Array.from({ length: 15 }, (_, i) => send(i));
      // Stop once the server is working on most of them.
      while (received < 10) await new Promise((resolve) => setTimeout(resolve, 2));
      const stopping = running.stop();
      const late = Array.from({ length: 5 }, (_, i) => send(100 + i));
      const answers = await Promise.all([...first, ...late]);
      await stopping;
      // Every answer is a placed order or a clean refusal, never a server error.
      for (const answer of answers) expect(['0000', '1503', 'refused']).toContain(answer.code);
      expect(answers.filter((a) => a.code === '0000').length).toBeGreaterThanOrEqual(10);

      const db = local.database.db;
      const all = await db.select().from(orders);
      expect(all.length).toBe(answers.filter((a) => a.code === '0000').length);
      for (const order of all) {
        const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
        const events = await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id));
        expect(items.reduce((sum, item) => sum + item.lineTotal, 0)).toBe(order.itemsTotal);
        expect(payment).toBeDefined();
        expect(events.map((e) => e.toStatus)).toEqual(['pending_payment']);
      }
      const [{ sold }] = (await db.select({ sold: sql<number>`coalesce(sum(quantity), 0)::int` }).from(orderItems)) as [{ sold: number }];
      expect(await stockOf(local, target)).toBe(before - sold);
    } finally {
      await realClose();
      await local.close().catch(() => undefined);
    }
  });
});
