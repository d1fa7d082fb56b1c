/**
 * The back office's products (docs/back-office.md "Products"): what its calls answer, the stock
 * states, the stock CSV's rules and the uploaded images' rules. Zod-free, so the admin bundle may
 * import values from here. Prices are EUR minor units.
 */
import { SIZES, type FaqEntry, type Size, type SizeGuideRow } from '../catalogue.model.ts';
import { MEDIA_PREFIX } from '../site-routes.ts';
import type { TaxClass } from '../tax/tax.model.ts';
import { parseDelimited, type CsvRecord } from '../delimited-text.ts';

/** A size at or below this many units is "low" (the dashboard's low-stock list uses it too). */
export const LOW_STOCK_AT = 5;

export const STOCK_STATES = ['in', 'low', 'out'] as const;
/** in: every size above LOW_STOCK_AT; low: some size at or below it, some units left; out: none left. */
export type StockState = (typeof STOCK_STATES)[number];

export const PRODUCT_ADMIN_SORTS = ['id', 'title', 'price', 'updatedAt'] as const;
export type ProductAdminSort = (typeof PRODUCT_ADMIN_SORTS)[number];

/** Most products one bulk change or one stock file may touch. */
export const BULK_MAX = 500;
export const STOCK_MAX = 99_999;
/** Most lines a stock CSV may hold (header excluded). */
export const STOCK_CSV_MAX_LINES = 20_000;

/**
 * A product's handle: its stable key in the catalogue file and the editor, unique, 1-80 lower-case
 * letters, digits and dashes, starting and ending with a letter or digit (migration 0024 checks the same).
 */
export const PRODUCT_HANDLE_MAX = 80;
export const PRODUCT_HANDLE_PATTERN = /^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$/;

/** A title made a handle ("Arsenal Home 2024/25" -> "arsenal-home-2024-25"); "product" when it holds no letter or digit. */
export function handleFromTitle(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_HANDLE_MAX)
    .replace(/-+$/, '');
  return slug || 'product';
}

/** The handle with a suffix ("-copy", "-17"), the handle cut so the whole stays within the length. */
export function handleWithSuffix(handle: string, suffix: string): string {
  return handle.slice(0, PRODUCT_HANDLE_MAX - suffix.length - 1).replace(/-+$/, '') + '-' + suffix;
}

export function stockStateOf(stocks: readonly number[]): StockState {
  if (!stocks.some((stock) => stock > 0)) return 'out';
  return stocks.some((stock) => stock <= LOW_STOCK_AT) ? 'low' : 'in';
}

export interface AdminProductRow {
  id: number;
  title: string;
  zhTitle: string | null;
  image: string;
  sport: string;
  team: string | null;
  league: string | null;
  price: number;
  compareAtPrice: number | null;
  published: boolean;
  stock: { size: Size; stock: number }[];
  stockState: StockState;
  /** Under at least one navigation entry, so some category lists it (`listedUnder`). */
  listed: boolean;
  version: number;
  updatedAt: string;
}

export interface AdminProductImage {
  /** The original's SHA-256 (hex): its variants' URLs are made from it. */
  hash: string;
  /** The variant the storefront shows. */
  url: string;
  thumbUrl: string;
}

/** A product as the editor reads and writes it. */
export interface AdminProduct {
  id: number;
  handle: string;
  version: number;
  published: boolean;
  /** Under at least one navigation entry (as saved): a published product that is not is in no listing. */
  listed: boolean;
  title: { 'en-US': string; 'zh-CN': string };
  description: { 'en-US': string; 'zh-CN': string };
  price: number;
  compareAtPrice: number | null;
  sport: string;
  teamId: number | null;
  tags: string[];
  printable: boolean;
  customisationFee: number;
  /** standard, children (zero-rated in the UK and Ireland), exempt (docs/taxes.md). */
  taxClass: TaxClass;
  sizes: { size: Size; stock: number }[];
  sizeGuide: SizeGuideRow[];
  faq: { 'en-US': FaqEntry[]; 'zh-CN': FaqEntry[] };
  images: AdminProductImage[];
  /** The generated shirt art, shown while there is no uploaded image. */
  art: string[];
  /** What applies through the team and tags (read-only here): patches by tag, add-ons by team. */
  patches: { id: number; name: string }[];
  addons: { id: number; name: string; kind: string }[];
  updatedAt: string;
}

/** What the filters and the editor choose from. */
export interface ProductOptions {
  sports: string[];
  leagues: { tag: string; name: string }[];
  teams: { id: number; name: string; sport: string; league: string; tag: string }[];
  navTags: NavTagOption[];
}

export interface NavTagOption {
  tag: string;
  name: string;
  level: number;
  /** The entry above it (null at the top). */
  parent: string | null;
}

/**
 * The navigation entries a new product of this sport and team sits under unless staff choose
 * others: the team's entry with every entry above it (patches fit by the league's and the
 * sport's tags too, and the demo catalogue tags products so) and the sport's own entry, top
 * level first. Entries that do not exist are left out.
 */
export function defaultNavTags(nav: readonly Pick<NavTagOption, 'tag' | 'parent' | 'level'>[], sport: string, teamTag: string | null): string[] {
  const byTag = new Map(nav.map((entry) => [entry.tag, entry]));
  const chosen = new Set<string>();
  if (byTag.has(sport)) chosen.add(sport);
  for (let entry = teamTag ? byTag.get(teamTag) : undefined; entry && !chosen.has(entry.tag); entry = entry.parent ? byTag.get(entry.parent) : undefined) chosen.add(entry.tag);
  return [...chosen].sort((a, b) => byTag.get(a)!.level - byTag.get(b)!.level);
}

