/**
 * The back office's product calls (product:view, product:edit, product:publish) and the uploaded
 * images' media route, answered from the database with long-lived immutable cache headers (the
 * URL holds the content hash, so it always means the same bytes).
 */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_FILE_MAX_CHARS, CATALOGUE_ZIP_MAX_BYTES } from '../../../domain/back-office/catalogue-file.model.ts';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { IMAGE_MAX_BYTES } from '../../../domain/back-office/products.model.ts';
import {
  adminBulkPriceRequestSchema,
  adminCatalogueApplyRequestSchema,
  adminCatalogueDryRunRequestSchema,
  adminCatalogueExportRequestSchema,
  adminBulkStockRequestSchema,
  adminImageOrderRequestSchema,
  adminImageRemoveRequestSchema,
  adminImageUploadRequestSchema,
  adminProductCreateRequestSchema,
  adminProductIdRequestSchema,
  adminProductListRequestSchema,
  adminProductPublishRequestSchema,
  adminProductUpdateRequestSchema,
  adminStockExportRequestSchema,
  adminStockImportRequestSchema,
} from '../../../domain/back-office/products.schema.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import { MEDIA_PREFIX } from '../../../domain/site-routes.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../errors.ts';
import { splitPage } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { localeOf } from '../../http/context.ts';
import type { CatalogueFileDesk, CatalogueUpload } from './catalogue-file-desk.ts';
import { isImageKey, type ProductImageDesk } from './image-desk.ts';
import type { ProductDesk } from './product-desk.ts';
import type { ProductBulkDesk } from './product-bulk-desk.ts';

export interface ProductAdminDeps {
  products: ProductDesk;
  bulk: ProductBulkDesk;
  images: ProductImageDesk;
  catalogueFile: CatalogueFileDesk;
  clock: Clock;
}

/**
 * The catalogue file's text as JSON (a quote or line break doubles; an XLSX as base64 takes less),
 * the zip of images as base64 with one byte over its limit (so the desk, not the body limit,
 * refuses it by name), and room for the rest of the body.
 */
const CATALOGUE_BODY_LIMIT = CATALOGUE_FILE_MAX_CHARS * 2 + Math.ceil(((CATALOGUE_ZIP_MAX_BYTES + 3) * 4) / 3) + 64 * 1024;

/** The zip's bytes from the request's base64, or null without one. */
const zipOf = (base64: string | undefined) => (base64 ? Buffer.from(base64, 'base64') : null);

/** The file of a dry run or apply: the schema lets exactly one of csv and xlsx (base64) through. */
const uploadOf = (body: { csv?: string | undefined; xlsx?: string | undefined }): CatalogueUpload =>
  body.xlsx === undefined ? { format: 'csv', text: body.csv! } : { format: 'xlsx', bytes: Buffer.from(body.xlsx, 'base64') };

/** The export's file name: catalogue-YYYYMMDD-HHMM.<ext>. */
const exportName = (now: Date, ext: 'csv' | 'xlsx') => `catalogue-${now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.${ext}`;

