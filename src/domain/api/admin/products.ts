/**
 * The back office's products and their images (docs/back-office.md "Products"): staff only, each
 * call behind the permission code the server checks (product:view, product:edit, product:publish, product:import).
 */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { CsvFile } from '../../back-office/csv.model.ts';
import type { AdminProduct, AdminProductImage, AdminProductRow, BulkAnswer, ProductOptions } from '../../back-office/products.model.ts';
import type * as requests from '../../back-office/products.schema.ts';
import type { emptyBodySchema } from '../../request.schema.ts';
import type { CatalogueApplyAnswer, CatalogueDryRun } from '../../back-office/catalogue-file.model.ts';
import { post, type CsvDownload, type XlsxDownload } from '../endpoint.ts';

export const adminProductsApi = {
  options: post<z.input<typeof emptyBodySchema>, ProductOptions>('/admin/products/options'),
  list: post<z.input<typeof requests.adminProductListRequestSchema>, Page<AdminProductRow>>('/admin/products/list'),
  get: post<z.input<typeof requests.adminProductIdRequestSchema>, AdminProduct>('/admin/products/get'),
  create: post<z.input<typeof requests.adminProductCreateRequestSchema>, AdminProduct>('/admin/products/create'),
  update: post<z.input<typeof requests.adminProductUpdateRequestSchema>, AdminProduct>('/admin/products/update'),
  duplicate: post<z.input<typeof requests.adminProductIdRequestSchema>, AdminProduct>('/admin/products/duplicate'),
  publish: post<z.input<typeof requests.adminProductPublishRequestSchema>, AdminProduct>('/admin/products/publish'),
  bulkPrice: post<z.input<typeof requests.adminBulkPriceRequestSchema>, BulkAnswer>('/admin/products/bulkPrice'),
  bulkStock: post<z.input<typeof requests.adminBulkStockRequestSchema>, BulkAnswer>('/admin/products/bulkStock'),
  stockExport: post<z.input<typeof requests.adminStockExportRequestSchema>, CsvFile>('/admin/products/stockExport'),
  stockImport: post<z.input<typeof requests.adminStockImportRequestSchema>, BulkAnswer>('/admin/products/stockImport'),
  /** The catalogue file of the filter (docs/back-office.md "Catalogue file"): text/csv, streamed, not the envelope. */
  catalogueExport: post<z.input<typeof requests.adminCatalogueExportRequestSchema>, CsvDownload>('/admin/products/catalogue.csv'),
  /** The same file as an XLSX workbook (one sheet): streamed, not the envelope. */
  catalogueExportXlsx: post<z.input<typeof requests.adminCatalogueExportRequestSchema>, XlsxDownload>('/admin/products/catalogue.xlsx'),
  catalogueDryRun: post<z.input<typeof requests.adminCatalogueDryRunRequestSchema>, CatalogueDryRun>('/admin/products/catalogueDryRun'),
  catalogueApply: post<z.input<typeof requests.adminCatalogueApplyRequestSchema>, CatalogueApplyAnswer>('/admin/products/catalogueApply'),
  uploadImage: post<z.input<typeof requests.adminImageUploadRequestSchema>, AdminProductImage[]>('/admin/products/images/upload'),
  orderImages: post<z.input<typeof requests.adminImageOrderRequestSchema>, AdminProductImage[]>('/admin/products/images/order'),
  removeImage: post<z.input<typeof requests.adminImageRemoveRequestSchema>, AdminProductImage[]>('/admin/products/images/remove'),
};
