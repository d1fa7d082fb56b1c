/**
 * Refunds of returned goods ask whether to restock each line (issue 30; docs/back-office.md
 * "Refunds"): on a delivered order nothing goes back in stock by itself; a line refunded with
 * `restock` goes back when the refund completes, in that transaction, with the audit row saying
 * so. Refused with nothing changed: restocking a printed line, or more units of a line than have
 * not gone back already (by an earlier refund, or by a return received with restock).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import type { AdminOrderDetail } from '../../src/domain/back-office/orders.model.ts';
import { auditLog, orderItems, refunds } from '../../src/server/db/schema.ts';
import { orderRow } from '../support/order-rows.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { call, type TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine, printedLine, setStock, stockOf, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let stock: Stock;
let other: Stock;

useOrderShop({}, {}, 20, (env) => ({ shop, stock } = env));

let owner: Staff;
beforeAll(async () => {
  owner = await staffAccount(shop, 'R_SUPER');
  other = await findStock(shop, 20, 1);
  await setStock(shop, stock, 100);
  await setStock(shop, other, 100);
});

const move = (body: Record<string, unknown>) => call(shop.app, '/admin/orders/move', body, owner.auth);
const refund = (body: Record<string, unknown>) => callEntry<AdminOrderDetail>(shop, adminOrdersApi.refund, body, owner);
let keys = 0;
const key = () => `restock-test-${Date.now()}-${++keys}`;

/** A paid guest order of a plain line of 3 and a printed line, shipped and delivered. */
async function deliveredOrder() {
  const placed = await guestOrder(shop, [plainLine(stock, 3), printedLine(other, 1)]);
  expect((await pay(shop, placed.order)).captured.data.status).toBe('paid');
  const { orderNo } = placed.order;
  for (const to of ['processing', 'shipped', 'delivered']) {
    const moved = await move({ orderNo, to, ...(to === 'shipped' ? { carrier: 'DHL Express', trackingNumber: 'JD0146000077' } : {}) });
    expect(moved.code, moved.msg).toBe('0000');
  }
  const row = await orderRow(shop, orderNo);
  const items = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(orderItems.id);
  const plain = items.find((i) => !i.personalised)!;
  const printed = items.find((i) => i.personalised)!;
  return { orderNo, token: placed.order.accessToken, row, plain, printed };
}

