/**
 * The owner's sales report (docs/back-office.md "Reports") on PGlite and PostgreSQL: orders placed
 * and paid through the shop (EUR and GBP, a coupon, a personalised line, one left unpaid), their
 * paid days and a refund's day set to chosen dates, and every figure compared with sums made here
 * from the orders rows, to the cent.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminSalesReportApi } from '../../src/domain/api/admin/sales-report.ts';
import type { ReportRow, SalesReport } from '../../src/domain/back-office/sales-report.model.ts';
import { divRound } from '../../src/domain/money.model.ts';
import { orderItems, orders, products, refunds } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { findStock, guestOrder, makeCoupon, pay, plainLine, printedLine } from './orders-support.ts';

let shop: TestShop;
let owner: Staff;
let admin: Staff;
let customer: Staff;
const placed: Record<string, string> = {};

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  [owner, admin, customer] = await Promise.all([staffAccount(shop, 'R_SUPER'), staffAccount(shop, 'R_ADMIN'), staffAccount(shop, 'R_CUSTOMER')]);
  const stock = await findStock(shop, 20);
  const other = await findStock(shop, 20, 1);
  const coupon = await makeCoupon(shop, { kind: 'percent', percent: 10 });
  const place = async (name: string, lines: Record<string, unknown>[], extra: Record<string, unknown>, paid = true) => {
    const { order } = await guestOrder(shop, lines, { email: `${name}@example.com`, ...extra });
    if (paid) expect((await pay(shop, order)).captured.code).toBe('0000');
    placed[name] = order.orderNo;
  };
  // Two lines of one product in one order: one order of it, three units.
  await place('eur', [plainLine(stock, 2), printedLine(stock, 1, 'JONES', '9')], {});
  await place('gbp', [printedLine(other, 1), plainLine(stock, 1)], { currency: 'GBP' });
  await place('coupon', [plainLine(other, 3)], { couponCode: coupon });
  await place('lastDay', [plainLine(stock, 1)], { currency: 'GBP' });
  await place('before', [plainLine(stock, 1)], {});
  await place('unpaid', [plainLine(stock, 1)], {}, false);
  const db = shop.database.db;
  const setPaid = (name: string, iso: string) => db.update(orders).set({ paidAt: at(iso) }).where(eq(orders.orderNo, placed[name]!));
  // March 2026 is asked below; its previous period is the 31 days before it (January 29 to February 28).
  await setPaid('eur', '2026-03-02T08:00:00Z');
  await setPaid('gbp', '2026-03-02T23:59:59.999Z');
  await setPaid('coupon', '2026-03-16T00:00:00Z');
  await setPaid('lastDay', '2026-03-31T23:59:59.999Z');
  await setPaid('before', '2026-02-28T23:59:59.999Z');
  // The coupon order ships to Germany: a second country.
  await db.execute(sql`update orders set shipping_address = jsonb_set(shipping_address, '{country}', '"DE"') where order_no = ${placed.coupon!}`);
  // A refund of one line of the February order, made in March: March's refunds, not February's sales.
  const [before] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, placed.before!));
  const [line] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, before!.id));
  const refunded = await callEntry(shop, adminOrdersApi.refund, { orderNo: placed.before, idempotencyKey: randomUUID(), lines: [{ orderItemId: line!.id, quantity: 1 }], reason: 'Wrong size' }, owner);
  expect(refunded.code, refunded.msg).toBe('0000');
  await db.update(refunds).set({ createdAt: at('2026-03-10T12:00:00Z') }).where(eq(refunds.orderId, before!.id));
  // A second, GBP refund of part of the GBP order, made on April 1: outside March.
  const [gbp] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, placed.gbp!));
  const [gbpLine] = await db.select({ id: orderItems.id }).from(orderItems).where(and(eq(orderItems.orderId, gbp!.id), eq(orderItems.personalised, false)));
  expect((await callEntry(shop, adminOrdersApi.refund, { orderNo: placed.gbp, idempotencyKey: randomUUID(), lines: [{ orderItemId: gbpLine!.id, quantity: 1 }], reason: 'Late' }, owner)).code).toBe('0000');
  await db.update(refunds).set({ createdAt: at('2026-04-01T00:00:00Z') }).where(eq(refunds.orderId, gbp!.id));
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

async function report(body: Record<string, unknown>, who: Staff = owner): Promise<SalesReport> {
  const answer = await callEntry<SalesReport>(shop, adminSalesReportApi.salesReport, body, who);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

/** The figures made here from the orders and refunds rows of UTC days [from, to], to compare with. */
async function expected(from: string, to: string) {
  const db = shop.database.db;
  const start = at(`${from}T00:00:00Z`);
  const end = new Date(at(`${to}T00:00:00Z`).getTime() + 86_400_000);
  const paid = await db.select().from(orders).where(and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end), ne(orders.source, 'replacement')));
  const given = await db
    .select({ amount: refunds.amount, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, 'completed'), gte(refunds.createdAt, start), lt(refunds.createdAt, end)));
  const eur = (amount: number, o: typeof orders.$inferSelect) => divRound(amount * o.baseRateX100, o.rateX100);
  const sumOf = (rows: typeof paid, refundRows: typeof given) => {
    const grossEur = rows.reduce((n, o) => n + eur(o.total, o), 0);
    const taxEur = rows.reduce((n, o) => n + eur(o.taxTotal, o), 0);
    return {
      orders: rows.length,
      units: rows.reduce((n, o) => n + o.itemCount, 0),
      grossEur,
      taxEur,
      netEur: grossEur - taxEur,
      refundsEur: refundRows.reduce((n, r) => n + eur(r.amount, r.order), 0),
      averageEur: rows.length ? divRound(grossEur, rows.length) : 0,
    };
  };
  const items = paid.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, paid.map((o) => o.id))) : [];
  return { paid, given, items, sumOf, eur, total: sumOf(paid, given) };
}

