/**
 * Orders: the buyer's order pages (owner by session, or a guest by the order's access token),
 * the account's list, the public tracking lookup and product-page purchases, and the back
 * office's moves.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { adminBulkMoveRequestSchema, adminRefundRequestSchema } from '../../../domain/back-office/orders.schema.ts';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import type { Locale } from '../../../domain/locale.ts';
import { ordersApi } from '../../../domain/api/orders.ts';
import { adminMoveRequestSchema, adminShipmentEventRequestSchema, orderAccessRequestSchema, orderItemsRequestSchema, orderListRequestSchema, productPurchasesRequestSchema, trackOrderRequestSchema } from '../../../domain/orders.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { PERMISSIONS, type CodesHeld } from '../../../domain/back-office/staff.model.ts';
import type { OrderDesk, Refunds } from './order-desk.ts';
import type { OrderService } from './orders.ts';
import type { OrderAccess } from './views.ts';
import { localeOf, userOf } from '../../http/context.ts';
import { backOfficeCalls, contractRoutes, guardedCalls, type GuardedCall, type RouteDefiner } from '../../http/define-route.ts';

/** Who asks for an order: the signed-in caller (routes guard with optionalUser) and the access token sent, if any. */
export function orderAccessOf(request: FastifyRequest, token: string | undefined): OrderAccess {
  return { userId: request.user?.userId ?? null, token };
}

/** What a buyer's call on one of their orders reads off its request: the order, who asks, and the language. */
export interface BuyerAsk {
  orderNo: string;
  access: OrderAccess;
  locale: Locale;
}

/** The shopper's calls on one order (`buyerOrderCalls`): the body names the order and may carry its token. */
type BuyerBody = { orderNo: string; token?: string | undefined };
export type BuyerCall = GuardedCall<BuyerAsk, BuyerBody>;

/** The owner signed in (optionalUser: a guest is let through) or a guest holding the order's token; the desk decides. */
export function buyerOrderCalls(route: RouteDefiner<{ tags?: string[] }>, guards: Guards): BuyerCall {
  return guardedCalls<BuyerAsk, BuyerBody>(route, guards.optionalUser, (call) => ({ orderNo: call.body.orderNo, access: orderAccessOf(call, call.body.token), locale: localeOf(call) }));
}

/** What the back office's routes need besides the order services. */
export interface OrderAdminDeps {
  refunds: Refunds;
  /** The order as staff see it (the back office module's view), which a refund answers. */
  staffView(orderNo: string, locale: Locale, held: CodesHeld): Promise<AdminOrderDetail>;
}

export function orderRoutes(orders: OrderService, desk: OrderDesk, guards: Guards, { refunds, staffView }: OrderAdminDeps): FastifyPluginAsync {
  const shopper = contractRoutes({ tags: ['orders'] }, (route) => {
    const buyer = buyerOrderCalls(route, guards);
    buyer(ordersApi.detail, "An order: the owner's (session) or the holder of its access token; others get not found", orderAccessRequestSchema, async ({ orderNo, access, locale }) =>
      orders.detail(await orders.findForAccess(orderNo, access), locale),
    );
    buyer(ordersApi.items, "An order's lines, a page at a time (same access as the order)", orderItemsRequestSchema, async ({ orderNo, access, locale, body }) =>
      orders.items(await orders.findForAccess(orderNo, access), locale, body),
    );
    route(ordersApi.list, {
      summary: "The signed-in shopper's orders, newest first",
      preValidation: guards.requireUser,
      request: orderListRequestSchema,
      handler: async (request) => ok(await orders.listForUser(userOf(request).userId, localeOf(request), request.body)),
    });
    route(ordersApi.productPurchases, {
      summary: "Recent purchases of a product for its page's order tab: initial, country, size, date only",
      request: productPurchasesRequestSchema,
      handler: async (request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return ok(await orders.purchasesOf(request.body.productId, request.body));
      },
    });
    route(ordersApi.track, {
      summary: 'Tracking by order number: status and shipping events only',
      request: trackOrderRequestSchema,
      handler: async (request) => ok(await orders.track(request.body.orderNo, localeOf(request))),
    });
  });
  const backOffice = backOfficeCalls(guards, [PERMISSIONS.ORDER_VIEW, PERMISSIONS.ORDER_MOVE, PERMISSIONS.ORDER_REFUND], (view, move, refund) => {
    view(adminOrdersApi.orderDetail, 'Any order, for the back office', orderAccessRequestSchema, async ({ body, locale }) => orders.detail(await desk.byNumber(body.orderNo), locale));
    move(
      adminOrdersApi.moveOrder,
      'Move an order: processing, shipped (carrier, tracking number, optional tracking link), delivered; cancelled (order:cancel; a paid order is refunded through PayPal and its unprinted stock returns); refunded (order:refund). Personalised items in production need override with a reason (order:override). Repeating a move answers the order as it is.',
      adminMoveRequestSchema,
      async ({ body, staff, locale }) => orders.detail(await desk.move(body, staff), locale),
    );
    move(adminOrdersApi.bulkMove, 'Move each chosen order on its own to processing or delivered; answers which moved and why the others did not', adminBulkMoveRequestSchema, ({ body, staff, locale }) =>
      desk.bulkMove(body.orderNos, body.to, staff, locale),
    );
    move(adminOrdersApi.bulkMovePreview, 'What a bulk move would do now, changing nothing: the orders it would move (each shopper mailed) and why the others would not', adminBulkMoveRequestSchema, ({ body }) =>
      desk.bulkMovePreview(body.orderNos, body.to),
    );
    refund(
      adminOrdersApi.refund,
      'Refund through PayPal, by lines (with quantities; unprinted stock returns) or by an amount; the same idempotency key answers the first refund. Personalised items in production need override (order:override).',
      adminRefundRequestSchema,
      async ({ body, staff, locale }) => {
        const { orderNo, idempotencyKey, lines, amount, reason, override } = body;
        const row = await refunds.refund(orderNo, { idempotencyKey, lines, amount, reason, override, closeAs: 'refunded' }, staff);
        return staffView(row.orderNo, locale, staff);
      },
    );
    move(adminOrdersApi.shipmentEvent, "Add a carrier's scan to the order's latest shipment", adminShipmentEventRequestSchema, async ({ body, staff, locale }) =>
      orders.track((await desk.shipmentEvent(body.orderNo, body, staff)).orderNo, locale),
    );
  });
  return async (app) => {
    await app.register(shopper);
    await app.register(backOffice);
  };
}
