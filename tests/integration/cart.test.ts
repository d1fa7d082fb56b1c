/**
 * Guest carts: the server validates each personalisation, prices from the database whatever
 * the client sends, and lets no visitor see or touch another's lines.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartPage } from '../../src/domain/cart.model.ts';
import { SIZES } from '../../src/domain/catalogue.model.ts';
import type { Addon, Patch, ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { convertFromEur } from '../../src/domain/money.model.ts';
import { cartItems, productSizes, products } from '../../src/server/db/schema.ts';
import { call, createTestShop, visitor, type TestShop } from './harness.ts';

let shop: TestShop;
let product: ProductDetail;
let otherTeamProduct: ProductDetail;
let patch: Patch;
let addon: Addon;
let roomySize: string;

beforeAll(async () => {
  shop = await createTestShop();
  // A printable shirt with plenty of stock in one size, patches and add-ons.
  const rows = await shop.database.db
    .select({ id: products.id, size: productSizes.size, teamId: products.teamId })
    .from(products)
    .innerJoin(productSizes, eq(productSizes.productId, products.id))
    .where(and(eq(products.printable, true), gte(productSizes.stock, 40), sql`${products.teamId} is not null`))
    .orderBy(products.id);
  for (const row of rows) {
    const detail = (await call<ProductDetail>(shop.app, '/demo/ironProduct/queryProductDetail', { id: row.id })).data;
    const patches = (await call(shop.app, '/demo/ironPatch/queryList', { productId: row.id })).data.records as Patch[];
    const addons = (await call(shop.app, '/demo/ironAddon/queryList', { productId: row.id })).data.records as Addon[];
    if (detail.squad.length && patches.length && addons.length) {
      product = detail;
      patch = patches[0]!;
      addon = addons[0]!;
      roomySize = row.size;
      const other = rows.find((r) => r.teamId !== row.teamId)!;
      otherTeamProduct = (await call<ProductDetail>(shop.app, '/demo/ironProduct/queryProductDetail', { id: other.id })).data;
      break;
    }
  }
  expect(product).toBeDefined();
});
afterAll(async () => shop?.close());

const as = (visitorId: string) => ({ headers: { 'x-visitor-id': visitorId } });

function line(overrides: Record<string, unknown> = {}) {
  return { productId: product.id, size: roomySize, customType: 1, quantity: 1, ...overrides };
}

async function cartOf(visitorId: string, currency = 'EUR') {
  return (await call<CartPage>(shop.app, '/demo/ironCartItem/queryCartItemList', { currency }, as(visitorId))).data;
}

async function rowCount(visitorId: string) {
  const [row] = await shop.database.db.select({ n: sql<number>`count(*)::int`, q: sql<number>`coalesce(sum(quantity),0)::int` }).from(cartItems).where(eq(cartItems.visitorId, visitorId));
  return row!;
}

describe('adding and listing', () => {
  it('gives a guest without a visitor id a fresh one, as a cookie', async () => {
    const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line()]);
    expect(answer.code).toBe('0000');
    const issued = String(answer.headers['x-visitor-id']);
    expect(issued).toMatch(/^[0-9a-f]{32}$/);
    expect(String(answer.headers['set-cookie'])).toContain(`X-Visitor-Id=${issued}`);
    expect((await cartOf(issued)).records).toHaveLength(1);
  });

  it('prices from the database and ignores any price the client sends', async () => {
    const v = visitor();
    const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ price: 1, name: 'cheap', image: 'x' })], as(v));
    expect(answer.code).toBe('0000');
    const cart = await cartOf(v);
    expect(cart.records[0]!.price).toBe(product.price);
    expect(cart.summary.total).toBe(product.price);
  });

  it('refuses a price-like field it does not know (mass assignment)', async () => {
    const v = visitor();
    for (const extra of [{ total: 0 }, { userId: 1 }, { unitPrice: 1 }, { status: 'paid' }]) {
      const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line(extra)], as(v));
      expect(answer.code, JSON.stringify(extra)).toBe('1001');
      expect(answer.msg).toContain(Object.keys(extra)[0]);
    }
    expect((await rowCount(v)).n).toBe(0);
  });

  it('adds patches, add-ons, customisation fee and premium options to the unit price', async () => {
    const v = visitor();
    const player = product.squad[0]!;
    const answer = await call(
      shop.app,
      '/demo/ironCartItem/saveCartItemList',
      [line({ customType: 2, squadList: player.id, patch: String(patch.id), addons: String(addon.id), premiumNameOption: 'Gold', premiumNumberOption: 'Standard' })],
      as(v),
    );
    expect(answer.code).toBe('0000');
    const [record] = (await cartOf(v)).records;
    expect(record!.price).toBe(product.price + product.customisationFee + 500 + patch.patchPrice + addon.price);
    expect(record!.player).toEqual({ id: player.id, name: player.name, number: player.number });
    expect(record!.customName).toBe(player.name);
    expect(record!.customNumber).toBe(player.number);
    expect(record!.personalised).toBe(true);
    expect(record!.patches.map((p) => p.id)).toEqual([patch.id]);
  });

  it('upper-cases an own name and keeps the number as typed', async () => {
    const v = visitor();
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 3, customName: 'smith', customNumber: '7' })], as(v));
    const [record] = (await cartOf(v)).records;
    expect(record).toMatchObject({ customName: 'SMITH', customNumber: '7', customType: 3 });
  });

  it('merges the same configuration into one line and keeps different ones apart', async () => {
    const v = visitor();
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 1 })], as(v));
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 2 })], as(v));
    let cart = await cartOf(v);
    expect(cart.records).toHaveLength(1);
    expect(cart.records[0]!.quantity).toBe(3);
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 3, customName: 'SMITH', customNumber: '7' })], as(v));
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 3, customName: 'JONES', customNumber: '7' })], as(v));
    // A stray name on a Blank shirt is not printed, so it is the same line as the plain one.
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 1, customName: 'STRAY' })], as(v));
    cart = await cartOf(v);
    expect(cart.records).toHaveLength(3);
    expect(cart.summary.itemCount).toBe(6);
  });

  it('applies the discount tiers at 2, 3, 4, 5 and 6 items', async () => {
    const v = visitor();
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 2 })], as(v));
    const lineId = (await cartOf(v)).records[0]!.id;
    const expectations: [number, number][] = [
      [2, 0],
      [3, 10],
      [4, 10],
      [5, 20],
      [6, 20],
    ];
    for (const [quantity, percent] of expectations) {
      expect((await call(shop.app, '/demo/ironCartItem/saveCartItemList', [{ id: lineId, quantity }], as(v))).code).toBe('0000');
      const { summary } = await cartOf(v);
      const subtotal = product.price * quantity;
      expect(summary).toMatchObject({ itemCount: quantity, subtotal, discountPercent: percent });
      expect(summary.discount).toBe(Math.round((subtotal * percent) / 100));
      expect(summary.total).toBe(subtotal - summary.discount);
    }
  });

  it('prices in the asked currency, converting each unit before adding up', async () => {
    const v = visitor();
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 3 })], as(v));
    const gbp = await cartOf(v, 'GBP');
    const unit = convertFromEur(product.price, 'GBP');
    expect(gbp.currency).toBe('GBP');
    expect(gbp.records[0]!.price).toBe(unit);
    expect(gbp.summary.subtotal).toBe(unit * 3);
    expect(gbp.summary.total + gbp.summary.discount).toBe(gbp.summary.subtotal);
    const bad = await call(shop.app, '/demo/ironCartItem/queryCartItemList', { currency: 'JPY' }, as(v));
    expect(bad.code).toBe('1001');
  });

  it('counts items for the header', async () => {
    const v = visitor();
    expect((await call(shop.app, '/demo/ironCartItem/queryCartSumByUserId', {}, as(v))).data).toBe(0);
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 2 }), line({ customType: 3, customName: 'A', customNumber: '0' })], as(v));
    expect((await call(shop.app, '/demo/ironCartItem/queryCartSumByUserId', {}, as(v))).data).toBe(3);
  });

  it('deletes lines by id', async () => {
    const v = visitor();
    const saved = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line(), line({ customType: 3, customName: 'A', customNumber: '1' })], as(v));
    const [first, second] = saved.data.ids as number[];
    expect((await call(shop.app, '/demo/ironCartItem/deleteByIds', [first], as(v))).data).toEqual({ deleted: 1 });
    expect((await cartOf(v)).records.map((r) => r.id)).toEqual([second]);
  });

  it('pages the cart but totals all of it', async () => {
    const v = visitor();
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line(), line({ customType: 3, customName: 'A', customNumber: '1' }), line({ customType: 3, customName: 'B', customNumber: '2' })], as(v));
    const page = (await call<CartPage>(shop.app, '/demo/ironCartItem/queryCartItemList', { current: 1, size: 2 }, as(v))).data;
    expect(page.records).toHaveLength(2);
    expect(page.total).toBe(3);
    expect(page.summary.itemCount).toBe(3);
  });
});

describe('bad input changes nothing', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['quantity 0', { quantity: 0 }, '1001'],
    ['quantity -1', { quantity: -1 }, '1001'],
    ['quantity 1.5', { quantity: 1.5 }, '1001'],
    ['quantity "1e3"', { quantity: '1e3' }, '1001'],
    ['quantity 2^53+1', { quantity: 2 ** 53 + 1 }, '1001'],
    ['quantity null', { quantity: null }, '1001'],
    ['quantity "01"', { quantity: '01' }, '1001'],
    ['quantity 100', { quantity: 100 }, '1001'],
    ['16-letter name', { customType: 3, customName: 'ABCDEFGHIJKLMNOP', customNumber: '7' }, '1001'],
    ['accented name', { customType: 3, customName: 'JOSÉ', customNumber: '7' }, '1001'],
    ['Cyrillic look-alike', { customType: 3, customName: 'АВС', customNumber: '7' }, '1001'],
    ['zero-width name', { customType: 3, customName: 'A\u200bB', customNumber: '7' }, '1001'],
    ['markup name', { customType: 3, customName: '<b>X</b>', customNumber: '7' }, '1001'],
    ['number -1', { customType: 3, customName: 'A', customNumber: '-1' }, '1001'],
    ['number 100', { customType: 3, customName: 'A', customNumber: '100' }, '1001'],
    ['number 7.5', { customType: 3, customName: 'A', customNumber: 7.5 }, '1001'],
    ['number "1e1"', { customType: 3, customName: 'A', customNumber: '1e1' }, '1001'],
    ['Add Yours without a name', { customType: 3, customNumber: '7' }, '1001'],
    ['Choose A Player without a player', { customType: 2 }, '1001'],
    ['custom type 5', { customType: 5 }, '1001'],
    ['unknown size', { size: 'XXS' }, '1001'],
    ['unknown product', { productId: 99_999_999 }, '1404'],
    ['malformed patch list', { patch: '1;DROP TABLE cart_items' }, '1001'],
    ['unknown patch', { patch: '99999999' }, '1001'],
    ['unknown add-on', { addons: '99999999' }, '1001'],
    ['premium option outside the list', { customType: 3, customName: 'A', customNumber: '1', premiumNameOption: 'Diamond' }, '1001'],
  ];
  for (const [label, overrides, code] of cases) {
    it(`refuses ${label}`, async () => {
      const v = visitor();
      await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line()], as(v));
      const before = await rowCount(v);
      const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line(overrides)], as(v));
      expect(answer.code).toBe(code);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(await rowCount(v)).toEqual(before);
    });
  }

  it("refuses a player from another team's squad", async () => {
    const v = visitor();
    const stranger = otherTeamProduct.squad.find((p) => !product.squad.some((q) => q.id === p.id));
    const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 2, squadList: stranger?.id ?? 99_999 })], as(v));
    expect(answer.code).toBe('1001');
    expect((await rowCount(v)).n).toBe(0);
  });

  it('refuses a whole batch when one item is bad', async () => {
    const v = visitor();
    const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line(), line({ quantity: 0 })], as(v));
    expect(answer.code).toBe('1001');
    const later = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line(), line({ productId: 99_999_999 })], as(v));
    expect(later.code).toBe('1404');
    expect((await rowCount(v)).n).toBe(0);
  });

  it('refuses more than the stock and more than 99 of a line', async () => {
    const v = visitor();
    const stock = product.sizes.find((s) => s.size === roomySize)!.stock;
    const tooMany = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: Math.min(99, stock + 1) })], as(v));
    expect(['1410', '0000']).toContain(tooMany.code);
    if (stock < 99) expect(tooMany.code).toBe('1410');
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 40 })], as(v));
    const before = await rowCount(v);
    const over = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 60 })], as(v));
    expect(['1409', '1410']).toContain(over.code);
    expect(await rowCount(v)).toEqual(before);
  });

  it('merges parallel adds of one line without losing any', async () => {
    const v = visitor();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 4 })], as(v))));
    expect(answers.map((a) => a.code)).toEqual(Array(8).fill('0000'));
    expect(new Set(answers.map((a) => a.data.ids[0])).size).toBe(1);
    expect(await rowCount(v)).toEqual({ n: 1, q: 8 });
  });

  it('refuses a 101st different line, but still adds to a line it has', async () => {
    const v = visitor();
    // 100 lines printed with different names: two letters from AA to DV.
    const names = Array.from({ length: 100 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
    for (let i = 0; i < names.length; i += 50) {
      const batch = names.slice(i, i + 50).map((name) => line({ customType: 3, customName: name, customNumber: '9' }));
      expect((await call(shop.app, '/demo/ironCartItem/saveCartItemList', batch, as(v))).code).toBe('0000');
    }
    const full = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 3, customName: 'ZZ', customNumber: '9' })], as(v));
    expect(full.code).toBe('1409');
    expect(full.msg).toContain('full');
    const more = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ customType: 3, customName: 'AA', customNumber: '9' })], as(v));
    expect(more.code).toBe('0000');
    expect(await rowCount(v)).toEqual({ n: 100, q: 101 });
  });

  it('refuses a sold-out size', async () => {
    const [soldOut] = await shop.database.db.select({ productId: productSizes.productId, size: productSizes.size }).from(productSizes).where(eq(productSizes.stock, 0)).limit(1);
    expect(soldOut).toBeDefined();
    const v = visitor();
    const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [{ productId: soldOut!.productId, size: soldOut!.size, customType: 1, quantity: 1 }], as(v));
    expect(answer.code).toBe('1410');
    expect(answer.msg).toContain('sold out');
  });

  it('refuses non-array bodies and empty arrays', async () => {
    for (const body of [{}, [], 'x', [null]]) {
      expect((await call(shop.app, '/demo/ironCartItem/saveCartItemList', body, as(visitor()))).code).toBe('1001');
    }
  });
});

describe('one visitor cannot reach another’s cart', () => {
  it('hides, refuses to update and refuses to delete another visitor’s lines', async () => {
    const alice = visitor();
    const mallory = visitor();
    const saved = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line({ quantity: 2 })], as(alice));
    const aliceLine = saved.data.ids[0] as number;
    expect((await cartOf(mallory)).records).toEqual([]);
    const update = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [{ id: aliceLine, quantity: 9 }], as(mallory));
    expect(update.code).toBe('1404');
    const remove = await call(shop.app, '/demo/ironCartItem/deleteByIds', [aliceLine], as(mallory));
    expect(remove.code).toBe('1404');
    const anonymous = await call(shop.app, '/demo/ironCartItem/deleteByIds', [aliceLine]);
    expect(anonymous.code).toBe('1404');
    const mixed = await call(shop.app, '/demo/ironCartItem/deleteByIds', [aliceLine], as(alice));
    expect(mixed.code).toBe('0000');
  });

  it('deletes nothing when any id is not the caller’s', async () => {
    const alice = visitor();
    const bob = visitor();
    const a = (await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line()], as(alice))).data.ids[0];
    const b = (await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line()], as(bob))).data.ids[0];
    const answer = await call(shop.app, '/demo/ironCartItem/deleteByIds', [a, b], as(alice));
    expect(answer.code).toBe('1404');
    expect((await rowCount(alice)).n).toBe(1);
    expect((await rowCount(bob)).n).toBe(1);
  });

  it('ignores a malformed visitor id instead of using it', async () => {
    const answer = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line()], { headers: { 'x-visitor-id': "' or 1=1 --" } });
    expect(answer.code).toBe('0000');
    expect(String(answer.headers['x-visitor-id'])).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('abandoned guest carts', () => {
  it('deletes guest carts untouched for 30 days and keeps the rest', async () => {
    const old = visitor();
    const recent = visitor();
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line(), line({ customType: 3, customName: 'OLD', customNumber: '1' })], as(old));
    await call(shop.app, '/demo/ironCartItem/saveCartItemList', [line()], as(recent));
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await shop.database.db.update(cartItems).set({ updatedAt: longAgo }).where(eq(cartItems.visitorId, old));
    const { CartService } = await import('../../src/server/modules/cart/cart.ts');
    const deleted = await new CartService(shop.database.db).deleteAbandonedGuestCarts(30);
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect((await rowCount(old)).n).toBe(0);
    expect((await rowCount(recent)).n).toBe(1);
  });
});

describe('"buy it now" lines are checked and priced as cart lines (one read)', () => {
  const buyNow = (item: Record<string, unknown>) => call<{ lines: { price: number; patches: { id: number }[]; player: unknown }[] }>(shop.app, '/demo/checkout/quote', { source: { type: 'buyNow', item }, currency: 'EUR' }, as(visitor()));

  it('prices a player, a patch, an add-on and a premium option as the cart does', async () => {
    const player = product.squad[0]!;
    const answer = await buyNow(line({ customType: 2, squadList: player.id, patch: String(patch.id), addons: String(addon.id), premiumNameOption: 'Gold', premiumNumberOption: 'Standard' }));
    expect(answer.code, answer.msg).toBe('0000');
    const [priced] = answer.data.lines;
    expect(priced!.price).toBe(product.price + product.customisationFee + 500 + patch.patchPrice + addon.price);
    expect(priced!.patches.map((p) => p.id)).toEqual([patch.id]);
    expect(priced!.player).toEqual({ id: player.id, name: player.name, number: player.number });
  });

  it('prices a plain line at the product price', async () => {
    const answer = await buyNow(line());
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.data.lines[0]!.price).toBe(product.price);
  });

  it('refuses what the cart refuses, with the same codes', async () => {
    const stranger = otherTeamProduct.squad.find((p) => !product.squad.some((q) => q.id === p.id));
    const [unprinted] = await shop.database.db
      .select({ id: products.id, size: productSizes.size })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .where(and(eq(products.printable, false), eq(products.active, true)))
      .limit(1);
    const offered = new Set(product.sizes.map((s) => s.size));
    const missingSize = SIZES.find((size) => !offered.has(size));
    expect(unprinted, 'the seed has a shirt that cannot be printed').toBeDefined();
    expect(missingSize, 'the product lacks a size').toBeDefined();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['unknown product', { productId: 99_999_999 }, '1404', ''],
      ['unknown patch', { patch: '99999999' }, '1001', 'patch'],
      ['unknown add-on', { addons: '99999999' }, '1001', 'add-on'],
      ["another team's player", { customType: 2, squadList: stranger?.id ?? 99_999 }, '1001', 'squad'],
      ['a print on a shirt that cannot be printed', { productId: unprinted!.id, size: unprinted!.size, customType: 3, customName: 'A', customNumber: '1' }, '1001', 'printed'],
      ['a size the product does not offer', { size: missingSize }, '1001', `${missingSize} is not offered`],
    ];
    for (const [label, overrides, code, said] of cases) {
      const answer = await buyNow(line(overrides));
      expect(answer.code, label).toBe(code);
      expect(answer.msg, label).toContain(said);
    }
  });
});
