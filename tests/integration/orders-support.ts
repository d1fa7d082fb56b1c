/**
 * Shared steps of the order tests: finding products to buy, filling carts, placing orders and
 * paying them through the local PayPal simulator the way the checkout page and the buyer do.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { PlacedOrder } from '../../src/domain/checkout.model.ts';
import { coupons, productSizes, products, squadPlayers } from '../../src/server/db/schema.ts';
import type { PaypalSimulator } from '../../src/server/modules/payments/simulator.ts';
import type { Config } from '../../src/server/config.ts';
import { call, createTestShop, visitor, type Answer, type ShopOptions, type TestShop } from './harness.ts';
import { startMailReceiver, type MailReceiver } from '../support/mail-receiver.ts';

export interface Stock {
  productId: number;
  size: string;
  stock: number;
  price: number;
  customisationFee: number;
  teamId: number | null;
}

/** A printable product size with at least `minStock` units, skipping the first `skip` such sizes. */
export async function findStock(shop: TestShop, minStock = 20, skip = 0): Promise<Stock> {
  const rows = await shop.database.db
    .select({ productId: products.id, size: productSizes.size, stock: productSizes.stock, price: products.price, customisationFee: products.customisationFee, teamId: products.teamId })
    .from(products)
    .innerJoin(productSizes, eq(productSizes.productId, products.id))
    .where(and(eq(products.active, true), eq(products.printable, true), gte(productSizes.stock, minStock), sql`${products.teamId} is not null`))
    .orderBy(products.id, productSizes.sort)
    .limit(skip + 1);
  const row = rows[skip];
  if (!row) throw new Error('no product with enough stock in the seeded catalogue');
  return row;
}

/** Sets a size's stock (tests of the last item in stock). */
export async function setStock(shop: TestShop, stock: Pick<Stock, 'productId' | 'size'>, units: number): Promise<void> {
  await shop.database.db.update(productSizes).set({ stock: units }).where(and(eq(productSizes.productId, stock.productId), eq(productSizes.size, stock.size)));
}

export async function stockOf(shop: TestShop, stock: Pick<Stock, 'productId' | 'size'>): Promise<number> {
  const [row] = await shop.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, stock.productId), eq(productSizes.size, stock.size)));
  return row!.stock;
}

export async function squadPlayerOf(shop: TestShop, teamId: number) {
  const [player] = await shop.database.db.select().from(squadPlayers).where(eq(squadPlayers.teamId, teamId)).limit(1);
  return player!;
}

