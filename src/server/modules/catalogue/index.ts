/**
 * The catalogue module: navigation, products and their sizes, patches, add-ons, squads, search,
 * the shirt images, and stock (stockTaking/releaseStock/setStock: the only writers of product_sizes'
 * stock). Other modules import this file only.
 */
export * from './schema.ts';
export * from './images-schema.ts';
export { CATALOGUE_CHANNEL, CatalogueService, cardColumns, parseCatalogueChange, productTitleIn, toCard, type CardRow, type CatalogueChange } from './catalogue.ts';
export { SearchIndex, searchKey } from './search-index.ts';
export { ProductDesk } from './product-desk.ts';
export { ProductBulkDesk } from './product-bulk-desk.ts';
export { CatalogueFileDesk } from './catalogue-file-desk.ts';
export { ProductImageDesk, boundedDecode, checkPixels } from './image-desk.ts';
export { productAdminRoutes, uploadedImageRoutes } from './product-admin-routes.ts';
export { isStockShortage, releaseStock, shortageOf, stockDemand, stockTaking, type StockDemand, type StockShortage } from './stock.ts';
export { StockNews } from './stock-news.ts';
export { catalogueRoutes } from './routes.ts';
export { default as mediaRoutes } from './media-routes.ts';
export { catalogueAdminRoutes } from './team-admin-routes.ts';
export { extrasAdminRoutes } from './extras-admin-routes.ts';
