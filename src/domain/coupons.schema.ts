/**
 * Coupon requests: the code as typed and the apply-coupon call. The rules themselves are in
 * coupons.model.ts.
 */
import { z } from 'zod';
import { CART_LINES_MAX } from './roster.model.ts';
import { idSchema } from './catalogue.schema.ts';
import { COUPON_CODE_MESSAGES } from './field-messages.ts';
import { currencyCodeSchema } from './money.schema.ts';
import { CURRENCY_CODES, type CurrencyCode } from './money.model.ts';
import { COUPON_CODE_MAX, COUPON_KINDS, COUPON_STATES } from './coupons.model.ts';

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
  cartItemIds: z.array(idSchema).min(1).max(CART_LINES_MAX).optional(),
});

// ---------- the back office (coupon:edit) ----------

const limit = z.int('a limit is a whole number').min(1, 'a limit is at least 1').max(1_000_000, 'at most 1,000,000').nullable();
const instant = z.iso.datetime({ offset: true, error: 'give a date and time' }).nullable();
const positiveMinor = z.int('amounts are whole minor units (cents)').min(1, 'the amount must be positive').max(10_000_000, 'the amount is too large');

/** A coupon as the editor saves it: the code in the shop's format, and the rules checked together. */
export const couponEditSchema = z
  .strictObject({
    code: couponCodeSchema.refine((code) => code.length >= 3, 'a code has at least 3 characters'),
    kind: z.enum(COUPON_KINDS),
    percent: z.int('a percentage is a whole number').min(1, 'the percentage is 1-100').max(100, 'the percentage is 1-100').nullable(),
    amounts: z.strictObject(Object.fromEntries(CURRENCY_CODES.map((c) => [c, positiveMinor])) as Record<CurrencyCode, typeof positiveMinor>).nullable(),
    minSpendEur: z.int('the minimum is whole minor units (cents)').min(0, 'the minimum cannot be negative').max(10_000_000, 'the minimum is too large'),
    startsAt: instant,
    endsAt: instant,
    usageLimit: limit,
    perCustomerLimit: limit,
    includesPersonalised: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.percent === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'give the percentage (1-100)' });
    if (c.kind === 'percent' && c.amounts !== null) ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'a percentage coupon has no amounts' });
    if (c.kind === 'fixed' && c.amounts === null) ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'give the amount in every currency' });
    if (c.kind === 'fixed' && c.percent !== null) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'a fixed coupon has no percentage' });
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'the end must be after the start' });
    if (c.usageLimit !== null && c.perCustomerLimit !== null && c.perCustomerLimit > c.usageLimit) ctx.addIssue({ code: 'custom', path: ['perCustomerLimit'], message: 'the per-customer limit cannot exceed the total limit' });
  });

export const couponCreateRequestSchema = couponEditSchema;
export const couponUpdateRequestSchema = z.strictObject({ id: idSchema, coupon: couponEditSchema });
export const couponIdRequestSchema = z.strictObject({ id: idSchema });
/** The paging of the coupon lists (the coupons, a coupon's uses). */
const couponPageShape = { current: z.int().min(1).max(10_000).default(1), size: z.int().min(1).max(100).default(20) };
export const couponListRequestSchema = z.strictObject({
  query: z.string().trim().max(COUPON_CODE_MAX).optional(),
  state: z.enum(COUPON_STATES).optional(),
  ...couponPageShape,
});
export const couponUsageRequestSchema = z.strictObject({ id: idSchema, ...couponPageShape });
