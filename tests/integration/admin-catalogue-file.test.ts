/**
 * The catalogue file (product:view to export, product:import to import; docs/back-office.md
 * "Catalogue file"): the export streams the filter's products, one row per size; the dry run
 * changes nothing and says what the file would do; the apply is all or nothing, one audit row,
 * refused when a product moved since the dry run; exporting and importing unchanged changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductsApi } from '../../src/domain/api/admin/products.ts';
import type { CatalogueApplyAnswer, CatalogueDryRun } from '../../src/domain/back-office/catalogue-file.model.ts';
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import { parseDelimited } from '../../src/domain/delimited-text.ts';
import { csvLine } from '../../src/server/csv.ts';
import { mediaFiles, productImages, products, productSizes } from '../../src/server/db/schema.ts';
import { call, createTestShop, type TestShop } from './harness.ts';
import { catalogueState, expectRoundTripChangesNothing } from './catalogue-file-support.ts';
import { auditCount, auditRows, callEntry, siteChangeMark, staffAccount, type Staff } from './admin-support.ts';

let shop: TestShop;
let admin: Staff;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await staffAccount(shop, 'R_ADMIN');
});
afterAll(async () => shop?.close());

async function exportFile(filter: Record<string, unknown> = {}, locale = 'en-US', who: Staff = admin) {
  return shop.app.inject({
    method: 'POST',
    url: `/api${adminProductsApi.catalogueExport.path}`,
    headers: { 'content-type': 'application/json', 'accept-language': locale, ...who.auth.headers },
    payload: JSON.stringify(filter),
  });
}

async function exported(filter: Record<string, unknown> = {}): Promise<string> {
  const response = await exportFile(filter);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The file's records as cells (heading first), and the file made again from them. */
const recordsOf = (csv: string) => parseDelimited(csv).map((r) => r.fields);
const fileOf = (records: string[][]) => '\uFEFF' + records.map((r) => csvLine(r)).join('');

const dryRun = (csv: string, headers: Record<string, string> = {}, zip?: Uint8Array) =>
  callEntry<CatalogueDryRun>(shop, adminProductsApi.catalogueDryRun, { csv, ...(zip ? { zip: Buffer.from(zip).toString('base64') } : {}) }, admin, headers);
const apply = (csv: string, basis: Record<string, number>, zip?: Uint8Array) =>
  callEntry<CatalogueApplyAnswer>(shop, adminProductsApi.catalogueApply, { csv, basis, ...(zip ? { zip: Buffer.from(zip).toString('base64') } : {}) }, admin);

/** What a write would change: each product's version and price, and the sizes' stock. */
const state = () => catalogueState(shop);

describe('who may', () => {
  it('refuses a shopper the export, the dry run and the apply', async () => {
    const shopper = await staffAccount(shop, 'R_CUSTOMER');
    expect((await exportFile({}, 'en-US', shopper)).statusCode).toBe(403);
    expect((await callEntry(shop, adminProductsApi.catalogueDryRun, { csv: 'x' }, shopper)).code).toBe('1403');
    expect((await callEntry(shop, adminProductsApi.catalogueApply, { csv: 'x', basis: {} }, shopper)).code).toBe('1403');
  });
});

