/**
 * Order changes before production (docs/back-office.md "Order changes"): the zod schemas of what
 * staff and the shopper send. A line's print is checked by the configurator's own rules
 * (personalisation.ts: printRequestShape, checkPrintRequest), the address by checkout's, the
 * shipping method by the shipping table's. Every request carries the order's revision the editor saw.
 */
import { z } from 'zod';
import { SIZES } from './catalogue.model.ts';
import { idSchema } from './catalogue.schema.ts';
import { shippingAddressSchema } from './checkout.schema.ts';
import { orderNoSchema, orderTokenSchema } from './orders.schema.ts';
import { checkPrintRequest, customNameSchema, customNumberSchema, printRequestShape } from './personalisation.ts';
import { shippingMethodSchema } from './shipping.ts';

const revisionSchema = z.int('revision must be a whole number').min(0, 'revision cannot be negative');
const reasonSchema = z.string().trim().max(300, 'the reason is at most 300 characters');

/** A line's new print, as the configurator sends it (the same fields, the same rules). */
export const changePrintSchema = z.strictObject({ ...printRequestShape(idSchema) }).superRefine(checkPrintRequest);

export const staffChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('line'), itemId: idSchema, size: z.enum(SIZES, { error: `size must be one of ${SIZES.join(', ')}` }).optional(), print: changePrintSchema.optional() }),
  z.strictObject({ kind: z.literal('address'), address: shippingAddressSchema }),
  z.strictObject({ kind: z.literal('shipping'), method: shippingMethodSchema }),
]);
export type StaffChange = z.output<typeof staffChangeSchema>;

export const adminOrderChangeRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  /** The order's revision the editor saw: another, and the change is refused (someone else changed it). */
  revision: revisionSchema,
  change: staffChangeSchema,
  reason: reasonSchema.optional(),
});
export type AdminOrderChangeRequest = z.output<typeof adminOrderChangeRequestSchema>;

/** A change to work out without making it (no reason: nothing is kept). */
export const adminOrderChangePreviewRequestSchema = adminOrderChangeRequestSchema.omit({ reason: true });

export const adminOrderChangesRequestSchema = z.strictObject({ orderNo: orderNoSchema });

export const adminWaivePaymentRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  reason: reasonSchema.min(3, 'give a reason of at least 3 characters'),
});

/** The shopper fixes only the printed name and number of a line, or the address. */
export const shopperChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('line'), itemId: idSchema, customName: customNameSchema, customNumber: customNumberSchema }),
  z.strictObject({ kind: z.literal('address'), address: shippingAddressSchema }),
]);
export type ShopperChange = z.output<typeof shopperChangeSchema>;

export const shopperOrderChangeRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  token: orderTokenSchema.optional(),
  revision: revisionSchema,
  change: shopperChangeSchema,
});
export type ShopperOrderChangeRequest = z.output<typeof shopperOrderChangeRequestSchema>;
