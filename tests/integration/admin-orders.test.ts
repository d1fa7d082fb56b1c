/**
 * The back office's order reads against orders placed and paid here through checkout and the
 * PayPal simulator: the orders table's filters, search, sorting and paging; the CSV export; the
 * order detail; notes (one audit row each); the production sheet; the dashboard's figures.
 */
import { eq, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrder } from '../../src/domain/checkout.model.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import type { AdminOrderDetail, AdminOrderRow } from '../../src/domain/back-office/orders.model.ts';
import { ORDER_VIEWS_MAX } from '../../src/domain/back-office/orders.schema.ts';
import type { Dashboard } from '../../src/domain/back-office/dashboard.model.ts';
import type { ProductionSheet } from '../../src/domain/back-office/production-sheet.model.ts';
import { addons, orderItems, orderNotes, orders, payments, productSizes, refunds, taxDocuments } from '../../src/server/db/schema.ts';
import { OrderTable, type OrderQuery } from '../../src/server/modules/backoffice/order-list.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { auditCount, auditRows, callEntry, staffAccount, type Staff } from './admin-support.ts';
import { findStock, guestOrder, pay, plainLine, printedLine, setStock, type Stock } from './orders-support.ts';

let shop: TestShop;
let admin: Staff;
let owner: Staff;
let stock: Stock;
/** Paid, EUR, plain shirt x2 with an add-on, ship-to Ada Lovelace (GB), placed 3 days ago. */
let plain: PlacedOrder;
/** Paid, GBP, printed SMITH 7, ship-to Grace Hopper (DE), placed today. */
let printed: PlacedOrder;
/** Unpaid, USD, plain, ship-to Ada Lovelace (GB), placed 40 days ago. */
let unpaid: PlacedOrder;
let addonName: string;

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);
const day = (d: Date) => d.toISOString().slice(0, 10);

async function setOrder(orderNo: string, values: Partial<typeof orders.$inferInsert>) {
  await shop.database.db.update(orders).set(values).where(eq(orders.orderNo, orderNo));
}

async function rowOf(orderNo: string) {
  return (await shop.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
}

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  [admin, owner] = await Promise.all([staffAccount(shop, 'R_ADMIN'), staffAccount(shop, 'R_SUPER')]);
  stock = await findStock(shop, 30);
  const [addon] = await shop.database.db.select().from(addons).where(eq(addons.teamId, stock.teamId!)).limit(1);
  addonName = addon!.name['en-US'];
  plain = (await guestOrder(shop, [{ ...plainLine(stock, 2), addons: String(addon!.id) }], { email: 'ada@example.com' })).order;
  printed = (await guestOrder(shop, [printedLine(stock, 1, 'SMITH', '7')], { email: 'grace@example.org', currency: 'GBP' })).order;
  unpaid = (await guestOrder(shop, [plainLine(stock)], { email: 'late@example.com', currency: 'USD' })).order;
  await pay(shop, plain);
  await pay(shop, printed);
  const graceAddress = { ...(await rowOf(printed.orderNo)).shippingAddress, firstName: 'Grace', lastName: 'Hopper', country: 'DE', province: '', city: 'Berlin' };
  await setOrder(printed.orderNo, { shippingAddress: graceAddress });
  await setOrder(plain.orderNo, { createdAt: daysAgo(3), paidAt: daysAgo(3) });
  await setOrder(unpaid.orderNo, { createdAt: daysAgo(40) });
});

afterAll(async () => {
  await shop?.close();
});

const list = async (body: Record<string, unknown>, who: Staff = admin) => {
  const answer = await callEntry<{ records: AdminOrderRow[]; total: number; current: number; size: number }>(shop, adminOrdersApi.orderList, body, who);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
};
const numbers = async (body: Record<string, unknown>) => (await list(body)).records.map((r) => r.orderNo);

