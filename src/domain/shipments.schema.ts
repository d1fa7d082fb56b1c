/** What the back office's parcel calls take (docs/back-office.md "Shipments"); the rules are shipments.model.ts's. */
import { z } from 'zod';
import { idSchema } from './catalogue.schema.ts';
import { ORDER_DESK_MESSAGES } from './field-messages.ts';
import { orderNoSchema } from './orders.schema.ts';
import { PARCEL_LINES_MAX, TRACKING_NUMBER_PATTERN } from './shipments.model.ts';

const carrierSchema = z.string().trim().min(1).max(60);
const trackingNumberSchema = z.string().trim().regex(TRACKING_NUMBER_PATTERN, ORDER_DESK_MESSAGES.trackingNumberInvalid);
const trackingUrlSchema = z.url({ protocol: /^https?$/, error: ORDER_DESK_MESSAGES.trackingUrlInvalid }).max(500).optional();

/** One parcel: the lines and quantities it holds, its carrier and tracking number. */
export const shipParcelRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  carrier: carrierSchema,
  trackingNumber: trackingNumberSchema,
  trackingUrl: trackingUrlSchema,
  lines: z
    .array(z.strictObject({ orderItemId: idSchema, quantity: z.number().int().min(1).max(99) }))
    .min(1)
    .max(PARCEL_LINES_MAX)
    .refine((lines) => new Set(lines.map((l) => l.orderItemId)).size === lines.length, 'each line once'),
});
export type ShipParcelRequest = z.output<typeof shipParcelRequestSchema>;

/** A parcel's carrier and tracking number put right. */
export const correctShipmentRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  shipmentId: idSchema,
  carrier: carrierSchema,
  trackingNumber: trackingNumberSchema,
  trackingUrl: trackingUrlSchema,
});
export type CorrectShipmentRequest = z.output<typeof correctShipmentRequestSchema>;

/** The bulk-ship file as text (UTF-8): read, checked and answered row by row; `apply` ships the good rows. */
export const bulkShipRequestSchema = z.strictObject({
  csv: z.string().min(1).max(200_000),
  apply: z.boolean().default(false),
});

/** Packing slips (A4) or address labels (4 x 6 in) of one order or a selection, as one PDF. */
export const shippingDocsRequestSchema = z.strictObject({
  kind: z.enum(['slip', 'label']),
  /** Comma-separated order numbers (a GET's query). */
  orders: z
    .string()
    .max(4000)
    .transform((value, ctx) => {
      const list = value.split(',').map((v) => v.trim()).filter(Boolean);
      if (list.length === 0 || list.length > 200) {
        ctx.addIssue({ code: 'custom', message: 'orders: 1 to 200 order numbers' });
        return z.NEVER;
      }
      const parsed = list.map((v) => orderNoSchema.safeParse(v));
      if (parsed.some((p) => !p.success)) {
        ctx.addIssue({ code: 'custom', message: 'orders: not an order number' });
        return z.NEVER;
      }
      return [...new Set(parsed.map((p) => p.data!))];
    }),
});
