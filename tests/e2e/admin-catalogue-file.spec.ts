/**
 * The catalogue file (issue 32): an admin exports the products a search shows, changes three
 * prices and a title in the file, imports it with one bad row (the dry run names its line and
 * column and Apply stays off), fixes it, names an image the dry run says is missing, adds a zip
 * holding it, applies, and the storefront's product page shows the new price, title and image. In
 * zh-CN (dark scheme) at both widths, the dry run's report of a changed price and an added image.
 * The XLSX too: exported from the button's menu, a price typed into the sheet, imported and applied.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import enProducts from '../../src/i18n/locales/en-US/admin-products.json' with { type: 'json' };
import zhProducts from '../../src/i18n/locales/zh-CN/admin-products.json' with { type: 'json' };
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import { parseDelimited } from '../../src/domain/delimited-text.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import { csvLine } from '../../src/server/csv.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeViolations } from './support/axe.ts';
import { JOURNEY_TIMEOUT_MS, createPlainProduct, expect, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** A made-up word, so the search finds this journey's products and no other. */
const word = () => `Zy${randomBytes(4).toString('hex').replace(/\d/g, 'q')}`;

/** The products table showing what the search finds: the three products a journey made. */
async function search(page: Page, query: string) {
  await page.goto('/admin/products');
  await page.getByTestId('products-query').fill(query);
  await page.getByTestId('products-apply').click();
  await expect(page.getByTestId('products-table').getByRole('row').filter({ hasText: query })).toHaveCount(3);
}

/** The exported file of the products the table's search finds, as records (heading first). */
async function exportSearch(page: Page, query: string): Promise<string[][]> {
  await search(page, query);
  const download = page.waitForEvent('download');
  await page.getByTestId('catalogue-export').click();
  const text = await readFile(await (await download).path());
  return parseDelimited(text.toString('utf8')).map((r) => r.fields);
}

/** The dialog once its opening animation is over, for a screenshot of what people see. */
const dialogSettled = (page: Page) => expect(page.locator('.ant-modal-wrap .ant-modal')).not.toHaveClass(/-(appear|enter)/);

const fileOf = (records: string[][]) => Buffer.from('\uFEFF' + records.map((r) => csvLine(r)).join(''), 'utf8');

