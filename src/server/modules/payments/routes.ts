/**
 * PayPal: the browser SDK's settings, createOrder and captureOrder for the SDK's callbacks, and
 * PayPal's webhook.
 */
import { paypalApi } from '../../../domain/api/paypal.ts';
import type { PaypalBrowserConfig } from '../../../domain/paypal.model.ts';
import { captureQuerySchema, createPaypalOrderRequestSchema } from '../../../domain/paypal.schema.ts';
import type { PaypalConfig } from '../../config.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { SIM_PREFIX } from './simulator.ts';
import type { PaymentService } from './payments.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { buyerOrderCalls } from '../orders/index.ts';

/** What @paypal/paypal-js loadScript needs; the page reads it at run time, so one build serves any PayPal set-up. */
export function paypalBrowserConfig(config: PaypalConfig): PaypalBrowserConfig {
  return {
    mode: config.mode,
    clientId: config.clientId,
    /** The simulator's stand-in SDK; null loads PayPal's own from `environment`. */
    sdkBaseUrl: config.mode === 'simulator' ? `${SIM_PREFIX}/sdk/js` : null,
    environment: config.mode === 'live' ? 'production' : 'sandbox',
    intent: 'capture',
  };
}

export function paypalRoutes(payments: PaymentService, config: PaypalConfig, guards: Guards) {
  return contractRoutes({ tags: ['paypal'] }, (route) => {
    route(paypalApi.config, {
      summary: 'Client id and SDK location for @paypal/paypal-js loadScript',
      handler: async () => ok(paypalBrowserConfig(config)),
    });
    buyerOrderCalls(route, guards)(paypalApi.createOrder, "The PayPal order for a shop order, made from the server's totals (same answer when asked again)", createPaypalOrderRequestSchema, ({ orderNo, access }) =>
      payments.createPaypalOrder(orderNo, access),
    );
    route(paypalApi.capture, {
      summary: 'Capture the approved PayPal order (id) and mark the shop order paid; orderNo, if given, must be the order it was made for. Safe to repeat',
      request: captureQuerySchema,
      handler: async (request) => ok(await payments.capture(request.query.id, request.query.orderNo ?? null)),
    });
    route(paypalApi.webhook, {
      summary: "PayPal's webhook: verified with PayPal, each event applied once",
      handler: async (request) => ok(await payments.handleWebhook(request.headers, request.body)),
    });
  });
}
