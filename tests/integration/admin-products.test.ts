/**
 * The back office's products (product:view, product:edit, product:publish): the table, the editor's
 * saves with optimistic concurrency (1412), publish, bulk price and stock, the stock CSV (checked
 * whole, applied all or nothing) and uploaded images (type by content, stored in the database,
 * served immutable). Every write leaves its audit rows and reaches the storefront's answers at once.
 */
import { crc32, deflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductsApi } from '../../src/domain/api/admin/products.ts';
import { stockStateOf, type AdminProduct, type AdminProductImage, type AdminProductRow } from '../../src/domain/back-office/products.model.ts';
import type { Page } from '../../src/domain/api/envelope.ts';
import { productSizes, products } from '../../src/server/db/schema.ts';
import { call, createTestShop, type TestShop } from './harness.ts';
import { auditCount, auditRows, callEntry, staffAccount, type Staff, productDraft } from './admin-support.ts';
import { as, findStock, guestCart, placeOrder, plainLine, ukAddress } from './orders-support.ts';
import { eventually } from '../support/eventually.ts';
import { metrics } from '../../src/server/metrics.ts';

let shop: TestShop;
let admin: Staff;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await staffAccount(shop, 'R_ADMIN');
});
afterAll(async () => shop?.close());



async function create(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const answer = await callEntry<AdminProduct>(shop, adminProductsApi.create, productDraft(overrides), admin);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

function fieldsOf(p: AdminProduct) {
  const { id: _i, version: _v, published: _p, listed: _l, images: _im, art: _a, patches: _pa, addons: _ad, updatedAt: _u, ...fields } = p;
  return fields;
}

const detail = (id: number) => call(shop.app, '/demo/ironProduct/queryProductDetail', { id });
const search = (title: string) => call<Page<{ id: number }>>(shop.app, '/demo/ironProduct/search', { title });

describe('who may', () => {
  it('refuses a shopper, a caller not signed in, and a staff role that holds no product code; lets R_ADMIN and R_SUPER in', async () => {
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    const unknownRole = await staffAccount(shop, 'R_NOBODY' as never);
    const before = await auditCount(shop);
    for (const entry of [adminProductsApi.list, adminProductsApi.create, adminProductsApi.publish, adminProductsApi.bulkPrice, adminProductsApi.stockImport, adminProductsApi.uploadImage]) {
      expect((await callEntry(shop, entry, {}, shopper)).code, entry.path).toBe('1403');
      expect((await callEntry(shop, entry, {}, unknownRole)).code, entry.path).toBe('1403');
      expect((await callEntry(shop, entry, {}, null)).code, entry.path).toBe('8888');
    }
    expect(await auditCount(shop)).toBe(before);
    expect((await callEntry(shop, adminProductsApi.list, {}, admin)).code).toBe('0000');
    expect((await callEntry(shop, adminProductsApi.list, {}, await staffAccount(shop, 'R_SUPER'))).code).toBe('0000');
  });
});

describe('create, read, save', () => {
  it('creates an unpublished product with generated art and an audit row; the storefront does not show it yet', async () => {
    const before = await auditCount(shop);
    const product = await create();
    expect(product).toMatchObject({ version: 1, published: false, price: 4999, title: { 'en-US': 'Zephyrton Rovers Training Top' }, sizes: [{ size: 'M', stock: 10 }, { size: 'L', stock: 3 }], images: [] });
    expect(product.art[0]).toMatch(/^\/api\/media\/shirt\/plain\./);
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'product.create', entity: 'product', entityId: String(product.id), actorId: admin.userId });
    expect((await detail(product.id)).code).toBe('1404');
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data.id).toBe(product.id);
  });

  it('saves from the current version, raising it, with an audit row holding only what changed', async () => {
    const product = await create();
    const saved = await callEntry<AdminProduct>(shop, adminProductsApi.update, { id: product.id, version: 1, ...fieldsOf(product), price: 5999, title: { 'en-US': 'Zephyrton Rovers Top', 'zh-CN': '泽菲顿上衣' } }, admin);
    expect(saved.code, saved.msg).toBe('0000');
    expect(saved.data).toMatchObject({ version: 2, price: 5999, title: { 'en-US': 'Zephyrton Rovers Top', 'zh-CN': '泽菲顿上衣' } });
    const [row] = await auditRows(shop);
    expect(row).toMatchObject({ action: 'product.update', before: { price: 4999, title: { 'en-US': 'Zephyrton Rovers Training Top' } }, after: { price: 5999 } });
    expect(Object.keys(row!.after as object).sort()).toEqual(['price', 'title']);
  });

  it('refuses bad input in the envelope and changes nothing', async () => {
    const product = await create();
    const before = { audit: await auditCount(shop), count: (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n };
    const bad = [
      productDraft({ price: -1 }),
      productDraft({ price: 12.5 }),
      productDraft({ sizes: [] }),
      productDraft({ sizes: [{ size: 'M', stock: 1 }, { size: 'M', stock: 2 }] }),
      productDraft({ title: { 'en-US': '', 'zh-CN': '' } }),
      productDraft({ tags: ['Not A Tag'] }),
      { ...productDraft(), extra: 1 },
    ];
    for (const body of bad) expect((await callEntry(shop, adminProductsApi.create, body, admin)).code, JSON.stringify(body)).toBe('1001');
    expect((await callEntry(shop, adminProductsApi.create, productDraft({ compareAtPrice: 100 }), admin)).msg).toBe('The compare-at price must be higher than the price');
    expect((await callEntry(shop, adminProductsApi.create, productDraft({ teamId: 999_999 }), admin)).code).toBe('1001');
    expect((await callEntry(shop, adminProductsApi.create, productDraft({ tags: ['no-such-tag'] }), admin)).code).toBe('1001');
    expect((await callEntry(shop, adminProductsApi.update, { id: product.id, version: 1, ...fieldsOf(product), price: 'x' }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminProductsApi.update, { id: 999_999, version: 1, ...fieldsOf(product) }, admin)).code).toBe('1404');
    expect(await auditCount(shop)).toBe(before.audit);
    expect((await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n).toBe(before.count);
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data.version).toBe(1);
  });

  it('of two saves from the same version, one succeeds and the other is refused as changed by someone else', async () => {
    const product = await create();
    const other = await staffAccount(shop, 'R_ADMIN');
    const [a, b] = await Promise.all([
      callEntry<AdminProduct>(shop, adminProductsApi.update, { id: product.id, version: 1, ...fieldsOf(product), price: 1111 }, admin),
      callEntry<AdminProduct>(shop, adminProductsApi.update, { id: product.id, version: 1, ...fieldsOf(product), price: 2222 }, other),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual(['0000', '1412']);
    const [won, lost] = a.code === '0000' ? [a, b] : [b, a];
    expect(lost).toMatchObject({ status: 409, msg: 'This product was changed by someone else since you opened it; reload it, then make your change again', data: { version: 2 } });
    const now = (await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data;
    expect(now).toMatchObject({ version: 2, price: won.data.price });
    const zh = await callEntry(shop, adminProductsApi.update, { id: product.id, version: 1, ...fieldsOf(product) }, admin, { 'accept-language': 'zh-CN' });
    expect(zh).toMatchObject({ code: '1412', msg: '该商品在你打开后已被他人修改；请重新加载，然后再修改一次' });
  });

  it('moves stock by what the editor changed, so units sold while it was open stay sold', async () => {
    const product = await create();
    await callEntry(shop, adminProductsApi.publish, { id: product.id, published: true }, admin);
    // Read at M 10, L 3; then a shopper buys two M.
    await shop.database.db.update(productSizes).set({ stock: 8 }).where(sql`${productSizes.productId} = ${product.id} and ${productSizes.size} = 'M'`);
    const fresh = (await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data;
    const saved = await callEntry<AdminProduct>(
      shop,
      adminProductsApi.update,
      { id: product.id, version: fresh.version, ...fieldsOf(fresh), sizes: [{ size: 'M', stock: 15, was: 10 }, { size: 'L', stock: 3, was: 3 }, { size: 'XL', stock: 4 }] },
      admin,
    );
    expect(saved.data.sizes).toEqual([{ size: 'M', stock: 13 }, { size: 'L', stock: 3 }, { size: 'XL', stock: 4 }]);
  });

  it('duplicates a product as a new unpublished copy', async () => {
    const product = await create();
    const copy = await callEntry<AdminProduct>(shop, adminProductsApi.duplicate, { id: product.id }, admin);
    expect(copy.data).toMatchObject({ published: false, version: 1, price: product.price, sizes: product.sizes, title: { 'en-US': 'Zephyrton Rovers Training Top (copy)' } });
    expect(copy.data.id).not.toBe(product.id);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'product.duplicate', entityId: String(copy.data.id), before: { from: product.id } });
  });
});

describe('handles', () => {
  it('a new product takes its title as its handle, the next one with the same title a number, a copy "-copy" then "-copy-2"', async () => {
    const first = await create({ title: { 'en-US': 'Handle Test Kit 2025/26', 'zh-CN': '' } });
    const second = await create({ title: { 'en-US': 'Handle test kit 2025-26', 'zh-CN': '' } });
    expect(first.handle).toBe('handle-test-kit-2025-26');
    expect(second.handle).toBe('handle-test-kit-2025-26-2');
    const copy = await callEntry<AdminProduct>(shop, adminProductsApi.duplicate, { id: first.id }, admin);
    const again = await callEntry<AdminProduct>(shop, adminProductsApi.duplicate, { id: first.id }, admin);
    expect([copy.data.handle, again.data.handle]).toEqual(['handle-test-kit-2025-26-copy', 'handle-test-kit-2025-26-copy-2']);
    const chosen = await create({ title: { 'en-US': 'Anything', 'zh-CN': '' }, handle: 'my-own-handle' });
    expect(chosen.handle).toBe('my-own-handle');
  });

  it('saves a new handle; a taken one is a field error in the caller language and changes nothing; a malformed one is refused', async () => {
    const product = await create({ title: { 'en-US': 'Handle Save Shirt', 'zh-CN': '' } });
    const other = await create({ title: { 'en-US': 'Handle Other Shirt', 'zh-CN': '' } });
    const saved = await callEntry<AdminProduct>(shop, adminProductsApi.update, { id: product.id, version: 1, ...fieldsOf(product), handle: 'renamed-shirt' }, admin);
    expect(saved.data.handle).toBe('renamed-shirt');
    const taken = { id: product.id, version: 2, ...fieldsOf(saved.data), handle: other.handle };
    const en = await callEntry(shop, adminProductsApi.update, taken, admin);
    expect(en.code).toBe('1001');
    expect(en.data).toEqual({ issues: [{ path: 'body.handle', message: `The handle "${other.handle}" belongs to another product; choose another` }] });
    const zh = await callEntry(shop, adminProductsApi.update, taken, admin, { 'accept-language': 'zh-CN' });
    expect((zh.data as { issues: { message: string }[] }).issues[0]!.message).toBe(`标识“${other.handle}”已被其他商品使用；请换一个`);
    for (const handle of ['Upper', '-dash', 'dash-', 'a b', 'x'.repeat(81), '']) {
      expect((await callEntry(shop, adminProductsApi.update, { ...taken, handle }, admin)).code, handle).toBe('1001');
    }
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data).toMatchObject({ handle: 'renamed-shirt', version: 2 });
  });
});