describe('restocking returned lines with their refund', () => {
  it('a delivered plain line refunded with restock goes back in stock, audited; without it, it stays out', async () => {
    const o = await deliveredOrder();
    const start = await stockOf(shop, stock);

    // Refunded without restock: a delivered shirt stays where it is.
    const kept = await refund({ orderNo: o.orderNo, idempotencyKey: key(), lines: [{ orderItemId: o.plain.id, quantity: 1 }], reason: 'Kept by the buyer' });
    expect(kept.code, kept.msg).toBe('0000');
    expect(await stockOf(shop, stock)).toBe(start);

    const back = await refund({ orderNo: o.orderNo, idempotencyKey: key(), lines: [{ orderItemId: o.plain.id, quantity: 2, restock: true }], reason: 'Returned unworn' });
    expect(back.code, back.msg).toBe('0000');
    expect(await stockOf(shop, stock)).toBe(start + 2);
    expect(back.data.refunds.at(-1)).toMatchObject({ status: 'completed', restocked: true, lines: [{ orderItemId: o.plain.id, quantity: 2, restock: true }] });
    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, o.orderNo))).orderBy(auditLog.id).then((rows) => rows.slice(-1));
    expect(audit!.after).toMatchObject({ refundStatus: 'completed', restocked: true, lines: [{ orderItemId: o.plain.id, quantity: 2, restock: true }] });
  });

  it('refuses restocking a printed line, with a clear error in both languages, and changes nothing', async () => {
    const o = await deliveredOrder();
    const before = await stockOf(shop, other);
    const body = { orderNo: o.orderNo, idempotencyKey: key(), lines: [{ orderItemId: o.printed.id, quantity: 1, restock: true }], reason: 'Misprint', override: true };
    const answer = await refund(body);
    expect(answer).toMatchObject({ status: 409, code: '1409', msg: `Line ${o.printed.id} is printed for its buyer: it never goes back in stock` });
    const zh = await callEntry(shop, adminOrdersApi.refund, { ...body, idempotencyKey: key() }, owner, { 'accept-language': 'zh-CN' });
    expect(zh.msg).toBe(`第 ${o.printed.id} 行已为买家印制，不能放回库存`);
    expect(await shop.database.db.select().from(refunds).where(eq(refunds.orderId, o.row.id))).toHaveLength(0);
    expect(await stockOf(shop, other)).toBe(before);
    // Refunded without restock (the override for a printed line), it goes through.
    expect((await refund({ ...body, idempotencyKey: key(), lines: [{ orderItemId: o.printed.id, quantity: 1 }] })).code).toBe('0000');
    expect(await stockOf(shop, other)).toBe(before);
  });

  it('never restocks a unit twice: units a return received back in stock, or an earlier refund restocked, are refused', async () => {
    const o = await deliveredOrder();
    // The buyer returns 2 of the 3; staff receive them back into stock on the Returns screen.
    const made = await call<{ returnNo: string }>(shop.app, '/orders/returns/create', { orderNo: o.orderNo, token: o.token, kind: 'return', description: 'Too big', lines: [{ orderItemId: o.plain.id, quantity: 2 }] });
    expect(made.code, made.msg).toBe('0000');
    const returnNo = made.data.returnNo;
    expect((await call(shop.app, '/admin/returns/approve', { returnNo, instructions: 'Post them back' }, owner.auth)).code).toBe('0000');
    const start = await stockOf(shop, stock);
    expect((await call(shop.app, '/admin/returns/receive', { returnNo, restock: [{ orderItemId: o.plain.id, restock: true }] }, owner.auth)).code).toBe('0000');
    expect(await stockOf(shop, stock)).toBe(start + 2);

    // One unit of the line is still out: asking 2 back is refused, nothing paid.
    const tooMany = await refund({ orderNo: o.orderNo, idempotencyKey: key(), lines: [{ orderItemId: o.plain.id, quantity: 2, restock: true }], reason: 'Returned' });
    expect(tooMany).toMatchObject({ code: '1409', msg: `Only 1 of line ${o.plain.id} can go back in stock: the rest went back already` });
    expect(await shop.database.db.select().from(refunds).where(eq(refunds.orderId, o.row.id))).toHaveLength(0);
    const one = await refund({ orderNo: o.orderNo, idempotencyKey: key(), lines: [{ orderItemId: o.plain.id, quantity: 1, restock: true }], reason: 'The third came back' });
    expect(one.code, one.msg).toBe('0000');
    expect(await stockOf(shop, stock)).toBe(start + 3);
    // All three are back: a further restock of the line (the two the return refunds) is refused.
    const again = await refund({ orderNo: o.orderNo, idempotencyKey: key(), lines: [{ orderItemId: o.plain.id, quantity: 1, restock: true }], reason: 'Twice?' });
    expect(again).toMatchObject({ code: '1409', msg: `Only 0 of line ${o.plain.id} can go back in stock: the rest went back already` });
    expect(await stockOf(shop, stock)).toBe(start + 3);
  });

  it('the same key again with restock asked differently is another request: refused', async () => {
    const o = await deliveredOrder();
    const body = { orderNo: o.orderNo, idempotencyKey: key(), lines: [{ orderItemId: o.plain.id, quantity: 1, restock: true }], reason: 'Returned' };
    expect((await refund(body)).code).toBe('0000');
    expect((await refund(body)).code).toBe('0000');
    expect((await refund({ ...body, lines: [{ orderItemId: o.plain.id, quantity: 1 }] })).code).toBe('1409');
    expect(await shop.database.db.select().from(refunds).where(eq(refunds.orderId, o.row.id))).toHaveLength(1);
  });
});
