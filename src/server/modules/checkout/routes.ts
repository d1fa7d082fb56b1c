/**
 * Checkout (thin: CheckoutService does the work). A signed-in caller checks out from the
 * account's cart; a guest from the cart of their visitor id.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkoutApi } from '../../../domain/api/checkout.ts';
import { idempotencyHeadersSchema, placeOrderRequestSchema, quoteRequestSchema } from '../../../domain/checkout.schema.ts';
import { applyCouponRequestSchema } from '../../../domain/coupons.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { ensureVisitorId } from '../../http/visitor.ts';
import type { CheckoutCaller, CheckoutService } from './checkout.ts';
import { localeOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

function callerOf(request: FastifyRequest, reply?: FastifyReply): CheckoutCaller {
  const userId = request.user?.userId ?? null;
  const visitorId = userId !== null ? null : reply ? ensureVisitorId(request, reply) : request.visitorId;
  return { userId, visitorId, locale: localeOf(request) };
}

export function checkoutRoutes(checkout: CheckoutService, guards: Guards) {
  return contractRoutes({ tags: ['checkout'], guard: guards.optionalUser }, (route) => {
    route(checkoutApi.quote, {
      summary: 'Lines with personalisation, amounts, shipping options, coupon state and notices for a checkout (nothing is saved)',
      request: quoteRequestSchema,
      handler: async (request) => {
        await checkout.requireShown(request.body.currency);
        return ok(await checkout.quote(callerOf(request), request.body));
      },
    });
    route(checkoutApi.placeOrder, {
      summary: 'Place the order: prices from the database, stock reserved, coupon counted, totals frozen. Idempotent by the Idempotency-Key header',
      headers: idempotencyHeadersSchema,
      request: placeOrderRequestSchema,
      handler: async (request, reply) => ok(await checkout.placeOrder(callerOf(request, reply), request.body, request.headers['idempotency-key'])),
    });
    route(checkoutApi.applyCoupon, {
      summary: "Check a coupon against the caller's cart and show what it takes off",
      request: applyCouponRequestSchema,
      handler: async (request) => ok(await checkout.applyCoupon(callerOf(request), request.body)),
    });
  });
}
