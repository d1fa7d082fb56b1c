/**
 * Catalogue answers (product detail, search, navigation) are kept in memory and dropped when the
 * database announces that their rows changed (migration 0003's triggers, LISTEN/NOTIFY), on every
 * instance. Carts and checkout never read them: a changed price or stock reaches them at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavItem, ProductCard, ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { navItems, productSizes, products } from '../../src/server/db/schema.ts';
import type { FastifyInstance } from 'fastify';
import { call, createTestShop, onPostgres, secondInstance, type TestShop } from './harness.ts';
import { as, findStock, guestCart, guestOrder, plainLine, setStock, ukAddress, type Stock } from './orders-support.ts';
import { eventually } from '../support/eventually.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop?.close());


function detail(app: FastifyInstance, id: number, headers: Record<string, string> = {}) {
  return call<ProductDetail>(app, '/demo/ironProduct/queryProductDetail', { id }, { headers });
}

async function priceOf(productId: number): Promise<number> {
  const [row] = await shop.database.db.select({ price: products.price }).from(products).where(eq(products.id, productId));
  return row!.price;
}

/** A write the triggers do not announce (replication role): what a cache would never hear of. */
async function silentPriceChange(productId: number, price: number): Promise<void> {
  await shop.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(products).set({ price }).where(eq(products.id, productId));
  });
}

function cartLines(visitorId: string) {
  return call<{ records: { productId: number; price: number; stock: number }[] }>(shop.app, '/demo/ironCartItem/queryCartItemList', { currency: 'EUR' }, as(visitorId));
}

describe('product detail', () => {
  let stock: Stock;
  beforeAll(async () => {
    stock = await findStock(shop, 30, 3);
  });

  it('is served from memory until the database announces a change to its rows', async () => {
    const before = await detail(shop.app, stock.productId);
    expect(before.data.price).toBe(stock.price);
    // A change nobody announces is not seen: the answer came from memory...
    await silentPriceChange(stock.productId, stock.price + 100);
    expect((await detail(shop.app, stock.productId)).data.price).toBe(stock.price);
    // ...until the database says the product changed, as its trigger would have.
    await shop.database.db.execute(sql`select pg_notify('catalogue_changes', ${`products:${stock.productId}`})`);
    await eventually(async () => expect((await detail(shop.app, stock.productId)).data.price).toBe(stock.price + 100));
  });

  it('shows a new price in both locales, and the cart and checkout price it at once', async () => {
    const cart = await guestCart(shop, [plainLine(stock)]);
    await detail(shop.app, stock.productId);
    await detail(shop.app, stock.productId, { 'accept-language': 'zh-CN' });
    const price = (await priceOf(stock.productId)) + 250;
    await shop.database.db.update(products).set({ price }).where(eq(products.id, stock.productId));

    // Cart and checkout read the tables: no waiting.
    const listed = await cartLines(cart.visitorId);
    expect(listed.data.records[0]!.price).toBe(price);
    const quote = await call(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR' }, as(cart.visitorId));
    expect(quote.data.lines[0].price).toBe(price);
    const order = await call(
      shop.app,
      '/demo/checkout/placeOrder',
      { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', email: 'cache@example.com', address: ukAddress, shippingMethod: 'standard', acceptPersonalisedTerms: true },
      { headers: { 'x-visitor-id': cart.visitorId, 'idempotency-key': `cache-${Date.now()}` } },
    );
    expect(order.code, order.msg).toBe('0000');
    expect(order.data.total).toBe(quote.data.summary.total);

    await eventually(async () => {
      expect((await detail(shop.app, stock.productId)).data.price).toBe(price);
      expect((await detail(shop.app, stock.productId, { 'accept-language': 'zh-CN' })).data.price).toBe(price);
    });
  });

  it('shows stock taken by an order, and a stock change refuses a cart line at once', async () => {
    const shown = (await detail(shop.app, stock.productId)).data.sizes.find((s) => s.size === stock.size)!.stock;
    await guestOrder(shop, [plainLine(stock, 2)]);
    await eventually(async () => expect((await detail(shop.app, stock.productId)).data.sizes.find((s) => s.size === stock.size)!.stock).toBe(shown - 2));

    await setStock(shop, stock, 1);
    const refused = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock, 2)], as(`${'a'.repeat(31)}1`));
    expect(refused.code).toBe('1410');
    await eventually(async () => expect((await detail(shop.app, stock.productId)).data.sizes.find((s) => s.size === stock.size)!.stock).toBe(1));
    await setStock(shop, stock, 40);
  });

  it('forgets a product that is taken off sale', async () => {
    const other = await findStock(shop, 1, 7);
    expect((await detail(shop.app, other.productId)).code).toBe('0000');
    await shop.database.db.update(products).set({ active: false }).where(eq(products.id, other.productId));
    await eventually(async () => expect((await detail(shop.app, other.productId)).code).toBe('1404'));
    await shop.database.db.update(products).set({ active: true }).where(eq(products.id, other.productId));
  });
});

