/**
 * What the catalogue API's requests accept, as zod schemas (server validation and forms), plus
 * everything of the zod-free model (catalogue.model.ts), so the server imports one module.
 * Browser code that needs a constant or a helper imports catalogue.model.ts instead: the schemas
 * here are built at module level and would bring zod along.
 */
import { z } from 'zod';
import { DEFAULT_PRODUCT_SORT, PAGE_MAX, PAGE_SIZE_MAX, PRODUCT_SORTS, SEARCH_PAGE_SIZE, SEARCH_TITLE_MAX } from './catalogue.model.ts';

export * from './catalogue.model.ts';

const positiveInt = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');
export const idSchema = z.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large');

export const pageRequestShape = {
  current: positiveInt.max(PAGE_MAX).default(1),
  size: positiveInt.max(PAGE_SIZE_MAX, `size must be at most ${PAGE_SIZE_MAX}`).default(20),
};
export const pageRequestSchema = z.strictObject(pageRequestShape);

/** A sortable table's sort (the back office's orders and products): one of its fields, `by` unless asked, highest first unless asked. */
export function sortShape<const F extends readonly [string, ...string[]]>(fields: F, by: F[number]) {
  return { sort: z.enum(fields).default(by), order: z.enum(['asc', 'desc']).default('desc') };
}

export const searchRequestSchema = z.strictObject({
  title: z.string({ error: 'title must be text' }).max(SEARCH_TITLE_MAX, 'title is too long').default(''),
  ...pageRequestShape,
  size: positiveInt.max(PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE),
});

const tagSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'tag must be lower-case letters, digits and dashes');

export const productListRequestSchema = z.strictObject({
  ...pageRequestShape,
  sort: z.enum(PRODUCT_SORTS).default(DEFAULT_PRODUCT_SORT),
  /** Product ids to fetch (e.g. a shopper's recently viewed list). */
  idList: z.array(idSchema).max(PAGE_SIZE_MAX).optional(),
});

export const productsByTagsRequestSchema = z.strictObject({
  ...pageRequestShape,
  tags: z.array(tagSchema).min(1, 'give at least one tag').max(20),
  sort: z.enum(PRODUCT_SORTS).default(DEFAULT_PRODUCT_SORT),
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
