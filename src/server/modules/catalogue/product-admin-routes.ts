/**
 * The back office's product calls (product:view, product:edit, product:publish) and the uploaded
 * images' media route, answered from the database with long-lived immutable cache headers (the
 * URL holds the content hash, so it always means the same bytes).
 */
import type { FastifyInstance } from 'fastify';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { IMAGE_MAX_BYTES } from '../../../domain/back-office/products.model.ts';
import {
  adminBulkPriceRequestSchema,
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
import { actorOf, localeOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import { isImageKey, type ProductImageDesk } from './image-desk.ts';
import type { ProductDesk } from './product-desk.ts';
import type { ProductBulkDesk } from './product-bulk-desk.ts';

export interface ProductAdminDeps {
  products: ProductDesk;
  bulk: ProductBulkDesk;
  images: ProductImageDesk;
  clock: Clock;
}

/** Base64 of the largest image, with room for the rest of the JSON. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 16 * 1024;

export function productAdminRoutes(deps: ProductAdminDeps, guards: Guards) {
  const { products, images } = deps;
  const view = guards.requirePermission(PERMISSIONS.PRODUCT_VIEW);
  const edit = guards.requirePermission(PERMISSIONS.PRODUCT_EDIT);
  const publish = guards.requirePermission(PERMISSIONS.PRODUCT_PUBLISH);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminProductsApi.options, {
      summary: 'What the products filters and editor choose from: sports, leagues, teams, navigation tags',
      preValidation: view,
      request: emptyBodySchema,
      handler: async (request) => ok(await products.options(localeOf(request))),
    });
    route(adminProductsApi.list, {
      summary: "Products a page at a time, published or not: typo-tolerant title search (or an id), filters (sport, league, team, published, stock state), sorting",
      preValidation: view,
      request: adminProductListRequestSchema,
      handler: async (request) => ok(await products.list(...splitPage(request.body), localeOf(request))),
    });
    route(adminProductsApi.get, {
      summary: 'One product as the editor reads it, with its version',
      preValidation: view,
      request: adminProductIdRequestSchema,
      handler: async (request) => ok(await products.get(request.body.id, localeOf(request))),
    });
    route(adminProductsApi.create, {
      summary: 'A new product, unpublished, with generated shirt art; audited',
      preValidation: edit,
      request: adminProductCreateRequestSchema,
      handler: async (request) => ok(await products.create(actorOf(request), request.body, localeOf(request))),
    });
    route(adminProductsApi.update, {
      summary: 'Saves the editor; a save from a version someone else has changed since answers 1412 and changes nothing; audited with the fields before and after',
      preValidation: edit,
      request: adminProductUpdateRequestSchema,
      handler: async (request) => {
        const { id, version, ...fields } = request.body;
        return ok(await products.update(actorOf(request), id, version, fields, localeOf(request)));
      },
    });
    route(adminProductsApi.duplicate, {
      summary: 'A copy of a product (without its images), unpublished; audited',
      preValidation: edit,
      request: adminProductIdRequestSchema,
      handler: async (request) => ok(await products.duplicate(actorOf(request), request.body.id, localeOf(request))),
    });
    route(adminProductsApi.publish, {
      summary: 'Puts a product on sale or takes it off (gone from listings, search, the product API, carts and checkout); audited',
      preValidation: publish,
      request: adminProductPublishRequestSchema,
      handler: async (request) => ok(await products.publish(actorOf(request), request.body.id, request.body.published, localeOf(request))),
    });
    route(adminProductsApi.bulkPrice, {
      summary: 'Sets, adds to or changes by a percentage the price of the chosen products, all or none; one audit row per product',
      preValidation: edit,
      request: adminBulkPriceRequestSchema,
      handler: async (request) => ok(await deps.bulk.bulkPrice(actorOf(request), request.body.ids, request.body.mode, request.body.value)),
    });
    route(adminProductsApi.bulkStock, {
      summary: 'Sets one size (or every size offered) of the chosen products to a stock; one audit row per product',
      preValidation: edit,
      request: adminBulkStockRequestSchema,
      handler: async (request) => ok(await deps.bulk.bulkStock(actorOf(request), request.body.ids, request.body.size, request.body.stock)),
    });
    route(adminProductsApi.stockExport, {
      summary: "The filter's stock as CSV: product_id, title, size, stock (RFC 4180, UTF-8 with BOM)",
      preValidation: view,
      request: adminStockExportRequestSchema,
      handler: async (request) => ok(await deps.bulk.stockExport(request.body, localeOf(request), deps.clock())),
    });
    route(adminProductsApi.stockImport, {
      summary: 'Stock from CSV (product_id, size, stock): every wrong line is answered by number in data.lines and nothing is applied; else all in one transaction',
      preValidation: edit,
      request: adminStockImportRequestSchema,
      bodyLimit: 2_200_000,
      handler: async (request) => ok(await deps.bulk.stockImport(actorOf(request), request.body.csv, localeOf(request))),
    });
    route(adminProductsApi.uploadImage, {
      summary: 'Adds an image (base64 of a JPEG, PNG or WebP, at most 5 MB, its type read from its bytes), resized and stored; answers the images in order',
      preValidation: edit,
      request: adminImageUploadRequestSchema,
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (request) => ok(await images.upload(actorOf(request), request.body.productId, request.body.data)),
    });
    route(adminProductsApi.orderImages, {
      summary: "Puts the product's images in a new order (every one, once)",
      preValidation: edit,
      request: adminImageOrderRequestSchema,
      handler: async (request) => ok(await images.reorder(actorOf(request), request.body.productId, request.body.hashes)),
    });
    route(adminProductsApi.removeImage, {
      summary: 'Takes an image off the product; with none left it shows its generated shirt art again',
      preValidation: edit,
      request: adminImageRemoveRequestSchema,
      handler: async (request) => ok(await images.remove(actorOf(request), request.body.productId, request.body.hash)),
    });
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
