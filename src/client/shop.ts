/**
 * Shop-wide calls: the configuration the storefront displays (discount tiers, currencies,
 * free-shipping threshold, line quantity limit), read at build time by the banner and the product
 * pages and in the browser by the cart store, and the newsletter subscription.
 */
import type { CurrencyCode, CurrencyInfo } from '../domain/money.ts';
import type { DiscountTier } from '../domain/pricing.ts';
import { post, type RequestOptions } from './http.ts';

/** What `/api/demo/shop/config` answers. */
export interface ShopConfig {
  baseCurrency: CurrencyCode;
  currencies: CurrencyInfo[];
  /** The one tier table (DESIGN.md section 4): the banner, cart and checkout all use it. */
  discountTiers: DiscountTier[];
  /** EUR minor units. */
  freeShippingThreshold: number;
  maxLineQuantity: number;
}

export function queryShopConfig(options?: RequestOptions): Promise<ShopConfig> {
  return post<ShopConfig>('/demo/shop/config', {}, options);
}

/** Subscribes an address to the newsletter (the endpoint arrives with the accounts issue). */
export function subscribeNewsletter(email: string, options?: RequestOptions): Promise<unknown> {
  return post<unknown>('/demo/ironSubscribe/saveOrUpdateBatch', { email }, options);
}
