/** The back office's order changes before production (docs/back-office.md "Order changes"): order:view to read, order:edit to change, waive or send a new payment link. */
import type { z } from 'zod';
import type { OrderChangeAnswer, OrderChangePreview, OrderChangesView } from '../../order-changes.model.ts';
import type { adminOrderChangePreviewRequestSchema, adminOrderChangeRequestSchema, adminOrderChangesRequestSchema, adminWaivePaymentRequestSchema } from '../../order-changes.schema.ts';
import { post } from '../endpoint.ts';

export const adminOrderChangesApi = {
  /** The order's change history, its revision and its open payment request. */
  changes: post<z.input<typeof adminOrderChangesRequestSchema>, OrderChangesView>('/admin/orders/changes'),
  /** The same change worked out and not made: the total after it, and what it would refund or ask for. */
  preview: post<z.input<typeof adminOrderChangePreviewRequestSchema>, OrderChangePreview>('/admin/orders/changePreview'),
  change: post<z.input<typeof adminOrderChangeRequestSchema>, OrderChangeAnswer>('/admin/orders/change'),
  waivePayment: post<z.input<typeof adminWaivePaymentRequestSchema>, OrderChangesView>('/admin/orders/waivePayment'),
  /** A new link for the extra a change asked (expired, or lost): the old one cancelled, the new one mailed with a new expiry. */
  resendPaymentLink: post<z.input<typeof adminOrderChangesRequestSchema>, OrderChangesView>('/admin/orders/resendPaymentLink'),
};