describe('export', () => {
  it('writes one row per product and size, the product columns on its first row, headed in the caller language, with a BOM', async () => {
    const csv = await exported({ published: true });
    expect(csv.startsWith('\uFEFFHandle,Size,Stock,Title (English),Title (Chinese)')).toBe(true);
    const [heading, ...rows] = recordsOf(csv);
    const counted = (await shop.database.db.execute(sql`select count(*)::int as n from ${productSizes} s join ${products} p on p.id = s.product_id where p.active`)) as unknown as { rows: { n: number }[] };
    expect(rows.length).toBe(counted.rows[0]!.n);
    const [first] = await shop.database.db.select().from(products).where(eq(products.handle, rows[0]![0]!));
    expect(rows[0]!.slice(3, 5)).toEqual([first!.title, first!.zh.title ?? '']);
    expect(rows[0]![heading!.indexOf('Price (EUR)')]).toBe((first!.price / 100).toFixed(2));
    expect(rows[0]![heading!.indexOf('Published')]).toBe('yes');
    const second = rows.find((r, i) => i > 0 && r[0] === rows[0]![0]);
    expect(second?.slice(3).every((cell) => cell === '')).toBe(true);

    const zh = (await exportFile({ published: true }, 'zh-CN')).body;
    expect(zh.startsWith('\uFEFF标识,尺码,库存,标题（英文）')).toBe(true);
  });

  it('writes a formula-looking title with an apostrophe before it, and reads it back whole', async () => {
    const [target] = await shop.database.db.select().from(products).orderBy(products.id).limit(1);
    await shop.database.db.update(products).set({ title: '=HYPERLINK("http://evil","x")' }).where(eq(products.id, target!.id));
    const csv = await exported({ query: String(target!.id) });
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    const run = await dryRun(csv);
    expect(run.data).toMatchObject({ changed: 0, unchanged: 1, refused: 0 });
    await shop.database.db.update(products).set({ title: target!.title }).where(eq(products.id, target!.id));
  });
});