describe('publishing', () => {
  it('a published product is found, sold, and when unpublished is gone from the API, search, carts and checkout', async () => {
    const product = await create({ title: { 'en-US': 'Quixotic Harbour Jersey', 'zh-CN': '' } });
    const published = await callEntry<AdminProduct>(shop, adminProductsApi.publish, { id: product.id, published: true }, admin);
    expect(published.data).toMatchObject({ published: true, version: 2 });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'product.publish', before: { published: false }, after: { published: true } });
    await eventually(async () => expect((await detail(product.id)).code).toBe('0000'));
    // The Markdown description, rendered by the server for the product page.
    expect((await detail(product.id)).data).toMatchObject({ description: 'A **light** top.', descriptionHtml: '<p>A <strong>light</strong> top.</p>\n' });
    // Typo-tolerant search finds it.
    await eventually(async () => expect((await search('quixotik harbour')).data.records.map((r) => r.id)).toContain(product.id));
    const cart = await guestCart(shop, [plainLine({ productId: product.id, size: 'M' })]);

    expect((await callEntry(shop, adminProductsApi.publish, { id: product.id, published: false }, admin)).code).toBe('0000');
    await eventually(async () => expect((await detail(product.id)).code).toBe('1404'));
    await eventually(async () => expect((await search('quixotic harbour')).data.records.map((r) => r.id)).not.toContain(product.id));
    const added = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine({ productId: product.id, size: 'L' })], as(cart.visitorId));
    expect(added).toMatchObject({ code: '1404', msg: 'Product not found' });
    const placed = await placeOrder(shop, { visitorId: cart.visitorId }, { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', email: 'g@example.com', address: ukAddress, shippingMethod: 'standard', acceptPersonalisedTerms: true });
    // The storefront's "no longer sold" state: the checkout refuses the line, the cart leaves it out.
    expect(placed).toMatchObject({ code: '1409', msg: 'An item in your cart is no longer sold; remove it to continue' });
    const listed = await call<{ records: { productId: number }[] }>(shop.app, '/demo/ironCartItem/queryCartItemList', { currency: 'EUR' }, as(cart.visitorId));
    expect(listed.data.records.map((line) => line.productId)).not.toContain(product.id);
    // Still in the back office's table, marked unpublished.
    const rows = await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { query: String(product.id) }, admin);
    expect(rows.data.records).toMatchObject([{ id: product.id, published: false }]);
  });
});

