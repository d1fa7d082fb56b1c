/**
 * Serves the PayPal simulator over HTTP under /paypal-sim: PayPal's REST paths (v1, v2) for any
 * client that wants the network, the stand-in browser SDK at /paypal-sim/sdk/js (the checkout
 * loads it with @paypal/paypal-js's sdkBaseUrl), the approval hook the SDK's dialog calls, and,
 * when asked for (`control`, PAYPAL_SIM_CONTROL), control routes for tests (failure switches,
 * settling a pending capture, redelivering webhooks). Registered only when the shop runs without
 * PayPal credentials.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SimFailure } from './simulator-protocol.ts';
import { CAPTURE_SWITCHES, REFUND_SWITCHES, SIM_PREFIX, type PaypalSimulator } from './simulator.ts';

const SDK_SOURCE = readFileSync(new URL('./simulator-sdk.js', import.meta.url), 'utf8');

const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

/** This plugin takes bodies as text (see the parser below); its own routes parse them here. */
function jsonBody(body: unknown): unknown {
  if (typeof body !== 'string' || body === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

function answer(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

export interface SimulatorPluginOptions {
  /**
   * Serve the control routes. They act on the one simulator every shopper pays through (the
   * next capture declined, every call slow), so a demo shop open to visitors must not have them.
   */
  control?: boolean;
  /**
   * Control: opens a payment request for a paid order (the shop's own service, as an order change
   * would), so a journey can pay one through its mailed link before anything in the back office
   * asks for one. Only with `control`.
   */
  openPaymentRequest?: (orderNo: string, amount: number) => Promise<{ id: number } | null>;
}

export function simulatorPlugin(simulator: PaypalSimulator, { control = false, openPaymentRequest }: SimulatorPluginOptions = {}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // PayPal's REST paths take the body as it came (the simulator parses and checks it itself).
    app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.route({
      method: ['GET', 'POST'],
      url: '/v*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
        const body = typeof request.body === 'string' ? request.body : undefined;
        const result = await simulator.handle({ method: request.method as 'GET' | 'POST', path: request.url.slice(SIM_PREFIX.length), headers, ...(body === undefined ? {} : { body }) });
        return reply.code(result.status).header('cache-control', 'no-store').type('application/json').send(result.body);
      },
    });

    app.get('/sdk/js', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('application/javascript; charset=utf-8').send(SDK_SOURCE),
    );
    app.get('/certs/simulator.pem', { schema: { hide: true } }, async (_request, reply) => reply.type('application/x-pem-file').send(simulator.certificate()));

    r.get('/checkout/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const order = simulator.publicOrder(request.params.id);
      return order ? answer(reply, 200, order) : answer(reply, 404, { name: 'RESOURCE_NOT_FOUND' });
    });
    r.post('/checkout/:id/approve', { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const parsed = z.object({ decline: z.boolean().default(false) }).safeParse(jsonBody(request.body));
      if (!parsed.success) return answer(reply, 400, { name: 'INVALID_REQUEST' });
      const approved = simulator.approve(request.params.id, { decline: parsed.data.decline });
      return approved
        ? answer(reply, 200, { id: request.params.id, status: 'APPROVED', payerId: 'SIMBUYER01' })
        : answer(reply, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_AWAITING_APPROVAL' }] });
    });

    if (!control) return;
    // Control: tests flip the failure switches here.
    app.post('/control/switches', { schema: { hide: true } }, async (request, reply) => {
      const parsed = z
        .strictObject({
          nextCapture: z.enum(CAPTURE_SWITCHES).nullable().optional(),
          nextRefund: z.enum(REFUND_SWITCHES).nullable().optional(),
          slowMs: z.number().int().min(0).max(60_000).optional(), autoWebhooks: z.boolean().optional() })
        .safeParse(jsonBody(request.body));
      if (!parsed.success) return answer(reply, 400, { name: 'INVALID_REQUEST', message: parsed.error.message });
      const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
      return answer(reply, 200, simulator.setSwitches(changes));
    });
    r.post('/control/captures/:id/settle', { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const parsed = z.object({ outcome: z.enum(['COMPLETED', 'DECLINED']).default('COMPLETED') }).safeParse(jsonBody(request.body));
      if (!parsed.success) return answer(reply, 400, { name: 'INVALID_REQUEST' });
      const capture = simulator.settlePendingCapture(request.params.id, parsed.data.outcome);
      return capture ? answer(reply, 200, capture) : answer(reply, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_NOT_PENDING' }] });
    });
    r.post('/control/refunds/:id/settle', { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const parsed = z.object({ outcome: z.enum(['COMPLETED', 'FAILED']).default('COMPLETED') }).safeParse(jsonBody(request.body));
      if (!parsed.success) return answer(reply, 400, { name: 'INVALID_REQUEST' });
      const refund = simulator.settlePendingRefund(request.params.id, parsed.data.outcome);
      return refund ? answer(reply, 200, refund) : answer(reply, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_NOT_PENDING' }] });
    });
    r.post('/control/captures/:id/refund', { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const parsed = z.strictObject({ amount: z.number().int().positive().optional() }).safeParse(jsonBody(request.body));
      if (!parsed.success) return answer(reply, 400, { name: 'INVALID_REQUEST' });
      try {
        return answer(reply, 201, simulator.refundFromDashboard(request.params.id, parsed.data.amount));
      } catch (error) {
        if (!(error instanceof SimFailure)) throw error;
        return answer(reply, error.status, { name: error.errorName, details: error.issues });
      }
    });
    app.post('/control/payment-requests', { schema: { hide: true } }, async (request, reply) => {
      const parsed = z.strictObject({ orderNo: z.string().regex(/^[A-Z0-9-]{4,40}$/), amount: z.number().int().positive().max(10_000_000) }).safeParse(jsonBody(request.body));
      if (!parsed.success || !openPaymentRequest) return answer(reply, 400, { name: 'INVALID_REQUEST' });
      const opened = await openPaymentRequest(parsed.data.orderNo, parsed.data.amount);
      return opened ? answer(reply, 201, opened) : answer(reply, 404, { name: 'RESOURCE_NOT_FOUND' });
    });
    r.post('/control/orders/:id/webhooks', { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const parsed = z
        .strictObject({ eventType: z.string().regex(/^[A-Z._]+$/).default('PAYMENT.CAPTURE.COMPLETED'), times: z.number().int().min(1).max(10).default(1) })
        .safeParse(jsonBody(request.body));
      if (!parsed.success) return answer(reply, 400, { name: 'INVALID_REQUEST', message: parsed.error.message });
      const capture = simulator.captureOf(request.params.id);
      if (!capture) return answer(reply, 404, { name: 'RESOURCE_NOT_FOUND' });
      const statuses = await simulator.deliver(simulator.event(parsed.data.eventType, capture), parsed.data.times);
      return answer(reply, 200, { statuses });
    });
  };
}
