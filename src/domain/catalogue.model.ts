/**
 * The catalogue's model without zod: the constants and limits the API's request schemas
 * (catalogue.ts) are built from, the shapes the API answers, and pure helpers. Browser code
 * imports values from here: catalogue.ts builds zod schemas at module level, so importing any
 * value from it puts zod (about 24 KB gzip) into the bundle. Type-only imports from either are free.
 * Prices are EUR minor units; the browser converts them for display with `convertFromEur`.
 */

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'] as const;
export type Size = (typeof SIZES)[number];

/** Most records one page request may ask for. */
export const PAGE_SIZE_MAX = 100;
/** Highest page number a listing request accepts. */
export const PAGE_MAX = 100_000;
/** Search results per page (docs/storefront.md "Constants"). */
export const SEARCH_PAGE_SIZE = 20;
/** Longest search text the API accepts. */
export const SEARCH_TITLE_MAX = 200;

/**
 * The one range of every price the shop sets, in EUR minor units: a product's price, compare-at
 * price and customisation fee (the editor, the bulk change), a patch's and an add-on's (the seed).
 * EUR 100,000 is far above any shirt and far below the price columns' integer (2,147,483,647).
 */
export const PRICE_MIN = 0;
export const PRICE_MAX = 10_000_000;

export function isPriceInRange(minor: number): boolean {
  return Number.isSafeInteger(minor) && minor >= PRICE_MIN && minor <= PRICE_MAX;
}

export const PRODUCT_SORTS = ['recommended', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = 'recommended';

export function isProductSort(value: unknown): value is ProductSort {
  return typeof value === 'string' && (PRODUCT_SORTS as readonly string[]).includes(value);
}

export interface NavItem {
  id: number;
  tag: string;
  tagName: string;
  icon: string | null;
  parentTag: string | null;
  level: 1 | 2 | 3;
  children?: NavItem[];
}

export interface SizeStock {
  size: Size;
  stock: number;
}

export interface ProductCard {
  id: number;
  title: string;
  /** EUR minor units. */
  price: number;
  compareAtPrice: number | null;
  image: string;
  tags: string[];
  sport: string;
  createdAt: string;
}

export interface SizeGuideRow {
  size: Size;
  chestCm: number;
  lengthCm: number;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface Player {
  id: number;
  name: string;
  number: string;
}

export interface ProductDetail extends ProductCard {
  /** Markdown as written in the back office (plain text for meta descriptions). */
  description: string;
  /** The description rendered (domain/markdown.ts): what the product page shows. */
  descriptionHtml: string;
  details: string[];
  images: string[];
  sizes: SizeStock[];
  customisationFee: number;
  sizeGuide: SizeGuideRow[];
  faq: FaqEntry[];
  team: { tag: string; name: string } | null;
  squad: Player[];
  /** Whether this product can be printed with a name and number. */
  printable: boolean;
}

export interface Patch {
  id: number;
  patchName: string;
  patchPrice: number;
  image: string;
}

export interface Addon {
  id: number;
  /** shorts, socks, or a kind staff named: shown by its name and picture whatever it is. */
  kind: string;
  name: string;
  price: number;
  image: string;
}

export interface ProductComment {
  id: number;
  productId: number;
  authorName: string;
  rating: number;
  content: string;
  createdAt: string;
}

export interface Country {
  id: number;
  code: string;
  name: string;
  phoneCode: string;
  hasStates: boolean;
}

export interface State {
  id: number;
  countryCode: string;
  code: string;
  name: string;
}