describe('the table', () => {
  it('searches with typos, filters by published and stock state, and pages', async () => {
    const product = await create({ title: { 'en-US': 'Wolframite Athletic Hoodie', 'zh-CN': '' }, sizes: [{ size: 'S', stock: 0 }] });
    const found = await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { query: 'wolframit athletic' }, admin);
    expect(found.data.records.map((r) => r.id)).toContain(product.id);
    expect(found.data.records.find((r) => r.id === product.id)).toMatchObject({ stockState: 'out', published: false, stock: [{ size: 'S', stock: 0 }] });
    const ids = async (filter: Record<string, unknown>) => (await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { query: 'wolframite', ...filter }, admin)).data.records.map((r) => r.id);
    expect(await ids({ stock: 'out', published: false, sport: 'football' })).toEqual([product.id]);
    expect(await ids({ published: true })).toEqual([]);
    expect(await ids({ stock: 'in' })).toEqual([]);
    expect(await ids({ sport: 'rugby' })).toEqual([]);
    const out = await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { stock: 'out', published: false, size: 100 }, admin);
    expect(out.data.records.every((r) => r.stockState === 'out' && !r.published)).toBe(true);
    expect(out.data.records.map((r) => r.id)).toContain(product.id);
    const low = await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { stock: 'low', size: 50 }, admin);
    expect(low.data.records.every((r) => r.stockState === 'low')).toBe(true);
    const page2 = await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { current: 2, size: 5, sort: 'price', order: 'asc' }, admin);
    expect(page2.data.records).toHaveLength(5);
    const prices = page2.data.records.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(page2.data.total).toBeGreaterThan(10);
    for (const row of page2.data.records) expect(row.stockState, String(row.id)).toBe(stockStateOf(row.stock.map((s) => s.stock)));
  });

  it('keeps each product’s stock state as its sizes move, whoever writes them (a sale, a size removed)', async () => {
    const product = await create({ sizes: [{ size: 'M', stock: 6 }, { size: 'L', stock: 9 }] });
    const state = async () => (await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { query: String(product.id) }, admin)).data.records[0]!.stockState;
    expect(await state()).toBe('in');
    const sizeOf = (size: string) => sql`${productSizes.productId} = ${product.id} and ${productSizes.size} = ${size}`;
    await shop.database.db.update(productSizes).set({ stock: sql`${productSizes.stock} - 1` }).where(sizeOf('M'));
    expect(await state()).toBe('low');
    await shop.database.db.update(productSizes).set({ stock: 0 }).where(sql`${productSizes.productId} = ${product.id}`);
    expect(await state()).toBe('out');
    await shop.database.db.update(productSizes).set({ stock: 20 }).where(sizeOf('L'));
    expect(await state()).toBe('low');
    await shop.database.db.delete(productSizes).where(sizeOf('M'));
    expect(await state()).toBe('in');
    expect((await callEntry<Page<AdminProductRow>>(shop, adminProductsApi.list, { query: String(product.id), stock: 'in' }, admin)).data.total).toBe(1);
  });
});