describe('the orders table', () => {
  it('lists every order newest first, with its row', async () => {
    const page = await list({});
    expect(page.records.map((r) => r.orderNo)).toEqual([printed.orderNo, plain.orderNo, unpaid.orderNo]);
    expect(page.total).toBe(3);
    const row = page.records[1]!;
    expect(row).toMatchObject({ orderNo: plain.orderNo, status: 'paid', paymentState: 'paid', email: 'ada@example.com', customerName: 'Ada Lovelace', country: 'GB', currency: 'EUR', itemCount: 2, personalised: false });
    expect(row.totalEur).toBe(row.total);
    const gbp = page.records[0]!;
    const stored = await rowOf(printed.orderNo);
    expect(gbp.totalEur).toBe(Math.round((stored.total * stored.baseRateX100) / stored.rateX100));
    expect(page.records[2]).toMatchObject({ status: 'pending_payment', paymentState: 'unpaid', paidAt: null });
  });

  it('filters by status, currency, country, personalised, payment state and days', async () => {
    expect(await numbers({ status: ['paid'] })).toEqual([printed.orderNo, plain.orderNo]);
    expect(await numbers({ status: ['pending_payment', 'cancelled'] })).toEqual([unpaid.orderNo]);
    expect(await numbers({ currency: 'GBP' })).toEqual([printed.orderNo]);
    expect(await numbers({ country: 'GB' })).toEqual([plain.orderNo, unpaid.orderNo]);
    expect(await numbers({ personalised: true })).toEqual([printed.orderNo]);
    expect(await numbers({ personalised: false })).toEqual([plain.orderNo, unpaid.orderNo]);
    expect(await numbers({ payment: 'paid' })).toEqual([printed.orderNo, plain.orderNo]);
    expect(await numbers({ payment: 'unpaid' })).toEqual([unpaid.orderNo]);
    expect(await numbers({ payment: 'refunded' })).toEqual([]);
    expect(await numbers({ from: day(daysAgo(5)) })).toEqual([printed.orderNo, plain.orderNo]);
    expect(await numbers({ from: day(daysAgo(3)), to: day(daysAgo(3)) })).toEqual([plain.orderNo]);
    expect(await numbers({ to: day(daysAgo(30)) })).toEqual([unpaid.orderNo]);
    expect(await numbers({ currency: 'EUR', status: ['paid'], country: 'GB', personalised: false })).toEqual([plain.orderNo]);
    const counted = await list({ country: 'GB' });
    expect(counted.total).toBe(2);
  });

  it('searches by order number, email or name, by prefix and whatever the case', async () => {
    expect(await numbers({ query: printed.orderNo })).toEqual([printed.orderNo]);
    expect(await numbers({ query: printed.orderNo.slice(0, 9).toLowerCase() })).toContain(printed.orderNo);
    expect(await numbers({ query: 'ADA@example' })).toEqual([plain.orderNo]);
    expect(await numbers({ query: 'grace' })).toEqual([printed.orderNo]);
    expect(await numbers({ query: 'Grace Hop' })).toEqual([printed.orderNo]);
    expect(await numbers({ query: 'hopper' })).toEqual([printed.orderNo]);
    expect(await numbers({ query: 'lovelace' })).toEqual([plain.orderNo, unpaid.orderNo]);
    // Names match by their start only; "race" is part of grace@example.org's email (next test).
    expect(await numbers({ query: 'opper' })).toEqual([]);
    expect(await numbers({ query: '%' })).toEqual([]);
  });

  it('finds an order by any part of its number, with or without JS and the dashes, and by any part of an email', async () => {
    const [, first, second] = printed.orderNo.split('-') as [string, string, string];
    // As read out on the phone: the end of one group and the start of the next, no dash, lower case.
    expect(await numbers({ query: `${first.slice(2)} ${second.slice(0, 3)}`.toLowerCase() })).toEqual([printed.orderNo]);
    expect(await numbers({ query: `${first.slice(1)}${second.slice(0, 2)}` })).toEqual([printed.orderNo]);
    expect(await numbers({ query: `${first.slice(3)}-${second}` })).toEqual([printed.orderNo]);
    expect(await numbers({ query: `js${first}${second.slice(0, 1)}` })).toEqual([printed.orderNo]);
    expect(await numbers({ query: `JS-${first}-${second}` })).toEqual([printed.orderNo]);
    expect(await numbers({ query: second })).toEqual([printed.orderNo]);
    expect(await numbers({ query: 'race' })).toEqual([printed.orderNo]);
    expect(await numbers({ query: '@EXAMPLE.ORG' })).toEqual([printed.orderNo]);
    expect(await numbers({ query: 'ample.com' })).toEqual([plain.orderNo, unpaid.orderNo]);
    expect(await numbers({ query: 'te@example' })).toEqual([unpaid.orderNo]);
  });

  it('takes LIKE wildcards in the search as the characters themselves', async () => {
    expect(await numbers({ query: 'ada_example' })).toEqual([]);
    expect(await numbers({ query: 'ada%example' })).toEqual([]);
    expect(await numbers({ query: 'a%@' })).toEqual([]);
    expect(await numbers({ query: '_' })).toEqual([]);
    expect(await numbers({ query: '\\' })).toEqual([]);
    const [, first] = printed.orderNo.split('-') as [string, string];
    expect(await numbers({ query: `${first.slice(0, 2)}%${first.slice(3)}` })).toEqual([]);
    expect(await numbers({ query: `${first.slice(0, 2)}_${first.slice(3)}` })).toEqual([]);
  });

  it('sorts by total, number and status both ways, and pages without overlap', async () => {
    const byTotal = (await list({ sort: 'total', order: 'asc' })).records.map((r) => r.totalEur);
    expect(byTotal).toEqual([...byTotal].sort((a, b) => a - b));
    const desc = (await list({ sort: 'total', order: 'desc' })).records.map((r) => r.totalEur);
    expect(desc).toEqual([...byTotal].reverse());
    const byNo = await numbers({ sort: 'orderNo', order: 'asc' });
    expect(byNo).toEqual([...byNo].sort());
    expect((await list({ sort: 'status', order: 'asc' })).records.map((r) => r.status)).toEqual(['paid', 'paid', 'pending_payment']);
    const pages = [await list({ size: 2, current: 1 }), await list({ size: 2, current: 2 }), await list({ size: 2, current: 3 })];
    expect(pages.map((p) => p.records.map((r) => r.orderNo))).toEqual([[printed.orderNo, plain.orderNo], [unpaid.orderNo], []]);
    expect(pages.every((p) => p.total === 3)).toBe(true);
  });

  it('walks a page past the middle from the far end, giving the rows the near end would', async () => {
    // Through the table itself: the list call only walks from the far end past its first thousand
    // rows. Three more orders (copies, removed afterwards) make pages of several rows from either end.
    const db = shop.database.db;
    const { id: _id, totalEur: _eur, shipCountry: _country, ...template } = await rowOf(plain.orderNo);
    const copies = await db
      .insert(orders)
      .values([1, 2, 3].map((i) => ({ ...template, orderNo: `JS-FAREN-D000${i}`, idempotencyKey: `far-end-${i}`, createdAt: daysAgo(10 + i), total: template.total + i, itemsTotal: template.itemsTotal + i })))
      .returning({ id: orders.id });
    try {
      const table = new OrderTable(db);
      const sorts = [{}, { order: 'asc' }, { sort: 'total', order: 'desc' }, { sort: 'orderNo', order: 'asc' }, { sort: 'status', order: 'desc' }, { payment: 'paid' }] as const;
      for (const sort of sorts) {
        const query: OrderQuery = { sort: 'createdAt', order: 'desc', ...sort };
        const whole = await list({ ...sort, size: 20 });
        const total = await table.count(query);
        expect(total).toBe(whole.total);
        for (const size of [1, 2, 4]) {
          const pages = [];
          for (let current = 1; current <= Math.ceil(total / size) + 1; current++) pages.push(await table.page(query, { current, size }, total));
          expect(pages.flatMap((p) => p.map((r) => r.orderNo)), `${JSON.stringify(sort)} by ${size}`).toEqual(whole.records.map((r) => r.orderNo));
          expect(pages.at(-1)).toEqual([]);
          // The list call walks from the end its last count for the filter says is nearer.
          const listed = [];
          for (let current = 1; current <= Math.ceil(total / size); current++) listed.push(...(await numbers({ ...sort, size, current })));
          expect(listed, `list ${JSON.stringify(sort)} by ${size}`).toEqual(whole.records.map((r) => r.orderNo));
        }
      }
    } finally {
      await db.delete(orders).where(inArray(orders.id, copies.map((c) => c.id)));
    }
    // Its last count (6) is out of date now: the page it walked from the far end is walked again.
    expect(await numbers({ size: 2, current: 3 })).toEqual([]);
    expect(await numbers({ size: 2, current: 2 })).toEqual([unpaid.orderNo]);
  });

  it('keeps each order’s payment state on its row, from its payment’s status, whoever changes it', async () => {
    const orderId = (await rowOf(unpaid.orderNo)).id;
    const [before] = await shop.database.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId));
    const expected: [string, string][] = [
      ['captured', 'paid'],
      ['partially_refunded', 'partially_refunded'],
      ['refunded', 'refunded'],
      ['new', 'unpaid'],
      ['created', 'unpaid'],
      ['approved', 'unpaid'],
      ['pending', 'unpaid'],
      ['declined', 'unpaid'],
      ['failed', 'unpaid'],
      ['void', 'unpaid'],
      ['mismatch', 'unpaid'],
    ];
    try {
      for (const [status, state] of expected) {
        await shop.database.db.update(payments).set({ status }).where(eq(payments.orderId, orderId));
        expect((await rowOf(unpaid.orderNo)).paymentState, status).toBe(state);
        expect(await numbers({ payment: state as 'paid' }), status).toContain(unpaid.orderNo);
      }
    } finally {
      await shop.database.db.update(payments).set({ status: before!.status }).where(eq(payments.orderId, orderId));
    }
    expect((await rowOf(unpaid.orderNo)).paymentState).toBe('unpaid');
    // An order paid through checkout and PayPal reads paid, with no test writing its state.
    expect((await rowOf(plain.orderNo)).paymentState).toBe('paid');
  });

  it('answers bad filters with 1001', async () => {
    for (const body of [{ status: ['lost'] }, { from: '2026-1-1' }, { currency: 'JPY' }, { country: 'gb' }, { sort: 'email' }, { size: 10_000 }, { payment: 'maybe' }, { unknown: 1 }]) {
      expect((await callEntry(shop, adminOrdersApi.orderList, body, admin)).code, JSON.stringify(body)).toBe('1001');
    }
  });
});

