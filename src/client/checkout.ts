/** The checkout's calls (src/domain/api/checkout.ts): quote, place the order, check a coupon. */
import type { z } from 'zod';
import { checkoutApi } from '../domain/api/checkout.ts';
import type { RequestOf } from '../domain/api/endpoint.ts';
import type { CheckoutQuote, PlacedOrder } from '../domain/checkout.model.ts';
import type { checkoutSourceSchema } from '../domain/checkout.schema.ts';
import type { CouponCheck } from '../domain/coupons.model.ts';
import { call, type RequestOptions } from './http.ts';

/** The requests as the page builds them (the server fills in defaults). */
export type CheckoutSourceInput = z.input<typeof checkoutSourceSchema>;
export type QuoteInput = RequestOf<typeof checkoutApi.quote>;
export type PlaceOrderInput = RequestOf<typeof checkoutApi.placeOrder>;
export type ApplyCouponInput = RequestOf<typeof checkoutApi.applyCoupon>;

/** Prices the lines for a destination, method and coupon; saves nothing. */
export function quoteCheckout(body: QuoteInput, options?: RequestOptions): Promise<CheckoutQuote> {
  return call(checkoutApi.quote, body, options);
}

/**
 * Places the order. `idempotencyKey` is one per checkout attempt: a retry of the same attempt
 * (a lost answer) sends the same key and gets the same order back.
 */
export function placeOrder(body: PlaceOrderInput, idempotencyKey: string, options?: RequestOptions): Promise<PlacedOrder> {
  return call(checkoutApi.placeOrder, body, { ...options, headers: { ...options?.headers, 'Idempotency-Key': idempotencyKey } });
}

/** Checks a coupon against the caller's cart (or some of its lines); refused with 1409 and `data.reason`. */
export function applyCoupon(body: ApplyCouponInput, options?: RequestOptions): Promise<CouponCheck> {
  return call(checkoutApi.applyCoupon, body, options);
}