describe('bulk changes', () => {
  it('raises prices by a percentage and sets a size to 0, with one audit row per product; the storefront and the cart see it at once', async () => {
    const stock = await findStock(shop, 5, 7);
    const other = await create();
    const [before] = await shop.database.db.select({ price: products.price }).from(products).where(eq(products.id, stock.productId));
    await detail(stock.productId);
    const audit = await auditCount(shop);
    const raised = await callEntry(shop, adminProductsApi.bulkPrice, { ids: [stock.productId, other.id], mode: 'percent', value: 10 }, admin);
    expect(raised).toMatchObject({ code: '0000', data: { updated: 2 } });
    expect(await auditCount(shop)).toBe(audit + 2);
    const expected = Math.round(before!.price * 1.1);
    await eventually(async () => expect((await detail(stock.productId)).data.price).toBe(expected));

    const zeroed = await callEntry(shop, adminProductsApi.bulkStock, { ids: [stock.productId], size: stock.size, stock: 0 }, admin);
    expect(zeroed).toMatchObject({ code: '0000', data: { updated: 1 } });
    const added = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], as('f'.repeat(32)));
    expect(added.code).not.toBe('0000');
  });

  it('refuses a selection with an unknown id or a price going negative, changing nothing', async () => {
    const product = await create();
    const audit = await auditCount(shop);
    expect((await callEntry(shop, adminProductsApi.bulkPrice, { ids: [product.id, 999_999], mode: 'add', value: 100 }, admin)).code).toBe('1404');
    expect((await callEntry(shop, adminProductsApi.bulkPrice, { ids: [product.id], mode: 'add', value: -100_000 }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminProductsApi.bulkPrice, { ids: [], mode: 'add', value: 1 }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminProductsApi.bulkStock, { ids: [product.id], size: 'M', stock: -1 }, admin)).code).toBe('1001');
    expect(await auditCount(shop)).toBe(audit);
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data).toMatchObject({ price: 4999, version: 1 });
  });
});

