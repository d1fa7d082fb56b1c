/**
 * Coupon requests: the code as typed and the apply-coupon call. The rules themselves are in
 * coupons.model.ts.
 */
import { z } from 'zod';
import { idSchema } from './catalogue.schema.ts';
import { COUPON_CODE_MESSAGES } from './field-messages.ts';
import { currencyCodeSchema } from './money.schema.ts';
import { COUPON_CODE_MAX } from './coupons.model.ts';

/** Codes are compared upper-cased and trimmed: "welcome10 " is WELCOME10. */
export const couponCodeSchema = z
  .string({ error: COUPON_CODE_MESSAGES.couponCodeRequired })
  .trim()
  .min(1, { error: COUPON_CODE_MESSAGES.couponCodeRequired, abort: true })
  .max(COUPON_CODE_MAX, { error: COUPON_CODE_MESSAGES.couponCodeUnknown, abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, COUPON_CODE_MESSAGES.couponCodeUnknown)
  .transform((code) => code.toUpperCase());

export const applyCouponRequestSchema = z.strictObject({
  code: couponCodeSchema,
  currency: currencyCodeSchema.default('EUR'),
  /** The cart lines the shopper is about to buy; all of the caller's lines when absent. */
  cartItemIds: z.array(idSchema).min(1).max(100).optional(),
});
