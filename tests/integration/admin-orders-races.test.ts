/**
 * Staff acting on one order at once (docs/back-office.md "Moves and refunds"): every move and
 * refund decides on the order as read under its lock, so of two conflicting calls exactly one
 * wins, PayPal pays back only what the winner needs, and the shopper hears of the winner's move
 * only. Also: an idempotency key reused for another refund is refused, and a cancelled order
 * gives its coupon use back.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../src/domain/back-office/orders.model.ts';
import type { OrderDetail } from '../../src/domain/orders.model.ts';
import { auditLog, couponRedemptions, coupons, orderItems, orderStatusEvents, payments, refunds } from '../../src/server/db/schema.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { orderRow as orderRowOf } from '../support/order-rows.ts';
import { staffAccount, type Staff } from './admin-support.ts';
import { call, type Answer, type TestShop } from './harness.ts';
import { guestOrder, makeCoupon, pay, plainLine, setStock, simulatorOf, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;

useOrderShop({ paypal: { ...loadConfig({}).paypal, timeoutMs: 1500 } }, {}, 50, (env) => ({ shop, mail, stock } = env));

let admin: Staff;
let owner: Staff;
let otherOwner: Staff;

beforeAll(async () => {
  // Each round buys a shirt: room for all of them.
  await setStock(shop, stock, 1000);
  [admin, owner, otherOwner] = await Promise.all([staffAccount(shop, 'R_CUSTOMER', 'R_ADMIN'), staffAccount(shop, 'R_CUSTOMER', 'R_SUPER'), staffAccount(shop, 'R_CUSTOMER', 'R_SUPER')]);
});

const move = (who: Staff, body: Record<string, unknown>) => call<OrderDetail>(shop.app, '/admin/orders/move', body, who.auth);
const refund = (who: Staff, body: Record<string, unknown>) => call<AdminOrderDetail>(shop.app, '/admin/orders/refund', body, who.auth);
let keys = 0;
const key = () => `race-refund-${Date.now()}-${++keys}`;
let buyers = 0;

/** A paid order of one plain shirt, bought by a shopper of its own (so its mail is told apart). */
async function paidOrder(extra: Record<string, unknown> = {}) {
  const email = `race.buyer.${++buyers}@example.com`;
  const placed = await guestOrder(shop, [plainLine(stock)], { email, ...extra });
  const paid = await pay(shop, placed.order);
  expect(paid.captured.data.status).toBe('paid');
  return { order: placed.order, email };
}

async function captureIdOf(orderNo: string): Promise<string> {
  const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, (await orderRowOf(shop, orderNo)).id));
  return payment!.captureId!;
}

/** What PayPal paid back of the order's capture. */
async function paidBack(orderNo: string): Promise<number> {
  return simulatorOf(shop).refundedOf(await captureIdOf(orderNo)) ?? 0;
}

async function moves(orderNo: string): Promise<string[]> {
  const events = await shop.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, (await orderRowOf(shop, orderNo)).id)).orderBy(orderStatusEvents.id);
  return events.map((e) => e.toStatus);
}

async function refundRows(orderNo: string) {
  return shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRowOf(shop, orderNo)).id)).orderBy(refunds.id);
}

async function auditActions(orderNo: string): Promise<string[]> {
  const rows = await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderNo)).orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

/** The mails that tell the shopper of a move or a refund (not the confirmation), by subject. */
function moveMails(email: string, orderNo: string): string[] {
  const told = [`Order ${orderNo} is in production`, `Order ${orderNo} has shipped`, `Order ${orderNo} was delivered`, `Order ${orderNo} was cancelled`, `Order ${orderNo} was refunded`, `Order ${orderNo} was partly refunded`];
  return mail.messages.filter((m) => m.to.includes(email) && told.includes(m.subject)).map((m) => m.subject);
}