describe('the CSV export', () => {
  it('exports what the filter shows as RFC 4180 with a BOM and headers in the caller’s language', async () => {
    const answer = await callEntry<{ fileName: string; csv: string; rows: number }>(shop, adminOrdersApi.orderExport, { status: ['paid'], sort: 'createdAt', order: 'asc' }, admin);
    expect(answer.code).toBe('0000');
    expect(answer.data.rows).toBe(2);
    expect(answer.data.fileName).toMatch(/^orders-\d{8}-\d{4}\.csv$/);
    const { csv } = answer.data;
    expect(csv.startsWith('\uFEFFOrder number,Placed at,Paid at,Status,Payment,Email,Ship-to name,Country,Currency,Total,Total (EUR),Items,Personalised,Tax,Tax shown,Tax market,Invoice,Credit notes\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const plainRow = await rowOf(plain.orderNo);
    // Above the UK's 135 GBP import limit: no tax charged, the market still named.
    expect(plainRow).toMatchObject({ taxTotal: 0, taxMarket: 'GB', taxReason: 'above-import-limit' });
    // Paid: its invoice was issued with the payment.
    const [invoice] = await shop.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, plainRow.id));
    expect(lines[1]).toBe(
      [plain.orderNo, plainRow.createdAt.toISOString(), plainRow.paidAt!.toISOString(), 'paid', 'paid', 'ada@example.com', 'Ada Lovelace', 'GB', 'EUR', (plainRow.total / 100).toFixed(2), (plainRow.total / 100).toFixed(2), '2', 'no', '0.00', '', 'GB', invoice!.number, ''].join(','),
    );
    expect(lines[2]!.startsWith(`${printed.orderNo},`)).toBe(true);
    const zh = await callEntry<{ csv: string }>(shop, adminOrdersApi.orderExport, {}, admin, { 'accept-language': 'zh-CN' });
    expect(zh.data.csv.startsWith('\uFEFF订单号,下单时间,')).toBe(true);
  });

  it('quotes commas and quotes, and neutralises fields a spreadsheet would run as formulas', async () => {
    const before = (await rowOf(unpaid.orderNo)).shippingAddress;
    await setOrder(unpaid.orderNo, { shippingAddress: { ...before, firstName: '=HYPERLINK("http://evil")', lastName: 'Smith, "Jr"' }, email: '@sum@example.com' });
    try {
      const answer = await callEntry<{ csv: string }>(shop, adminOrdersApi.orderExport, { status: ['pending_payment'] }, admin);
      const row = answer.data.csv.split('\r\n')[1]!;
      expect(row).toContain(`,'@sum@example.com,"'=HYPERLINK(""http://evil"") Smith, ""Jr""",GB,USD,`);
    } finally {
      await setOrder(unpaid.orderNo, { shippingAddress: before, email: 'late@example.com' });
    }
  });

  it('is refused to customers and answers bad filters with 1001', async () => {
    const customer = await staffAccount(shop, 'R_CUSTOMER');
    expect((await callEntry(shop, adminOrdersApi.orderExport, {}, customer)).code).toBe('1403');
    expect((await callEntry(shop, adminOrdersApi.orderExport, { current: 2 }, admin)).code).toBe('1001');
  });
});