/** Hands the file to the upload beside `button` (the screen's Import catalogue, or the dialog's Check another file): a CSV of `records`, or a file as it is. */
async function upload(page: Page, button: string, records: string[][] | { name: string; mimeType: string; buffer: Buffer }) {
  const dryRun = page.waitForResponse((response) => response.url().endsWith('/admin/products/catalogueDryRun'));
  const file = Array.isArray(records) ? { name: 'catalogue.csv', mimeType: 'text/csv', buffer: fileOf(records) } : records;
  await page.locator('.ant-upload', { has: page.getByTestId(button) }).locator('input[type=file]').setInputFiles(file);
  await dryRun;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hands a zip holding `files` to the dialog's zip picker; the dry run runs again. */
async function uploadZip(page: Page, files: Record<string, Uint8Array>) {
  const dryRun = page.waitForResponse((response) => response.url().endsWith('/admin/products/catalogueDryRun'));
  await page.locator('.ant-upload', { has: page.getByTestId('catalogue-zip') }).locator('input[type=file]').setInputFiles({ name: 'images.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(files)) });
  await dryRun;
}

/** A small photo-like picture of one colour. */
const picture = (background: string) => sharp({ create: { width: 400, height: 440, channels: 3, background } }).png().toBuffer();

test.describe(() => {
  test.use({ staff: 'R_ADMIN', adminLocale: 'en-US' });

  test('en-US: export, change three prices and a title, a bad row refused by line and column, fixed, applied; the product page shows the new price', async ({ page, context, ownerApi }, testInfo) => {
    const T = enProducts.catalogue;
    const name = word();
    const made: AdminProduct[] = [];
    for (const [i, kind] of ['Home', 'Away', 'Third'].entries()) made.push(await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': `${name} ${kind} Shirt`, 'zh-CN': '' }, 3000 + i * 100));

    const records = await exportSearch(page, name);
    const heading = records[0]!;
    expect(heading.slice(0, 4)).toEqual(['Handle', 'Size', 'Stock', 'Title (English)']);
    const col = (h: string) => heading.indexOf(h);
    const row = (p: AdminProduct) => records.find((r) => r[0] === p.handle)!;
    row(made[0]!)[col('Price (EUR)')] = '41.50';
    row(made[1]!)[col('Price (EUR)')] = '42.50';
    row(made[2]!)[col('Price (EUR)')] = '12,50';
    row(made[0]!)[col('Title (English)')] = `${name} Home Shirt 2027`;
    row(made[0]!)[col('Published')] = 'yes';

    await upload(page, 'catalogue-import', records);
    const dialog = page.getByTestId('catalogue-dry-run');
    const problems = dialog.getByTestId('catalogue-problems');
    const line = records.indexOf(row(made[2]!)) + 1;
    await expect(problems.getByRole('row').filter({ hasText: '"12,50" is not an amount in euros (like 49.99)' })).toContainText(String(line));
    await expect(problems).toContainText('Price (EUR)');
    await expect(page.getByTestId('catalogue-apply')).toBeDisabled();
    await dialogSettled(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-catalogue-refused', testInfo);

    row(made[2]!)[col('Price (EUR)')] = '43.50';
    row(made[0]!)[col('Images')] = 'front.png';
    await upload(page, 'catalogue-reload', records);
    await expect(problems.getByRole('row').filter({ hasText: 'The image "front.png" is neither in the zip nor among the shop\'s images' })).toContainText(String(records.indexOf(row(made[0]!)) + 1));
    await expect(page.getByTestId('catalogue-apply')).toBeDisabled();
    // Macs add __MACOSX/ and folders: both are ignored.
    await uploadZip(page, { 'photos/front.png': await picture('#1f618d'), '__MACOSX/photos/._front.png': new Uint8Array([0, 5, 22, 7]) });
    await expect(dialog.getByText(T.changed.replace('{{count}}', '3'))).toBeVisible();
    await expect(dialog).toContainText('images.zip');
    const report = dialog.getByTestId('catalogue-reports');
    await expect(report.getByRole('row').filter({ hasText: made[0]!.handle }).getByTestId('catalogue-images')).toContainText('front.png added');
    await expect(report.getByRole('row').filter({ hasText: made[0]!.handle })).toContainText('30.00 → 41.50');
    await expect(report.getByRole('row').filter({ hasText: made[0]!.handle })).toContainText(`${name} Home Shirt 2027`);
    await dialogSettled(page);
    await screenshot(page, 'admin-catalogue-dry-run', testInfo);
    const applied = page.waitForResponse((response) => response.url().endsWith('/admin/products/catalogueApply'));
    await page.getByTestId('catalogue-apply').click();
    expect(((await (await applied).json()) as { code: string }).code).toBe('0000');
    await expect(page.getByText('Catalogue imported: 0 created, 3 changed, 0 unchanged')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The handle the file named the product by is its key in the editor too.
    await page.goto(`/admin/products/${made[0]!.id}`);
    await expect(page.locator('[data-testid="product-editor"]:visible').getByTestId('product-handle')).toHaveValue(made[0]!.handle);
    await screenshot(page, 'admin-catalogue-handle', testInfo);

    const shopper = await context.browser()!.newPage();
    await shopper.goto(`/en-US/product/${made[0]!.id}/`);
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(`${name} Home Shirt 2027`);
    await expect(shopper.locator('.info .price .price-now, .price .price-now').first()).toHaveText(formatMoney(4150, 'EUR', 'en-US'));
    await expect(shopper.locator('img[src*="/media/image/"], img[srcset*="/media/image/"]').first()).toBeAttached();
    await screenshot(shopper, 'admin-catalogue-live', testInfo);
  });
});

test.describe(() => {
  test.use({ staff: 'R_ADMIN', adminLocale: 'en-US' });

  test('en-US: the XLSX export from the button menu, a price typed into the sheet, imported as .xlsx and applied', async ({ page, ownerApi }, testInfo) => {
    const name = word();
    const made: AdminProduct[] = [];
    for (const kind of ['Home', 'Away', 'Third']) made.push(await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': `${name} ${kind} Jersey`, 'zh-CN': '' }, 3300));
    await search(page, name);
    const download = page.waitForEvent('download');
    await page.getByTestId('catalogue-export-formats').click();
    await page.getByTestId('catalogue-export-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^catalogue-\d{8}-\d{4}\.xlsx$/);

    // Opened in a spreadsheet: the price typed as a number, the workbook saved.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await file.path())) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    const heading = (sheet.getRow(1).values as unknown[]).map(String);
    expect(heading.slice(1, 5)).toEqual(['Handle', 'Size', 'Stock', 'Title (English)']);
    let line = 0;
    sheet.eachRow((row, number) => {
      if (!line && row.getCell(1).value === made[1]!.handle) line = number;
    });
    sheet.getCell(line, heading.indexOf('Price (EUR)')).value = 34.5;
    const buffer = Buffer.from(await book.xlsx.writeBuffer());

    await upload(page, 'catalogue-import', { name: 'catalogue.xlsx', mimeType: XLSX_TYPE, buffer });
    const dialog = page.getByTestId('catalogue-dry-run');
    await expect(page.getByRole('dialog')).toContainText('Dry run of catalogue.xlsx');
    const report = dialog.getByTestId('catalogue-reports');
    await expect(report.getByRole('row').filter({ hasText: made[1]!.handle })).toContainText('33.00 → 34.50');
    await expect(report.getByRole('row').filter({ hasText: made[1]!.handle })).toContainText(String(line));
    await dialogSettled(page);
    await screenshot(page, 'admin-catalogue-xlsx-dry-run', testInfo);
    const applied = page.waitForResponse((response) => response.url().endsWith('/admin/products/catalogueApply'));
    await page.getByTestId('catalogue-apply').click();
    expect(((await (await applied).json()) as { code: string }).code).toBe('0000');
    await expect(page.getByText('Catalogue imported: 0 created, 1 changed, 2 unchanged')).toBeVisible();
    expect((await ownerApi<AdminProduct>('/admin/products/get', { id: made[1]!.id })).price).toBe(3450);
  });
});

test.describe(() => {
  test.use({ staff: 'R_ADMIN', adminLocale: 'en-US' });

  test('en-US: a zip whose picture is none refuses its row, named, and Apply stays off @viewports', async ({ page, ownerApi }, testInfo) => {
    const name = word();
    const made: AdminProduct[] = [];
    for (const kind of ['Home', 'Away', 'Third']) made.push(await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': `${name} ${kind} Tee`, 'zh-CN': '' }, 2000));
    const records = await exportSearch(page, name);
    const images = records[0]!.indexOf('Images');
    records.find((r) => r[0] === made[0]!.handle)![images] = 'tee.jpg';
    records.find((r) => r[0] === made[1]!.handle)![images] = 'fine.png';
    await upload(page, 'catalogue-import', records);
    await uploadZip(page, { 'tee.jpg': new TextEncoder().encode('a text file renamed .jpg'), 'fine.png': await picture('#196f3d') });
    const dialog = page.getByTestId('catalogue-dry-run');
    await expect(dialog.getByTestId('catalogue-problems')).toContainText('Image tee.jpg: The file is not a JPEG, PNG or WebP image');
    await expect(dialog.getByTestId('catalogue-images')).toContainText('fine.png added');
    await expect(page.getByTestId('catalogue-apply')).toBeDisabled();
    await dialogSettled(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-catalogue-zip-refused', testInfo);
  });
});

test.describe(() => {
  // The dark scheme too: the dialog's struck-through old values must stay readable on it.
  test.use({ staff: 'R_ADMIN', adminLocale: 'zh-CN', adminStorage: { SOY_themeSettings: { themeScheme: 'dark' } } });

  test('zh-CN: the export is headed in Chinese and the dry run reports a changed price @viewports', async ({ page, ownerApi }, testInfo) => {
    const T = zhProducts.catalogue;
    const name = word();
    const made: AdminProduct[] = [];
    for (const kind of ['Home', 'Away', 'Third']) made.push(await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': `${name} ${kind} Polo`, 'zh-CN': `${name} ${kind} 马球衫` }, 2500));
    const records = await exportSearch(page, name);
    expect(records[0]!.slice(0, 4)).toEqual(['标识', '尺码', '库存', '标题（英文）']);
    records.find((r) => r[0] === made[1]!.handle)![records[0]!.indexOf('价格（欧元）')] = '26.00';
    records.find((r) => r[0] === made[1]!.handle)![records[0]!.indexOf('图片')] = 'polo.png';
    await upload(page, 'catalogue-import', records);
    await uploadZip(page, { 'polo.png': await picture('#a04000') });
    const dialog = page.getByTestId('catalogue-dry-run');
    await expect(dialog.getByText(T.changed.replace('{{count}}', '1'))).toBeVisible();
    await expect(dialog.getByTestId('catalogue-reports')).toContainText('25.00 → 26.00');
    await expect(dialog.getByTestId('catalogue-images')).toContainText('添加 polo.png');
    await dialogSettled(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-catalogue-dry-run-zh', testInfo);
  });
});
