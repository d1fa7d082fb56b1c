/**
 * Parcels (docs/back-office.md "Shipments"): part of an order shipped, the partially_shipped state
 * and its moves, two staff shipping the same lines at once, the whole-order move after parcels,
 * bulk ship from a CSV (dry run, then the good rows), a parcel's tracking corrected and mailed
 * once, and the packing slips and labels read back as text.
 */
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, TrackingAnswer } from '../../src/domain/orders.model.ts';
import type { ShipCsvAnswer } from '../../src/domain/shipments.model.ts';
import { auditLog, orderItems, shipmentItems, shipments, users } from '../../src/server/db/schema.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { orderRow as orderRowOf } from '../support/order-rows.ts';
import { call, signUp, type TestAccount, type TestShop } from './harness.ts';
import { guestCart, guestOrder, headersFor, pay, plainLine, printedLine, ukAddress, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;

useOrderShop({}, {}, 50, (env) => ({ shop, mail, stock } = env));

let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  [admin, customer] = await Promise.all([signUp(shop.app, { firstName: 'Ann' }), signUp(shop.app)]);
  await shop.database.db.update(users).set({ roles: ['R_CUSTOMER', 'R_ADMIN'] }).where(eq(users.id, admin.userId));
});

const orderRow = (orderNo: string) => orderRowOf(shop, orderNo);
const ship = (body: Record<string, unknown>, account: TestAccount | null = admin) => call<OrderDetail>(shop.app, '/admin/orders/shipParcel', body, account?.auth ?? {});
const correct = (body: Record<string, unknown>) => call<OrderDetail>(shop.app, '/admin/orders/correctShipment', body, admin.auth);
const bulk = (csv: string, apply: boolean) => call<ShipCsvAnswer>(shop.app, '/admin/orders/bulkShip', { csv, apply }, admin.auth);
const move = (body: Record<string, unknown>) => call<OrderDetail>(shop.app, '/admin/orders/move', body, admin.auth);
const track = (orderNo: string) => call<TrackingAnswer>(shop.app, '/demo/ironOrder/track', { orderNo });

async function paidOrder(lines: Record<string, unknown>[], email = 'parcel@example.com') {
  const placed = await guestOrder(shop, lines, { email });
  expect((await pay(shop, placed.order)).captured.data.status).toBe('paid');
  return placed.order;
}

async function zhOrder(lines: Record<string, unknown>[], email: string) {
  const cart = await guestCart(shop, lines);
  const placed = await call<{ orderNo: string; accessToken: string }>(
    shop.app,
    '/demo/checkout/placeOrder',
    { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', email, address: ukAddress, shippingMethod: 'standard', acceptPersonalisedTerms: true },
    { headers: { ...headersFor({ visitorId: cart.visitorId }).headers, 'accept-language': 'zh-CN' } },
  );
  expect(placed.code, placed.msg).toBe('0000');
  await pay(shop, placed.data);
  return placed.data;
}

async function itemsOf(orderNo: string) {
  return shop.database.db.select({ id: orderItems.id, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, (await orderRow(orderNo)).id)).orderBy(orderItems.id);
}

async function parcelRows(orderNo: string) {
  const id = (await orderRow(orderNo)).id;
  const rows = await shop.database.db.select({ shipmentId: shipmentItems.shipmentId, orderItemId: shipmentItems.orderItemId, quantity: shipmentItems.quantity }).from(shipmentItems).innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId)).where(eq(shipments.orderId, id));
  return rows;
}

