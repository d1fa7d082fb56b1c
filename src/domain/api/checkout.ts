/** The checkout: a quote, the order placed, a coupon checked. */
import type { z } from 'zod';
import type { CheckoutQuote, PlacedOrder } from '../checkout.model.ts';
import type { placeOrderRequestSchema, quoteRequestSchema } from '../checkout.schema.ts';
import type { applyCouponRequestSchema } from '../coupons.schema.ts';
import type { CouponCheck } from '../coupons.model.ts';
import { post } from './endpoint.ts';

export const checkoutApi = {
  /** Saves nothing. */
  quote: post<z.input<typeof quoteRequestSchema>, CheckoutQuote>('/demo/checkout/quote'),
  /** Idempotent by the Idempotency-Key header (one key per checkout attempt). */
  placeOrder: post<z.input<typeof placeOrderRequestSchema>, PlacedOrder>('/demo/checkout/placeOrder'),
  applyCoupon: post<z.input<typeof applyCouponRequestSchema>, CouponCheck>('/demo/ironCoupon/apply'),
};