describe('the order detail', () => {
  it('shows lines with personalisation, customer, payment with PayPal ids, timeline and refundable amount', async () => {
    const answer = await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: printed.orderNo }, admin);
    expect(answer.code, answer.msg).toBe('0000');
    const detail = answer.data;
    const [payment] = await shop.database.db.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(orders.orderNo, printed.orderNo));
    expect(detail).toMatchObject({ orderNo: printed.orderNo, status: 'paid', paymentState: 'paid', personalised: true, customer: { userId: null, email: 'grace@example.org', name: 'Grace Hopper', locale: 'en-US' } });
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ customType: 3, customName: 'SMITH', customNumber: '7', premiumNameOption: 'Standard', size: stock.size, quantity: 1, personalised: true });
    expect(detail.payments).toEqual([
      { provider: 'paypal', status: 'captured', amount: detail.amounts.total, currency: 'GBP', paypalOrderId: payment!.payments.paypalOrderId, captureId: payment!.payments.captureId, payerName: payment!.payments.payerName, payerEmail: payment!.payments.payerEmail, offlineMethod: null, offlineReference: null, offlineReason: null },
    ]);
    expect(detail.payments[0]!.paypalOrderId).toBeTruthy();
    expect(detail.payments[0]!.captureId).toBeTruthy();
    expect(detail.timeline.map((e) => e.to)).toEqual(['pending_payment', 'paid']);
    expect(detail.refunds).toEqual([]);
    expect(detail.refundable).toBe(detail.amounts.total);
    // A checkout order: no staff source, nothing replaced, no price set by hand.
    expect(detail).toMatchObject({ source: 'checkout', replacesOrderNo: null, priceReasons: [] });
    expect(detail.notes).toEqual([]);
  });

  it('offers the moves the caller’s codes and the order’s state allow', async () => {
    const asAdmin = (await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: plain.orderNo }, admin)).data;
    expect(asAdmin.nextStatuses).toEqual(['processing', 'shipped', 'cancelled']);
    const asOwner = (await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: plain.orderNo }, owner)).data;
    expect(asOwner.nextStatuses).toEqual(['processing', 'shipped', 'cancelled', 'refunded']);
    // A paid personalised order is not printed yet, so it can still be cancelled (wip/flow's rule:
    // the personalised limit starts in production; admin-orders-flow.test.ts covers that side).
    expect((await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: printed.orderNo }, owner)).data.nextStatuses).toEqual(['processing', 'shipped', 'cancelled', 'refunded']);
    // Staff never mark an order paid: only a verified capture does.
    expect((await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: unpaid.orderNo }, owner)).data).toMatchObject({ nextStatuses: ['cancelled'], paymentState: 'unpaid', refundable: 0 });
  });

  it('lists refunds and takes them off the refundable amount', async () => {
    const row = await rowOf(plain.orderNo);
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    await shop.database.db.insert(refunds).values([
      { orderId: row.id, idempotencyKey: 'test-refund-1', amount: 500, currency: 'EUR', status: 'completed', paypalRefundId: 'RF-1', reason: 'late', lines: [], byId: owner.userId, byEmail: owner.email },
      { orderId: row.id, idempotencyKey: 'test-refund-2', amount: 300, currency: 'EUR', status: 'failed', reason: 'oops', lines: [{ orderItemId: item!.id, quantity: 1 }], byId: owner.userId, byEmail: owner.email },
    ]);
    await shop.database.db.update(payments).set({ status: 'partially_refunded' }).where(eq(payments.orderId, row.id));
    try {
      const detail = (await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: plain.orderNo }, owner)).data;
      expect(detail.paymentState).toBe('partially_refunded');
      expect(detail.refunds.map((r) => [r.amount, r.status, r.paypalRefundId, r.byEmail, r.lines])).toEqual([
        [500, 'completed', 'RF-1', owner.email, []],
        [300, 'failed', null, owner.email, [{ orderItemId: item!.id, quantity: 1 }]],
      ]);
      expect(detail.refundable).toBe(row.total - 500);
      expect(await numbers({ payment: 'partially_refunded' })).toEqual([plain.orderNo]);
      const dash = (await callEntry<Dashboard>(shop, adminOrdersApi.dashboard, undefined, admin)).data;
      expect(dash.revenue.days30.byCurrency.find((c) => c.currency === 'EUR')!.amount).toBe(row.total - 500);
    } finally {
      await shop.database.db.delete(refunds).where(eq(refunds.orderId, row.id));
      await shop.database.db.update(payments).set({ status: 'captured' }).where(eq(payments.orderId, row.id));
    }
  });

  it('answers 1404 for an unknown order and 1001 for a malformed number', async () => {
    expect((await callEntry(shop, adminOrdersApi.order, { orderNo: 'JS-ZZZZZ-ZZZZZ' }, admin)).code).toBe('1404');
    expect((await callEntry(shop, adminOrdersApi.order, { orderNo: 'nope' }, admin)).code).toBe('1001');
  });
});

