/**
 * PayPal: the browser SDK's settings, createOrder and captureOrder for the SDK's callbacks, and
 * PayPal's webhook.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderNoSchema, orderTokenSchema } from '../../../domain/orders.ts';
import type { PaypalConfig } from '../../config.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { SIM_PREFIX } from './simulator.ts';
import type { PaymentService } from './payments.ts';

const paypalOrderIdSchema = z.string({ error: 'id is required' }).regex(/^[A-Za-z0-9-]{5,64}$/, 'id must be a PayPal order id');

/** What @paypal/paypal-js loadScript needs; the page reads it at run time, so one build serves any PayPal set-up. */
export function paypalBrowserConfig(config: PaypalConfig) {
  return {
    mode: config.mode,
    clientId: config.clientId,
    /** The simulator's stand-in SDK; null loads PayPal's own from `environment`. */
    sdkBaseUrl: config.mode === 'simulator' ? `${SIM_PREFIX}/sdk/js` : null,
    environment: config.mode === 'live' ? ('production' as const) : ('sandbox' as const),
    intent: 'capture' as const,
  };
}

export function paypalRoutes(payments: PaymentService, config: PaypalConfig, guards: Guards) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['paypal'];

    r.get('/demo/paypal/config', { schema: { tags, summary: 'Client id and SDK location for @paypal/paypal-js loadScript' } }, async () => ok(paypalBrowserConfig(config)));
    r.post(
      '/demo/paypal/createOrder',
      {
        preValidation: guards.optionalUser,
        schema: { tags, summary: "The PayPal order for a shop order, made from the server's totals (same answer when asked again)", body: z.strictObject({ orderNo: orderNoSchema, token: orderTokenSchema.optional() }) },
      },
      async (request) => ok(await payments.createPaypalOrder(request.body.orderNo, { userId: request.user?.userId ?? null, token: request.body.token })),
    );
    r.get(
      '/demo/paypal/captureOrder',
      {
        schema: {
          tags,
          summary: 'Capture the approved PayPal order (id) and mark the shop order paid; orderNo, if given, must be the order it was made for. Safe to repeat',
          querystring: z.strictObject({ id: paypalOrderIdSchema, orderNo: orderNoSchema.optional() }),
        },
      },
      async (request) => ok(await payments.capture(request.query.id, request.query.orderNo ?? null)),
    );
    r.post('/demo/paypal/webhook', { schema: { tags, summary: "PayPal's webhook: verified with PayPal, each event applied once" } }, async (request) =>
      ok(await payments.handleWebhook(request.headers, request.body)),
    );
  };
}
