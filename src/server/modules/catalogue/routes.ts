import { catalogueApi } from '../../../domain/api/catalogue.ts';
import { geoApi } from '../../../domain/api/geo.ts';
import { addonListRequestSchema, patchListRequestSchema, productDetailRequestSchema, productListRequestSchema, productsByTagsRequestSchema, searchRequestSchema, stateListRequestSchema } from '../../../domain/catalogue.schema.ts';
import { LOCALES } from '../../../domain/locale.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import { ok } from '../../http/envelope.ts';
import type { CatalogueService } from './catalogue.ts';
import type { GeoService } from '../geo/index.ts';
import { searchKey } from './search-index.ts';
import { answerCache, answerFrom } from '../../http/cached-answer.ts';
import { localeOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

/**
 * Memory for answers kept ready (routes/cached-answer.ts), least recently used dropped first: a
 * product's detail is about 3 KB of JSON, a page of search results 5 KB, a navigation tree 9 KB.
 */
const CACHE_BYTES = { details: 16 << 20, searches: 8 << 20, listings: 8 << 20, navigation: 1 << 20 };

export function catalogueRoutes(services: { catalogue: CatalogueService; geo: GeoService }) {
  const { catalogue, geo } = services;
  // Catalogue answers, dropped when the database says their rows changed (on every instance: see
  // CatalogueService.changed). Carts and checkout never read these: they price from the tables.
  const details = answerCache(CACHE_BYTES.details, 'catalogue_details');
  const searches = answerCache(CACHE_BYTES.searches, 'catalogue_searches');
  // Pages of products by tags or sorted: each costs a count and a sort of up to every product, and
  // the build asks the same ones for every page of a category and every product of a team.
  const listings = answerCache(CACHE_BYTES.listings, 'catalogue_listings');
  const navigation = answerCache(CACHE_BYTES.navigation, 'catalogue_navigation');
  catalogue.onChange((change) => {
    if (change.kind === 'product') {
      details.delete(...LOCALES.map((locale) => `${change.productId}|${locale}`));
      if (!change.stockOnly) {
        searches.clear();
        listings.clear();
      }
    } else if (change.kind === 'navigation') {
      navigation.clear();
      // A tag's listing takes in the tags below it in the tree.
      listings.clear();
    } else for (const cache of [details, searches, listings, navigation]) cache.clear();
  });

  // Shoppers and the site's build ask the same few thousand bodies again and again.
  return contractRoutes({ tags: ['catalogue'], repeatedBodies: true }, (route) => {
    route(catalogueApi.navList, {
      summary: 'Navigation items, flat',
      request: emptyBodySchema,
      compressesItself: true,
      handler: answerFrom(navigation, (_, locale) => `list|${locale}`, async (_, locale) => ({ records: await catalogue.navList(locale) })),
    });
    route(catalogueApi.navTree, {
      summary: 'Navigation tree (three levels)',
      request: emptyBodySchema,
      compressesItself: true,
      handler: answerFrom(navigation, (_, locale) => `tree|${locale}`, async (_, locale) => ({ records: await catalogue.navTree(locale) })),
    });
    route(catalogueApi.search, {
      summary: 'Search products by title',
      request: searchRequestSchema,
      compressesItself: true,
      handler: answerFrom(
        searches,
        // Queries that differ only in case, accents, spacing or repeated words share an answer.
        ({ body: { title, current, size } }, locale) => `${locale}|${current}|${size}|${searchKey(title)}`,
        (request, locale) => catalogue.search(request.body, locale),
      ),
    });
    route(catalogueApi.productList, {
      summary: 'Products, paged and sorted',
      request: productListRequestSchema,
      compressesItself: true,
      handler: answerFrom(listings, (request, locale) => `list|${locale}|${JSON.stringify(request.body)}`, (request, locale) => catalogue.productList(request.body, locale)),
    });
    route(catalogueApi.productsByTags, {
      summary: 'Products under navigation tags (a tag includes its descendants)',
      request: productsByTagsRequestSchema,
      compressesItself: true,
      handler: answerFrom(listings, (request, locale) => `tags|${locale}|${JSON.stringify(request.body)}`, (request, locale) => catalogue.productsByTags(request.body, locale)),
    });
    route(catalogueApi.productDetail, {
      summary: 'One product with sizes, stock and squad',
      request: productDetailRequestSchema,
      compressesItself: true,
      handler: answerFrom(details, (request, locale) => `${request.body.id}|${locale}`, (request, locale) => catalogue.productDetail(request.body.id, locale)),
    });
    route(catalogueApi.patchList, {
      summary: 'Patches, by ids or fitting a product',
      request: patchListRequestSchema,
      handler: async (request) => ok(await catalogue.patchList(request.body, localeOf(request))),
    });
    route(catalogueApi.addonList, {
      summary: "Add-ons (team shorts, socks) for a product's team",
      request: addonListRequestSchema,
      handler: async (request) => ok({ records: await catalogue.addonList(request.body.productId, localeOf(request)) }),
    });
    route(geoApi.countries, {
      tags: ['addresses'],
      summary: 'Every country with its dialling code',
      request: emptyBodySchema,
      handler: async (request) => ok({ records: await geo.countryList(localeOf(request)) }),
    });
    route(geoApi.states, {
      tags: ['addresses'],
      summary: "A country's states or provinces",
      request: stateListRequestSchema,
      handler: async (request) => ok({ records: await geo.stateList(request.body.countryCode, localeOf(request)) }),
    });
  });
}