describe('notes', () => {
  it('adds a note with exactly one audit row, and shows it on the order, oldest first', async () => {
    const before = await auditCount(shop);
    const first = await callEntry(shop, adminOrdersApi.addNote, { orderNo: printed.orderNo, text: '  Check the spelling of SMITH  ' }, admin);
    expect(first).toMatchObject({ code: '0000', data: { authorEmail: admin.email, text: 'Check the spelling of SMITH' } });
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({ actorId: admin.userId, actorEmail: admin.email, action: 'order.note', entity: 'order', entityId: printed.orderNo, before: null, after: { noteId: first.data.id, text: 'Check the spelling of SMITH' } });
    await callEntry(shop, adminOrdersApi.addNote, { orderNo: printed.orderNo, text: 'Spelling confirmed by mail' }, owner);
    const detail = (await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: printed.orderNo }, admin)).data;
    expect(detail.notes.map((n) => [n.authorEmail, n.text])).toEqual([
      [admin.email, 'Check the spelling of SMITH'],
      [owner.email, 'Spelling confirmed by mail'],
    ]);
  });

  it('answers bad input with the envelope error and writes nothing', async () => {
    const before = await auditCount(shop);
    const count = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(orderNotes))[0]!.n;
    const notes = await count();
    expect((await callEntry(shop, adminOrdersApi.addNote, { orderNo: printed.orderNo, text: '   ' }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminOrdersApi.addNote, { orderNo: printed.orderNo, text: 'x'.repeat(2001) }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminOrdersApi.addNote, { orderNo: 'JS-ZZZZZ-ZZZZZ', text: 'hello' }, admin)).code).toBe('1404');
    expect(await count()).toEqual(notes);
    expect(await auditCount(shop)).toBe(before);
  });
});

