import type { FastifyInstance } from 'fastify';
import { catalogueApi } from '../../../domain/api/catalogue.ts';
import { geoApi } from '../../../domain/api/geo.ts';
import {
  addonListRequestSchema,
  patchListRequestSchema,
  productDetailRequestSchema,
  productListRequestSchema,
  productsByTagsRequestSchema,
  searchRequestSchema,
  stateListRequestSchema,
} from '../../../domain/catalogue.schema.ts';
import { LOCALES } from '../../../domain/locale.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import { ok } from '../../http/envelope.ts';
import type { CatalogueService } from './catalogue.ts';
import type { GeoService } from '../geo/index.ts';
import { searchKey } from './search-index.ts';
import { CachedAnswer, answerCache, sendCached } from '../../http/cached-answer.ts';
import { localeOf } from '../../http/context.ts';
import { defineRoute } from '../../http/define-route.ts';

/**
 * Memory for answers kept ready (routes/cached-answer.ts), least recently used dropped first: a
 * product's detail is about 3 KB of JSON, a page of search results 5 KB, a navigation tree 9 KB.
 */
const CACHE_BYTES = { details: 16 << 20, searches: 8 << 20, navigation: 1 << 20 };

export function catalogueRoutes(services: { catalogue: CatalogueService; geo: GeoService }) {
  const { catalogue, geo } = services;
  // Catalogue answers, dropped when the database says their rows changed (on every instance: see
  // CatalogueService.changed). Carts and checkout never read these: they price from the tables.
  const details = answerCache(CACHE_BYTES.details);
  const searches = answerCache(CACHE_BYTES.searches);
  const navigation = answerCache(CACHE_BYTES.navigation);
  catalogue.onChange((change) => {
    if (change.kind === 'product') {
      details.delete(...LOCALES.map((locale) => `${change.productId}|${locale}`));
      if (!change.stockOnly) searches.clear();
    } else if (change.kind === 'navigation') navigation.clear();
    else for (const cache of [details, searches, navigation]) cache.clear();
  });

  return async function routes(app: FastifyInstance) {
    const tags = ['catalogue'];

    defineRoute(app, catalogueApi.navList, {
      tags,
      summary: 'Navigation items, flat',
      request: emptyBodySchema,
      handler: async (request, reply) => {
        const locale = localeOf(request);
        return sendCached(request, reply, await navigation.get(`list|${locale}`, async () => new CachedAnswer(ok({ records: await catalogue.navList(locale) }))));
      },
    });
    defineRoute(app, catalogueApi.navTree, {
      tags,
      summary: 'Navigation tree (three levels)',
      request: emptyBodySchema,
      handler: async (request, reply) => {
        const locale = localeOf(request);
        return sendCached(request, reply, await navigation.get(`tree|${locale}`, async () => new CachedAnswer(ok({ records: await catalogue.navTree(locale) }))));
      },
    });
    defineRoute(app, catalogueApi.search, {
      tags,
      summary: 'Search products by title',
      request: searchRequestSchema,
      handler: async (request, reply) => {
        const locale = localeOf(request);
        const { title, current, size } = request.body;
        // Queries that differ only in case, accents, spacing or repeated words share an answer.
        const key = `${locale}|${current}|${size}|${searchKey(title)}`;
        return sendCached(request, reply, await searches.get(key, async () => new CachedAnswer(ok(await catalogue.search(request.body, locale)))));
      },
    });
    defineRoute(app, catalogueApi.productList, {
      tags,
      summary: 'Products, paged and sorted',
      request: productListRequestSchema,
      handler: async (request) => ok(await catalogue.productList(request.body, localeOf(request))),
    });
    defineRoute(app, catalogueApi.productsByTags, {
      tags,
      summary: 'Products under navigation tags (a tag includes its descendants)',
      request: productsByTagsRequestSchema,
      handler: async (request) => ok(await catalogue.productsByTags(request.body, localeOf(request))),
    });
    defineRoute(app, catalogueApi.productDetail, {
      tags,
      summary: 'One product with sizes, stock and squad',
      request: productDetailRequestSchema,
      handler: async (request, reply) => {
        const locale = localeOf(request);
        const { id } = request.body;
        return sendCached(request, reply, await details.get(`${id}|${locale}`, async () => new CachedAnswer(ok(await catalogue.productDetail(id, locale)))));
      },
    });
    defineRoute(app, catalogueApi.patchList, {
      tags,
      summary: 'Patches, by ids or fitting a product',
      request: patchListRequestSchema,
      handler: async (request) => ok(await catalogue.patchList(request.body, localeOf(request))),
    });
    defineRoute(app, catalogueApi.addonList, {
      tags,
      summary: "Add-ons (team shorts, socks) for a product's team",
      request: addonListRequestSchema,
      handler: async (request) => ok({ records: await catalogue.addonList(request.body.productId, localeOf(request)) }),
    });
    defineRoute(app, geoApi.countries, {
      tags: ['addresses'],
      summary: 'Every country with its dialling code',
      request: emptyBodySchema,
      handler: async (request) => ok({ records: await geo.countryList(localeOf(request)) }),
    });
    defineRoute(app, geoApi.states, {
      tags: ['addresses'],
      summary: "A country's states or provinces",
      request: stateListRequestSchema,
      handler: async (request) => ok({ records: await geo.stateList(request.body.countryCode, localeOf(request)) }),
    });
  };
}
