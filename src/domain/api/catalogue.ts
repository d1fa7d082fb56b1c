/** The catalogue: navigation, product lists, search, a product's detail, patches and add-ons. */
import type { z } from 'zod';
import type { Page } from './envelope.ts';
import type { addonListRequestSchema, patchListRequestSchema, productDetailRequestSchema, productListRequestSchema, productsByTagsRequestSchema, searchRequestSchema } from '../catalogue.schema.ts';
import type { Addon, NavItem, Patch, ProductCard, ProductDetail } from '../catalogue.model.ts';
import type { emptyBodySchema } from '../request.schema.ts';
import { post } from './endpoint.ts';

export const catalogueApi = {
  navList: post<z.input<typeof emptyBodySchema>, { records: NavItem[] }>('/demo/ironNavItems/queryList'),
  navTree: post<z.input<typeof emptyBodySchema>, { records: NavItem[] }>('/demo/ironNavItems/queryNavTree'),
  search: post<z.input<typeof searchRequestSchema>, Page<ProductCard>>('/demo/ironProduct/search'),
  productList: post<z.input<typeof productListRequestSchema>, Page<ProductCard>>('/demo/ironProduct/queryList'),
  productsByTags: post<z.input<typeof productsByTagsRequestSchema>, Page<ProductCard>>('/demo/ironProduct/queryProductByTags'),
  productDetail: post<z.input<typeof productDetailRequestSchema>, ProductDetail>('/demo/ironProduct/queryProductDetail'),
  patchList: post<z.input<typeof patchListRequestSchema>, Page<Patch>>('/demo/ironPatch/queryList'),
  addonList: post<z.input<typeof addonListRequestSchema>, { records: Addon[] }>('/demo/ironAddon/queryList'),
};
