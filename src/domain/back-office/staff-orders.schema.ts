/**
 * Staff orders (docs/back-office.md "Manual orders"): the requests of the back office's "New
 * order" flow. Lines are the configurator's own (newCartLineSchema: the print rules), each with an
 * optional unit price set by hand and its reason (order:price); the order is then paid by a
 * mailed PayPal link, recorded as paid offline (order:pay-offline), or made a free replacement of
 * another order.
 */
import { z } from 'zod';
import { emailSchema } from '../account.schema.ts';
import { newCartLineSchema } from '../cart.schema.ts';
import { idSchema } from '../catalogue.schema.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../checkout.model.ts';
import { shippingAddressSchema } from '../checkout.schema.ts';
import { LOCALES } from '../locale.ts';
import { currencyCodeSchema } from '../money.schema.ts';
import { OFFLINE_PAYMENT_METHODS } from '../order-changes.model.ts';
import { orderNoSchema } from '../orders.schema.ts';
import { shippingMethodSchema } from '../shipping.ts';
import { reasonSchema } from './common.schema.ts';

/** The most lines one staff order holds (a club's order: a line per name and number). */
export const STAFF_ORDER_MAX_LINES = 50;

export const staffOrderLineSchema = z
  .strictObject({
    item: newCartLineSchema,
    /** A unit price set by hand, in the order's currency's minor units (order:price); the shop's price when absent. */
    unitPrice: z.number().int('unitPrice is in minor units').min(0).max(100_000_000).optional(),
    priceReason: reasonSchema.optional(),
  })
  .superRefine((line, ctx) => {
    if ((line.unitPrice === undefined) !== (line.priceReason === undefined)) ctx.addIssue({ code: 'custom', path: ['priceReason'], message: 'A price set by hand needs its reason, and a reason its price' });
  });
export type StaffOrderLine = z.output<typeof staffOrderLineSchema>;

/** An existing customer's account, or a guest's email. */
export const staffCustomerSchema = z.discriminatedUnion('type', [z.strictObject({ type: z.literal('account'), userId: idSchema }), z.strictObject({ type: z.literal('guest'), email: emailSchema })], {
  error: 'customer must be {type: "account", userId} or {type: "guest", email}',
});
export type StaffCustomer = z.output<typeof staffCustomerSchema>;

const linesSchema = z.array(staffOrderLineSchema, { error: 'lines must be a list' }).min(1, 'add at least one line').max(STAFF_ORDER_MAX_LINES);
const couponSchema = z.string().trim().max(64).nullish();

/** The priced total before confirming: the checkout's quote of these lines (shipping and tax once the country is known). */
export const staffOrderQuoteRequestSchema = z.strictObject({
  customer: staffCustomerSchema.optional(),
  lines: linesSchema,
  currency: currencyCodeSchema.default('EUR'),
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be a two-letter country code').optional(),
  province: z.string().trim().max(100).optional(),
  shippingMethod: shippingMethodSchema.default('standard'),
  couponCode: couponSchema,
});
export type StaffOrderQuoteRequest = z.output<typeof staffOrderQuoteRequestSchema>;

export const offlinePaymentSchema = z.strictObject({
  method: z.enum(OFFLINE_PAYMENT_METHODS, { error: `method must be one of ${OFFLINE_PAYMENT_METHODS.join(', ')}` }),
  /** The bank's or till's reference, so the money can be found again. */
  reference: z.string().trim().min(1, 'give the payment reference').max(100),
  reason: reasonSchema,
});

/** How the new order is settled. */
export const staffOrderPaymentSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('link') }),
    z.strictObject({ kind: z.literal('offline'), ...offlinePaymentSchema.shape }),
    z.strictObject({ kind: z.literal('replacement'), orderNo: orderNoSchema }),
  ],
  { error: 'payment must be {kind: "link"}, {kind: "offline", method, reference, reason} or {kind: "replacement", orderNo}' },
);
export type StaffOrderPayment = z.output<typeof staffOrderPaymentSchema>;

export const staffOrderCreateRequestSchema = z
  .strictObject({
    /** Made when the form opens: a retry or a double click names the same order. */
    idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'idempotencyKey must be 8-128 letters, digits or . _ : -'),
    /** Not for a replacement, which goes to the original order's buyer and address. */
    customer: staffCustomerSchema.optional(),
    address: shippingAddressSchema.optional(),
    /** The language of the order's mails and pages. */
    locale: z.enum(LOCALES).default('en-US'),
    currency: currencyCodeSchema.default('EUR'),
    lines: linesSchema,
    shippingMethod: shippingMethodSchema.default('standard'),
    couponCode: couponSchema,
    payment: staffOrderPaymentSchema,
  })
  .superRefine((body, ctx) => {
    if (body.payment.kind === 'replacement') {
      if (body.lines.some((l) => l.unitPrice !== undefined)) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'A free replacement has no prices to set' });
      return;
    }
    if (!body.customer) ctx.addIssue({ code: 'custom', path: ['customer'], message: 'Choose a customer or type a guest email' });
    if (!body.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'Give the shipping address' });
  });
export type StaffOrderCreateRequest = z.output<typeof staffOrderCreateRequestSchema>;

/** A staff order waiting for its link's payment, paid offline after all (a club's bank transfer). */
export const staffOrderPayOfflineRequestSchema = z.strictObject({ orderNo: orderNoSchema, ...offlinePaymentSchema.shape });
export type StaffOrderPayOfflineRequest = z.output<typeof staffOrderPayOfflineRequestSchema>;