const figures = (row: ReportRow | undefined) => row && { orders: row.orders, units: row.units, grossEur: row.grossEur, taxEur: row.taxEur, netEur: row.netEur, refundsEur: row.refundsEur, averageEur: row.averageEur };

describe('the sales report', () => {
  it('adds up March to the cent: totals, the days, each order breakdown and the previous period', async () => {
    const r = await report({ from: '2026-03-01', to: '2026-03-31', grouping: 'day' });
    const x = await expected('2026-03-01', '2026-03-31');
    // The four paid March orders, not the unpaid one nor February's; February's refund made in March.
    expect(x.paid.map((o) => o.orderNo).sort()).toEqual([placed.eur, placed.gbp, placed.coupon, placed.lastDay].sort());
    expect(x.given).toHaveLength(1);
    expect(r.totals).toEqual(x.total);
    expect(r.totals.refundsEur).toBeGreaterThan(0);
    expect(r.totals.taxEur).toBeGreaterThan(0);
    expect(r.previous).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    const y = await expected('2026-01-29', '2026-02-28');
    expect(r.previousTotals).toEqual(y.total);
    expect(r.previousTotals.orders).toBe(1);

    expect(r.series).toHaveLength(31);
    const day = (d: string) => r.series.find((b) => b.start === d)!;
    const onDay = (d: string) => x.sumOf(x.paid.filter((o) => o.paidAt!.toISOString().slice(0, 10) === d), x.given.filter(() => d === '2026-03-10'));
    for (const d of ['2026-03-02', '2026-03-10', '2026-03-16', '2026-03-31', '2026-03-01']) expect(day(d)).toEqual({ start: d, ...onDay(d) });
    expect(day('2026-03-02').orders).toBe(2);

    for (const [dimension, keyOf] of [
      ['currency', (o: (typeof x.paid)[number]) => o.currency],
      ['country', (o: (typeof x.paid)[number]) => o.shipCountry],
      ['coupon', (o: (typeof x.paid)[number]) => o.couponCode ?? ''],
      ['personalised', (o: (typeof x.paid)[number]) => (o.personalised ? 'personalised' : 'plain')],
    ] as const) {
      const keys = new Set([...x.paid.map(keyOf), ...x.given.map((g) => keyOf(g.order))]);
      expect(r.breakdowns[dimension].map((row) => row.key).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const row = r.breakdowns[dimension].find((b) => b.key === key);
        expect(figures(row), `${dimension} ${key}`).toEqual(x.sumOf(x.paid.filter((o) => keyOf(o) === key), x.given.filter((g) => keyOf(g.order) === key)));
      }
    }
    expect(r.breakdowns.country.map((b) => b.key).sort()).toEqual(['DE', 'GB']);
    expect(r.breakdowns.personalised.map((b) => b.key).sort()).toEqual(['personalised', 'plain']);
    expect(r.breakdowns.coupon.map((b) => b.key)).toContain('');
    // The currency breakdown in each currency itself.
    for (const currency of ['EUR', 'GBP']) {
      const rows = x.paid.filter((o) => o.currency === currency);
      const gross = rows.reduce((n, o) => n + o.total, 0);
      const tax = rows.reduce((n, o) => n + o.taxTotal, 0);
      const refundsIn = x.given.filter((g) => g.order.currency === currency).reduce((n, g) => n + g.amount, 0);
      expect(r.breakdowns.currency.find((b) => b.key === currency)!.amounts).toEqual({ gross, tax, net: gross - tax, refunds: refundsIn });
    }
  });

  it('splits the lines by product, team and sport, to the cent', async () => {
    const r = await report({ from: '2026-03-01', to: '2026-03-31', grouping: 'month' });
    const x = await expected('2026-03-01', '2026-03-31');
    const orderOf = new Map(x.paid.map((o) => [o.id, o]));
    const catalogue = await shop.database.db.select({ id: products.id, teamId: products.teamId, sport: products.sport }).from(products).where(inArray(products.id, x.items.map((i) => i.productId!)));
    const productOf = new Map(catalogue.map((p) => [p.id, p]));
    const lineEur = (i: (typeof x.items)[number]) => x.eur(i.lineTotal, orderOf.get(i.orderId)!);
    for (const [dimension, keyOf] of [
      ['product', (i: (typeof x.items)[number]) => String(i.productId)],
      ['team', (i: (typeof x.items)[number]) => String(productOf.get(i.productId!)?.teamId ?? 'none')],
      ['sport', (i: (typeof x.items)[number]) => productOf.get(i.productId!)!.sport],
    ] as const) {
      const keys = [...new Set(x.items.map(keyOf))];
      expect(r.breakdowns[dimension].map((b) => b.key).sort()).toEqual(keys.sort());
      for (const key of keys) {
        const lines = x.items.filter((i) => keyOf(i) === key);
        expect(r.breakdowns[dimension].find((b) => b.key === key), `${dimension} ${key}`).toMatchObject({
          orders: new Set(lines.map((i) => i.orderId)).size,
          units: lines.reduce((n, i) => n + i.quantity, 0),
          grossEur: lines.reduce((n, i) => n + lineEur(i), 0),
          taxEur: null,
          refundsEur: null,
        });
      }
    }
    expect(r.breakdowns.product.every((b) => typeof b.label === 'string' && b.label.length > 0)).toBe(true);
    expect(x.items.filter((i) => orderOf.get(i.orderId)!.orderNo === placed.eur)).toHaveLength(2);
    // A month: one bucket holding the whole month.
    expect(r.series).toEqual([{ start: '2026-03-01', ...x.total }]);
  });

  it('groups by ISO week (Monday first), the first week starting before the period', async () => {
    const r = await report({ from: '2026-03-01', to: '2026-03-31', grouping: 'week' });
    expect(r.series.map((b) => b.start)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    // The week of February 23 holds only March 1 of the period: nothing paid then.
    expect(r.series[0]!.orders).toBe(0);
    expect(r.series[1]!.orders).toBe(2);
    expect(r.series.reduce((n, b) => n + b.grossEur, 0)).toBe(r.totals.grossEur);
  });

  it('answers zeros, not nulls, for a period and a previous period without sales', async () => {
    const r = await report({ from: '2020-01-01', to: '2020-01-31', grouping: 'week' });
    const zero = { orders: 0, units: 0, grossEur: 0, taxEur: 0, netEur: 0, refundsEur: 0, averageEur: 0 };
    expect(r.totals).toEqual(zero);
    expect(r.previousTotals).toEqual(zero);
    expect(r.series.every((b) => b.orders === 0)).toBe(true);
    expect(Object.values(r.breakdowns).every((rows) => rows.length === 0)).toBe(true);
  });

  it('exports what is shown as CSV, in the caller’s language, amounts as decimals', async () => {
    const r = await report({ from: '2026-03-01', to: '2026-03-31', grouping: 'day' });
    const csv = await callEntry<{ fileName: string; csv: string; rows: number }>(shop, adminSalesReportApi.salesReportExport, { from: '2026-03-01', to: '2026-03-31', grouping: 'day', view: 'currency' }, owner);
    expect(csv.code, csv.msg).toBe('0000');
    expect(csv.data.fileName).toBe('sales-currency-2026-03-01-2026-03-31.csv');
    const lines = csv.data.csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Key,Name,Orders,Units,Gross (EUR),Net (EUR),Tax (EUR),Refunds (EUR),Average order (EUR),Gross (currency),Net (currency),Tax (currency),Refunds (currency)');
    const gbp = r.breakdowns.currency.find((b) => b.key === 'GBP')!;
    const dec = (minor: number) => (minor / 100).toFixed(2);
    expect(lines).toContain(
      ['GBP', 'GBP', gbp.orders, gbp.units, dec(gbp.grossEur), dec(gbp.netEur!), dec(gbp.taxEur!), dec(gbp.refundsEur!), dec(gbp.averageEur!), dec(gbp.amounts!.gross), dec(gbp.amounts!.net), dec(gbp.amounts!.tax), dec(gbp.amounts!.refunds)].join(','),
    );
    const series = await callEntry<{ csv: string; rows: number }>(shop, adminSalesReportApi.salesReportExport, { from: '2026-03-01', to: '2026-03-31', grouping: 'day', view: 'series' }, owner, { 'accept-language': 'zh-CN' });
    expect(series.data.rows).toBe(31);
    expect(series.data.csv).toContain('期间开始,订单数');
  });

  it('refuses a period that ends before it starts or is longer than two years, and callers without report:sales', async () => {
    const backwards = await callEntry(shop, adminSalesReportApi.salesReport, { from: '2026-03-31', to: '2026-03-01', grouping: 'day' }, owner);
    expect(backwards).toMatchObject({ status: 400, code: '1001' });
    expect((await callEntry(shop, adminSalesReportApi.salesReport, { from: '2024-01-01', to: '2026-03-01', grouping: 'day' }, owner)).code).toBe('1001');
    expect((await callEntry(shop, adminSalesReportApi.salesReport, { from: '2026-02-30', to: '2026-03-01', grouping: 'day' }, owner)).code).toBe('1001');
    expect((await callEntry(shop, adminSalesReportApi.salesReport, { from: '2026-03-01', to: '2026-03-02', grouping: 'year' }, owner)).code).toBe('1001');
    for (const entry of [adminSalesReportApi.salesReport, adminSalesReportApi.salesReportExport]) {
      const body = { from: '2026-03-01', to: '2026-03-31', grouping: 'day', view: 'series' };
      const request = entry === adminSalesReportApi.salesReport ? { from: body.from, to: body.to, grouping: body.grouping } : body;
      expect(await callEntry(shop, entry, request, admin)).toMatchObject({ status: 403, code: '1403', data: null });
      expect(await callEntry(shop, entry, request, customer)).toMatchObject({ status: 403, code: '1403' });
      expect((await callEntry(shop, entry, request, null)).code).toBe('8888');
    }
  });
});
