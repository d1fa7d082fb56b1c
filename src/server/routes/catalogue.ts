import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addonListRequestSchema,
  patchListRequestSchema,
  productDetailRequestSchema,
  productListRequestSchema,
  productsByTagsRequestSchema,
  searchRequestSchema,
  stateListRequestSchema,
} from '../../domain/catalogue.ts';
import { ok } from '../plugins/envelope.ts';
import type { CatalogueService } from '../services/catalogue.ts';
import type { GeoService } from '../services/geo.ts';
import { localeOf } from './context.ts';

const noBody = z.strictObject({}).optional();

export function catalogueRoutes(services: { catalogue: CatalogueService; geo: GeoService }) {
  const { catalogue, geo } = services;
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['catalogue'];

    r.post('/demo/ironNavItems/queryList', { schema: { tags, summary: 'Navigation items, flat', body: noBody } }, async (request) =>
      ok({ records: await catalogue.navList(localeOf(request)) }),
    );
    r.post('/demo/ironNavItems/queryNavTree', { schema: { tags, summary: 'Navigation tree (three levels)', body: noBody } }, async (request) =>
      ok({ records: await catalogue.navTree(localeOf(request)) }),
    );
    r.post('/demo/ironProduct/search', { schema: { tags, summary: 'Search products by title', body: searchRequestSchema } }, async (request) =>
      ok(await catalogue.search(request.body, localeOf(request))),
    );
    r.post('/demo/ironProduct/queryList', { schema: { tags, summary: 'Products, paged and sorted', body: productListRequestSchema } }, async (request) =>
      ok(await catalogue.productList(request.body, localeOf(request))),
    );
    r.post(
      '/demo/ironProduct/queryProductByTags',
      { schema: { tags, summary: 'Products under navigation tags (a tag includes its descendants)', body: productsByTagsRequestSchema } },
      async (request) => ok(await catalogue.productsByTags(request.body, localeOf(request))),
    );
    r.post('/demo/ironProduct/queryProductDetail', { schema: { tags, summary: 'One product with sizes, stock and squad', body: productDetailRequestSchema } }, async (request) =>
      ok(await catalogue.productDetail(request.body.id, localeOf(request))),
    );
    r.post('/demo/ironPatch/queryList', { schema: { tags, summary: 'Patches, by ids or fitting a product', body: patchListRequestSchema } }, async (request) =>
      ok(await catalogue.patchList(request.body, localeOf(request))),
    );
    r.post('/demo/ironAddon/queryList', { schema: { tags, summary: "Add-ons (team shorts, socks) for a product's team", body: addonListRequestSchema } }, async (request) =>
      ok({ records: await catalogue.addonList(request.body.productId, localeOf(request)) }),
    );
    r.post('/demo/ironCountries/queryList', { schema: { tags: ['addresses'], summary: 'Every country with its dialling code', body: noBody } }, async (request) =>
      ok({ records: await geo.countryList(localeOf(request)) }),
    );
    r.post('/demo/ironState/queryList', { schema: { tags: ['addresses'], summary: "A country's states or provinces", body: stateListRequestSchema } }, async (request) =>
      ok({ records: await geo.stateList(request.body.countryCode, localeOf(request)) }),
    );
  };
}