/** Whether some category lists a product with these tags: one of them is a navigation entry (listings take an entry's products and those of the entries below it). */
export function listedUnder(tags: readonly string[], nav: readonly Pick<NavTagOption, 'tag'>[]): boolean {
  return tags.some((tag) => nav.some((entry) => entry.tag === tag));
}

export interface BulkAnswer {
  updated: number;
}

export interface StockCsvProblem {
  /** 1 is the header. */
  line: number;
  message: string;
}

// ---------- stock CSV ----------

export const STOCK_CSV_COLUMNS = ['product_id', 'title', 'size', 'stock'] as const;

export interface StockCsvRow {
  line: number;
  productId: number;
  size: Size;
  stock: number;
}

/** The columns of the stock file the reader needs (`title` is for people), found by name in its header. */
const STOCK_CSV_READ = ['product_id', 'size', 'stock'] as const;

/** Why a CSV file cannot be read at all: no lines, no data under the header, a needed column missing, too many lines. */
export type CsvFileIssue = { line: number; issue: 'empty' | 'header' | 'tooMany' };

/**
 * A CSV file's data lines and where each of its columns stands (-1: absent), the header's names
 * compared as `name` writes them; or the one issue that stops it: no lines, a `required` column
 * missing, no data, more than `max` data lines.
 */
export function csvTable<C extends string>(text: string, columns: readonly C[], required: readonly C[], max: number, name: (header: string) => string): { data: CsvRecord[]; width: number; at: Record<C, number> } | { stop: CsvFileIssue } {
  const [header, ...data] = parseDelimited(text);
  if (!header) return { stop: { line: 1, issue: 'empty' } };
  const names = header.fields.map(name);
  const at = Object.fromEntries(columns.map((column) => [column, names.indexOf(column)])) as Record<C, number>;
  if (required.some((column) => at[column] < 0)) return { stop: { line: header.line, issue: 'header' } };
  if (data.length === 0) return { stop: { line: 2, issue: 'empty' } };
  if (data.length > max) return { stop: { line: data[max]!.line, issue: 'tooMany' } };
  return { data, width: names.length, at };
}

export type StockCsvIssue = { line: number; issue: 'header' | 'columns' | 'productId' | 'size' | 'stock' | 'duplicate' | 'tooMany' | 'empty'; value?: string };

/**
 * The stock file's rows, or every line that is wrong and why (the caller words the issue). A
 * file with any problem is applied not at all. Columns are found by the header's names, so
 * `title` (written for people) may be there or not.
 */
export function readStockCsv(text: string): { rows: StockCsvRow[]; issues: StockCsvIssue[] } {
  const table = csvTable(text, STOCK_CSV_READ, STOCK_CSV_READ, STOCK_CSV_MAX_LINES, (name) => name.trim().toLowerCase());
  if ('stop' in table) return { rows: [], issues: [table.stop] };
  const { data, width, at } = table;
  const rows: StockCsvRow[] = [];
  const issues: StockCsvIssue[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of data) {
    if (fields.length !== width) {
      issues.push({ line, issue: 'columns' });
      continue;
    }
    const id = fields[at.product_id]!.trim();
    const size = fields[at.size]!.trim().toUpperCase();
    const stock = fields[at.stock]!.trim();
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) issues.push({ line, issue: 'productId', value: id });
    else if (!(SIZES as readonly string[]).includes(size)) issues.push({ line, issue: 'size', value: size });
    else if (!/^\d{1,5}$/.test(stock) || Number(stock) > STOCK_MAX) issues.push({ line, issue: 'stock', value: stock });
    else if (seen.has(`${id}|${size}`)) issues.push({ line, issue: 'duplicate', value: `${id} ${size}` });
    else {
      seen.add(`${id}|${size}`);
      rows.push({ line, productId: Number(id), size: size as Size, stock: Number(stock) });
    }
  }
  return { rows, issues };
}

// ---------- uploaded images ----------

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** Largest original accepted. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Most pixels an original may have, read from its header before anything decodes it: a small
 * file may claim a huge canvas, and a decode holds every pixel. A 24-megapixel camera's
 * 6000 x 4000 fits; the largest variant made is 800 x 880.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
/** Most images one product may carry. */
export const IMAGES_PER_PRODUCT_MAX = 8;
/**
 * The widths made of each upload, as WebP in the shirt art's frame (400 x 440): the product page
 * shows 400 CSS pixels (800 for sharp screens), listings and the editor the smaller.
 */
export const IMAGE_WIDTHS = { large: 800, thumb: 400 } as const;
export const IMAGE_ASPECT = 440 / 400;

/** The image type its first bytes say (JPEG, PNG, WebP), whatever its name or header claims; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (bytes.length >= 3 && starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 12 && starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** The URL of one variant of an uploaded image (the media routes answer it). */
export function uploadedImageUrl(hash: string, variant: keyof typeof IMAGE_WIDTHS): string {
  return `${MEDIA_PREFIX}/image/${hash}-${IMAGE_WIDTHS[variant]}.webp`;
}

/**
 * The fields whose values differ, each before and after (compared as JSON): what an audit row of
 * an edit records, so the log shows what changed rather than two whole products.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}

/** A new price after a bulk change: set, add cents, or add a percentage rounded to the cent. */
export function bulkPrice(price: number, mode: 'set' | 'percent' | 'add', value: number): number {
  if (mode === 'set') return value;
  if (mode === 'add') return price + value;
  return Math.round((price * (100 + value)) / 100);
}
