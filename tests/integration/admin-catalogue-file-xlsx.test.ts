/**
 * The catalogue file in XLSX (docs/back-office.md "Catalogue file"): the export writes one sheet,
 * headed in the caller's language; imported unchanged it changes nothing; a price changed in a
 * spreadsheet is what the dry run shows and the apply writes; a formula is refused on its line
 * and column; a file that is no workbook, or a request with both files or none, changes nothing.
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductsApi } from '../../src/domain/api/admin/products.ts';
import type { CatalogueApplyAnswer, CatalogueDryRun } from '../../src/domain/back-office/catalogue-file.model.ts';
import { products, productSizes } from '../../src/server/db/schema.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { catalogueState, expectRoundTripChangesNothing } from './catalogue-file-support.ts';
import { auditCount, auditRows, callEntry, staffAccount, type Staff } from './admin-support.ts';

let shop: TestShop;
let admin: Staff;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await staffAccount(shop, 'R_ADMIN');
});
afterAll(async () => shop?.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function exportXlsx(filter: Record<string, unknown> = {}, locale = 'en-US', who: Staff = admin) {
  return shop.app.inject({
    method: 'POST',
    url: `/api${adminProductsApi.catalogueExportXlsx.path}`,
    headers: { 'content-type': 'application/json', 'accept-language': locale, ...who.auth.headers },
    payload: JSON.stringify(filter),
  });
}

async function exported(filter: Record<string, unknown> = {}, locale = 'en-US'): Promise<Buffer> {
  const response = await exportXlsx(filter, locale);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_TYPE);
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="catalogue-\d{8}-\d{4}\.xlsx"$/);
  return response.rawPayload;
}

/** The workbook as a spreadsheet opens it (exceljs's in-memory reader). */
async function opened(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return book;
}

/** The workbook saved again, as a spreadsheet would after an edit. */
const saved = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const dryRun = (xlsx: Uint8Array, headers: Record<string, string> = {}) => callEntry<CatalogueDryRun>(shop, adminProductsApi.catalogueDryRun, { xlsx: base64(xlsx) }, admin, headers);
const apply = (xlsx: Uint8Array, basis: Record<string, number>) => callEntry<CatalogueApplyAnswer>(shop, adminProductsApi.catalogueApply, { xlsx: base64(xlsx), basis }, admin);

/** What a write would change: each product's version and price, and the sizes' stock. */
const state = () => catalogueState(shop);

describe('the catalogue file in XLSX', () => {
  it('refuses a shopper the XLSX export', async () => {
    expect((await exportXlsx({}, 'en-US', await staffAccount(shop, 'R_CUSTOMER'))).statusCode).toBe(403);
  });

  it('exports one sheet, the heading bold and frozen in the caller language, one row per product and size, prices as text, stock a number', async () => {
    const book = await opened(await exported({ published: true }));
    expect(book.worksheets).toHaveLength(1);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Handle', 'Size', 'Stock', 'Title (English)']);
    const counted = (await shop.database.db.execute(sql`select count(*)::int as n from ${productSizes} s join ${products} p on p.id = s.product_id where p.active`)) as unknown as { rows: { n: number }[] };
    expect(sheet.actualRowCount - 1).toBe(counted.rows[0]!.n);
    const [first] = await shop.database.db.select().from(products).where(eq(products.handle, String(sheet.getCell(2, 1).value)));
    expect(sheet.getCell(2, 8).value).toBe((first!.price / 100).toFixed(2));
    expect(typeof sheet.getCell(2, 3).value).toBe('number');

    const zh = (await opened(await exported({ published: true }, 'zh-CN'))).worksheets[0]!;
    expect(zh.name).toBe('商品目录');
    expect((zh.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['标识', '尺码', '库存', '标题（英文）']);
  });

  it('round trip: the whole catalogue exported and imported unchanged reports no change; the apply changes nothing, audited with the file type', async () => {
    const xlsx = await exported();
    await expectRoundTripChangesNothing(shop, xlsx, (file) => dryRun(file), apply);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'catalogue.import', after: { changed: 0, format: 'xlsx' } });
  });

  it('a price changed in a spreadsheet (typed as a number) is what the dry run shows and the apply writes; a formula is refused on its line and column', async () => {
    const [target] = await shop.database.db.select().from(products).where(eq(products.active, true)).orderBy(products.id).limit(1);
    const book = await opened(await exported({ query: String(target!.id) }));
    const sheet = book.worksheets[0]!;
    const oldPrice = String(sheet.getCell(2, 8).value);
    // Typed into the cell: a number, which the sheet stores as 12.5.
    sheet.getCell(2, 8).value = 12.5;
    const changed = await saved(book);

    const before = await state();
    const run = await dryRun(changed);
    expect(run.code, run.msg).toBe('0000');
    expect(run.data.problems).toEqual([]);
    expect(run.data.reports).toEqual([{ line: 2, handle: target!.handle, kind: 'change', changes: [{ field: 'price', before: oldPrice, after: '12.50' }], images: null }]);
    expect(await state()).toEqual(before);
    const applied = await apply(changed, run.data.basis);
    expect(applied.code, applied.msg).toBe('0000');
    expect(applied.data).toEqual({ created: 0, changed: 1, unchanged: 0 });
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, target!.id));
    expect(row!.price).toBe(1250);

    sheet.getCell(2, 8).value = { formula: 'H1*2', result: 99 };
    const formula = await saved(book);
    const refused = await dryRun(formula, { 'accept-language': 'zh-CN' });
    expect(refused.data).toMatchObject({ refused: 1, changed: 0 });
    expect(refused.data.problems).toEqual([{ line: 2, column: '价格（欧元）', message: '此单元格含有公式；导入只读取值：请将单元格粘贴为数值后再导入' }]);
    const after = await state();
    expect((await apply(formula, refused.data.basis)).code).toBe('1001');
    expect(await state()).toEqual(after);
  });

  it('refuses a file that is no workbook (1001 on apply, nothing changed), and a request with both files or neither', async () => {
    const notXlsx = new TextEncoder().encode('handle,size,stock\nshirt,M,1\n');
    const run = await dryRun(notXlsx);
    expect(run.code).toBe('0000');
    expect(run.data).toMatchObject({ refused: 1, created: 0, changed: 0 });
    expect(run.data.problems).toEqual([{ line: 1, column: null, message: 'The file is not a readable XLSX workbook (save it from the spreadsheet as .xlsx, or as CSV)' }]);
    const before = await state();
    const audits = await auditCount(shop);
    const refused = await apply(notXlsx, {});
    expect(refused.code).toBe('1001');
    expect(refused.msg).toBe('The catalogue file has 1 problems; nothing was changed');
    expect(await state()).toEqual(before);
    expect(await auditCount(shop)).toBe(audits);

    const both = await callEntry(shop, adminProductsApi.catalogueDryRun, { csv: 'handle,size,stock\nshirt,M,1', xlsx: base64(notXlsx) }, admin);
    expect(both.code).toBe('1001');
    expect(both.msg).toContain('exactly one of csv');
    expect((await callEntry(shop, adminProductsApi.catalogueApply, { basis: {} }, admin)).code).toBe('1001');
    expect((await callEntry(shop, adminProductsApi.catalogueDryRun, { xlsx: 'not base64!' }, admin)).code).toBe('1001');
  });
});
