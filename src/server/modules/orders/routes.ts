/**
 * Orders: the buyer's order pages (owner by session, or a guest by the order's access token),
 * the account's list, the public tracking lookup and product-page purchases, and the back
 * office's moves.
 */
import type { FastifyRequest } from 'fastify';
import { ROLES } from '../../../domain/account.model.ts';
import { adminApi } from '../../../domain/api/admin.ts';
import { ordersApi } from '../../../domain/api/orders.ts';
import { adminMoveRequestSchema, adminShipmentEventRequestSchema, orderAccessRequestSchema, orderItemsRequestSchema, orderListRequestSchema, productPurchasesRequestSchema, trackOrderRequestSchema } from '../../../domain/orders.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { OrderDeskService } from './desk.ts';
import type { OrderService } from './orders.ts';
import type { OrderAccess } from './views.ts';
import { localeOf, userOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

/** Who asks for an order: the signed-in caller (routes guard with optionalUser) and the access token sent, if any. */
export function orderAccessOf(request: FastifyRequest, token: string | undefined): OrderAccess {
  return { userId: request.user?.userId ?? null, token };
}

export function orderRoutes(orders: OrderService, desk: OrderDeskService, guards: Guards) {
  /** The order a buyer's request names, if the caller may read it. */
  const readable = (request: FastifyRequest, body: { orderNo: string; token?: string | undefined }) => orders.findForAccess(body.orderNo, orderAccessOf(request, body.token));

  return contractRoutes({ tags: ['orders'] }, (route) => {
    route(ordersApi.detail, {
      summary: "An order: the owner's (session) or the holder of its access token; others get not found",
      preValidation: guards.optionalUser,
      request: orderAccessRequestSchema,
      handler: async (request) => ok(await orders.detail(await readable(request, request.body), localeOf(request))),
    });
    route(ordersApi.items, {
      summary: "An order's lines, a page at a time (same access as the order)",
      preValidation: guards.optionalUser,
      request: orderItemsRequestSchema,
      handler: async (request) => ok(await orders.items(await readable(request, request.body), localeOf(request), request.body)),
    });
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
      handler: async (request) => ok(await orders.track(request.body.orderNo)),
    });

    const admin = { tags: ['admin'], preValidation: guards.requireRoles(ROLES.ADMIN) };
    route(adminApi.orderDetail, {
      ...admin,
      summary: 'Any order, for the back office',
      request: orderAccessRequestSchema,
      handler: async (request) => ok(await orders.detail(await desk.byNumber(request.body.orderNo), localeOf(request))),
    });
    route(adminApi.moveOrder, {
      ...admin,
      summary: 'Move an order forward: processing, shipped (carrier and tracking number; mails the buyer), delivered, cancelled, refunded (through PayPal)',
      request: adminMoveRequestSchema,
      handler: async (request) => {
        const moved = await desk.move(request.body);
        return ok(await orders.detail(moved, localeOf(request)));
      },
    });
    route(adminApi.shipmentEvent, {
      ...admin,
      summary: "Add a carrier's scan to the order's latest shipment",
      request: adminShipmentEventRequestSchema,
      handler: async (request) => {
        const row = await desk.byNumber(request.body.orderNo);
        await orders.addShipmentEvent(row, request.body);
        return ok(await orders.track(row.orderNo));
      },
    });
  });
}