const auditOf = (orderNo: string, action: string) => shop.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderNo), eq(auditLog.action, action)));
const mailsTo = (email: string) => mail.messages.filter((m) => m.to.includes(email));

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe('shipping part of an order', () => {
  it('ships picked lines as a parcel: partially shipped, then shipped when every line is in a parcel; mailed and audited per parcel; tracking lists each parcel', async () => {
    const email = 'split@example.com';
    const order = await paidOrder([plainLine(stock, 3), printedLine(stock, 1, 'JONES', '9')], email);
    const [shirts, printed] = await itemsOf(order.orderNo);
    const first = await ship({ orderNo: order.orderNo, carrier: 'DHL', trackingNumber: 'JD0001000001', lines: [{ orderItemId: shirts!.id, quantity: 2 }] });
    expect(first.code, first.msg).toBe('0000');
    expect(first.data.status).toBe('partially_shipped');
    expect(first.data.shipments).toEqual([expect.objectContaining({ carrier: 'DHL', trackingNumber: 'JD0001000001', lines: [expect.objectContaining({ orderItemId: shirts!.id, quantity: 2 })] })]);
    const firstMail = await mail.waitFor((m) => m.to.includes(email) && m.subject === `Part of order ${order.orderNo} has shipped`);
    expect(firstMail.text).toContain('JD0001000001');
    expect(firstMail.text).toMatch(/x 2/);

    // More than is left is refused, and changes nothing.
    const over = await ship({ orderNo: order.orderNo, carrier: 'UPS', trackingNumber: 'UPS00000002', lines: [{ orderItemId: shirts!.id, quantity: 2 }] });
    expect(over.code).toBe('1409');
    expect(over.msg).toContain('only 1 left');
    // A line of another order is refused.
    const foreign = await ship({ orderNo: order.orderNo, carrier: 'UPS', trackingNumber: 'UPS00000002', lines: [{ orderItemId: 999_999, quantity: 1 }] });
    expect(foreign.code).toBe('1409');
    // A bare move to partially_shipped is refused: parcels name their lines.
    expect((await move({ orderNo: order.orderNo, to: 'partially_shipped' })).code).toBe('1409');
    // Cancelling what is already with a carrier is not a move.
    expect((await move({ orderNo: order.orderNo, to: 'cancelled' })).code).not.toBe('0000');

    const second = await ship({ orderNo: order.orderNo, carrier: 'UPS', trackingNumber: 'UPS00000002', lines: [{ orderItemId: shirts!.id, quantity: 1 }, { orderItemId: printed!.id, quantity: 1 }] });
    expect(second.code, second.msg).toBe('0000');
    expect(second.data.status).toBe('shipped');
    await mail.waitFor((m) => m.to.includes(email) && m.subject === `Order ${order.orderNo} has shipped` && m.text.includes('JONES'));
    expect(await parcelRows(order.orderNo)).toHaveLength(3);
    expect((await auditOf(order.orderNo, 'order.shipParcel')).map((r) => (r.after as { status: string }).status).sort()).toEqual(['partially_shipped', 'shipped']);

    const tracked = await track(order.orderNo);
    expect(tracked.data.status).toBe('shipped');
    expect(tracked.data.timeline.map((t) => t.status)).toEqual(['pending_payment', 'paid', 'partially_shipped', 'shipped']);
    expect(tracked.data.shipments.map((s) => s.lines.map((l) => l.quantity))).toEqual([[2], [1, 1]]);
    // Tracking by number shows no amounts.
    expect(JSON.stringify(tracked.data)).not.toMatch(/price|total|amount/i);
    // Nothing is left: another parcel is refused.
    expect((await ship({ orderNo: order.orderNo, carrier: 'DHL', trackingNumber: 'JD0001000003', lines: [{ orderItemId: shirts!.id, quantity: 1 }] })).code).toBe('1409');
  });

  it('ships the rest with the whole-order move after parcels, and a whole order with no rows as before', async () => {
    const order = await paidOrder([plainLine(stock, 2), printedLine(stock, 1)], 'rest@example.com');
    const [line] = await itemsOf(order.orderNo);
    expect((await ship({ orderNo: order.orderNo, carrier: 'DHL', trackingNumber: 'JD0002000001', lines: [{ orderItemId: line!.id, quantity: 1 }] })).data.status).toBe('partially_shipped');
    const rest = await move({ orderNo: order.orderNo, to: 'shipped', carrier: 'GLS', trackingNumber: 'GLS0002000002' });
    expect(rest.code, rest.msg).toBe('0000');
    expect(rest.data.status).toBe('shipped');
    const total = (await itemsOf(order.orderNo)).reduce((sum, i) => sum + i.quantity, 0);
    expect((await parcelRows(order.orderNo)).reduce((sum, r) => sum + r.quantity, 0)).toBe(total);

    const whole = await paidOrder([plainLine(stock, 2)], 'whole@example.com');
    const shipped = await move({ orderNo: whole.orderNo, to: 'shipped', carrier: 'DHL', trackingNumber: 'JD0002000003' });
    expect(shipped.data.status).toBe('shipped');
    expect(await parcelRows(whole.orderNo)).toEqual([]);
    expect(shipped.data.shipments[0]!.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('never over-ships when two staff ship the same lines at once', async () => {
    const order = await paidOrder([plainLine(stock, 2)], 'race@example.com');
    const [line] = await itemsOf(order.orderNo);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => ship({ orderNo: order.orderNo, carrier: 'DHL', trackingNumber: `JD00030000${i}0`, lines: [{ orderItemId: line!.id, quantity: 2 }] })),
    );
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    expect(answers.filter((a) => a.code === '1409')).toHaveLength(3);
    expect(await parcelRows(order.orderNo)).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect((await orderRow(order.orderNo)).status).toBe('shipped');
    expect(await auditOf(order.orderNo, 'order.shipParcel')).toHaveLength(1);
  });

  it('refuses callers without order:move', async () => {
    const order = await paidOrder([plainLine(stock, 1)]);
    const [line] = await itemsOf(order.orderNo);
    const body = { orderNo: order.orderNo, carrier: 'DHL', trackingNumber: 'JD0004000001', lines: [{ orderItemId: line!.id, quantity: 1 }] };
    expect((await ship(body, null)).code).toBe('8888');
    expect((await ship(body, customer)).code).toBe('1403');
    expect((await call(shop.app, '/admin/orders/bulkShip', { csv: 'x' }, customer.auth)).code).toBe('1403');
    expect(await parcelRows(order.orderNo)).toEqual([]);
  });
});

describe('correcting a parcel', () => {
  it('changes carrier and tracking number, audits before and after, mails the shopper once', async () => {
    const email = 'fix@example.com';
    const order = await paidOrder([plainLine(stock, 1)], email);
    const shipped = await move({ orderNo: order.orderNo, to: 'shipped', carrier: 'DHL', trackingNumber: 'JD0005000001' });
    const id = shipped.data.shipments[0]!.id;
    const fixed = await correct({ orderNo: order.orderNo, shipmentId: id, carrier: 'UPS', trackingNumber: '1Z0005000002' });
    expect(fixed.code, fixed.msg).toBe('0000');
    expect(fixed.data.shipments[0]).toEqual(expect.objectContaining({ carrier: 'UPS', trackingNumber: '1Z0005000002', correctedAt: expect.any(String) }));
    const told = await mail.waitFor((m) => m.to.includes(email) && m.subject === `New tracking details for order ${order.orderNo}`);
    expect(told.text).toContain('1Z0005000002');
    expect(told.text).toContain('JD0005000001');
    // The same again changes nothing and mails nobody.
    expect((await correct({ orderNo: order.orderNo, shipmentId: id, carrier: 'UPS', trackingNumber: '1Z0005000002' })).code).toBe('1409');
    // Another order's parcel is not found.
    const other = await paidOrder([plainLine(stock, 1)]);
    expect((await correct({ orderNo: other.orderNo, shipmentId: id, carrier: 'UPS', trackingNumber: '1Z0005000009' })).code).toBe('1404');
    const rows = await auditOf(order.orderNo, 'order.shipmentCorrect');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toEqual(expect.objectContaining({ carrier: 'DHL', trackingNumber: 'JD0005000001' }));
    expect(rows[0]!.after).toEqual(expect.objectContaining({ carrier: 'UPS', trackingNumber: '1Z0005000002' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email).filter((m) => m.subject.startsWith('New tracking details'))).toHaveLength(1);
  });
});

describe('bulk ship from a CSV', () => {
  it('answers a dry run with an error per bad row and writes nothing; applying ships the good rows, one mail per order', async () => {
    const a = await paidOrder([plainLine(stock, 2)], 'bulk.a@example.com');
    const b = await paidOrder([plainLine(stock, 3)], 'bulk.b@example.com');
    const cancelled = await guestOrder(shop, [plainLine(stock, 1)]);
    expect((await move({ orderNo: cancelled.order.orderNo, to: 'cancelled' })).code).toBe('0000');
    const [bLine] = await itemsOf(b.orderNo);
    const csv = [
      'order_no,carrier,tracking_number,lines',
      `${a.orderNo},dhl express,JD0006000001,`,
      `${b.orderNo},UPS,1Z0006000002,${bLine!.id}:1`,
      `${b.orderNo},GLS,GLS0006000003,${bLine!.id}:1`,
      `${b.orderNo},GLS,GLS0006000003,${bLine!.id}:1`,
      `${b.orderNo},DPD,DPD0006000004,${bLine!.id}:5`,
      'JS-22222-22222,DHL,JD0006000005,',
      `${cancelled.order.orderNo},DHL,JD0006000006,`,
      `${a.orderNo},Pigeon post,JD0006000007,`,
      'not-an-order,DHL,JD0006000008,',
    ].join('\n');
    const dry = await bulk(csv, false);
    expect(dry.code, dry.msg).toBe('0000');
    expect(dry.data.applied).toBe(false);
    const errors = Object.fromEntries(dry.data.rows.map((r) => [r.line, r.error]));
    expect(errors[2]).toBeNull();
    expect(errors[3]).toBeNull();
    expect(errors[4]).toBeNull();
    expect(errors[5]).toContain('earlier row');
    expect(errors[6]).toContain('only 1 left');
    expect(errors[7]).toContain('does not exist');
    expect(errors[8]).toContain('cannot ship');
    expect(errors[9]).toContain('not a carrier');
    expect(errors[10]).toContain('not an order number');
    expect(dry.data).toEqual(expect.objectContaining({ good: 3, bad: 6, orders: 2 }));
    expect(dry.data.rows.find((r) => r.line === 2)).toEqual(expect.objectContaining({ carrier: 'DHL', then: 'shipped' }));
    expect(dry.data.rows.find((r) => r.line === 3)!.then).toBe('partially_shipped');
    expect((await orderRow(a.orderNo)).status).toBe('paid');
    expect(await parcelRows(b.orderNo)).toEqual([]);

    const done = await bulk(csv, true);
    expect(done.code, done.msg).toBe('0000');
    expect(done.data).toEqual(expect.objectContaining({ applied: true, good: 3, bad: 6, orders: 2 }));
    expect((await orderRow(a.orderNo)).status).toBe('shipped');
    expect((await orderRow(b.orderNo)).status).toBe('partially_shipped');
    expect((await parcelRows(b.orderNo)).map((r) => r.quantity)).toEqual([1, 1]);
    const bMail = await mail.waitFor((m) => m.to.includes('bulk.b@example.com') && m.subject === `Part of order ${b.orderNo} has shipped`);
    expect(bMail.text).toContain('1Z0006000002');
    expect(bMail.text).toContain('GLS0006000003');
    await mail.waitFor((m) => m.to.includes('bulk.a@example.com') && m.subject === `Order ${a.orderNo} has shipped`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('bulk.b@example.com').filter((m) => m.subject.includes('has shipped'))).toHaveLength(1);

    // The same file again: a has shipped; b's good rows still fit what is left (one), but not both.
    const again = await bulk(csv, false);
    expect(again.data.rows.find((r) => r.line === 2)!.error).toContain('cannot ship');
    expect(again.data.rows.find((r) => r.line === 3)!.error).toBeNull();
    expect(again.data.rows.find((r) => r.line === 4)!.error).toContain('Everything on this order');
  });

  it('refuses a file without the needed columns, in the caller language', async () => {
    const answer = await call<ShipCsvAnswer>(shop.app, '/admin/orders/bulkShip', { csv: 'order,tracking\nx,y', apply: false }, { headers: { ...admin.auth.headers, 'accept-language': 'zh-CN' } });
    expect(answer.code).toBe('0000');
    expect(answer.data.rows[0]!.error).toContain('表头');
  });
});

describe('packing slips and labels', () => {
  it('prints slips for a selection, each in its order language with every line print, and labels 4 x 6 in', async () => {
    const en = await paidOrder([printedLine(stock, 2, 'SMITH', '10'), plainLine(stock, 1)], 'slip.en@example.com');
    const zh = await zhOrder([printedLine(stock, 1, 'WANG', '8')], 'slip.zh@example.com');
    const third = await paidOrder([plainLine(stock, 1)], 'slip.three@example.com');
    const url = (kind: string, orders: string[]) => `/api/admin/orders/shippingDocs.pdf?kind=${kind}&orders=${orders.join(',')}`;
    const slips = await shop.app.inject({ method: 'GET', url: url('slip', [en.orderNo, zh.orderNo, third.orderNo]), headers: admin.auth.headers });
    expect(slips.statusCode).toBe(200);
    expect(slips.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(slips.rawPayload);
    for (const no of [en.orderNo, zh.orderNo, third.orderNo]) expect(text).toContain(no);
    expect(text).toContain('Packing slip');
    expect(text).toContain('装箱单');
    expect(text).toContain('SMITH');
    expect(text).toContain('WANG');
    expect(text).toContain('收货地址');
    // No amounts on a slip.
    expect(text).not.toMatch(/€/);

    const labels = await shop.app.inject({ method: 'GET', url: url('label', [zh.orderNo]), headers: admin.auth.headers });
    expect(labels.statusCode).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(labels.rawPayload));
    const page = await doc.getPage(1);
    expect(page.view.slice(2)).toEqual([288, 432]);
    expect(await pdfText(labels.rawPayload)).toContain('收件人');

    expect((await shop.app.inject({ method: 'GET', url: url('slip', [en.orderNo]), headers: customer.auth.headers })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: url('slip', ['JS-22222-22222']), headers: admin.auth.headers })).statusCode).toBe(404);
  });
});
