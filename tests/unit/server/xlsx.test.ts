/**
 * The catalogue file in XLSX (src/server/xlsx.ts, docs/back-office.md "Catalogue file"): the first
 * sheet read into the grid the CSV gives, so both map to the same products; cells read as a person
 * sees them (49.9 is 49.90, booleans yes/no, rich text joined); a formula refused on its line and
 * column, never its cached result; text starting "=" written as text, not a formula; a file that
 * is no workbook, or unpacks to too much, refused whole.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS, catalogueCells, readCatalogueFile, readCatalogueGrid, type CatalogueFileRow } from '../../../src/domain/back-office/catalogue-file.model.ts';
import { CSV_BOM, csvLine } from '../../../src/server/csv.ts';
import { catalogueHeading, catalogueHeadings } from '../../../src/server/modules/catalogue/catalogue-file-desk.ts';
import { readFirstSheet, XlsxSheetWriter, type SheetLimits } from '../../../src/server/xlsx.ts';

const headings = catalogueHeadings();
const LIMITS: SheetLimits = { bytes: 16_000_000, unpacked: 160 * 1024 * 1024, rows: 100_002, chars: 16_000_000 };

const rows: CatalogueFileRow[] = [
  {
    handle: 'derby-home-2025-26',
    size: 'M',
    stock: 12,
    product: {
      title: { 'en-US': '=HYPERLINK("http://evil","Derby") & Co', 'zh-CN': '德比郡 主场球衣' },
      description: { 'en-US': 'Line one\nline two, "quoted" &amp; more', 'zh-CN': '第一行\n第二行' },
      price: '49.99',
      compareAtPrice: '69.00',
      customisationFee: '5.00',
      taxClass: 'standard',
      sport: 'football',
      team: 'derby-county',
      tags: ['football', 'championship'],
      printable: true,
      published: false,
      images: ['abc-800.webp'],
    },
  },
  { handle: 'derby-home-2025-26', size: 'XL', stock: 0, product: null },
  {
    handle: 'plain-shirt',
    size: 'S',
    stock: 3,
    product: {
      title: { 'en-US': "'=already guarded", 'zh-CN': '' },
      description: { 'en-US': '', 'zh-CN': '' },
      price: '10.00',
      compareAtPrice: null,
      customisationFee: '0.00',
      taxClass: 'children',
      sport: 'rugby',
      team: null,
      tags: [],
      printable: false,
      published: true,
      images: [],
    },
  },
];

/** The workbook the export writes (XlsxSheetWriter), as bytes. */
async function exportedXlsx(fileRows: CatalogueFileRow[], locale: 'en-US' | 'zh-CN' = 'en-US'): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => out.on('end', resolve));
  const sheet = await XlsxSheetWriter.open(
    out,
    'Catalogue',
    CATALOGUE_COLUMNS.map((c) => catalogueHeading(c, locale)),
  );
  for (const row of fileRows) sheet.add(catalogueCells(row));
  await sheet.end();
  await done;
  return Buffer.concat(chunks);
}

/** A workbook a person made in a spreadsheet (exceljs's in-memory writer: shared strings, typed cells). */
async function madeXlsx(fill: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Products'), book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function readXlsx(bytes: Uint8Array) {
  const sheet = await readFirstSheet(bytes, LIMITS);
  if ('refused' in sheet) throw new Error(sheet.refused);
  return readCatalogueGrid(sheet.rows, 'xlsx', headings);
}

