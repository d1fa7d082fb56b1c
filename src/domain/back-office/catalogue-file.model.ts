/**
 * The catalogue file (docs/back-office.md "Catalogue file"): the whole catalogue, or a filter of
 * it, as CSV or XLSX, one row per product and size, and the same file read back for the import's
 * dry run: both are read into one grid of rows (the CSV by parseDelimited, the XLSX by the
 * server's src/server/xlsx.ts), and readCatalogueGrid maps the grid.
 * A product's own columns are written on its first row; its other rows leave them empty (or repeat
 * them). Headings are written in the staff member's language and read in either (the server
 * passes the names it knows: `headings`). Prices are decimal euros, as the editor shows them.
 * Zod-free, so the admin bundle may import values from here.
 */
import { PRICE_MAX, SIZES, type Size } from '../catalogue.model.ts';
import { parseDelimited, withoutFormulaGuard } from '../delimited-text.ts';
import { TAX_CLASSES, type TaxClass } from '../tax/tax.model.ts';
import { IMAGES_PER_PRODUCT_MAX, PRODUCT_HANDLE_PATTERN, STOCK_MAX } from './products.model.ts';

export const CATALOGUE_COLUMNS = [
  'handle',
  'size',
  'stock',
  'titleEn',
  'titleZh',
  'descriptionEn',
  'descriptionZh',
  'price',
  'compareAtPrice',
  'customisationFee',
  'taxClass',
  'sport',
  'team',
  'tags',
  'printable',
  'published',
  'images',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** The product's columns (all but handle, size and stock): written on its first row. */
const PRODUCT_COLUMNS = CATALOGUE_COLUMNS.filter((c) => c !== 'handle' && c !== 'size' && c !== 'stock');
const REQUIRED_COLUMNS = ['handle', 'size', 'stock'] as const satisfies readonly CatalogueColumn[];

/** Largest file the import reads, in UTF-16 code units of its text (about its bytes for Latin text); an XLSX in bytes. */
export const CATALOGUE_FILE_MAX_CHARS = 16_000_000;
/**
 * Most an XLSX may unpack to (its parts' sizes as its zip declares them): its XML is a few times
 * the text a CSV of the same rows holds; more is a zip bomb or far over the rows' limit.
 */
export const CATALOGUE_XLSX_MAX_UNPACKED = 160 * 1024 * 1024;
/** Most rows (product and size) one file may hold: 10,000 products of 8 sizes with room to spare. */
export const CATALOGUE_FILE_MAX_ROWS = 100_000;
/**
 * The zip of images beside the file: at most 100 MB (it travels as base64 in the JSON of the dry
 * run and again of the apply, and the server holds it while it checks), 2,000 entries, and 200 MB
 * once inflated (photos barely compress: more is a zip bomb).
 */
export const CATALOGUE_ZIP_MAX_BYTES = 100 * 1024 * 1024;
export const CATALOGUE_ZIP_MAX_ENTRIES = 2_000;
export const CATALOGUE_ZIP_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
/** Most problems one dry run lists: the rest are counted. */
export const CATALOGUE_ISSUES_SHOWN = 200;

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 10_000;
const TAGS_MAX = 20;
const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A product's own columns, read from a file (`Price` and `Fee` in EUR cents) or to be written to one (their text). */
interface ProductColumns<Price, Fee> {
  title: { 'en-US': string; 'zh-CN': string };
  description: { 'en-US': string; 'zh-CN': string };
  price: Price;
  compareAtPrice: Fee | null;
  customisationFee: Fee;
  taxClass: TaxClass;
  sport: string;
  /** A team's tag; null for none. */
  team: string | null;
  tags: string[];
  printable: boolean;
  published: boolean;
}

/** A product as its rows in the file give it; its price null when the cell was empty (a new product must have one). */
export interface CatalogueFileProduct extends ProductColumns<number | null, number> {
  handle: string;
  /** The line of its first row (1 is the heading). */
  line: number;
  sizes: { size: Size; stock: number }[];
  /**
   * Its images' file names, in order: each in the zip beside the file, or one of the shop's
   * stored images as the export names them ("<hash>-800.webp"). Null (an empty cell, or no
   * column): the product keeps its images.
   */
  images: string[] | null;
  /** The lines of its rows (a problem on any of them refuses the product). */
  rowLines: number[];
  /** Columns left empty on its first row whose emptiness says nothing (BLANK_KEEPS): an existing product keeps its value, a new one takes the default. */
  blanks: CatalogueColumn[];
}

/** Columns that cannot be empty on a product: left empty in the file, the product keeps its value (a new product: the default, or a refusal). */
export const BLANK_KEEPS: readonly CatalogueColumn[] = ['titleEn', 'price', 'customisationFee', 'taxClass', 'sport', 'printable', 'published'];

export type CatalogueIssueKind =
  | 'tooLarge'
  | 'empty'
  | 'header'
  | 'tooMany'
  | 'columns'
  | 'handle'
  | 'size'
  | 'stock'
  | 'duplicateSize'
  | 'differs'
  | 'required'
  | 'money'
  | 'taxClass'
  | 'yesNo'
  | 'tags'
  | 'tooLong'
  | 'compareAtTooLow'
  | 'unknownTeam'
  | 'unknownTags'
  | 'tooManyImages'
  | 'imageMissing'
  | 'imageRefused'
  | 'formula'
  | 'notXlsx'
  | 'xlsxTooMuch';

/** The two kinds of catalogue file: what the import reads and the export writes. */
export type CatalogueFileFormat = 'csv' | 'xlsx';

/**
 * A row of the file as cells of text, the shape of parseDelimited's records: its line (a sheet's
 * row number), its cells, and (XLSX) the indexes of cells that held a formula (their text is
 * empty: a formula is refused, never evaluated nor its cached result read).
 */
export interface CatalogueGridRow {
  line: number;
  fields: string[];
  formulas?: number[];
}

/** A problem of the file: its line (1 is the heading), the column it is in (null for the whole line or file), the value read. */
export interface CatalogueIssue {
  line: number;
  column: CatalogueColumn | null;
  issue: CatalogueIssueKind;
  value?: string;
}

/** Cents of a decimal euro amount as the file writes it ("49.99", "49.9", "49"); null when it is not one or out of range. */
export function centsOf(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= PRICE_MAX ? cents : null;
}

const YES = new Set(['yes', 'y', 'true', '1', '是']);
const NO = new Set(['no', 'n', 'false', '0', '否']);

/** How the file writes yes and no (read in either language, and as true/false, 1/0). */
export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** Navigation tags as a cell holds them: separated by commas or spaces. */
export function tagsOf(cell: string): string[] {
  return cell.split(/[\s,]+/).filter(Boolean);
}

/** Image file names as a cell holds them: separated by spaces, commas or semicolons (so a name holds none of them). */
export function imageNamesOf(cell: string): string[] {
  return [...new Set(cell.split(/[\s,;]+/).filter(Boolean))];
}

/** A heading as compared: trimmed, lower case, inner spaces and underscores ignored. */
export function headingKey(heading: string): string {
  return heading.trim().toLowerCase().replace(/[\s_]+/g, '');
}

/**
 * The file's products, or every problem found (line, column, value): a file with any problem is
 * applied not at all. `headings` maps each heading the reader accepts (headingKey of both
 * languages' and of the column keys) to its column. What only the database can say (an unknown
 * team or tag, a new product without a price) the server checks after.
 */
export interface CatalogueFileRead {
  products: CatalogueFileProduct[];
  issues: CatalogueIssue[];
  /** Data rows read (the heading not counted). */
  rows: number;
  /** The columns the heading names: a product keeps its values of the others. */
  columns: CatalogueColumn[];
}

/** A file refused whole (its size, not a workbook, ...): one problem, on line 1. */
export function refusedFile(issue: CatalogueIssueKind, value?: string): CatalogueFileRead {
  return { products: [], rows: 0, columns: [], issues: [{ line: 1, column: null, issue, ...(value === undefined ? {} : { value }) }] };
}

/** A CSV file's text read: its records mapped by readCatalogueGrid. */
export function readCatalogueFile(text: string, headings: ReadonlyMap<string, CatalogueColumn>, headingOf: (column: CatalogueColumn) => string = (column) => column): CatalogueFileRead {
  if (text.length > CATALOGUE_FILE_MAX_CHARS) return refusedFile('tooLarge');
  return readCatalogueGrid(parseDelimited(text), 'csv', headings, headingOf);
}

/**
 * The file's rows (the heading first) mapped to products and problems, whichever kind of file
 * they came from. A CSV's cells lose the apostrophe its writer put before a formula-looking one
 * (withoutFormulaGuard); an XLSX's are taken as they are (its cells are typed: text is never run).
 */
export function readCatalogueGrid(
  grid: readonly CatalogueGridRow[],
  format: CatalogueFileFormat,
  headings: ReadonlyMap<string, CatalogueColumn>,
  headingOf: (column: CatalogueColumn) => string = (column) => column,
): CatalogueFileRead {
  const none = { products: [], rows: 0, columns: [] };
  const [header, ...data] = grid;
  if (!header) return refusedFile('empty');
  // A heading computed by a formula is refused as any formula cell is: the heading is read as text only.
  if (header.formulas?.length) return { ...none, issues: [{ line: header.line, column: null, issue: 'formula' }] };
  const at = new Map<CatalogueColumn, number>();
  header.fields.forEach((heading, i) => {
    const column = headings.get(headingKey(heading));
    if (column && !at.has(column)) at.set(column, i);
  });
  const columnAt = new Map([...at].map(([column, i]) => [i, column]));
  const missing = REQUIRED_COLUMNS.filter((c) => !at.has(c));
  if (missing.length) return { ...none, issues: [{ line: header.line, column: null, issue: 'header', value: missing.map((c) => headingOf(c)).join(', ') }] };
  if (data.length === 0) return { ...none, issues: [{ line: 2, column: null, issue: 'empty' }] };
  if (data.length > CATALOGUE_FILE_MAX_ROWS) return { ...none, rows: data.length, issues: [{ line: data[CATALOGUE_FILE_MAX_ROWS]!.line, column: null, issue: 'tooMany', value: String(CATALOGUE_FILE_MAX_ROWS) }] };

  const issues: CatalogueIssue[] = [];
  const byHandle = new Map<string, { product: CatalogueFileProduct; cells: Map<CatalogueColumn, string>; refused: boolean }>();
  for (const { line, fields, formulas } of data) {
    if (fields.length !== header.fields.length) {
      issues.push({ line, column: null, issue: 'columns' });
      continue;
    }
    // A formula cell is refused, never read as its cached result (its text is empty), and refuses
    // its row's product; the row is read on so the product's other rows still belong to it.
    const formulaAt = new Set((formulas ?? []).map((i) => columnAt.get(i) ?? null));
    for (const column of formulaAt) issues.push({ line, column, issue: 'formula' });
    const cell = (column: CatalogueColumn) => {
      const i = at.get(column);
      return i === undefined ? '' : (format === 'csv' ? withoutFormulaGuard(fields[i]!) : fields[i]!).trim();
    };
    // A formula cell's emptiness is no second problem.
    const problem = (column: CatalogueColumn, issue: CatalogueIssueKind, value?: string) => {
      if (!formulaAt.has(column)) issues.push({ line, column, issue, ...(value === undefined ? {} : { value }) });
    };
    if (formulaAt.has('handle')) continue;
    const handle = cell('handle');
    if (!PRODUCT_HANDLE_PATTERN.test(handle)) {
      problem('handle', 'handle', handle);
      continue;
    }
    const size = cell('size').toUpperCase();
    const stockText = cell('stock');
    const sizeOk = (SIZES as readonly string[]).includes(size);
    if (!sizeOk) problem('size', 'size', size);
    const stockOk = /^\d{1,5}$/.test(stockText) && Number(stockText) <= STOCK_MAX;
    if (!stockOk) problem('stock', 'stock', stockText);

    const known = byHandle.get(handle);
    if (known) {
      known.product.rowLines.push(line);
      // A later row of the product: its product cells are empty or the first row's.
      for (const column of PRODUCT_COLUMNS) {
        const value = cell(column);
        if (value !== '' && value !== known.cells.get(column)) problem(column, 'differs', value);
      }
      if (sizeOk && known.product.sizes.some((s) => s.size === size)) problem('size', 'duplicateSize', size);
      else if (sizeOk && stockOk) known.product.sizes.push({ size: size as Size, stock: Number(stockText) });
      continue;
    }

    const before = issues.length;
    const money = (column: 'price' | 'compareAtPrice' | 'customisationFee'): number | null => {
      const value = cell(column);
      if (value === '') return null;
      const cents = centsOf(value);
      if (cents === null) problem(column, 'money', value);
      return cents;
    };
    const flag = (column: 'printable' | 'published', otherwise: boolean): boolean => {
      const value = cell(column).toLowerCase();
      if (value === '') return otherwise;
      if (YES.has(value)) return true;
      if (NO.has(value)) return false;
      problem(column, 'yesNo', cell(column));
      return otherwise;
    };
    const text = (column: 'titleEn' | 'titleZh' | 'descriptionEn' | 'descriptionZh', max: number) => {
      const value = cell(column);
      if (value.length > max) problem(column, 'tooLong', String(max));
      return value;
    };
    const title = { 'en-US': text('titleEn', TITLE_MAX), 'zh-CN': text('titleZh', TITLE_MAX) };
    const description = { 'en-US': text('descriptionEn', DESCRIPTION_MAX), 'zh-CN': text('descriptionZh', DESCRIPTION_MAX) };
    const price = money('price');
    const compareAtPrice = money('compareAtPrice');
    const customisationFee = money('customisationFee') ?? 0;
    const taxText = cell('taxClass').toLowerCase() || 'standard';
    if (!(TAX_CLASSES as readonly string[]).includes(taxText)) problem('taxClass', 'taxClass', cell('taxClass'));
    const tags = [...new Set(tagsOf(cell('tags')))];
    const badTag = tags.find((tag) => !TAG_PATTERN.test(tag));
    if (badTag !== undefined) problem('tags', 'tags', badTag);
    else if (tags.length > TAGS_MAX) problem('tags', 'tooLong', String(TAGS_MAX));
    const sport = cell('sport');
    if (sport.length > 40) problem('sport', 'tooLong', '40');
    const team = cell('team');
    const images = imageNamesOf(cell('images'));
    if (images.length > IMAGES_PER_PRODUCT_MAX) problem('images', 'tooManyImages', String(IMAGES_PER_PRODUCT_MAX));
    const product: CatalogueFileProduct = {
      handle,
      line,
      title,
      description,
      price,
      compareAtPrice,
      customisationFee,
      taxClass: taxText as TaxClass,
      sport,
      team: team === '' ? null : team,
      tags,
      printable: flag('printable', true),
      published: flag('published', false),
      sizes: sizeOk && stockOk ? [{ size: size as Size, stock: Number(stockText) }] : [],
      images: images.length ? images : null,
      rowLines: [line],
      blanks: BLANK_KEEPS.filter((column) => at.has(column) && cell(column) === ''),
    };
    const cells = new Map(PRODUCT_COLUMNS.map((column) => [column, cell(column)]));
    byHandle.set(handle, { product, cells, refused: issues.length > before });
  }
  const products = [...byHandle.values()].map((entry) => ({
    ...entry.product,
    sizes: entry.product.sizes.sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size)),
  }));
  return { products, issues: issues.sort((a, b) => a.line - b.line), rows: data.length, columns: [...at.keys()] };
}