describe('the production sheet', () => {
  it('gives per shirt team, size, print and patches, and a packing list with add-ons, for a batch in the order asked', async () => {
    const printedRow = await rowOf(printed.orderNo);
    await shop.database.db
      .update(orderItems)
      .set({ patches: [{ id: 1, name: { 'en-US': 'League badge', 'zh-CN': '联赛徽章' }, price: 300 }], premiumNameOption: 'Gold' })
      .where(eq(orderItems.orderId, printedRow.id));
    const answer = await callEntry<ProductionSheet>(shop, adminOrdersApi.productionSheet, { orderNos: [printed.orderNo, plain.orderNo] }, admin);
    expect(answer.code, answer.msg).toBe('0000');
    const [first, second] = answer.data.orders;
    expect(first).toMatchObject({ orderNo: printed.orderNo, status: 'paid', shipTo: { name: 'Grace Hopper', city: 'Berlin', country: 'DE' }, shippingMethod: 'standard' });
    expect(first!.shirts).toHaveLength(1);
    expect(first!.shirts[0]).toMatchObject({ size: stock.size, quantity: 1, print: { kind: 'custom', name: 'SMITH', number: '7', premiumName: 'Gold', premiumNumber: 'Standard' }, patches: ['League badge'] });
    expect(first!.shirts[0]!.team).not.toBe('');
    expect(first!.notes).toContain('Check the spelling of SMITH');
    expect(second!.orderNo).toBe(plain.orderNo);
    expect(second!.shirts[0]).toMatchObject({ quantity: 2, print: null, patches: [] });
    expect(second!.packing).toEqual([
      { title: second!.shirts[0]!.product, size: stock.size, quantity: 2 },
      { title: addonName, size: null, quantity: 2 },
    ]);
    const zh = await callEntry<ProductionSheet>(shop, adminOrdersApi.productionSheet, { orderNos: [printed.orderNo] }, admin, { 'accept-language': 'zh-CN' });
    expect(zh.data.orders[0]!.shirts[0]!.patches).toEqual(['联赛徽章']);
  });

  it("gives a team roster's sheet in the order's language: counts per size and lettering, one row per shirt by size then number", async () => {
    const row = await rowOf(plain.orderNo);
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    const groupId = '0b5f3f7e-2d4c-4a8e-9b1a-6c0d5e4f3a21';
    await shop.database.db
      .update(orderItems)
      .set({ groupId, groupName: 'Harbour City FC', customType: 3, customName: 'JONES', customNumber: '9', patches: [{ id: 1, name: { 'en-US': 'League badge', 'zh-CN': '联赛徽章' }, price: 300 }] })
      .where(eq(orderItems.id, item!.id));
    await setOrder(plain.orderNo, { locale: 'zh-CN' });
    try {
      const answer = await callEntry<ProductionSheet>(shop, adminOrdersApi.productionSheet, { orderNos: [plain.orderNo] }, admin);
      expect(answer.code, answer.msg).toBe('0000');
      const sheet = answer.data.orders[0]!;
      expect(sheet.locale).toBe('zh-CN');
      // The staff member's language for the order's shirts, the order's for its team's pages.
      expect(sheet.shirts[0]!.patches).toEqual(['League badge']);
      expect(sheet.teams).toHaveLength(1);
      const [team] = sheet.teams;
      expect(team).toMatchObject({ id: groupId, name: 'Harbour City FC', sizes: [{ size: stock.size, count: 2 }] });
      expect(team!.lettering).toEqual([
        { key: 'premiumName', option: 'Standard', count: 2 },
        { key: 'premiumNumber', option: 'Standard', count: 2 },
      ]);
      // A line of 2 is two rows, each to tick.
      expect(team!.rows).toHaveLength(2);
      expect(team!.rows.map((shirt) => [shirt.quantity, shirt.print?.name, shirt.print?.number, shirt.patches])).toEqual([
        [1, 'JONES', '9', ['联赛徽章']],
        [1, 'JONES', '9', ['联赛徽章']],
      ]);
      expect(team!.rows[0]!.product).toBe(item!.title['zh-CN']);
    } finally {
      await setOrder(plain.orderNo, { locale: 'en-US' });
      await shop.database.db.update(orderItems).set({ groupId: null, groupName: null, customType: item!.customType, customName: item!.customName, customNumber: item!.customNumber, patches: item!.patches }).where(eq(orderItems.id, item!.id));
    }
  });

  it('answers 1404 when one of the orders does not exist, 1001 for none or too many', async () => {
    expect((await callEntry(shop, adminOrdersApi.productionSheet, { orderNos: [plain.orderNo, 'JS-ZZZZZ-ZZZZZ'] }, admin)).code).toBe('1404');
    expect((await callEntry(shop, adminOrdersApi.productionSheet, { orderNos: [] }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminOrdersApi.productionSheet, { orderNos: Array.from({ length: 201 }, () => plain.orderNo) }, admin)).code).toBe('1001');
  });
});