describe('the grid from CSV and from XLSX', () => {
  it('gives the same products from the export CSV and the export XLSX, in either language', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const csv = CSV_BOM + csvLine(CATALOGUE_COLUMNS.map((c) => catalogueHeading(c, locale))) + rows.map((r) => csvLine(catalogueCells(r))).join('');
      const fromCsv = readCatalogueFile(csv, headings);
      const fromXlsx = await readXlsx(await exportedXlsx(rows, locale));
      expect(fromCsv.issues).toEqual([]);
      expect(fromXlsx.issues).toEqual([]);
      // The same products but for their lines: a CSV's are its text's (a quoted line break takes one), an XLSX's its rows'.
      const unlined = (read: typeof fromCsv) => read.products.map(({ line: _l, rowLines: _r, ...p }) => p);
      expect(unlined(fromXlsx)).toEqual(unlined(fromCsv));
      expect({ ...fromXlsx, products: [] }).toEqual({ ...fromCsv, products: [] });
      expect(fromXlsx.products.map((p) => [p.line, p.rowLines])).toEqual([
        [2, [2, 3]],
        [4, [4]],
      ]);
      // What the file holds comes back exactly: a formula-looking title, an apostrophe, "&amp;" and a line break.
      expect(fromXlsx.products[0]!.title['en-US']).toBe('=HYPERLINK("http://evil","Derby") & Co');
      expect(fromXlsx.products[0]!.description['en-US']).toBe('Line one\nline two, "quoted" &amp; more');
      expect(fromXlsx.products[1]!.title['en-US']).toBe("'=already guarded");
      expect(fromXlsx.products[0]!.sizes).toEqual([
        { size: 'M', stock: 12 },
        { size: 'XL', stock: 0 },
      ]);
    }
  });

  it('writes every cell as a value, never a formula: a title starting "=" is a string cell; prices text, stock a number; the heading bold and frozen', async () => {
    const bytes = await exportedXlsx(rows);
    const parts = unzipSync(bytes);
    const sheetXml = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).toContain('state="frozen"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const title = sheet.getCell(2, 4);
    expect(title.type).toBe(ExcelJS.ValueType.String);
    expect(title.value).toBe('=HYPERLINK("http://evil","Derby") & Co');
    expect(sheet.getCell(2, 8).value).toBe('49.99');
    expect(sheet.getCell(2, 3).value).toBe(12);
  });

  it('reads a sheet a person typed: numbers as written (49.9 is 49.90), booleans yes/no, rich text joined, empty trailing cells padded, rows by their sheet number', async () => {
    const bytes = await madeXlsx((sheet) => {
      sheet.addRow(['Handle', 'Size', 'Stock', 'Price (EUR)', 'Printable', 'Title (English)', 'Sport']);
      sheet.getRow(3).values = ['typed-shirt', 'm', 7, 49.9, true, { richText: [{ text: 'Rich ', font: { bold: true } }, { text: 'Title' }] }, 'football'];
      // A second row of the product: its product cells left empty (no cells at all after Stock).
      sheet.getRow(4).values = ['typed-shirt', 'L', 2];
      sheet.getRow(6).values = ['other-shirt', 'S', 1, 0.1 + 0.2, false, 'Other', 'rugby'];
    });
    const { products, issues, rows: count } = await readXlsx(bytes);
    expect(issues).toEqual([]);
    expect(count).toBe(3);
    expect(products).toMatchObject([
      { handle: 'typed-shirt', line: 3, price: 4990, printable: true, title: { 'en-US': 'Rich Title' }, sizes: [{ size: 'M', stock: 7 }, { size: 'L', stock: 2 }], rowLines: [3, 4] },
      { handle: 'other-shirt', line: 6, price: 30, printable: false },
    ]);
  });

  it('refuses a formula cell on its line and column, never reading its cached result; its product with it', async () => {
    const bytes = await madeXlsx((sheet) => {
      sheet.addRow(['handle', 'size', 'stock', 'price', 'notes']);
      sheet.addRow(['formula-shirt', 'M', 1, { formula: 'B9*2', result: 19.98 }, '']);
      sheet.addRow(['formula-shirt', 'L', { formula: 'SUM(C1:C2)', result: 4 }, '', '']);
      sheet.addRow(['good-shirt', 'M', 1, 10, { formula: 'NOW()', result: 1 }]);
    });
    const sheet = await readFirstSheet(bytes, LIMITS);
    expect(sheet).toMatchObject({ rows: [{ line: 1 }, { line: 2, fields: ['formula-shirt', 'M', '1', '', ''], formulas: [3] }, { line: 3, formulas: [2] }, { line: 4, formulas: [4] }] });
    const { issues, products } = await readXlsx(bytes);
    expect(issues).toEqual([
      { line: 2, column: 'price', issue: 'formula' },
      { line: 3, column: 'stock', issue: 'formula' },
      { line: 4, column: null, issue: 'formula' },
    ]);
    // The formula's row still belongs to its product, whose every row line is known (the dry run refuses the product by them).
    expect(products.find((p) => p.handle === 'formula-shirt')).toMatchObject({ price: null, rowLines: [2, 3] });
  });

  it('reads Chinese text whole however the inflated sheet is cut into chunks', async () => {
    const titles = Array.from({ length: 3000 }, (_, i) => `红水镇 ${i} 复古球衣，围场风格`);
    const bytes = await madeXlsx((sheet) => {
      sheet.addRow(['handle', 'size', 'stock', '标题（中文）']);
      // Plain and rich text, in the strings table: over 100 kB, inflated in several chunks.
      titles.forEach((title, i) => sheet.addRow([`shirt-${i}`, 'M', 1, i % 2 ? title : { richText: [{ text: title }] }]));
    });
    const read = await readFirstSheet(bytes, LIMITS);
    expect('rows' in read && read.rows.slice(1).map((row) => row.fields[3])).toEqual(titles);
  });

  it('reads the first sheet in the workbook order, not the first file', async () => {
    const bytes = await madeXlsx((_, book) => {
      const first = book.worksheets[0]!;
      first.addRow(['handle', 'size', 'stock']);
      first.addRow(['first-sheet', 'M', 1]);
      const second = book.addWorksheet('Second');
      second.addRow(['handle', 'size', 'stock']);
      second.addRow(['second-sheet', 'M', 1]);
      // The second sheet moved before the first: it is the workbook's first now.
      (second as unknown as { orderNo: number }).orderNo = -1;
    });
    const { products } = await readXlsx(bytes);
    expect(products.map((p) => p.handle)).toEqual(['second-sheet']);
  });

  it('refuses a file that is no workbook, one over the size, and one that unpacks to too much', async () => {
    expect(await readFirstSheet(new TextEncoder().encode('handle,size,stock\na,M,1'), LIMITS)).toEqual({ refused: 'notXlsx' });
    expect(await readFirstSheet(zipSync({ 'hello.txt': new TextEncoder().encode('hello') }), LIMITS)).toEqual({ refused: 'notXlsx' });
    const good = await exportedXlsx(rows);
    expect(await readFirstSheet(good, { ...LIMITS, bytes: good.length - 1 })).toEqual({ refused: 'tooLarge' });
    expect(await readFirstSheet(good, { ...LIMITS, unpacked: 1000 })).toEqual({ refused: 'tooMuch' });
    expect(await readFirstSheet(good, { ...LIMITS, chars: 100 })).toEqual({ refused: 'tooLarge' });
    // Rows past the limit are not read: the mapping refuses the file by the one over (tooMany).
    expect(await readFirstSheet(good, { ...LIMITS, rows: 2 })).toMatchObject({ rows: [{ line: 1 }, { line: 2 }] });
    // A sheet whose XML is broken.
    const parts = unzipSync(good);
    parts['xl/worksheets/sheet1.xml'] = new TextEncoder().encode('<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></x></row></sheetData></worksheet>');
    expect(await readFirstSheet(zipSync(parts), LIMITS)).toEqual({ refused: 'notXlsx' });
    // An empty shared strings table written as one empty element is whole (its sheet's cells are numbers).
    const numbers = unzipSync(good);
    numbers['xl/sharedStrings.xml'] = new TextEncoder().encode('<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');
    numbers['xl/worksheets/sheet1.xml'] = new TextEncoder().encode('<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>');
    expect(await readFirstSheet(zipSync(numbers), LIMITS)).toEqual({ rows: [{ line: 1, fields: ['1'] }] });
    // One cut short (as a zip header declaring less than its data yields): refused, not read as fewer rows.
    parts['xl/worksheets/sheet1.xml'] = unzipSync(good)['xl/worksheets/sheet1.xml']!.subarray(0, 900);
    expect(await readFirstSheet(zipSync(parts), LIMITS)).toEqual({ refused: 'notXlsx' });
  });
});
