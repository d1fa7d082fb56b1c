/**
 * What the back office's product calls take (docs/back-office.md "Products"); the answers are in
 * products.model.ts. Every request is strict: an unknown field is refused. Money is EUR
 * minor units.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape, sortShape } from '../catalogue.schema.ts';
import { PRICE_MAX, PRICE_MIN, SIZES } from '../catalogue.model.ts';
import { TAX_CLASSES } from '../tax/tax.model.ts';
import { BULK_MAX, IMAGE_MAX_BYTES, PRODUCT_ADMIN_SORTS, PRODUCT_HANDLE_PATTERN, STOCK_MAX, STOCK_STATES } from './products.model.ts';

/** Every price the editor saves: the shop's one price range (catalogue.model.ts). */
const money = z.number({ error: 'must be a number' }).int('must be whole cents').min(PRICE_MIN, 'must not be negative').max(PRICE_MAX, 'is too large');
const tagSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'tag must be lower-case letters, digits and dashes');
const bilingual = (max: number, required: boolean) =>
  z.strictObject({
    'en-US': required ? z.string().trim().min(1, 'write the English text').max(max) : z.string().trim().max(max),
    'zh-CN': z.string().trim().max(max),
  });
const faqList = z.array(z.strictObject({ question: z.string().trim().min(1).max(300), answer: z.string().trim().min(1).max(2000) })).max(20);

export const productFilterShape = {
  /** Title words, typo-tolerant (the storefront's search), or a product id. */
  query: z.string().trim().max(200).optional(),
  sport: z.string().max(40).optional(),
  league: tagSchema.optional(),
  teamId: idSchema.optional(),
  published: z.boolean().optional(),
  stock: z.enum(STOCK_STATES).optional(),
};

export const adminProductListRequestSchema = z.strictObject({
  ...productFilterShape,
  ...pageRequestShape,
  ...sortShape(PRODUCT_ADMIN_SORTS, 'id'),
});
export type AdminProductListRequest = z.output<typeof adminProductListRequestSchema>;

export const adminProductIdRequestSchema = z.strictObject({ id: idSchema });

const sizeList = z
  .array(
    z.strictObject({
      size: z.enum(SIZES),
      stock: z.number().int('stock must be whole units').min(0, 'stock must not be negative').max(STOCK_MAX),
      /**
       * The stock the editor read: the save then moves the stock by the difference, so units sold
       * while the editor was open are not put back (checkout does not change the version).
       */
      was: z.number().int().min(0).max(STOCK_MAX).optional(),
    }),
  )
  .min(1, 'offer at least one size')
  .refine((sizes) => new Set(sizes.map((s) => s.size)).size === sizes.length, 'each size once');

/** A product's stable key (products.model.ts PRODUCT_HANDLE_PATTERN). */
export const handleSchema = z.string().trim().regex(PRODUCT_HANDLE_PATTERN, 'the handle is 1-80 lower-case letters, digits and dashes, starting and ending with a letter or digit');

/** Everything the editor saves. */
export const productFieldsShape = {
  /** Without it a new product takes one made from its title, and a save keeps the one it has. */
  handle: handleSchema.optional(),
  title: bilingual(200, true),
  description: bilingual(10_000, false),
  price: money,
  compareAtPrice: money.nullable(),
  sport: z.string().trim().min(1, 'choose a sport').max(40),
  teamId: idSchema.nullable(),
  tags: z.array(tagSchema).max(20),
  printable: z.boolean(),
  customisationFee: money,
  taxClass: z.enum(TAX_CLASSES, { error: `the tax class is one of ${TAX_CLASSES.join(', ')}` }),
  sizes: sizeList,
  sizeGuide: z.array(z.strictObject({ size: z.enum(SIZES), chestCm: z.number().int().min(1).max(300), lengthCm: z.number().int().min(1).max(300) })).max(SIZES.length),
  faq: z.strictObject({ 'en-US': faqList, 'zh-CN': faqList }),
};

/** Everything the editor saves, as an update carries it. */
export type ProductFields = Omit<z.output<typeof adminProductUpdateRequestSchema>, 'id' | 'version'>;