/** A product's values as the file writes them, row by row: the first row carries the product's columns. */
export interface CatalogueFileRow {
  handle: string;
  size: Size;
  stock: number;
  product: (ProductColumns<string, string> & { images: string[] }) | null;
}

/** The cells of a row, in CATALOGUE_COLUMNS order (prices already decimal strings). */
export function catalogueCells(row: CatalogueFileRow): (string | number | null)[] {
  const p = row.product;
  if (!p) return [row.handle, row.size, row.stock, ...PRODUCT_COLUMNS.map(() => null)];
  return [
    row.handle,
    row.size,
    row.stock,
    p.title['en-US'],
    p.title['zh-CN'],
    p.description['en-US'],
    p.description['zh-CN'],
    p.price,
    p.compareAtPrice,
    p.customisationFee,
    p.taxClass,
    p.sport,
    p.team,
    p.tags.join(', '),
    yesNo(p.printable),
    yesNo(p.published),
    p.images.join(' '),
  ];
}

// ---------- the import's answers ----------

/** Most created or changed products a dry run lists one by one: the rest are counted. */
export const CATALOGUE_REPORT_SHOWN = 1000;

/** A problem as the dry run and the apply answer it: its line, the column's heading in the caller's language, what is wrong. */
export interface CatalogueProblem {
  line: number;
  column: string | null;
  message: string;
}

/** A product the file creates or changes: each field's value before (null: a new product) and after, as the file writes them. */
export interface CatalogueProductReport {
  line: number;
  handle: string;
  kind: 'create' | 'change';
  changes: { field: string; before: string | null; after: string }[];
  /** What the images cell does (null: the product keeps its images): names added (from the zip or the shop's), kept, and the product's images taken off. */
  images: { added: string[]; kept: string[]; removed: string[] } | null;
}

export interface CatalogueDryRun {
  rows: number;
  products: number;
  created: number;
  changed: number;
  unchanged: number;
  /** Problems found: with any, the apply is refused. */
  refused: number;
  problems: CatalogueProblem[];
  reports: CatalogueProductReport[];
  /** Each product's version the dry run found (0: none, to create): the apply sends it back and is refused if any moved. */
  basis: Record<string, number>;
}

export interface CatalogueApplyAnswer {
  created: number;
  changed: number;
  unchanged: number;
}