describe('import', () => {
  it('round trip: the whole catalogue exported then imported unchanged reports no change, and the apply changes nothing', async () => {
    const csv = await exported();
    await expectRoundTripChangesNothing(shop, csv, (file) => dryRun(file), apply);
  });

  it('the dry run reports old and new values and changes nothing; the apply writes them, audited as one action, and the storefront shows them', async () => {
    const records = recordsOf(await exported({ published: true }));
    const heading = records[0]!;
    const col = (name: string) => heading.indexOf(name);
    const firsts = records.map((r, i) => ({ r, i })).filter(({ r, i }) => i > 0 && r[col('Title (English)')] !== '');
    const [a, b, c] = firsts.map(({ r }) => r);
    const oldPrice = a![col('Price (EUR)')]!;
    a![col('Price (EUR)')] = '12.34';
    b![col('Price (EUR)')] = '23.45';
    b![col('Compare-at price (EUR)')] = '';
    c![col('Price (EUR)')] = '34.56';
    c![col('Compare-at price (EUR)')] = '';
    a![col('Title (English)')] = 'A Renamed Shirt';
    const newRow = [...a!].map(() => '');
    Object.assign(newRow, { [col('Handle')]: 'brand-new-shirt', [col('Size')]: 'm', [col('Stock')]: '7', [col('Title (English)')]: 'Brand New Shirt', [col('Price (EUR)')]: '40', [col('Sport')]: 'football', [col('Published')]: 'no' });
    const csv = fileOf([...records, newRow]);

    const before = await state();
    const audits = await auditCount(shop);
    const run = await dryRun(csv);
    expect(run.code, run.msg).toBe('0000');
    expect(run.data.problems).toEqual([]);
    expect(run.data).toMatchObject({ created: 1, changed: 3, refused: 0 });
    const changedA = run.data.reports.find((r) => r.handle === a![0]);
    expect(changedA?.changes).toEqual(
      expect.arrayContaining([
        { field: 'price', before: oldPrice, after: '12.34' },
        { field: 'titleEn', before: expect.any(String), after: 'A Renamed Shirt' },
      ]),
    );
    expect(run.data.reports.find((r) => r.handle === 'brand-new-shirt')).toMatchObject({ kind: 'create', line: records.length + 1 });
    expect(await state()).toEqual(before);
    expect(await auditCount(shop)).toBe(audits);

    const mark = await siteChangeMark(shop);
    const applied = await apply(csv, run.data.basis);
    expect(applied.code, applied.msg).toBe('0000');
    expect(applied.data).toMatchObject({ created: 1, changed: 3 });
    const [audit] = await auditRows(shop);
    expect(audit).toMatchObject({ action: 'catalogue.import', after: { created: 1, changed: 3 } });
    expect(await auditCount(shop)).toBe(audits + 1);
    expect(await siteChangeMark(shop)).toBeGreaterThan(mark);

    const [renamed] = await shop.database.db.select().from(products).where(eq(products.handle, a![0]!));
    expect(renamed).toMatchObject({ title: 'A Renamed Shirt', price: 1234 });
    const detail = await call<{ price: number; title: string }>(shop.app, '/demo/ironProduct/queryProductDetail', { id: renamed!.id });
    expect(detail.data.price).toBe(1234);
    const [created] = await shop.database.db.select().from(products).where(eq(products.handle, 'brand-new-shirt'));
    expect(created).toMatchObject({ title: 'Brand New Shirt', price: 4000, active: false, sport: 'football' });
    expect(await shop.database.db.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, created!.id))).toEqual([{ size: 'M', stock: 7 }]);

    // The same file again: nothing left to change.
    const again = await dryRun(csv);
    expect(again.data).toMatchObject({ created: 0, changed: 0 });
  });

  it('one bad row refuses the whole apply, naming its line and column in the caller language; fixed, it applies', async () => {
    const records = recordsOf(await exported({ published: true }));
    const heading = records[0]!;
    const price = heading.indexOf('Price (EUR)');
    const firsts = records.map((_, i) => i).filter((i) => i > 0 && records[i]![3] !== '');
    records[firsts[0]!]![price] = '1.99';
    records[firsts[1]!]![price] = '12,50';
    records[firsts[2]!]![2] = '-3';
    const csv = fileOf(records);
    const before = await state();
    const run = await dryRun(csv);
    expect(run.data.refused).toBe(2);
    // The refused products are in the problems only: the one good change is still reported.
    expect(run.data).toMatchObject({ changed: 1, created: 0 });
    expect(run.data.reports.map((r) => r.handle)).toEqual([records[firsts[0]!]![0]]);
    expect(run.data.problems).toEqual([
      { line: firsts[1]! + 1, column: 'Price (EUR)', message: '"12,50" is not an amount in euros (like 49.99)' },
      { line: firsts[2]! + 1, column: 'Stock', message: '"-3" is not a stock (a whole number from 0 to 99999)' },
    ]);
    const zh = await dryRun(csv, { 'accept-language': 'zh-CN' });
    expect(zh.data.problems[0]).toEqual({ line: firsts[1]! + 1, column: '价格（欧元）', message: '“12,50”不是欧元金额（例如 49.99）' });
    const refused = await apply(csv, run.data.basis);
    expect(refused.code).toBe('1001');
    expect(refused.msg).toBe('The catalogue file has 2 problems; nothing was changed');
    expect(await state()).toEqual(before);

    records[firsts[1]!]![price] = '1.50';
    records[firsts[2]!]![2] = '3';
    const fixed = fileOf(records);
    const rerun = await dryRun(fixed);
    expect(rerun.data.refused).toBe(0);
    expect((await apply(fixed, rerun.data.basis)).code).toBe('0000');
    const [row] = await shop.database.db.select().from(products).where(eq(products.handle, records[firsts[1]!]![0]!));
    expect(row!.price).toBe(150);
  });

  it('reads either language headings, leaves out columns the file lacks, and refuses a file without the key columns', async () => {
    const [target] = await shop.database.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
    const sizes = await shop.database.db.select().from(productSizes).where(eq(productSizes.productId, target!.id));
    const zhFile = ['标识,尺码,库存,价格（欧元）', ...sizes.map((s, i) => `${target!.handle},${s.size},${s.stock},${i === 0 ? '0.50' : ''}`)].join('\n');
    const run = await dryRun(zhFile);
    expect(run.data.problems).toEqual([]);
    expect(run.data.reports).toEqual([{ line: 2, handle: target!.handle, kind: 'change', changes: [{ field: 'price', before: (target!.price / 100).toFixed(2), after: '0.50' }], images: null }]);
    const bad = await dryRun('title,price\nX,1');
    expect(bad.data.problems).toEqual([{ line: 1, column: null, message: 'The heading lacks the columns Handle, Size, Stock' }]);
  });

  it('refuses an apply when a staff member saved a product since the dry run, and changes nothing', async () => {
    const records = recordsOf(await exported({ published: true }));
    const firstRow = records.findIndex((r, i) => i > 0 && r[3] !== '');
    const handle = records[firstRow]![0]!;
    records[firstRow]![records[0]!.indexOf('Price (EUR)')] = '55.55';
    const csv = fileOf(records);
    const run = await dryRun(csv);
    expect(run.data.changed).toBe(1);

    const [row] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.handle, handle));
    const product = (await callEntry<AdminProduct>(shop, adminProductsApi.get, { id: row!.id }, admin)).data;
    const { id, version, published: _p, listed: _l, images: _i, art: _a, patches: _pa, addons: _ad, updatedAt: _u, ...fields } = product;
    expect((await callEntry(shop, adminProductsApi.update, { id, version, ...fields, price: 6666 }, admin)).code).toBe('0000');

    const before = await state();
    const raced = await apply(csv, run.data.basis);
    expect(raced.code).toBe('1412');
    expect(raced.msg).toContain(handle);
    expect(raced.data).toEqual({ handles: [handle] });
    expect(await state()).toEqual(before);
  });

  it('refuses a file over the size limit with a clear error', async () => {
    const huge = 'handle,size,stock\n' + 'a,M,1\n'.repeat(Math.ceil(16_000_001 / 6));
    const run = await dryRun(huge);
    expect(run.data.problems).toEqual([{ line: 1, column: null, message: 'The file is larger than 16 MB; split it, or export a filter' }]);
    expect(run.data.refused).toBe(1);
  });
});