describe('the price range', () => {
  const priceOf = async (id: number) => (await shop.database.db.select({ price: products.price }).from(products).where(eq(products.id, id)))[0]!.price;

  it('refuses a percentage that would overflow the price column, in the envelope, changing no product of the batch', async () => {
    const fine = await create({ price: 1000 });
    const dear = await create({ price: 100_000 });
    const audit = await auditCount(shop);
    // 100,000 cents raised by 5,000,000 % is 5,000,100,000 cents: past PostgreSQL's integer.
    const answer = await callEntry<{ ids: number[] }>(shop, adminProductsApi.bulkPrice, { ids: [fine.id, dear.id], mode: 'percent', value: 5_000_000 }, admin);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('1001');
    expect(answer.msg).toBe(`The change would take the price of products ${fine.id}, ${dear.id} outside EUR 0.00 to 100000.00; nothing was changed`);
    expect(answer.data).toEqual({ ids: [fine.id, dear.id] });
    expect([await priceOf(fine.id), await priceOf(dear.id)]).toEqual([1000, 100_000]);
    expect(await auditCount(shop)).toBe(audit);
  });

  it('refuses a change that would end above the editor\'s maximum, naming only the products it would take there', async () => {
    const fine = await create({ price: 1000 });
    const dear = await create({ price: 9_000_000 });
    const audit = await auditCount(shop);
    const added = await callEntry<{ ids: number[] }>(shop, adminProductsApi.bulkPrice, { ids: [fine.id, dear.id], mode: 'add', value: 1_500_000 }, admin);
    expect(added).toMatchObject({ code: '1001', data: { ids: [dear.id] } });
    expect(added.msg).toContain(`products ${dear.id} outside`);
    const raised = await callEntry(shop, adminProductsApi.bulkPrice, { ids: [fine.id, dear.id], mode: 'percent', value: 12 }, admin);
    expect(raised).toMatchObject({ code: '1001', data: { ids: [dear.id] } });
    const zh = await callEntry(shop, adminProductsApi.bulkPrice, { ids: [dear.id], mode: 'percent', value: 12 }, admin, { 'accept-language': 'zh-CN' });
    expect(zh.msg).toBe(`此调整会使商品 ${dear.id} 的价格超出 EUR 0.00 至 100000.00 的范围；未做任何更改`);
    expect([await priceOf(fine.id), await priceOf(dear.id)]).toEqual([1000, 9_000_000]);
    expect(await auditCount(shop)).toBe(audit);
    // At the maximum exactly is allowed, and the product still saves in the editor.
    const toMax = await callEntry(shop, adminProductsApi.bulkPrice, { ids: [dear.id], mode: 'set', value: 10_000_000 }, admin);
    expect(toMax).toMatchObject({ code: '0000', data: { updated: 1 } });
    const atMax = (await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: dear.id }, admin)).data;
    const saved = await callEntry(shop, adminProductsApi.update, { id: dear.id, version: atMax.version, ...fieldsOf(atMax) }, admin);
    expect(saved.code, saved.msg).toBe('0000');
  });

  it('refuses a negative result the same way', async () => {
    const cheap = await create({ price: 500 });
    const answer = await callEntry(shop, adminProductsApi.bulkPrice, { ids: [cheap.id], mode: 'add', value: -600 }, admin);
    expect(answer).toMatchObject({ code: '1001', data: { ids: [cheap.id] } });
    expect(await priceOf(cheap.id)).toBe(500);
  });

  it('the editor refuses every price outside the same range', async () => {
    const audit = await auditCount(shop);
    for (const field of ['price', 'compareAtPrice', 'customisationFee']) {
      const answer = await callEntry(shop, adminProductsApi.create, productDraft({ [field]: 10_000_001 }), admin);
      expect(answer.code, field).toBe('1001');
      expect(answer.msg, field).toContain('is too large');
    }
    expect((await callEntry(shop, adminProductsApi.create, productDraft({ price: 10_000_000 }), admin)).code).toBe('0000');
    expect(await auditCount(shop)).toBe(audit + 1);
  });
});

