/**
 * The pay page's endpoints (src/domain/api/pay-requests.ts): public, the link's token is the key
 * (24 random bytes, stored as a digest); throttled by the API's request limit as checkout's
 * PayPal calls are.
 */
import { payRequestsApi } from '../../../domain/api/pay-requests.ts';
import { payRequestCaptureSchema, payRequestOrderSchema, payRequestQuerySchema } from '../../../domain/payment-requests.schema.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import type { RequestPayments } from './pay-requests.ts';

export function payRequestRoutes(requests: RequestPayments) {
  return contractRoutes({ tags: ['pay-requests'] }, (route) => {
    route(payRequestsApi.view, {
      summary: "A payment request by its link's token: the order, what it asks, until when, how it stands",
      request: payRequestQuerySchema,
      handler: async (request) => ok(await requests.view(request.query.t)),
    });
    route(payRequestsApi.createOrder, {
      summary: "The request's own PayPal order (same answer when asked again while it can be paid)",
      request: payRequestOrderSchema,
      handler: async (request) => ok(await requests.createPaypalOrder(request.body.t)),
    });
    route(payRequestsApi.capture, {
      summary: "Capture the approved PayPal order of the token's request and mark it paid (checked: amount, currency, custom id). Safe to repeat",
      request: payRequestCaptureSchema,
      handler: async (request) => ok(await requests.capture(request.body.t, request.body.id)),
    });
  });
}
