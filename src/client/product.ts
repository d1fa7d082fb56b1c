/**
 * Calls the product page makes besides the catalogue's: the patches and add-ons a shirt can carry,
 * and its customer reviews (the shop's ordering facts come from shop.ts). Prices come back in EUR
 * minor units.
 */
import { catalogueApi } from '../domain/api/catalogue.ts';
import type { RequestOf } from '../domain/api/endpoint.ts';
import { shopperApi } from '../domain/api/shopper.ts';
import type { Addon, Patch, ProductCard, ProductDetail } from '../domain/catalogue.model.ts';
import type { CommentPage } from '../domain/shopper.model.ts';
import { queryProductByTags } from './catalogue.ts';
import { call, type RequestOptions } from './http.ts';

export type { CommentPage } from '../domain/shopper.model.ts';

export type CommentQuery = RequestOf<typeof shopperApi.reviews>;

/** Patches that fit the product (one page holds them all: the API's page size is 100). */
export async function queryPatchList(productId: number, options?: RequestOptions): Promise<Patch[]> {
  const page = await call(catalogueApi.patchList, { productId, current: 1, size: 100 }, options);
  return page.records;
}

/** Add-ons (team shorts, socks) offered with the product. */
export async function queryAddonList(productId: number, options?: RequestOptions): Promise<Addon[]> {
  const data = await call(catalogueApi.addonList, { productId }, options);
  return data.records;
}

export function queryCommentList(query: CommentQuery, options?: RequestOptions): Promise<CommentPage> {
  return call(shopperApi.reviews, query, options);
}

/**
 * "You may also like": up to `limit` other products of the same team first, then of the same
 * league (or sport). Tags are the navigation's: a product carries sport, league and team tags.
 */
export async function queryRelatedProducts(
  product: Pick<ProductDetail, 'id' | 'tags' | 'sport' | 'team'>,
  limit = 8,
  options?: RequestOptions,
): Promise<ProductCard[]> {
  const teamTag = product.team?.tag;
  const wider = product.tags.filter((tag) => tag !== teamTag && tag !== product.sport);
  const groups = [teamTag ? [teamTag] : [], wider.length > 0 ? wider : [product.sport]].filter((tags) => tags.length > 0);
  const found = new Map<number, ProductCard>();
  for (const tags of groups) {
    if (found.size >= limit) break;
    // The same question for every product of a team (this one is left out here, not by the
    // server), so the build's thousands of product pages share the API's cached answers.
    const page = await queryProductByTags({ tags, current: 1, size: limit + 1 + found.size }, options);
    for (const card of page.records) if (found.size < limit && card.id !== product.id) found.set(card.id, card);
  }
  return [...found.values()];
}