describe('stock CSV', () => {
  it('exports the filter and imports it back; a file with a bad line is answered by line number and applies nothing', async () => {
    const product = await create({ title: { 'en-US': 'Csv, "Quoted" Tee', 'zh-CN': '' } });
    const exported = await callEntry<{ csv: string; rows: number }>(shop, adminProductsApi.stockExport, { query: String(product.id) }, admin);
    expect(exported.data.rows).toBe(2);
    expect(exported.data.csv).toBe('\uFEFFproduct_id,title,size,stock\r\n' + `${product.id},"Csv, ""Quoted"" Tee",M,10\r\n${product.id},"Csv, ""Quoted"" Tee",L,3\r\n`);

    const audit = await auditCount(shop);
    const bad = `product_id,title,size,stock\n${product.id},x,M,7\n${product.id},x,XXL,1\n999999,x,M,1\n${product.id},x,L,-2\n${product.id},x,M,8\n`;
    const refused = await callEntry<{ lines: { line: number; message: string }[] }>(shop, adminProductsApi.stockImport, { csv: bad }, admin);
    expect(refused).toMatchObject({ code: '1001', msg: 'The stock file has 4 wrong lines; nothing was changed' });
    expect(refused.data.lines).toEqual([
      { line: 3, message: '"XXL" is not a size (XS, S, M, L, XL, 2XL, 3XL, 4XL)' },
      { line: 4, message: 'Product 999999 does not exist' },
      { line: 5, message: '"-2" is not a stock (a whole number from 0 to 99999)' },
      { line: 6, message: `Product and size ${product.id} M appear on an earlier line too` },
    ]);
    expect(await auditCount(shop)).toBe(audit);
    const sizes = await shop.database.db.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, product.id));
    expect(sizes.find((s) => s.size === 'M')!.stock).toBe(10);

    const applied = await callEntry(shop, adminProductsApi.stockImport, { csv: exported.data.csv.replace(',M,10', ',M,7') }, admin);
    expect(applied).toMatchObject({ code: '0000', data: { updated: 1 } });
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data.sizes).toEqual([{ size: 'M', stock: 7 }, { size: 'L', stock: 3 }]);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'product.stockImport', before: { sizes: [{ size: 'M', stock: 10 }, { size: 'L', stock: 3 }] }, after: { sizes: [{ size: 'M', stock: 7 }, { size: 'L', stock: 3 }] } });
  });
});

