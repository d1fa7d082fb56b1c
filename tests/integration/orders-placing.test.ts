/**
 * Checkout's placing statement sends the order, its lines and its tax lines as jsonb parameters
 * (db/json-rows.ts) instead of drizzle's values: what it writes must be what drizzle's own insert
 * writes, column for column (times, JSON, arrays, nulls, premium options), on PGlite and PostgreSQL.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderTaxLines, orders } from '../../src/server/db/schema.ts';
import { PLACING_ROWS } from '../../src/server/modules/orders/index.ts';
import { createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
});
afterAll(async () => shop?.close());

const createdAt = new Date('2026-11-29T05:06:07.089Z');
const orderValues = (n: string): typeof orders.$inferInsert => ({
  orderNo: `JS-JSON${n}`,
  accessTokenHash: 'hash',
  accessNonce: 'nonce',
  userId: null,
  visitorId: 'a'.repeat(32),
  email: 'json@example.com',
  locale: 'zh-CN',
  currency: 'GBP',
  rateX100: 79,
  baseRateX100: 92,
  itemCount: 2,
  itemsTotal: 5000,
  tierPercent: 5,
  tierDiscount: 250,
  couponId: null,
  couponCode: 'SAVE',
  couponDiscount: 100,
  shippingMethod: 'express',
  shippingZone: 'europe',
  shippingAmount: 995,
  taxTotal: 940,
  taxAdded: 0,
  taxDisplay: 'inclusive',
  taxMarket: 'GB',
  taxReason: 'registered',
  importTaxesOnDelivery: false,
  total: 5645,
  deliveryMinDays: 3,
  deliveryMaxDays: 6,
  shippingAddress: { firstName: 'Zoë "Z"', lastName: '李', company: '', address: '1 Road', address2: '', country: 'GB', province: 'London', postalCode: 'SW1A 1AA', phoneCode: '+44', city: 'London', phone: '20 7946 0000' },
  personalised: true,
  status: 'pending_payment',
  cartItemIds: [12, 3],
  idempotencyScope: 'v:json',
  idempotencyKey: `key-${n}`,
  requestHash: 'digest',
  payBefore: new Date(createdAt.getTime() + 30 * 60_000),
  source: 'checkout',
  replacesOrderId: null,
  createdAt,
  updatedAt: createdAt,
});
const itemValues: Omit<typeof orderItems.$inferInsert, 'orderId'> = {
  productId: 41,
  title: { 'en-US': 'Home shirt \\ "24/25"', 'zh-CN': '主场球衣' },
  image: '/img/a.webp',
  size: 'XL',
  customType: 3,
  playerId: null,
  customName: 'SMITH',
  customNumber: '07',
  premiumNameOption: 'Gold',
  premiumNumberOption: 'Standard',
  patches: [{ id: 3, name: { 'en-US': 'League', 'zh-CN': '联赛' }, price: 399 }],
  addons: [],
  personalised: true,
  taxClass: 'children',
  unitPriceEur: 3000,
  unitPrice: 2500,
  // A staff order's hand-set price's reason (docs/back-office.md "Manual orders").
  priceReason: 'Club deal "2 for 1"',
  quantity: 2,
  lineTotal: 5000,
  // A team roster's row (docs/storefront.md "Team orders").
  groupId: '0b7f4c1e-8d2a-4f5b-9c3e-1a2b3c4d5e6f',
  groupName: 'Harbour City FC',
};
const taxValues: Omit<typeof orderTaxLines.$inferInsert, 'orderId'> = { lineIndex: 0, shipping: true, jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', taxClass: 'standard', rate: 20_000, base: 829, amount: 166 };

/** Runs a statement of the mappings' SQL and answers the new row's id. */
async function insertedId(statement: SQL): Promise<number> {
  const result = await shop.database.db.execute<{ id: number }>(sql`${statement} returning id`);
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
}

const without = <T extends Record<string, unknown>>(row: T, ...keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

describe('the placing statement’s JSON rows', () => {
  it('write an order, its line and its tax line exactly as drizzle’s insert does', async () => {
    const db = shop.database.db;
    const [byDrizzle] = await db.insert(orders).values(orderValues('1')).returning({ id: orders.id });
    const { status: _status, ...jsonOrder } = orderValues('2');
    const byJson = await insertedId(PLACING_ROWS.orders.insert(sql`${PLACING_ROWS.orders.encode([jsonOrder as never])}`, { status: sql`'pending_payment'` }));
    const [a] = await db.select().from(orders).where(eq(orders.id, byDrizzle!.id));
    const [b] = await db.select().from(orders).where(eq(orders.id, byJson));
    expect(without(b!, 'id', 'orderNo', 'idempotencyKey')).toEqual(without(a!, 'id', 'orderNo', 'idempotencyKey'));
    expect(b!.createdAt.toISOString()).toBe(createdAt.toISOString());

    await db.insert(orderItems).values({ ...itemValues, orderId: byDrizzle!.id });
    await insertedId(PLACING_ROWS.orderItems.insert(sql`${PLACING_ROWS.orderItems.encode([itemValues as never])}`, { orderId: sql`${byJson}::int` }));
    const [itemA] = await db.select().from(orderItems).where(eq(orderItems.orderId, byDrizzle!.id));
    const [itemB] = await db.select().from(orderItems).where(eq(orderItems.orderId, byJson));
    expect(without(itemB!, 'id', 'orderId')).toEqual(without(itemA!, 'id', 'orderId'));

    await db.insert(orderTaxLines).values({ ...taxValues, orderId: byDrizzle!.id });
    await insertedId(PLACING_ROWS.orderTaxLines.insert(sql`${PLACING_ROWS.orderTaxLines.encode([taxValues as never])}`, { orderId: sql`${byJson}::int` }));
    const [taxA] = await db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, byDrizzle!.id));
    const [taxB] = await db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, byJson));
    expect(without(taxB!, 'id', 'orderId')).toEqual(without(taxA!, 'id', 'orderId'));
  });
});
