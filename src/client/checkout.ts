/** The checkout's calls (README "Checkout, orders and payments"): quote, place the order, check a coupon. */
import type { z } from 'zod';
import type { CheckoutQuote, checkoutSourceSchema, PlacedOrder, placeOrderRequestSchema, quoteRequestSchema } from '../domain/checkout.ts';
import type { CouponCheck } from '../domain/coupons.ts';
import type { CurrencyCode } from '../domain/money.ts';
import { post, type RequestOptions } from './http.ts';

/** The requests as the page builds them (the server fills in defaults). */
export type CheckoutSourceInput = z.input<typeof checkoutSourceSchema>;
export type QuoteInput = z.input<typeof quoteRequestSchema>;
export type PlaceOrderInput = z.input<typeof placeOrderRequestSchema>;

/** Prices the lines for a destination, method and coupon; saves nothing. */
export function quoteCheckout(body: QuoteInput, options?: RequestOptions): Promise<CheckoutQuote> {
  return post<CheckoutQuote>('/demo/checkout/quote', body, options);
}

/**
 * Places the order. `idempotencyKey` is one per checkout attempt: a retry of the same attempt
 * (a lost answer) sends the same key and gets the same order back.
 */
export function placeOrder(body: PlaceOrderInput, idempotencyKey: string, options?: RequestOptions): Promise<PlacedOrder> {
  return post<PlacedOrder>('/demo/checkout/placeOrder', body, { ...options, headers: { ...options?.headers, 'Idempotency-Key': idempotencyKey } });
}

/** Checks a coupon against the caller's cart (or some of its lines); refused with 1409 and `data.reason`. */
export function applyCoupon(body: { code: string; currency?: CurrencyCode; cartItemIds?: number[] }, options?: RequestOptions): Promise<CouponCheck> {
  return post<CouponCheck>('/demo/ironCoupon/apply', body, options);
}
