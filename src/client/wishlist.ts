/**
 * The wishlist's calls (src/domain/api/shopper.ts; "collection" in the wire names): one call
 * adds or removes a product (both idempotent), `queryWishlist` pages through the list as product
 * cards, `queryCollected` says which of a page's products are on it (one call for all its hearts).
 */
import type { RequestOf } from '../domain/api/endpoint.ts';
import type { Page } from '../domain/api/envelope.ts';
import { shopperApi } from '../domain/api/shopper.ts';
import type { WishlistAction, WishlistChange, WishlistEntry } from '../domain/shopper.model.ts';
import { call, type RequestOptions } from './http.ts';

export type { WishlistAction, WishlistEntry } from '../domain/shopper.model.ts';

/** Adds or removes a product; answers whether it is now on the list. */
export function changeWishlist(productId: number, action: WishlistAction, options?: RequestOptions): Promise<WishlistChange> {
  return call(shopperApi.wishlistChange, { productId, action }, options);
}

/** A page of the wishlist, newest first. */
export function queryWishlist(page: RequestOf<typeof shopperApi.wishlist>, options?: RequestOptions): Promise<Page<WishlistEntry>> {
  return call(shopperApi.wishlist, page, options);
}

/** The API's limit on ids per `queryCollected` call. */
export const COLLECTED_QUERY_MAX = 100;

/** Which of `productIds` (at most {@link COLLECTED_QUERY_MAX}) are on the wishlist. */
export async function queryCollected(productIds: readonly number[], options?: RequestOptions): Promise<number[]> {
  const data = await call(shopperApi.wishlistCollected, { productIds: [...productIds] }, options);
  return data.productIds;
}