/** Runs both calls at once; the first of the pair starts first in even rounds, the second in odd ones. */
async function atOnce<A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (round % 2 === 0) return Promise.all([a(), b()]);
  const [second, first] = await Promise.all([b(), a()]);
  return [first, second];
}

function codes(answers: Answer[]): string[] {
  return answers.map((a) => a.code);
}

/** Exactly one of the two answers is 0000 and the other a 1409; answers the index of the winner. */
function oneWinner(answers: [Answer, Answer], round: number): 0 | 1 {
  expect(codes(answers).sort(), `round ${round}: ${answers.map((a) => a.msg).join(' | ')}`).toEqual(['0000', '1409']);
  return answers[0].code === '0000' ? 0 : 1;
}

const ROUNDS = 20;

describe('two staff acting on one order at once', () => {
  it('ship vs cancel, both having loaded it as paid: one wins; PayPal pays back only for a cancellation; the shopper hears of the winner only', { timeout: 240_000 }, async () => {
    const rounds: { orderNo: string; email: string; winner: 'shipped' | 'cancelled' }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Some rounds have a slow PayPal, so the ship arrives while the cancellation's refund is under way.
      simulatorOf(shop).setSwitches({ slowMs: round % 4 === 3 ? 40 : 0 });
      const { order, email } = await paidOrder();
      const answers = await atOnce(
        round,
        () => move(admin, { orderNo: order.orderNo, to: 'shipped', from: 'paid', carrier: 'DHL Express', trackingNumber: `JD${String(round).padStart(6, '0')}` }),
        () => move(admin, { orderNo: order.orderNo, to: 'cancelled', from: 'paid' }),
      );
      const winner = oneWinner(answers, round) === 0 ? 'shipped' : 'cancelled';
      rounds.push({ orderNo: order.orderNo, email, winner });
      expect((await orderRowOf(shop, order.orderNo)).status, `round ${round}`).toBe(winner);
      expect(await moves(order.orderNo), `round ${round}`).toEqual(['pending_payment', 'paid', winner]);
      const refunded = await refundRows(order.orderNo);
      if (winner === 'cancelled') {
        expect(await paidBack(order.orderNo), `round ${round}`).toBe(order.total);
        expect(refunded.map((r) => [r.amount, r.status, r.closeAs])).toEqual([[order.total, 'completed', 'cancelled']]);
        expect(await auditActions(order.orderNo)).toEqual(['order.refund']);
      } else {
        expect(await paidBack(order.orderNo), `round ${round}`).toBe(0);
        expect(refunded).toEqual([]);
        expect(await auditActions(order.orderNo)).toEqual(['order.move']);
      }
    }
    simulatorOf(shop).setSwitches({ slowMs: 0 });
    await shop.app.outbox.drain();
    for (const { orderNo, email, winner } of rounds) {
      expect(moveMails(email, orderNo), orderNo).toEqual([winner === 'shipped' ? `Order ${orderNo} has shipped` : `Order ${orderNo} was cancelled`]);
    }
  });

  it('in production vs cancel, both from paid: the cancel is refused once the order moved on, and pays nothing back', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { order } = await paidOrder();
      const answers = await atOnce(
        round,
        () => move(admin, { orderNo: order.orderNo, to: 'processing', from: 'paid' }),
        () => move(admin, { orderNo: order.orderNo, to: 'cancelled', from: 'paid' }),
      );
      const winner = oneWinner(answers, round) === 0 ? 'processing' : 'cancelled';
      expect(await moves(order.orderNo), `round ${round}`).toEqual(['pending_payment', 'paid', winner]);
      expect(await paidBack(order.orderNo), `round ${round}`).toBe(winner === 'cancelled' ? order.total : 0);
    }
  });

  it('cancel vs refund of everything: one wins, PayPal pays back the capture once, the order ends where the winner put it', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { order, email } = await paidOrder();
      const answers = await atOnce(
        round,
        () => move(admin, { orderNo: order.orderNo, to: 'cancelled', from: 'paid' }),
        () => move(owner, { orderNo: order.orderNo, to: 'refunded', from: 'paid', reason: 'Lost parcel' }),
      );
      const winner = oneWinner(answers, round) === 0 ? 'cancelled' : 'refunded';
      expect(await moves(order.orderNo), `round ${round}`).toEqual(['pending_payment', 'paid', winner]);
      expect(await paidBack(order.orderNo), `round ${round}`).toBe(order.total);
      expect((await refundRows(order.orderNo)).map((r) => [r.amount, r.closeAs])).toEqual([[order.total, winner]]);
      await shop.app.outbox.drain();
      expect(moveMails(email, order.orderNo)).toEqual([winner === 'cancelled' ? `Order ${order.orderNo} was cancelled` : `Order ${order.orderNo} was refunded`]);
    }
  });

  it('cancel vs a refund by amount: together they never pay back more than the capture, and the order is cancelled exactly when the cancel succeeded', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { order } = await paidOrder();
      const [cancelled, partial] = await atOnce(
        round,
        () => move(admin, { orderNo: order.orderNo, to: 'cancelled', from: 'paid' }),
        () => refund(owner, { orderNo: order.orderNo, idempotencyKey: key(), amount: 300, reason: 'Goodwill' }),
      );
      const answered = `round ${round}: ${cancelled.msg} | ${partial.msg}`;
      // Both may succeed (the refund first, then the cancellation pays back the rest); never neither.
      expect(codes([cancelled, partial]), answered).toContain('0000');
      for (const answer of [cancelled, partial]) expect(['0000', '1409'], answered).toContain(answer.code);
      const rows = await refundRows(order.orderNo);
      expect(rows.map((r) => r.status), answered).toEqual(rows.map(() => 'completed'));
      expect(await paidBack(order.orderNo), answered).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
      if (cancelled.code === '0000') {
        expect((await orderRowOf(shop, order.orderNo)).status, answered).toBe('cancelled');
        expect(await paidBack(order.orderNo), answered).toBe(order.total);
        expect(rows.map((r) => r.amount), answered).toEqual(partial.code === '0000' ? [300, order.total - 300] : [order.total]);
      } else {
        expect(await moves(order.orderNo), answered).toEqual(['pending_payment', 'paid']);
        expect(rows.map((r) => r.amount), answered).toEqual([300]);
      }
    }
  });

  it('two refunds of everything that remains, by two staff: one pays, the other is refused', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { order } = await paidOrder();
      const answers = await atOnce(
        round,
        () => refund(owner, { orderNo: order.orderNo, idempotencyKey: key(), amount: order.total, reason: 'Refund everything' }),
        () => refund(otherOwner, { orderNo: order.orderNo, idempotencyKey: key(), amount: order.total, reason: 'Refund everything too' }),
      );
      oneWinner(answers, round);
      expect(await paidBack(order.orderNo), `round ${round}`).toBe(order.total);
      expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid', 'refunded']);
      expect((await refundRows(order.orderNo)).map((r) => r.status)).toEqual(['completed']);
    }
  });
});

