/**
 * Orders: the buyer's order pages (owner by session, or a guest by the order's access token),
 * the account's list, the public tracking lookup and product-page purchases, and the back
 * office's moves.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../../domain/account.ts';
import {
  adminMoveRequestSchema,
  adminShipmentEventRequestSchema,
  orderAccessRequestSchema,
  orderItemsRequestSchema,
  orderListRequestSchema,
  productPurchasesRequestSchema,
  trackOrderRequestSchema,
} from '../../../domain/orders.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { OrderDeskService } from './desk.ts';
import type { OrderService } from './orders.ts';
import type { OrderAccess } from './views.ts';
import { localeOf, userOf } from '../../http/context.ts';

function accessOf(request: FastifyRequest, token: string | undefined): OrderAccess {
  return { userId: request.user?.userId ?? null, token };
}

export function orderRoutes(orders: OrderService, desk: OrderDeskService, guards: Guards) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['orders'];

    r.post(
      '/demo/ironOrder/getOrderDetail',
      { preValidation: guards.optionalUser, schema: { tags, summary: "An order: the owner's (session) or the holder of its access token; others get not found", body: orderAccessRequestSchema } },
      async (request) => {
        const row = await orders.findForAccess(request.body.orderNo, accessOf(request, request.body.token));
        return ok(await orders.detail(row, localeOf(request)));
      },
    );
    r.post(
      '/demo/ironOrderItem/queryList',
      { preValidation: guards.optionalUser, schema: { tags, summary: "An order's lines, a page at a time (same access as the order)", body: orderItemsRequestSchema } },
      async (request) => {
        const row = await orders.findForAccess(request.body.orderNo, accessOf(request, request.body.token));
        return ok(await orders.items(row, localeOf(request), request.body));
      },
    );
    r.post(
      '/demo/ironOrder/queryList',
      { preValidation: guards.requireUser, schema: { tags, summary: "The signed-in shopper's orders, newest first", body: orderListRequestSchema } },
      async (request) => ok(await orders.listForUser(userOf(request).userId, localeOf(request), request.body)),
    );
    r.post(
      '/demo/ironOrder/queryOrderByProductId',
      { schema: { tags, summary: "Recent purchases of a product for its page's order tab: initial, country, size, date only", body: productPurchasesRequestSchema } },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return ok(await orders.purchasesOf(request.body.productId, request.body));
      },
    );
    r.post('/demo/ironOrder/track', { schema: { tags, summary: 'Tracking by order number: status and shipping events only', body: trackOrderRequestSchema } }, async (request) =>
      ok(await orders.track(request.body.orderNo)),
    );

    const admin = { preValidation: guards.requireRoles(ROLES.ADMIN) };
    r.post('/admin/orders/getOrderDetail', { ...admin, schema: { tags: ['admin'], summary: 'Any order, for the back office', body: orderAccessRequestSchema } }, async (request) =>
      ok(await orders.detail(await desk.byNumber(request.body.orderNo), localeOf(request))),
    );
    r.post(
      '/admin/orders/move',
      { ...admin, schema: { tags: ['admin'], summary: 'Move an order forward: processing, shipped (carrier and tracking number; mails the buyer), delivered, cancelled, refunded (through PayPal)', body: adminMoveRequestSchema } },
      async (request) => {
        const moved = await desk.move(request.body);
        return ok(await orders.detail(moved, localeOf(request)));
      },
    );
    r.post(
      '/admin/orders/shipmentEvent',
      { ...admin, schema: { tags: ['admin'], summary: "Add a carrier's scan to the order's latest shipment", body: adminShipmentEventRequestSchema } },
      async (request) => {
        const row = await desk.byNumber(request.body.orderNo);
        await orders.addShipmentEvent(row, request.body);
        return ok(await orders.track(row.orderNo));
      },
    );
  };
}
