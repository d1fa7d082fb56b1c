/** The cart endpoints (guest carts by visitor id; signed-in carts come with accounts). */
import type { CartPage } from '../domain/cart.ts';
import type { CurrencyCode } from '../domain/money.ts';
import type { CustomType, PremiumOption } from '../domain/personalisation.ts';
import type { Size } from '../domain/catalogue.ts';
import { CART_COUNT_PATH } from './cart-count.ts';
import { post, type RequestOptions } from './http.ts';

/** A new line as the server takes it; the server prices it, so no price is sent. */
export interface NewCartLineInput {
  productId: number;
  size: Size;
  /** Comma-separated patch ids, e.g. "3,7". */
  patch?: string;
  /** Comma-separated add-on ids. */
  addons?: string;
  customType: CustomType;
  squadList?: number | null;
  customName?: string | null;
  customNumber?: string | null;
  premiumNameOption?: PremiumOption;
  premiumNumberOption?: PremiumOption;
  quantity: number;
}

export interface CartLineQuantity {
  id: number;
  quantity: number;
}

export function queryCartItemList(query: { current?: number; size?: number; currency: CurrencyCode }, options?: RequestOptions): Promise<CartPage> {
  return post('/demo/ironCartItem/queryCartItemList', { current: query.current ?? 1, size: query.size ?? 100, currency: query.currency }, options);
}

export function saveCartItemList(items: readonly (NewCartLineInput | CartLineQuantity)[], options?: RequestOptions): Promise<{ ids: number[] }> {
  return post('/demo/ironCartItem/saveCartItemList', items, options);
}

export function deleteCartItems(ids: readonly number[], options?: RequestOptions): Promise<{ deleted: number }> {
  return post('/demo/ironCartItem/deleteByIds', ids, options);
}

/**
 * The header's item count: a background call, so a failure shows no toast (the count just stays).
 * Pages ask through `fetchCartCount` (cart-count.ts), which comes here only when a plain fetch failed.
 */
export function queryCartCount(options?: RequestOptions): Promise<number> {
  return post(CART_COUNT_PATH, {}, { silent: true, ...options });
}
