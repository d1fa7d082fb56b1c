/**
 * The catalogue file's mapping (domain/back-office/catalogue-file.model.ts with the server's
 * headings): headings in either language, quoting, the byte-order mark, formula-looking cells
 * guarded on export and read back whole, and bad cells refused by line and column.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS, CATALOGUE_FILE_MAX_ROWS, catalogueCells, centsOf, readCatalogueFile, type CatalogueFileRow } from '../../../src/domain/back-office/catalogue-file.model.ts';
import { CSV_BOM, csvLine } from '../../../src/server/csv.ts';
import { catalogueHeading, catalogueHeadings } from '../../../src/server/modules/catalogue/catalogue-file-desk.ts';

const headings = catalogueHeadings();
const read = (text: string) => readCatalogueFile(text, headings);

const row: CatalogueFileRow = {
  handle: 'derby-home-2025-26',
  size: 'M',
  stock: 12,
  product: {
    title: { 'en-US': 'Derby "Rams" Home, 2025/26', 'zh-CN': '德比郡 主场球衣' },
    description: { 'en-US': 'Line one\nline two', 'zh-CN': '第一行\n第二行' },
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
};

/** A file as the export writes it: BOM, headings in `locale`, CRLF. */
function fileOf(rows: CatalogueFileRow[], locale: 'en-US' | 'zh-CN' = 'en-US'): string {
  return CSV_BOM + csvLine(CATALOGUE_COLUMNS.map((c) => catalogueHeading(c, locale))) + rows.map((r) => csvLine(catalogueCells(r))).join('');
}

describe('reading the file the export writes', () => {
  it('reads back every value, quoted commas, quotes and line breaks included, under either language headings', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const { products, issues, columns } = read(fileOf([row, { handle: row.handle, size: 'xl' as 'XL', stock: 0, product: null }], locale));
      expect(issues).toEqual([]);
      expect(columns).toEqual([...CATALOGUE_COLUMNS]);
      expect(products).toEqual([
        {
          handle: 'derby-home-2025-26',
          line: 2,
          title: row.product!.title,
          description: row.product!.description,
          price: 4999,
          compareAtPrice: 6900,
          customisationFee: 500,
          taxClass: 'standard',
          sport: 'football',
          team: 'derby-county',
          tags: ['football', 'championship'],
          printable: true,
          published: false,
          sizes: [
            { size: 'M', stock: 12 },
            { size: 'XL', stock: 0 },
          ],
          images: ['abc-800.webp'],
          rowLines: [2, 5],
          blanks: [],
        },
      ]);
    }
  });

  it('reads a file without the byte-order mark, with LF line ends, and headings as column keys in any case', () => {
    const { products, issues } = read('HANDLE,size,Stock,price\nshirt,S,3,10\n');
    expect(issues).toEqual([]);
    expect(products[0]).toMatchObject({ handle: 'shirt', price: 1000, sizes: [{ size: 'S', stock: 3 }] });
  });

  it('writes a formula-looking cell with an apostrophe before it and reads it back whole', () => {
    const formulas = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', ' =x', '＝1', "'=already"];
    for (const title of formulas) {
      const file = fileOf([{ ...row, product: { ...row.product!, title: { 'en-US': title, 'zh-CN': title } } }]);
      const line = file.split('\r\n')[1]!;
      expect(line.includes(`'${title}`) || line.includes(`"'${title}`), title).toBe(true);
      const { products, issues } = read(file);
      expect(issues, title).toEqual([]);
      expect(products[0]!.title['en-US'], title).toBe(title.trim());
    }
    // An apostrophe before text that is no formula was the value's own.
    expect(read('handle,size,stock,title_en\nshirt,S,3,\'quoted\n').products[0]!.title['en-US']).toBe("'quoted");
  });
});

describe('refusing bad cells by line and column', () => {
  it('names the line and column of a bad price, size, stock, handle, yes/no, tax class and tag', () => {
    const file = [
      'handle,size,stock,price,printable,tax_class,tags',
      'good-shirt,M,1,10.00,yes,standard,football',
      'Bad Handle,M,1,10,yes,standard,',
      'shirt-a,XXL,1,10,yes,standard,',
      'shirt-b,M,-1,10,yes,standard,',
      'shirt-c,M,1,"12,50",yes,standard,',
      'shirt-d,M,1,10.123,maybe,luxury,Bad_Tag',
      'good-shirt,M,2,,,,',
      'good-shirt,L,2,11.00,,,',
      'short,M',
    ].join('\n');
    const { issues, products } = read(file);
    expect(issues).toEqual([
      { line: 3, column: 'handle', issue: 'handle', value: 'Bad Handle' },
      { line: 4, column: 'size', issue: 'size', value: 'XXL' },
      { line: 5, column: 'stock', issue: 'stock', value: '-1' },
      { line: 6, column: 'price', issue: 'money', value: '12,50' },
      { line: 7, column: 'price', issue: 'money', value: '10.123' },
      { line: 7, column: 'taxClass', issue: 'taxClass', value: 'luxury' },
      { line: 7, column: 'tags', issue: 'tags', value: 'Bad_Tag' },
      { line: 7, column: 'printable', issue: 'yesNo', value: 'maybe' },
      { line: 8, column: 'size', issue: 'duplicateSize', value: 'M' },
      { line: 9, column: 'price', issue: 'differs', value: '11.00' },
      { line: 10, column: null, issue: 'columns' },
    ]);
    expect(products.find((p) => p.handle === 'good-shirt')!.sizes).toEqual([{ size: 'M', stock: 1 }, { size: 'L', stock: 2 }]);
  });

  it('refuses a file without the key columns, an empty one, and one with too many rows', () => {
    expect(read('title,price\nX,1').issues).toEqual([{ line: 1, column: null, issue: 'header', value: 'handle, size, stock' }]);
    expect(read('').issues).toEqual([{ line: 1, column: null, issue: 'empty' }]);
    expect(read('handle,size,stock\n').issues).toEqual([{ line: 2, column: null, issue: 'empty' }]);
    const many = 'handle,size,stock\n' + 'a,M,1\n'.repeat(CATALOGUE_FILE_MAX_ROWS + 1);
    expect(read(many).issues).toEqual([{ line: CATALOGUE_FILE_MAX_ROWS + 2, column: null, issue: 'tooMany', value: String(CATALOGUE_FILE_MAX_ROWS) }]);
  });

  it('reads prices as decimal euros within the price range', () => {
    expect([centsOf('49.99'), centsOf('49.9'), centsOf('49'), centsOf('0'), centsOf('100000.00')]).toEqual([4999, 4990, 4900, 0, 10_000_000]);
    for (const bad of ['100000.01', '-1', '1,5', '1.', '.5', '1e3', '€5', '']) expect(centsOf(bad), bad).toBeNull();
  });
});