describe('images', () => {
  const png = () => sharp({ create: { width: 600, height: 600, channels: 3, background: '#c0392b' } }).png().toBuffer();

  it('takes a PNG by its bytes, serves its WebP variants immutable from the database, and the storefront shows it', async () => {
    const product = await create();
    await callEntry(shop, adminProductsApi.publish, { id: product.id, published: true }, admin);
    const uploaded = await callEntry<AdminProductImage[]>(shop, adminProductsApi.uploadImage, { productId: product.id, data: (await png()).toString('base64') }, admin);
    expect(uploaded.code, uploaded.msg).toBe('0000');
    expect(uploaded.data).toHaveLength(1);
    const [image] = uploaded.data;
    expect(image!.url).toMatch(/^\/api\/media\/image\/[0-9a-f]{64}-800\.webp$/);
    const served = await shop.app.inject({ method: 'GET', url: image!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 880 });
    expect((await shop.app.inject({ method: 'GET', url: image!.thumbUrl })).statusCode).toBe(200);
    await eventually(async () => expect((await detail(product.id)).data.images).toEqual([image!.url]));
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'product.imageAdd', before: { images: [] }, after: { images: [image!.hash] } });

    // Removing the last image brings the generated art back.
    const removed = await callEntry<AdminProductImage[]>(shop, adminProductsApi.removeImage, { productId: product.id, hash: image!.hash }, admin);
    expect(removed).toMatchObject({ code: '0000', data: [] });
    await eventually(async () => expect((await detail(product.id)).data.images).toEqual(product.art));
  });

  it('reorders images and refuses an order that is not every image once', async () => {
    const product = await create();
    const first = await callEntry<AdminProductImage[]>(shop, adminProductsApi.uploadImage, { productId: product.id, data: (await png()).toString('base64') }, admin);
    const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();
    const both = await callEntry<AdminProductImage[]>(shop, adminProductsApi.uploadImage, { productId: product.id, data: jpeg.toString('base64') }, admin);
    expect(both.data).toHaveLength(2);
    const hashes = both.data.map((i) => i.hash);
    const reordered = await callEntry<AdminProductImage[]>(shop, adminProductsApi.orderImages, { productId: product.id, hashes: [...hashes].reverse() }, admin);
    expect(reordered.data.map((i) => i.hash)).toEqual([...hashes].reverse());
    expect((await callEntry(shop, adminProductsApi.orderImages, { productId: product.id, hashes: [hashes[0]] }, admin)).code).toBe('1001');
    expect(first.data[0]!.hash).toBe(hashes[0]);
  });

  const decodes = async () => (await metrics.imageDecodes.get()).values[0]?.value ?? 0;
  /** A PNG whose header claims `width` x `height` pixels, with almost no image data: a decoding bomb's shape. */
  const pngClaiming = (width: number, height: number) => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const frame = Buffer.alloc(8);
      frame.writeUInt32BE(data.length, 0);
      frame.writeUInt32BE(crc32(body), 4);
      return Buffer.concat([frame.subarray(0, 4), body, frame.subarray(4)]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bits per sample
    header[9] = 2; // RGB
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
  };

  it('counts a product\'s images before decoding an upload: of ten at once, eight are kept and decoded, two refused; a ninth later is refused unread', async () => {
    const product = await create();
    const tiles = await Promise.all(Array.from({ length: 10 }, (_, i) => sharp({ create: { width: 40, height: 44, channels: 3, background: { r: 20 * i, g: 120, b: 60 } } }).png().toBuffer()));
    const before = await decodes();
    const answers = await Promise.all(tiles.map((tile) => callEntry<AdminProductImage[]>(shop, adminProductsApi.uploadImage, { productId: product.id, data: tile.toString('base64') }, admin)));
    expect(answers.map((a) => a.code).sort()).toEqual([...Array(8).fill('0000'), '1409', '1409']);
    expect(answers.find((a) => a.code === '1409')!.msg).toBe('A product carries at most 8 images');
    expect(await decodes()).toBe(before + 8);
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data.images).toHaveLength(8);
    // Bytes no decoder could read: the count refuses them first.
    const unreadable = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]).toString('base64');
    expect(await callEntry(shop, adminProductsApi.uploadImage, { productId: product.id, data: unreadable }, admin)).toMatchObject({ code: '1409', msg: 'A product carries at most 8 images' });
    expect(await decodes()).toBe(before + 8);
  });

  it('refuses an image whose header claims more pixels than the maximum, without decoding it', async () => {
    const product = await create();
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const before = await decodes();
    const answer = await callEntry(shop, adminProductsApi.uploadImage, { productId: product.id, data: bomb.toString('base64') }, admin);
    expect(answer).toMatchObject({ status: 400, code: '1001', msg: 'The image is 20000 x 20000 pixels; at most 25 megapixels are accepted' });
    const zh = await callEntry(shop, adminProductsApi.uploadImage, { productId: product.id, data: pngClaiming(6000, 5000).toString('base64') }, admin, { 'accept-language': 'zh-CN' });
    expect(zh.msg).toBe('图片为 6000 x 5000 像素；最多接受 25 百万像素');
    expect(await decodes()).toBe(before);
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data.images).toEqual([]);
  });

  it('refuses a file that is not JPEG, PNG or WebP whatever it claims, and one too large, changing nothing', async () => {
    const product = await create();
    const audit = await auditCount(shop);
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>').toString('base64');
    expect(await callEntry(shop, adminProductsApi.uploadImage, { productId: product.id, data: text }, admin)).toMatchObject({ code: '1001', msg: 'The file is not a JPEG, PNG or WebP image' });
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]).toString('base64');
    expect(await callEntry(shop, adminProductsApi.uploadImage, { productId: product.id, data: fakePng }, admin)).toMatchObject({ code: '1001', msg: 'The image could not be read' });
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff).toString('base64');
    const tooLarge = await callEntry(shop, adminProductsApi.uploadImage, { productId: product.id, data: huge }, admin);
    expect(tooLarge.code).toBe('1001');
    expect(tooLarge.status).toBe(400);
    expect(await auditCount(shop)).toBe(audit);
    expect((await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: product.id }, admin)).data.images).toEqual([]);
    expect((await shop.app.inject({ method: 'GET', url: `/api/media/image/${'0'.repeat(64)}-800.webp` })).statusCode).toBe(404);
  });
});
