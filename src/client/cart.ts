/** The cart endpoints (src/domain/api/cart.ts): guest carts by visitor id, signed-in carts by account. */
import type { z } from 'zod';
import { cartApi } from '../domain/api/cart.ts';
import type { RequestOf } from '../domain/api/endpoint.ts';
import type { CartPage } from '../domain/cart.model.ts';
import type { newCartLineSchema } from '../domain/cart.schema.ts';
import type { CurrencyCode } from '../domain/money.model.ts';
import { call, type RequestOptions } from './http.ts';

/** A new line as the server takes it; the server prices it, so no price is sent. */
export type NewCartLineInput = z.input<typeof newCartLineSchema>;
/** What a save sends: new lines and `{id, quantity}` changes. */
export type CartSaveItems = RequestOf<typeof cartApi.save>;

export function queryCartItemList(query: { current?: number; size?: number; currency: CurrencyCode }, options?: RequestOptions): Promise<CartPage> {
  return call(cartApi.list, { current: query.current ?? 1, size: query.size ?? 100, currency: query.currency }, options);
}

export function saveCartItemList(items: readonly CartSaveItems[number][], options?: RequestOptions): Promise<{ ids: number[] }> {
  return call(cartApi.save, [...items], options);
}

export function deleteCartItems(ids: readonly number[], options?: RequestOptions): Promise<{ deleted: number }> {
  return call(cartApi.remove, [...ids], options);
}

/**
 * The header's item count: a background call, so a failure shows no toast (the count just stays).
 * Pages ask through `fetchCartCount` (cart-count.ts), which loads this module only when its
 * plain fetch failed.
 */
export function queryCartCount(options?: RequestOptions): Promise<number> {
  return call(cartApi.count, {}, { silent: true, ...options });
}