describe('search and navigation', () => {
  it('finds a product by its new title and shows its new price', async () => {
    const stock = await findStock(shop, 1, 11);
    const search = (title: string) => call<{ records: ProductCard[]; total: number }>(shop.app, '/demo/ironProduct/search', { title });
    expect((await search('zephyrine')).data.total).toBe(0);
    const [row] = await shop.database.db.select({ title: products.title }).from(products).where(eq(products.id, stock.productId));
    const price = stock.price + 310;
    await shop.database.db.update(products).set({ title: `${row!.title} Zephyrine`, price }).where(eq(products.id, stock.productId));
    await eventually(async () => {
      const found = await search('zephyrine');
      expect(found.data.records.map((p) => [p.id, p.price])).toEqual([[stock.productId, price]]);
    });
  });

  it('lists a product under its tags with its new price, and no longer once taken off sale', async () => {
    const stock = await findStock(shop, 1, 11);
    const [row] = await shop.database.db.select({ tags: products.tags, price: products.price }).from(products).where(eq(products.id, stock.productId));
    const listing = async () => {
      const answer = await call<{ records: ProductCard[]; total: number }>(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [row!.tags[0]!], current: 1, size: 100, sort: 'newest' });
      return answer.data.records.find((card) => card.id === stock.productId)?.price ?? null;
    };
    // The listing is cached (asked twice), then follows each change of the rows under it.
    expect(await listing()).toBe(row!.price);
    expect(await listing()).toBe(row!.price);
    await shop.database.db.update(products).set({ price: row!.price + 120 }).where(eq(products.id, stock.productId));
    await eventually(async () => expect(await listing()).toBe(row!.price + 120));
    await shop.database.db.update(products).set({ active: false }).where(eq(products.id, stock.productId));
    await eventually(async () => expect(await listing()).toBeNull());
    await shop.database.db.update(products).set({ active: true, price: row!.price }).where(eq(products.id, stock.productId));
  });

  it('names a renamed navigation item', async () => {
    const tree = async () => (await call<{ records: NavItem[] }>(shop.app, '/demo/ironNavItems/queryNavTree')).data.records;
    const first = (await tree())[0]!;
    const [row] = await shop.database.db.select().from(navItems).where(eq(navItems.tag, first.tag));
    await shop.database.db
      .update(navItems)
      .set({ tagName: { ...row!.tagName, 'en-US': 'Renamed sport' } })
      .where(eq(navItems.id, row!.id));
    await eventually(async () => expect((await tree())[0]!.tagName).toBe('Renamed sport'));
    await shop.database.db.update(navItems).set({ tagName: row!.tagName }).where(eq(navItems.id, row!.id));
  });
});

describe('another instance on the same database', () => {
  const second = secondInstance(() => shop);

  it('drops its answers when the first one changes stock or price', async () => {
    const stock = await findStock(shop, 30, 5);
    const shown = (await detail(second(), stock.productId)).data;
    await guestOrder(shop, [plainLine(stock, 3)]);
    await eventually(async () => expect((await detail(second(), stock.productId)).data.sizes.find((s) => s.size === stock.size)!.stock).toBe(shown.sizes.find((s) => s.size === stock.size)!.stock - 3));
    const price = shown.price + 120;
    await shop.database.db.update(products).set({ price }).where(eq(products.id, stock.productId));
    await eventually(async () => expect((await detail(second(), stock.productId)).data.price).toBe(price));
  });
});

if (onPostgres) {
  describe('a lost listening connection (PostgreSQL)', () => {
    it('is made again, and what was cached before it came back is dropped', async () => {
      const stock = await findStock(shop, 1, 9);
      await detail(shop.app, stock.productId);
      const listening = async () => {
        const result = await shop.database.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`);
        return (result as unknown as { rows: { pid: number }[] }).rows;
      };
      const before = await listening();
      expect(before.length).toBeGreaterThan(0);
      // A change while no connection listens is never announced to this instance...
      for (const { pid } of before) await shop.database.db.execute(sql`select pg_terminate_backend(${pid})`);
      await silentPriceChange(stock.productId, stock.price + 70);
      // ...so the instance drops everything once it listens again.
      await eventually(async () => expect((await detail(shop.app, stock.productId)).data.price).toBe(stock.price + 70), 10_000);
      await eventually(async () => expect((await listening()).length).toBe(before.length));
      // A change the page shows (a count at the low-stock mark) is announced by the table itself, whoever writes it.
      await shop.database.db.update(productSizes).set({ stock: 3 }).where(and(eq(productSizes.productId, stock.productId), eq(productSizes.size, stock.size)));
      await eventually(async () => expect((await detail(shop.app, stock.productId)).data.sizes.find((s) => s.size === stock.size)!.stock).toBe(3));
    });
  });
}
