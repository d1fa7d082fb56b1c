/**
 * Order changes before production (docs/back-office.md "Order changes"): the back office's calls
 * (order:view reads the history, order:edit changes, waives and sends a new payment link) and the shopper's own fixes from
 * the order page (the owner signed in, or a guest with the order's token).
 */
import { adminOrderChangesApi } from '../../../domain/api/admin/order-changes.ts';
import { orderChangesApi } from '../../../domain/api/order-changes.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { adminOrderChangePreviewRequestSchema, adminOrderChangeRequestSchema, adminOrderChangesRequestSchema, adminWaivePaymentRequestSchema, shopperOrderChangeRequestSchema } from '../../../domain/order-changes.schema.ts';
import { orderAccessRequestSchema } from '../../../domain/orders.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import type { OrderChangeDesk } from './order-changes.ts';
import { buyerOrderCalls } from './routes.ts';

export function orderChangeRoutes(desk: OrderChangeDesk, guards: Guards) {
  return contractRoutes({ tags: ['orders'] }, (route) => {
    const buyer = buyerOrderCalls(route, guards);
    buyer(orderChangesApi.options, "Whether the shopper may still fix the order's printed name and number or its address, until when, and the revision to send", orderAccessRequestSchema, ({ orderNo, access, locale }) => desk.shopperOptions(orderNo, access, locale));
    buyer(orderChangesApi.change, "The shopper fixes a line's printed name and number, or the shipping address, within the merchant's window after payment and before production; repriced, mailed", shopperOrderChangeRequestSchema, ({ orderNo, access, body }) => desk.shopperChange(orderNo, access, body.revision, body.change));

    const admin = { tags: ['admin'] };
    const read = staffCalls((entry, options) => route(entry, { ...admin, ...options } as never), guards.requirePermission(PERMISSIONS.ORDER_VIEW));
    read(adminOrderChangesApi.changes, "An order's change history, its revision and its open payment request", adminOrderChangesRequestSchema, ({ body }) => desk.view(body.orderNo));
    const edit = staffCalls((entry, options) => route(entry, { ...admin, ...options } as never), guards.requirePermission(PERMISSIONS.ORDER_EDIT));
    edit(
      adminOrderChangesApi.preview,
      'What a change would do, before it is made: the same checks and repricing, the new total, what it would refund or ask for; nothing written, mailed or refunded',
      adminOrderChangePreviewRequestSchema,
      ({ body, staff }) => desk.staffPreview(body.orderNo, body.revision, body.change, staff),
    );
    edit(
      adminOrderChangesApi.change,
      "Change a paid order before production: a line's print or size (stock moved), the address (same country), the shipping method; with the revision seen (another: conflict); repriced, audited, mailed; a lower total refunded, a higher one asked for by a payment link",
      adminOrderChangeRequestSchema,
      ({ body, staff }) => desk.staffChange(body.orderNo, body.revision, body.change, body.reason ?? null, staff),
    );
    edit(adminOrderChangesApi.waivePayment, "Waive the payment a change asked of an order (open, or its link expired unpaid) with a reason, so it may go to production; audited", adminWaivePaymentRequestSchema, ({ body, staff }) =>
      desk.waive(body.orderNo, body.reason, staff),
    );
    edit(
      adminOrderChangesApi.resendPaymentLink,
      "Send the shopper a new payment link for the extra a change asked (its link expired, or the mail was lost): the old link cancelled, the same amount asked with a new expiry, mailed; audited. The order stays held until it is paid or waived",
      adminOrderChangesRequestSchema,
      ({ body, staff }) => desk.resendLink(body.orderNo, staff),
    );
  });
}