/**
 * A new product: without `tags` it takes its sport's and team's navigation entries (the editor
 * preselects the same); `tags: []` is a product under none, as asked. Without `taxClass` it is
 * `standard`.
 */
export const adminProductCreateRequestSchema = z.strictObject({ ...productFieldsShape, tags: productFieldsShape.tags.optional(), taxClass: productFieldsShape.taxClass.default('standard') });
export type NewProductFields = z.output<typeof adminProductCreateRequestSchema>;

export const adminProductUpdateRequestSchema = z.strictObject({
  id: idSchema,
  /** The version the editor read: a save from an older one is refused (someone else saved since). */
  version: z.number().int().positive(),
  ...productFieldsShape,
});

export const adminProductPublishRequestSchema = z.strictObject({ id: idSchema, published: z.boolean() });

const idSelection = z.array(idSchema).min(1, 'choose at least one product').max(BULK_MAX, `at most ${BULK_MAX} products at once`);

export const adminBulkPriceRequestSchema = z.strictObject({
  ids: idSelection,
  /**
   * set: the new price; percent: add this percentage (negative lowers), rounded to the cent; add:
   * add these cents. Each result must be in the price range, or the whole change is refused.
   */
  mode: z.enum(['set', 'percent', 'add']),
  value: z.number().int('must be a whole number').min(-PRICE_MAX).max(PRICE_MAX),
});

export const adminBulkStockRequestSchema = z.strictObject({
  ids: idSelection,
  /** One size, or every size the product offers. */
  size: z.enum(SIZES).nullable(),
  stock: z.number().int().min(0).max(STOCK_MAX),
});

export const adminStockExportRequestSchema = z.strictObject(productFilterShape);

export const adminStockImportRequestSchema = z.strictObject({ csv: z.string().min(1, 'the file is empty').max(2_000_000, 'the file is too large') });

/** Base64 of the zip of images beside the file (its size is the desk's check, refused by name: catalogue-file.model.ts). */
const catalogueZip = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'zip must be base64').optional();

/**
 * The catalogue file, exactly one of: `csv`, its text, or `xlsx`, base64 of the workbook (16 MB
 * at most either way: catalogue-file.model.ts; larger is refused by the desk with a clear problem).
 */
const catalogueFileShape = {
  csv: z.string().min(1, 'the file is empty').optional(),
  xlsx: z.string().min(1, 'the file is empty').regex(/^[A-Za-z0-9+/]*={0,2}$/, 'xlsx must be base64').optional(),
};
const oneFile = (body: { csv?: string | undefined; xlsx?: string | undefined }) => (body.csv === undefined) !== (body.xlsx === undefined);
const ONE_FILE = { path: ['csv'], error: 'send the file as exactly one of csv (its text) or xlsx (base64 of the workbook)' };

/** The catalogue file's dry run: the file, and the zip of its images if any. */
export const adminCatalogueDryRunRequestSchema = z.strictObject({ ...catalogueFileShape, zip: catalogueZip }).refine(oneFile, ONE_FILE);

/** The apply: the same file and zip, and the versions its dry run found (handle to version, 0 for a new product). */
export const adminCatalogueApplyRequestSchema = z
  .strictObject({
    ...catalogueFileShape,
    zip: catalogueZip,
    basis: z.record(handleSchema, z.number().int().min(0)),
  })
  .refine(oneFile, ONE_FILE);

export const adminCatalogueExportRequestSchema = z.strictObject(productFilterShape);

/** Base64 of the original bytes: its type is read from the bytes themselves. */
export const adminImageUploadRequestSchema = z.strictObject({
  productId: idSchema,
  data: z.string().max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 4, 'the image is larger than 5 MB').regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data must be base64'),
});

const hashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'not an image of this product');

export const adminImageOrderRequestSchema = z.strictObject({ productId: idSchema, hashes: z.array(hashSchema).max(20) });
export const adminImageRemoveRequestSchema = z.strictObject({ productId: idSchema, hash: hashSchema });