describe('the dashboard', () => {
  it('counts paid orders by the day they were paid, in EUR and per currency, with every day of 30 present', async () => {
    const answer = await callEntry<Dashboard>(shop, adminOrdersApi.dashboard, undefined, admin);
    expect(answer.code, answer.msg).toBe('0000');
    const d = answer.data;
    const plainRow = await rowOf(plain.orderNo);
    const printedRow = await rowOf(printed.orderNo);
    const eur = (row: typeof plainRow) => Math.round((row.total * row.baseRateX100) / row.rateX100);
    expect(d.revenue.today).toEqual({ orders: 1, revenueEur: eur(printedRow), byCurrency: [{ currency: 'GBP', amount: printedRow.total }] });
    expect(d.revenue.days7).toEqual({
      orders: 2,
      revenueEur: eur(printedRow) + plainRow.total,
      byCurrency: [
        { currency: 'EUR', amount: plainRow.total },
        { currency: 'GBP', amount: printedRow.total },
      ],
    });
    expect(d.revenue.days30.orders).toBe(2);
    expect(d.daily).toHaveLength(30);
    expect(d.daily[29]).toEqual({ date: day(new Date()), orders: 1, revenueEur: eur(printedRow) });
    expect(d.daily[26]).toEqual({ date: day(daysAgo(3)), orders: 1, revenueEur: plainRow.total });
    expect(d.daily.filter((x) => x.orders === 0)).toHaveLength(28);
    expect(d.statusCounts).toEqual([
      { status: 'pending_payment', count: 1 },
      { status: 'paid', count: 2 },
      { status: 'processing', count: 0 },
      { status: 'partially_shipped', count: 0 },
      { status: 'shipped', count: 0 },
      { status: 'delivered', count: 0 },
      { status: 'cancelled', count: 0 },
      { status: 'refunded', count: 0 },
    ]);
    // Both orders are of the same product: 3 shirts.
    expect(d.topProducts).toHaveLength(1);
    expect(d.topProducts[0]).toMatchObject({ productId: stock.productId, quantity: 3 });
    expect(d.latest.map((r) => r.orderNo)).toEqual([printed.orderNo, plain.orderNo, unpaid.orderNo]);
  });

  it('lists sizes at or below the low-stock mark, fewest first', async () => {
    const db = shop.database.db;
    // Only the sizes this test makes low: the seeded ones are lifted above the mark meanwhile.
    const seededLow = await db.select().from(productSizes).where(lte(productSizes.stock, 5));
    await db.update(productSizes).set({ stock: 6 }).where(lte(productSizes.stock, 5));
    const other = await findStock(shop, 30, 1);
    await setStock(shop, stock, 2);
    await setStock(shop, other, 0);
    try {
      const d = (await callEntry<Dashboard>(shop, adminOrdersApi.dashboard, undefined, admin)).data;
      expect(d.lowStock.map((s) => [s.productId, s.size, s.stock])).toEqual([
        [other.productId, other.size, 0],
        [stock.productId, stock.size, 2],
      ]);
      expect(d.lowStock[0]!.title).toBeTruthy();
    } finally {
      await setStock(shop, stock, stock.stock);
      await setStock(shop, other, other.stock);
      for (const row of seededLow) await setStock(shop, row, row.stock);
    }
  });

  it('leaves out refunded and cancelled orders', async () => {
    await setOrder(printed.orderNo, { status: 'refunded' });
    try {
      const d = (await callEntry<Dashboard>(shop, adminOrdersApi.dashboard, undefined, admin)).data;
      expect(d.revenue.today).toEqual({ orders: 0, revenueEur: 0, byCurrency: [] });
      expect(d.revenue.days30.orders).toBe(1);
    } finally {
      await setOrder(printed.orderNo, { status: 'paid' });
    }
  });
});


