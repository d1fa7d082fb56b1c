/**
 * Checkout: the zod schemas of what the checkout page sends (source lines, address, quote and
 * place-order requests, idempotency header). Amounts and the PayPal purchase unit are in
 * checkout.model.ts.
 */
import { z } from 'zod';
import { CART_LINES_MAX } from './roster.model.ts';
import { addressInputSchema, emailSchema } from './account.schema.ts';
import { newCartLineSchema } from './cart.schema.ts';
import { idSchema } from './catalogue.schema.ts';
import { currencyCodeSchema } from './money.schema.ts';
import { shippingMethodSchema } from './shipping.ts';
import { IDEMPOTENCY_KEY_PATTERN } from './checkout.model.ts';

// ---------- requests ----------

/** The lines to buy: some of the caller's cart lines, or one configured product ("buy it now"). */
export const checkoutSourceSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('cart'), cartItemIds: z.array(idSchema, { error: 'cartItemIds must be a list of ids' }).min(1, 'choose at least one cart item').max(CART_LINES_MAX) }),
    z.strictObject({ type: z.literal('buyNow'), item: newCartLineSchema }),
  ],
  { error: 'source must be {type: "cart", cartItemIds} or {type: "buyNow", item}' },
);
export type CheckoutSource = z.output<typeof checkoutSourceSchema>;
/** A typed shipping address: the add-address form's fields without id and default flag. */
export const shippingAddressSchema = addressInputSchema.omit({ id: true, isDefault: true });
export type ShippingAddressInput = z.output<typeof shippingAddressSchema>;
const countrySchema = z.string({ error: 'country must be a country code' }).regex(/^[A-Z]{2}$/, 'country must be a two-letter country code');
export const quoteRequestSchema = z.strictObject({
  source: checkoutSourceSchema,
  currency: currencyCodeSchema.default('EUR'),
  /** Destination; without it the quote has no shipping yet. */
  country: countrySchema.optional(),
  /**
   * The province or state as the address form holds it (its code: ON, QC, NY), for Canada and the
   * US, where the tax depends on it (docs/taxes.md); ignored for other countries.
   */
  province: z.string({ error: 'province must be a province or state code' }).trim().max(100, 'province is at most 100 characters').optional(),
  shippingMethod: shippingMethodSchema.default('standard'),
  /** Checked by the quote, which answers a coupon message rather than failing. */
  couponCode: z.string().max(64).nullish(),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;
export const placeOrderRequestSchema = z
  .strictObject({
    source: checkoutSourceSchema,
    currency: currencyCodeSchema,
    /** Required for guests; a signed-in shopper's orders use the account's email. */
    email: emailSchema.optional(),
    /** An address of the signed-in shopper's address book... */
    addressId: idSchema.optional(),
    /** ...or one typed in. */
    address: shippingAddressSchema.optional(),
    shippingMethod: shippingMethodSchema,
    couponCode: z.string().max(64).nullish(),
    /** The shopper's acknowledgement of "no returns, +1-2 business days" when a line is personalised. */
    acceptPersonalisedTerms: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if ((body.addressId === undefined) === (body.address === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'Give either addressId or address' });
    }
  });
export type PlaceOrderRequest = z.output<typeof placeOrderRequestSchema>;
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required' })
    .regex(IDEMPOTENCY_KEY_PATTERN, 'The Idempotency-Key header must be 8-128 letters, digits or . _ : -'),
});
