/**
 * What the back office's order calls take (docs/back-office.md "The order screens"); the answers are
 * in orders.model.ts. Every request is strict: an unknown field is refused.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape, sortShape } from '../catalogue.schema.ts';
import { CURRENCY_CODES } from '../money.model.ts';
import { ORDER_STATUSES } from '../orders.model.ts';
import { orderNoSchema } from '../orders.schema.ts';
import { isoDateSchema, querySchema, reasonSchema } from './common.schema.ts';
import { ORDER_SORT_FIELDS, PAYMENT_STATES } from './orders.model.ts';

/** The orders table's filters; the export takes the same, without paging. */
export const orderFilterShape = {
  status: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
  /** Placed on or after this day (UTC). */
  from: isoDateSchema.optional(),
  /** Placed on or before this day (UTC). */
  to: isoDateSchema.optional(),
  currency: z.enum(CURRENCY_CODES).optional(),
  /** ISO 3166-1 alpha-2 of the shipping address. */
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be a two-letter code').optional(),
  personalised: z.boolean().optional(),
  payment: z.enum(PAYMENT_STATES).optional(),
  /** An order number, an email, or a name. */
  query: querySchema,
};

const orderSort = sortShape(ORDER_SORT_FIELDS, 'createdAt');

export const adminOrderListRequestSchema = z.strictObject({
  ...orderFilterShape,
  ...pageRequestShape,
  ...orderSort,
});
export type AdminOrderListRequest = z.output<typeof adminOrderListRequestSchema>;

export const adminOrderExportRequestSchema = z.strictObject({
  ...orderFilterShape,
  ...orderSort,
});

export const adminOrderRequestSchema = z.strictObject({ orderNo: orderNoSchema });

/** Orders chosen in the table for a bulk move or the production sheet. */
export const orderNoListSchema = z.array(orderNoSchema).min(1, 'choose at least one order').max(200, 'at most 200 orders at once');

export const adminBulkMoveRequestSchema = z.strictObject({
  orderNos: orderNoListSchema,
  to: z.enum(['processing', 'delivered']),
});

export const adminNoteRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  text: z.string().trim().min(1, 'write the note').max(2000),
});

export const adminRefundRequestSchema = z
  .strictObject({
    orderNo: orderNoSchema,
    /**
     * The same key again answers the first refund instead of paying twice (another request with
     * it is a conflict). `move-` and `paypal:` are the shop's own keys (moves, PayPal's dashboard).
     */
    idempotencyKey: z.string().regex(/^(?!move-|paypal:)[A-Za-z0-9_.:-]{8,128}$/),
    /**
     * Lines to pay back; their stock returns when they never left the shop (not yet printed or
     * shipped), or when `restock` asks for it (returned goods fit to sell again; never a printed line).
     */
    lines: z.array(z.strictObject({ orderItemId: idSchema, quantity: z.number().int().min(1).max(999), restock: z.boolean().optional() })).max(200).default([]),
    /** An amount in the order's currency, instead of lines (a goodwill refund, shipping). */
    amount: z.number().int().min(1).optional(),
    reason: reasonSchema,
    /** R_SUPER only: refund personalised items already in production. */
    override: z.boolean().default(false),
  })
  .refine((body) => body.lines.length > 0 || body.amount !== undefined, { path: ['lines'], error: 'choose lines or an amount' });
export type AdminRefundRequest = z.output<typeof adminRefundRequestSchema>;

/** Saved views of the orders table one staff member may keep. */
export const ORDER_VIEWS_MAX = 30;
export const ORDER_VIEW_NAME_MAX = 60;

const viewNameSchema = z.string().trim().min(1, 'name the view').max(ORDER_VIEW_NAME_MAX, `at most ${ORDER_VIEW_NAME_MAX} characters`);

/** What a saved view keeps: the table's filters and sort (the page is not part of a view). */
export const orderViewSchema = adminOrderExportRequestSchema;
export type OrderView = z.output<typeof orderViewSchema>;

/** A named view of the orders table a staff member saved (only they see it): the answer of the views calls. */
export interface SavedOrderView {
  id: number;
  name: string;
  view: OrderView;
  updatedAt: string;
}

export const orderViewSaveRequestSchema = z.strictObject({ name: viewNameSchema, view: orderViewSchema });
export const orderViewRenameRequestSchema = z.strictObject({ id: idSchema, name: viewNameSchema });
export const orderViewDeleteRequestSchema = z.strictObject({ id: idSchema });