describe('a cancellation PayPal pays out later', () => {
  it('refuses to ship, or to move into production, an order whose cancellation is under way; PayPal paying it out cancels the order', async () => {
    const { order, email } = await paidOrder();
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    const asked = await move(admin, { orderNo: order.orderNo, to: 'cancelled', from: 'paid' });
    expect(asked.code, asked.msg).toBe('0000');
    expect(asked.data.status).toBe('paid');
    const shipped = await move(admin, { orderNo: order.orderNo, to: 'shipped', from: 'paid', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped).toMatchObject({ code: '1409', msg: 'A refund of this order is under way at PayPal; try again once it has ended' });
    expect((await move(admin, { orderNo: order.orderNo, to: 'processing' })).code).toBe('1409');
    const zh = await call(shop.app, '/admin/orders/move', { orderNo: order.orderNo, to: 'processing' }, { headers: { ...admin.auth.headers, 'accept-language': 'zh-CN' } });
    expect(zh.msg).toBe('此订单有一笔退款正在 PayPal 处理中，请在处理结束后再试');
    expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid']);

    const [pending] = await refundRows(order.orderNo);
    simulatorOf(shop).settlePendingRefund(pending!.paypalRefundId!, 'COMPLETED');
    expect((await shop.app.payments.reconciler.run()).refunds).toBe(1);
    expect(await moves(order.orderNo)).toEqual(['pending_payment', 'paid', 'cancelled']);
    await shop.app.outbox.drain();
    expect(moveMails(email, order.orderNo)).toEqual([`Order ${order.orderNo} was cancelled`]);
  });

  it('refuses to cancel, or to refund everything, while another refund of the order is under way', async () => {
    const { order } = await paidOrder();
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    const partial = await refund(owner, { orderNo: order.orderNo, idempotencyKey: key(), amount: 200, reason: 'Goodwill' });
    expect(partial.data.refunds).toEqual([expect.objectContaining({ status: 'pending', amount: 200 })]);
    const cancelled = await move(admin, { orderNo: order.orderNo, to: 'cancelled', from: 'paid' });
    expect(cancelled).toMatchObject({ code: '1409', msg: 'A refund of this order is under way at PayPal; try again once it has ended' });
    expect((await move(owner, { orderNo: order.orderNo, to: 'refunded', reason: 'All of it' })).code).toBe('1409');
    expect((await refundRows(order.orderNo)).map((r) => r.amount)).toEqual([200]);
    // Shipping is fine: what is under way does not pay back everything.
    expect((await move(admin, { orderNo: order.orderNo, to: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456785' })).code).toBe('0000');
    expect(await paidBack(order.orderNo)).toBe(200);
  });
});

describe('idempotency keys of refunds', () => {
  it('answers the first refund for the same key and the same request, and a conflict for the same key with another amount or other lines', async () => {
    const { order } = await paidOrder();
    const first = await refund(owner, { orderNo: order.orderNo, idempotencyKey: 'same-key-amount', amount: 500, reason: 'Late' });
    expect(first.code, first.msg).toBe('0000');
    const again = await refund(owner, { orderNo: order.orderNo, idempotencyKey: 'same-key-amount', amount: 500, reason: 'Late' });
    expect(again.data.refunds).toEqual(first.data.refunds);
    const other = await refund(owner, { orderNo: order.orderNo, idempotencyKey: 'same-key-amount', amount: 700, reason: 'Late' });
    expect(other).toMatchObject({ code: '1409', msg: 'This idempotency key was used for another refund of this order (other lines or another amount); start a new refund to pay back something else' });
    const zh = await call(shop.app, '/admin/orders/refund', { orderNo: order.orderNo, idempotencyKey: 'same-key-amount', amount: 700, reason: 'Late' }, { headers: { ...owner.auth.headers, 'accept-language': 'zh-CN' } });
    expect(zh.msg).toBe('此幂等键已用于此订单的另一笔退款（不同的商品行或金额）；如需退还其他款项，请发起新的退款');

    const [line] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, (await orderRowOf(shop, order.orderNo)).id));
    const byLine = { orderNo: order.orderNo, idempotencyKey: 'same-key-lines', lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'Returned' };
    const second = await refund(owner, { ...byLine, amount: 100 });
    expect(second.code, second.msg).toBe('0000');
    expect((await refund(owner, { ...byLine, amount: 100 })).code).toBe('0000');
    expect((await refund(owner, { ...byLine, amount: 101 })).code).toBe('1409');
    expect((await refund(owner, { ...byLine, amount: undefined })).code).toBe('1409');
    expect((await refund(owner, { ...byLine, lines: [], amount: 100 })).code).toBe('1409');
    expect((await refund(owner, { orderNo: order.orderNo, idempotencyKey: 'same-key-amount', lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'Late' })).code).toBe('1409');
    expect(await paidBack(order.orderNo)).toBe(600);
    expect(await refundRows(order.orderNo)).toHaveLength(2);
  });

  it("refuses a refund call with the keys the shop's own moves and PayPal's dashboard use", async () => {
    const { order } = await paidOrder();
    for (const idempotencyKey of ['move-cancelled', 'move-refunded', 'paypal:5TY05013RG002845M']) {
      const answer = await refund(owner, { orderNo: order.orderNo, idempotencyKey, amount: 100, reason: 'Reserved key' });
      expect(answer.code, idempotencyKey).toBe('1001');
    }
    expect(await refundRows(order.orderNo)).toEqual([]);
    expect((await move(admin, { orderNo: order.orderNo, to: 'cancelled' })).data.status).toBe('cancelled');
  });
});

describe('coupon uses of cancelled orders', () => {
  async function couponState(code: string) {
    const [coupon] = await shop.database.db.select().from(coupons).where(eq(coupons.code, code));
    const uses = await shop.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id));
    return { usedCount: coupon!.usedCount, orderIds: uses.map((u) => u.orderId) };
  }

  it('gives the use back when a paid order is cancelled, so the shopper can use the code again', async () => {
    const code = await makeCoupon(shop, { kind: 'percent', percent: 10, usageLimit: 1, perCustomerLimit: 1 });
    const { order, email } = await paidOrder({ couponCode: code });
    expect((await couponState(code)).usedCount).toBe(1);
    const cancelled = await move(admin, { orderNo: order.orderNo, to: 'cancelled', from: 'paid' });
    expect(cancelled.data.status).toBe('cancelled');
    expect(await couponState(code)).toEqual({ usedCount: 0, orderIds: [] });
    const again = await guestOrder(shop, [plainLine(stock)], { couponCode: code, email });
    expect(again.order.orderNo).toBeTruthy();
    expect(await couponState(code)).toEqual({ usedCount: 1, orderIds: [(await orderRowOf(shop, again.order.orderNo)).id] });
  });

  it('gives the use back when a cancellation PayPal paid out later completes, not before', async () => {
    const code = await makeCoupon(shop, { kind: 'percent', percent: 10, usageLimit: 1 });
    const { order } = await paidOrder({ couponCode: code });
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    await move(admin, { orderNo: order.orderNo, to: 'cancelled' });
    expect((await couponState(code)).usedCount).toBe(1);
    const [pending] = await refundRows(order.orderNo);
    simulatorOf(shop).settlePendingRefund(pending!.paypalRefundId!, 'COMPLETED');
    await shop.app.payments.reconciler.run();
    expect((await orderRowOf(shop, order.orderNo)).status).toBe('cancelled');
    expect(await couponState(code)).toEqual({ usedCount: 0, orderIds: [] });
  });

  it('gives the use back when staff cancel an unpaid order', async () => {
    const code = await makeCoupon(shop, { kind: 'percent', percent: 10, usageLimit: 1 });
    const { order } = await guestOrder(shop, [plainLine(stock)], { couponCode: code });
    expect((await move(admin, { orderNo: order.orderNo, to: 'cancelled' })).data.status).toBe('cancelled');
    expect(await couponState(code)).toEqual({ usedCount: 0, orderIds: [] });
  });

  it('keeps the use of a refunded order: the order happened', async () => {
    const code = await makeCoupon(shop, { kind: 'percent', percent: 10, usageLimit: 1 });
    const { order } = await paidOrder({ couponCode: code });
    expect((await move(owner, { orderNo: order.orderNo, to: 'refunded', reason: 'Lost parcel' })).data.status).toBe('refunded');
    const row = await orderRowOf(shop, order.orderNo);
    expect(await couponState(code)).toEqual({ usedCount: 1, orderIds: [row.id] });
    const used = await shop.database.db.select().from(couponRedemptions).where(and(eq(couponRedemptions.orderId, row.id)));
    expect(used).toHaveLength(1);
  });
});
