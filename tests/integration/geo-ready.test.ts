/**
 * The country list is loaded when the app starts (GeoService.ready, src/server/app.ts): the
 * transaction that marks an order paid names the buyer's country (the invoice's buyer, the
 * confirmation), and a first load of the list inside it would read through the pool, which
 * PGlite's one connection cannot serve while that transaction holds it: the payment hung. Here a
 * fresh instance, which has served no checkout call (so nothing of it has read the list), is paid
 * for an order by PayPal's webhook, its first call ever; the order must be paid within seconds.
 * Run on both databases; on PostgreSQL the pool has more than one connection, so it is the PGlite
 * run that fails without the early load.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toDecimalString } from '../../src/domain/money.model.ts';
import { taxDocuments } from '../../src/server/db/schema.ts';
import { orderRow } from '../support/order-rows.ts';
import { secondInstance, type TestShop } from './harness.ts';
import { createPaypalOrder, guestOrder, plainLine, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let stock: Stock;

useOrderShop({}, {}, 5, (env) => ({ shop, stock } = env));
// Built before any test runs and never asked for a checkout: its GeoService has loaded nothing but what starting loads.
const fresh = secondInstance(() => shop);

/** Resolves with the promise's value, or rejects after `ms` (a hung transaction never settles). */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('GeoService.ready', () => {
  it("a fresh instance's first call, PayPal's webhook paying an order, pays it and issues its invoice instead of hanging", async () => {
    // The order is placed on the first instance (its checkout loads the list there, not on the fresh one).
    const { order } = await guestOrder(shop, [plainLine(stock)], { email: 'first.webhook@example.com' });
    await createPaypalOrder(shop, order);
    expect((await orderRow(shop, order.orderNo)).status).toBe('pending_payment');

    const app = fresh();
    const simulator = app.payments.simulator!;
    const event = simulator.event('PAYMENT.CAPTURE.COMPLETED', {
      id: `CAP-GEO-${order.orderNo}`,
      status: 'COMPLETED',
      custom_id: order.orderNo,
      amount: { currency_code: order.currency, value: toDecimalString(order.total, order.currency) },
    });
    expect(await within(15_000, 'the webhook', simulator.deliver(event))).toEqual([200]);
    const row = await orderRow(shop, order.orderNo);
    expect(row.status).toBe('paid');
    // The invoice names the buyer's country from the list, in the order's language.
    const [invoice] = await shop.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, row.id));
    expect(invoice!.buyer.lines.at(-1)).toBe('United Kingdom');
  });
});
