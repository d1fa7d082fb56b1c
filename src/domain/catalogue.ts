/**
 * Catalogue shapes: what the API answers and what its requests accept.
 * Prices here are EUR minor units; the browser converts them for display with `convertFromEur`.
 */
import { z } from 'zod';

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'] as const;
export type Size = (typeof SIZES)[number];

export const PAGE_SIZE_MAX = 100;
export const SEARCH_PAGE_SIZE = 20;

const positiveInt = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');
export const idSchema = z.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large');

export const pageRequestShape = {
  current: positiveInt.max(100_000).default(1),
  size: positiveInt.max(PAGE_SIZE_MAX, `size must be at most ${PAGE_SIZE_MAX}`).default(20),
};
export const pageRequestSchema = z.strictObject(pageRequestShape);

export const PRODUCT_SORTS = ['recommended', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const searchRequestSchema = z.strictObject({
  title: z.string({ error: 'title must be text' }).max(200, 'title is too long').default(''),
  ...pageRequestShape,
  size: positiveInt.max(PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE),
});

const tagSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'tag must be lower-case letters, digits and dashes');

export const productListRequestSchema = z.strictObject({
  ...pageRequestShape,
  sort: z.enum(PRODUCT_SORTS).default('recommended'),
  /** Product ids to fetch (e.g. a shopper's recently viewed list). */
  idList: z.array(idSchema).max(PAGE_SIZE_MAX).optional(),
});

export const productsByTagsRequestSchema = z.strictObject({
  ...pageRequestShape,
  tags: z.array(tagSchema).min(1, 'give at least one tag').max(20),
  sort: z.enum(PRODUCT_SORTS).default('recommended'),
  /** Leave this product out (used by "you may also like"). */
  excludeId: idSchema.optional(),
});

export const productDetailRequestSchema = z.strictObject({ id: idSchema });

export const patchListRequestSchema = z.strictObject({
  ...pageRequestShape,
  size: positiveInt.max(PAGE_SIZE_MAX).default(PAGE_SIZE_MAX),
  idList: z.array(idSchema).max(PAGE_SIZE_MAX).optional(),
  productId: idSchema.optional(),
});

export const commentListRequestSchema = z.strictObject({ ...pageRequestShape, productId: idSchema });
export const addonListRequestSchema = z.strictObject({ productId: idSchema });
export const stateListRequestSchema = z.strictObject({
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'countryCode must be two capital letters'),
});

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
  description: string;
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
  kind: 'shorts' | 'socks';
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
