/**
 * Shop-wide calls: the configuration the storefront displays (discount tiers, currencies,
 * free-shipping threshold, line quantity limit), read at build time by the banner and the product
 * pages and in the browser by the cart store, and the newsletter subscription.
 */
import { shopperApi } from '../domain/api/shopper.ts';
import { systemApi } from '../domain/api/system.ts';
import type { ShopConfig } from '../domain/system.model.ts';
import { call, type RequestOptions } from './http.ts';

export type { ShopConfig } from '../domain/system.model.ts';

export function queryShopConfig(options?: RequestOptions): Promise<ShopConfig> {
  return call(systemApi.shopConfig, undefined, options);
}

/** Subscribes an address to the newsletter. */
export function subscribeNewsletter(email: string, options?: RequestOptions): Promise<{ subscribed: true }> {
  return call(shopperApi.subscribe, { email }, options);
}