describe('images in a zip beside the file', () => {
  const picture = (background: string) => sharp({ create: { width: 500, height: 550, channels: 3, background } }).jpeg().toBuffer();
  const mediaCount = async () => (await shop.database.db.select({ key: mediaFiles.key }).from(mediaFiles)).length;
  const heading = 'handle,size,stock,title_en,price,sport,images';

  it('creates a product with the zip image (folders flattened, Mac leftovers ignored), served as uploads are; replaces an existing product image; the export names them back', async () => {
    const front = await picture('#1a5276');
    const back = await picture('#7d3c98');
    const zip = zipSync({ 'shirts/front.jpg': front, 'back.jpg': back, '__MACOSX/shirts/._front.jpg': new Uint8Array([0, 5, 22, 7]), '.DS_Store': new Uint8Array(8) });
    const [existing] = await shop.database.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
    const sizes = await shop.database.db.select().from(productSizes).where(eq(productSizes.productId, existing!.id)).orderBy(productSizes.sort);
    const csv = [
      heading,
      'zip-shirt,M,4,Zip Shirt,45.00,football,front.jpg',
      ...sizes.map((s, i) => `${existing!.handle},${s.size},${s.stock},,,,${i === 0 ? 'back.jpg' : ''}`),
    ].join('\n');

    const before = await state();
    const media = await mediaCount();
    const run = await dryRun(csv, {}, zip);
    expect(run.code, run.msg).toBe('0000');
    expect(run.data.problems).toEqual([]);
    expect(run.data).toMatchObject({ created: 1, changed: 1, refused: 0 });
    expect(run.data.reports.find((r) => r.handle === 'zip-shirt')?.images).toEqual({ added: ['front.jpg'], kept: [], removed: [] });
    const changed = run.data.reports.find((r) => r.handle === existing!.handle);
    expect(changed?.images).toEqual({ added: ['back.jpg'], kept: [], removed: [] });
    expect(changed?.changes).toEqual([{ field: 'images', before: '', after: 'back.jpg' }]);
    // The dry run checked and decoded the pictures, and stored nothing.
    expect(await mediaCount()).toBe(media);
    expect(await state()).toEqual(before);

    const applied = await apply(csv, run.data.basis, zip);
    expect(applied.code, applied.msg).toBe('0000');
    expect(applied.data).toEqual({ created: 1, changed: 1, unchanged: 0 });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'catalogue.import', after: { created: 1, changed: 1, images: 2 } });
    expect(await mediaCount()).toBe(media + 4);

    const [created] = await shop.database.db.select().from(products).where(eq(products.handle, 'zip-shirt'));
    expect(created!.images).toHaveLength(1);
    expect(created!.images[0]).toMatch(/^\/api\/media\/image\/[0-9a-f]{64}-800\.webp$/);
    const served = await shop.app.inject({ method: 'GET', url: created!.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 880 });
    const [updated] = await shop.database.db.select().from(products).where(eq(products.id, existing!.id));
    expect(updated!.images).toHaveLength(1);
    expect(updated!.images[0]).not.toBe(created!.images[0]);
    expect(await shop.database.db.select({ hash: productImages.hash }).from(productImages).where(eq(productImages.productId, existing!.id))).toHaveLength(1);

    // The export writes the stored names; imported again without the zip, they are the shop's images: nothing changes.
    const again = await exported();
    expect(again).toContain(created!.images[0]!.split('/').pop());
    const rerun = await dryRun(again);
    expect(rerun.data).toMatchObject({ created: 0, changed: 0, refused: 0 });

    // Naming another picture replaces the product's: the old one is taken off (its stored files stay).
    const backName = updated!.images[0]!.split('/').pop()!;
    const replace = [heading, ...sizes.map((s, i) => `${existing!.handle},${s.size},${s.stock},,,,${i === 0 ? 'front.jpg' : ''}`)].join('\n');
    const swap = await dryRun(replace, {}, zip);
    expect(swap.data.reports).toEqual([
      { line: 2, handle: existing!.handle, kind: 'change', changes: [{ field: 'images', before: backName, after: 'front.jpg' }], images: { added: ['front.jpg'], kept: [], removed: [backName] } },
    ]);
    expect((await apply(replace, swap.data.basis, zip)).code).toBe('0000');
    const [swapped] = await shop.database.db.select().from(products).where(eq(products.id, existing!.id));
    expect(swapped!.images).toEqual(created!.images);
    expect((await shop.app.inject({ method: 'GET', url: updated!.images[0]! })).statusCode).toBe(200);
  });

  it('refuses a row whose image is not a picture, too large, or missing, naming it; the apply then changes nothing', async () => {
    const good = await picture('#117a65');
    const zip = zipSync({ 'good.jpg': good, 'bad.jpg': new TextEncoder().encode('this is not a picture'), 'huge.png': new Uint8Array(6 * 1024 * 1024) });
    const csv = [
      heading,
      'zip-good,M,1,Good,10,football,good.jpg',
      'zip-bad,M,1,Bad,10,football,bad.jpg',
      'zip-huge,M,1,Huge,10,football,huge.png',
      'zip-missing,M,1,Missing,10,football,"good.jpg, nowhere.jpg"',
    ].join('\n');
    const before = await state();
    const media = await mediaCount();
    const run = await dryRun(csv, {}, zip);
    expect(run.code, run.msg).toBe('0000');
    expect(run.data).toMatchObject({ created: 1, refused: 3 });
    expect(run.data.problems).toEqual([
      { line: 3, column: 'Images', message: 'Image bad.jpg: The file is not a JPEG, PNG or WebP image' },
      { line: 4, column: 'Images', message: 'Image huge.png: The image is larger than 5 MB' },
      { line: 5, column: 'Images', message: 'The image "nowhere.jpg" is neither in the zip nor among the shop\'s images' },
    ]);
    const zh = await dryRun(csv, { 'accept-language': 'zh-CN' }, zip);
    expect(zh.data.problems[2]).toEqual({ line: 5, column: '图片', message: '图片“nowhere.jpg”既不在压缩包中，也不在商店已有的图片中' });

    const refused = await apply(csv, run.data.basis, zip);
    expect(refused.code).toBe('1001');
    expect(refused.msg).toBe('The catalogue file has 3 problems; nothing was changed');
    expect(await state()).toEqual(before);
    expect(await mediaCount()).toBe(media);
  });

  it('refuses a zip with a path-traversal name, or that is no zip, with a clear error, changing nothing', async () => {
    const csv = [heading, 'zip-evil,M,1,Evil,10,football,evil.jpg'].join('\n');
    const evil = zipSync({ '../evil.jpg': await picture('#000000') });
    const run = await dryRun(csv, {}, evil);
    expect(run.code).toBe('1001');
    expect(run.msg).toBe('The zip holds the entry "../evil.jpg", whose name leaves its folder; nothing was changed');
    const before = await state();
    expect((await apply(csv, { 'zip-evil': 0 }, evil)).code).toBe('1001');
    expect((await dryRun(csv, {}, new TextEncoder().encode('plain text'))).msg).toBe('The zip could not be read; nothing was changed');
    expect(await state()).toEqual(before);
  });
});
