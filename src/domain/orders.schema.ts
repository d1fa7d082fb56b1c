/**
 * Orders: the zod schemas of what the order endpoints take (order numbers, access tokens, admin
 * moves and shipment events). States and answers are in orders.model.ts.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape } from './catalogue.schema.ts';
import { ORDER_DESK_MESSAGES, ORDER_MESSAGES } from './field-messages.ts';
import { normaliseOrderNo } from './order-numbers.ts';
import { ORDER_STATUSES } from './orders.model.ts';

export const orderNoSchema = z
  .string({ error: ORDER_MESSAGES.orderNoRequired })
  .trim()
  .min(1, { error: ORDER_MESSAGES.orderNoRequired, abort: true })
  .max(40, { error: ORDER_MESSAGES.orderNoInvalid, abort: true })
  .transform((value, ctx) => {
    const orderNo = normaliseOrderNo(value);
    if (!orderNo) {
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.orderNoInvalid });
      return z.NEVER;
    }
    return orderNo;
  });
/** The guest's access token: 43 base64url characters (256 bits). */
export const orderTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'token is invalid');
// ---------- requests ----------

/** The order's owner (bearer token) or whoever holds its access token may read it. */
export const orderAccessRequestSchema = z.strictObject({ orderNo: orderNoSchema, token: orderTokenSchema.optional() });
/** An invoice's or credit note's number as its download address names it: `INV-2026-000123`. */
export const documentNumberSchema = z.string().regex(/^[A-Z]{1,6}-\d{4}-\d{6,9}$/, 'not a document number');
/** A document download's address: the order and the document (path), the guest's token (query). */
export const documentDownloadParamsSchema = z.strictObject({ orderNo: orderNoSchema, number: documentNumberSchema });
export const documentDownloadQuerySchema = z.strictObject({ token: orderTokenSchema.optional() });
export const orderItemsRequestSchema = z.strictObject({ orderNo: orderNoSchema, token: orderTokenSchema.optional(), ...pageRequestShape });
export const orderListRequestSchema = z.strictObject({ ...pageRequestShape, size: pageRequestShape.size.default(10) });
export const trackOrderRequestSchema = z.strictObject({ orderNo: orderNoSchema });
export const productPurchasesRequestSchema = z.strictObject({ productId: idSchema, ...pageRequestShape, size: pageRequestShape.size.default(10) });
const noteSchema = z.string().trim().max(500).optional();
export const adminMoveRequestSchema = z
  .strictObject({
    orderNo: orderNoSchema,
    to: z.enum(ORDER_STATUSES, { error: `to must be one of ${ORDER_STATUSES.join(', ')}` }),
    /** The status the caller saw: when the order has moved elsewhere meanwhile, the move is refused. */
    from: z.enum(ORDER_STATUSES).optional(),
    note: noteSchema,
    carrier: z.string().trim().min(1).max(60).optional(),
    trackingNumber: z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/, ORDER_DESK_MESSAGES.trackingNumberInvalid).optional(),
    /** The parcel's tracking page; without it the known carrier's page is linked (domain/carriers.ts). */
    trackingUrl: z.url({ protocol: /^https?$/, error: ORDER_DESK_MESSAGES.trackingUrlInvalid }).max(500).optional(),
    /** R_SUPER only: cancel or refund personalised items already in production; needs a reason. */
    override: z.boolean().default(false),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.to === 'shipped' && (!body.carrier || !body.trackingNumber)) {
      ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: ORDER_DESK_MESSAGES.shipNeedsTracking });
    }
    if (body.override && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: ORDER_DESK_MESSAGES.overrideNeedsReason });
  });
export type AdminMoveRequest = z.output<typeof adminMoveRequestSchema>;
export const adminShipmentEventRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  status: z.string().trim().min(1).max(60),
  description: z.string().trim().min(1).max(300),
  location: z.string().trim().max(100).optional(),
});
