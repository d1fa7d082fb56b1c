/**
 * The wishlist's calls ("collection" in the specification's names): `ironCollect/collection`
 * adds or removes one product (both idempotent), `queryList` pages through the list as product
 * cards, `queryCollected` says which of a page's products are on it (one call for all its hearts).
 */
import type { Page } from '../domain/api/envelope.ts';
import type { ProductCard } from '../domain/catalogue.ts';
import { post, type RequestOptions } from './http.ts';

export type WishlistAction = 'add' | 'remove';

export interface WishlistEntry extends ProductCard {
  /** When it was added (ISO time). */
  collectedAt: string;
}

/** Adds or removes a product; answers whether it is now on the list. */
export function changeWishlist(productId: number, action: WishlistAction, options?: RequestOptions): Promise<{ productId: number; collected: boolean }> {
  return post('/demo/ironCollect/collection', { productId, action }, options);
}

/** A page of the wishlist, newest first. */
export function queryWishlist(page: { current: number; size: number }, options?: RequestOptions): Promise<Page<WishlistEntry>> {
  return post<Page<WishlistEntry>>('/demo/ironCollect/queryList', page, options);
}

/** The API's limit on ids per `queryCollected` call. */
export const COLLECTED_QUERY_MAX = 100;

/** Which of `productIds` (at most {@link COLLECTED_QUERY_MAX}) are on the wishlist. */
export async function queryCollected(productIds: readonly number[], options?: RequestOptions): Promise<number[]> {
  const data = await post<{ productIds: number[] }>('/demo/ironCollect/queryCollected', { productIds }, options);
  return data.productIds;
}