/** A coupon made for one test, so tests never share a usage count. */
export async function makeCoupon(shop: TestShop, values: Partial<typeof coupons.$inferInsert> & Pick<typeof coupons.$inferInsert, 'kind'>): Promise<string> {
  const code = `T${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
  await shop.database.db.insert(coupons).values({ code, ...values });
  return code;
}

export const as = (visitorId: string) => ({ headers: { 'x-visitor-id': visitorId } });

/** A guest's cart with these lines; answers the visitor id and the cart line ids (in the order given). */
export async function guestCart(shop: TestShop, lines: Record<string, unknown>[]): Promise<{ visitorId: string; ids: number[] }> {
  const visitorId = visitor();
  const saved = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', lines, as(visitorId));
  expect(saved.code, saved.msg).toBe('0000');
  return { visitorId, ids: saved.data.ids };
}

export function plainLine(stock: Pick<Stock, 'productId' | 'size'>, quantity = 1) {
  return { productId: stock.productId, size: stock.size, customType: 1, quantity };
}

export function printedLine(stock: Pick<Stock, 'productId' | 'size'>, quantity = 1, name = 'SMITH', number = '7') {
  return { productId: stock.productId, size: stock.size, customType: 3, customName: name, customNumber: number, quantity };
}

export const ukAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 St James Square',
  country: 'GB',
  province: 'London',
  postalCode: 'SW1Y 4JH',
  phoneCode: '+44',
  city: 'London',
  phone: '20 7946 0000',
};

export function headersFor(owner: { visitorId?: string; auth?: { headers: Record<string, string> } }, key: string = randomUUID()) {
  return { headers: { ...(owner.auth?.headers ?? {}), ...(owner.visitorId ? { 'x-visitor-id': owner.visitorId } : {}), 'idempotency-key': key } };
}

/** POST placeOrder as the checkout page does. */
export function placeOrder(shop: TestShop, owner: { visitorId?: string; auth?: { headers: Record<string, string> } }, body: Record<string, unknown>, key?: string): Promise<Answer<PlacedOrder>> {
  return call<PlacedOrder>(shop.app, '/demo/checkout/placeOrder', body, headersFor(owner, key));
}

/** A guest order of the given cart lines, shipped standard to the UK, paid in EUR unless told otherwise. */
export async function guestOrder(shop: TestShop, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const cart = await guestCart(shop, lines);
  const answer = await placeOrder(shop, { visitorId: cart.visitorId }, {
    source: { type: 'cart', cartItemIds: cart.ids },
    currency: 'EUR',
    email: 'guest@example.com',
    address: ukAddress,
    shippingMethod: 'standard',
    acceptPersonalisedTerms: true,
    ...extra,
  });
  expect(answer.code, answer.msg).toBe('0000');
  return { ...cart, order: answer.data };
}

export function simulatorOf(shop: TestShop): PaypalSimulator {
  const sim = shop.app.payments.simulator;
  if (!sim) throw new Error('the test shop runs without the simulator');
  return sim;
}

export async function createPaypalOrder(shop: TestShop, order: Pick<PlacedOrder, 'orderNo' | 'accessToken'>): Promise<string> {
  const created = await call<{ id: string }>(shop.app, '/demo/paypal/createOrder', { orderNo: order.orderNo, token: order.accessToken });
  expect(created.code, created.msg).toBe('0000');
  return created.data.id;
}

export function capture(shop: TestShop, paypalOrderId: string, orderNo?: string) {
  const query = new URLSearchParams({ id: paypalOrderId, ...(orderNo ? { orderNo } : {}) });
  return call<{ orderNo: string; status: string; payment: string }>(shop.app, `/demo/paypal/captureOrder?${query}`, undefined, { method: 'GET' });
}

/** The buyer's whole payment: PayPal order, approval in "the PayPal window", capture. */
export async function pay(shop: TestShop, order: Pick<PlacedOrder, 'orderNo' | 'accessToken'>) {
  const paypalOrderId = await createPaypalOrder(shop, order);
  expect(simulatorOf(shop).approve(paypalOrderId)).toBe(true);
  const captured = await capture(shop, paypalOrderId, order.orderNo);
  return { paypalOrderId, captured };
}

export function orderDetail(shop: TestShop, orderNo: string, access: { token?: string; auth?: { headers: Record<string, string> } } = {}) {
  return call(shop.app, '/demo/ironOrder/getOrderDetail', { orderNo, ...(access.token ? { token: access.token } : {}) }, access.auth ?? {});
}

export interface OrderShop {
  shop: TestShop;
  mail: MailReceiver;
  stock: Stock;
}

/**
 * The shop-and-mail setup of the order tests: a mail receiver, a shop sending to it with `config`
 * (no reconciler running), a product size with `minStock` units, and a PayPal simulator reset before
 * each test so each test decides about captures, slowness and webhooks itself (none arrive on their own).
 * `ready` receives the shop, mail receiver and stock once they are up.
 */
export function useOrderShop(config: Partial<Config>, options: ShopOptions, minStock: number, ready: (env: OrderShop) => void): void {
  let env: Partial<OrderShop> = {};
  beforeAll(async () => {
    env.mail = await startMailReceiver();
    env.shop = await createTestShop({ smtpUrl: env.mail.url, reconcileIntervalMs: 0, ...config }, options);
    env.stock = await findStock(env.shop, minStock);
    ready(env as OrderShop);
  });
  afterAll(async () => {
    await env.shop?.close();
    await env.mail?.close();
    env = {};
  });
  beforeEach(() => {
    simulatorOf(env.shop!).setSwitches({ nextCapture: null, nextRefund: null, slowMs: 0, autoWebhooks: false });
  });
}