/** Base64 of the largest image, with room for the rest of the JSON. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 16 * 1024;

export function productAdminRoutes(deps: ProductAdminDeps, guards: Guards) {
  const { products, bulk, images } = deps;
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const view = staffCalls(route, guards.requirePermission(PERMISSIONS.PRODUCT_VIEW));
    const edit = staffCalls(route, guards.requirePermission(PERMISSIONS.PRODUCT_EDIT));
    const publish = staffCalls(route, guards.requirePermission(PERMISSIONS.PRODUCT_PUBLISH));
    const importing = staffCalls(route, guards.requirePermission(PERMISSIONS.PRODUCT_IMPORT));
    view(adminProductsApi.options, 'What the products filters and editor choose from: sports, leagues, teams, navigation tags', emptyBodySchema, ({ locale }) => products.options(locale));
    view(
      adminProductsApi.list,
      'Products a page at a time, published or not: typo-tolerant title search (or an id), filters (sport, league, team, published, stock state), sorting',
      adminProductListRequestSchema,
      ({ body, locale }) => products.list(...splitPage(body), locale),
    );
    view(adminProductsApi.get, 'One product as the editor reads it, with its version', adminProductIdRequestSchema, ({ body, locale }) => products.get(body.id, locale));
    edit(adminProductsApi.create, 'A new product, unpublished, with generated shirt art; audited', adminProductCreateRequestSchema, ({ body, actor, locale }) => products.create(actor, body, locale));
    edit(
      adminProductsApi.update,
      'Saves the editor; a save from a version someone else has changed since answers 1412 and changes nothing; audited with the fields before and after',
      adminProductUpdateRequestSchema,
      ({ body: { id, version, ...fields }, actor, locale }) => products.update(actor, id, version, fields, locale),
    );
    edit(adminProductsApi.duplicate, 'A copy of a product (without its images), unpublished; audited', adminProductIdRequestSchema, ({ body, actor, locale }) => products.duplicate(actor, body.id, locale));
    publish(
      adminProductsApi.publish,
      'Puts a product on sale or takes it off (gone from listings, search, the product API, carts and checkout); audited',
      adminProductPublishRequestSchema,
      ({ body, actor, locale }) => products.publish(actor, body.id, body.published, locale),
    );
    edit(
      adminProductsApi.bulkPrice,
      'Sets, adds to or changes by a percentage the price of the chosen products, all or none; one audit row per product',
      adminBulkPriceRequestSchema,
      ({ body, actor }) => bulk.bulkPrice(actor, body.ids, body.mode, body.value),
    );
    edit(
      adminProductsApi.bulkStock,
      'Sets one size (or every size offered) of the chosen products to a stock; one audit row per product',
      adminBulkStockRequestSchema,
      ({ body, actor }) => bulk.bulkStock(actor, body.ids, body.size, body.stock),
    );
    view(adminProductsApi.stockExport, "The filter's stock as CSV: product_id, title, size, stock (RFC 4180, UTF-8 with BOM)", adminStockExportRequestSchema, ({ body, locale }) =>
      bulk.stockExport(body, locale, deps.clock()),
    );
    edit(
      adminProductsApi.stockImport,
      'Stock from CSV (product_id, size, stock): every wrong line is answered by number in data.lines and nothing is applied; else all in one transaction',
      adminStockImportRequestSchema,
      ({ body, actor, locale }) => bulk.stockImport(actor, body.csv, locale),
      { bodyLimit: 2_200_000 },
    );
    route(adminProductsApi.catalogueExport, {
      summary: "The filter's products as the catalogue file: one row per product and size (docs/back-office.md \"Catalogue file\"), headed in the caller's language. Answers text/csv, streamed a page of products at a time, not the envelope",
      preValidation: guards.requirePermission(PERMISSIONS.PRODUCT_VIEW),
      request: adminCatalogueExportRequestSchema,
      handler: async (request, reply) => {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportName(deps.clock(), 'csv')}"`)
          .header('cache-control', 'private, no-store')
          .send(Readable.from(deps.catalogueFile.export(request.body, localeOf(request))));
      },
    });
    route(adminProductsApi.catalogueExportXlsx, {
      summary: "The filter's products as the catalogue file in XLSX: one sheet, the same columns and rows as the CSV (docs/back-office.md \"Catalogue file\"). Streamed as it is written, not the envelope",
      preValidation: guards.requirePermission(PERMISSIONS.PRODUCT_VIEW),
      request: adminCatalogueExportRequestSchema,
      handler: async (request, reply) => {
        const out = new PassThrough();
        // Written as the answer streams: a failure part way ends the answer with the error (the download fails).
        deps.catalogueFile.exportXlsx(request.body, localeOf(request), out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${exportName(deps.clock(), 'xlsx')}"`)
          .header('cache-control', 'private, no-store')
          .send(out);
      },
    });
    importing(
      adminProductsApi.catalogueDryRun,
      'What the catalogue file (csv text, or xlsx as base64) would do, per product: created, changed (each field before and after) or refused (line, column, why); changes nothing. Its basis (each product version) goes back with the apply',
      adminCatalogueDryRunRequestSchema,
      ({ body, locale }) => deps.catalogueFile.dryRun(uploadOf(body), zipOf(body.zip), locale),
      { bodyLimit: CATALOGUE_BODY_LIMIT },
    );
    importing(
      adminProductsApi.catalogueApply,
      'Applies the catalogue file, every product or none, in one transaction audited as one catalogue.import; any problem answers 1001 with data.problems, a product changed since the dry run 1412 with data.handles',
      adminCatalogueApplyRequestSchema,
      ({ body, actor, locale }) => deps.catalogueFile.apply(actor, uploadOf(body), zipOf(body.zip), body.basis, locale),
      { bodyLimit: CATALOGUE_BODY_LIMIT },
    );
    edit(
      adminProductsApi.uploadImage,
      'Adds an image (base64 of a JPEG, PNG or WebP, at most 5 MB, its type read from its bytes), resized and stored; answers the images in order',
      adminImageUploadRequestSchema,
      ({ body, actor }) => images.upload(actor, body.productId, body.data),
      { bodyLimit: UPLOAD_BODY_LIMIT },
    );
    edit(adminProductsApi.orderImages, "Puts the product's images in a new order (every one, once)", adminImageOrderRequestSchema, ({ body, actor }) => images.reorder(actor, body.productId, body.hashes));
    edit(adminProductsApi.removeImage, 'Takes an image off the product; with none left it shows its generated shirt art again', adminImageRemoveRequestSchema, ({ body, actor }) =>
      images.remove(actor, body.productId, body.hash),
    );
  });
}

/** GET /api/media/image/<hash>-<width>.webp: an uploaded image's variant, cacheable forever. */
export function uploadedImageRoutes(images: ProductImageDesk) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { file: string } }>(`${MEDIA_PREFIX}/image/:file`, { schema: { hide: true } }, async (request, reply) => {
      const file = isImageKey(request.params.file) ? await images.file(request.params.file) : null;
      if (!file) {
        reply.header('cache-control', 'no-store');
        throw notFound('image');
      }
      const etag = `"${request.params.file.slice(0, 32)}"`;
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(Buffer.from(file.bytes));
    });
  };
}