describe('saved views of the orders table', () => {
  type Saved = { id: number; name: string; view: Record<string, unknown> };
  const call = <T = Saved>(entry: Parameters<typeof callEntry>[1], body: unknown, who: Staff) => callEntry<T>(shop, entry, body, who);
  const names = async (who: Staff) => {
    const answer = await call<Saved[]>(adminOrdersApi.orderViews, undefined, who);
    expect(answer.code, answer.msg).toBe('0000');
    return answer.data.map((v) => v.name);
  };
  const paidUk = { status: ['paid'], country: 'GB', personalised: true, query: 'ada', sort: 'total', order: 'asc' };

  it('keeps a named view of filters and sort for its author, sorted by name; renames and deletes it', async () => {
    const saved = await call(adminOrdersApi.saveOrderView, { name: '  Paid, printed, UK ', view: paidUk }, admin);
    expect(saved.code, saved.msg).toBe('0000');
    expect(saved.data).toMatchObject({ name: 'Paid, printed, UK', view: paidUk });
    const other = await call(adminOrdersApi.saveOrderView, { name: 'All unpaid', view: { payment: 'unpaid' } }, admin);
    // The sort a view did not name is the table's default.
    expect(other.data.view).toEqual({ payment: 'unpaid', sort: 'createdAt', order: 'desc' });
    expect(await names(admin)).toEqual(['All unpaid', 'Paid, printed, UK']);

    const renamed = await call(adminOrdersApi.renameOrderView, { id: saved.data.id, name: 'UK printed' }, admin);
    expect(renamed.data).toMatchObject({ id: saved.data.id, name: 'UK printed', view: paidUk });
    expect(await names(admin)).toEqual(['All unpaid', 'UK printed']);
    expect((await call(adminOrdersApi.deleteOrderView, { id: other.data.id }, admin)).data).toEqual({ deleted: 1 });
    expect(await names(admin)).toEqual(['UK printed']);
    expect((await call(adminOrdersApi.deleteOrderView, { id: other.data.id }, admin)).code).toBe('1404');
  });

  it("refuses a name that is empty, too long or already the author's (any case) as a field error, changing nothing", async () => {
    const before = await names(admin);
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const answer = await call(adminOrdersApi.saveOrderView, { name, view: {} }, admin);
      expect(answer.code).toBe('1001');
    }
    const taken = await call(adminOrdersApi.saveOrderView, { name: 'uk PRINTED', view: {} }, admin);
    expect(taken.code).toBe('1001');
    expect(JSON.stringify(taken)).toContain('body.name');
    const theirs = await call(adminOrdersApi.saveOrderView, { name: 'Other', view: {} }, admin);
    const clash = await call(adminOrdersApi.renameOrderView, { id: theirs.data.id, name: 'UK Printed' }, admin);
    expect(clash.code).toBe('1001');
    expect((await call(adminOrdersApi.saveOrderView, { name: 'Bad', view: { status: ['lost'] } }, admin)).code).toBe('1001');
    expect((await call(adminOrdersApi.saveOrderView, { name: 'Bad', view: { page: 2 } }, admin)).code).toBe('1001');
    expect(await names(admin)).toEqual([...before, 'Other'].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await call(adminOrdersApi.deleteOrderView, { id: theirs.data.id }, admin);
  });

  it("shows nobody another staff member's views, nor lets them rename or delete one; the same name is free to each", async () => {
    const mine = await names(admin);
    const [view] = (await call<Saved[]>(adminOrdersApi.orderViews, undefined, admin)).data;
    expect(await names(owner)).toEqual([]);
    expect((await call(adminOrdersApi.renameOrderView, { id: view!.id, name: 'Taken over' }, owner)).code).toBe('1404');
    expect((await call(adminOrdersApi.deleteOrderView, { id: view!.id }, owner)).code).toBe('1404');
    expect(await names(admin)).toEqual(mine);
    const same = await call(adminOrdersApi.saveOrderView, { name: view!.name, view: {} }, owner);
    expect(same.code, same.msg).toBe('0000');
    expect(await names(owner)).toEqual([view!.name]);
    expect(await names(admin)).toEqual(mine);
  });

  it('keeps at most 30 views per staff member', async () => {
    const start = (await names(owner)).length;
    for (let i = start; i < ORDER_VIEWS_MAX; i++) expect((await call(adminOrdersApi.saveOrderView, { name: `View ${i}`, view: {} }, owner)).code).toBe('0000');
    const over = await call(adminOrdersApi.saveOrderView, { name: 'One too many', view: {} }, owner);
    expect(over.code).toBe('1409');
    expect(await names(owner)).toHaveLength(ORDER_VIEWS_MAX);
    // Another staff member is not held by it.
    expect((await call(adminOrdersApi.saveOrderView, { name: 'One too many', view: {} }, admin)).code).toBe('0000');
  });
});
