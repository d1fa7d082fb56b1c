/**
 * The shop with PayPal credentials (PAYPAL_ENV sandbox), talking over HTTP to a local stand-in of
 * PayPal's API (tests/support/paypal-stand-in.ts, reached through PAYPAL_API_URL) instead of
 * PayPal: no in-process simulator, no outside host. A payment goes through it, and every webhook
 * is verified by PayPal's verify-webhook-signature call with the shop's webhook id.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedWebhookEvents } from '../../src/server/db/schema.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { PaypalSimulator } from '../../src/server/modules/payments/index.ts';
import { orderRow } from '../support/order-rows.ts';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { capture, createPaypalOrder, findStock, guestOrder, plainLine, type Stock } from './orders-support.ts';

/** PayPal's stand-in and the simulator behind it; the shop in sandbox mode against them. */
let standIn: PaypalStandIn, sim: PaypalSimulator;
let shop: TestShop, stock: Stock;

beforeAll(async () => {
  standIn = await startPaypalStandIn();
  sim = standIn.simulator;
  shop = await createTestShop({ paypal: standIn.config('sandbox'), reconcileIntervalMs: 0 });
  stock = await findStock(shop, 30);
});
afterAll(async () => {
  await shop?.close();
  await standIn?.close();
});

const row = (orderNo: string) => orderRow(shop, orderNo);

/** A guest order approved at "PayPal", not captured by the shop: a capture event is what tells it. */
async function approvedAtPaypal() {
  const { order } = await guestOrder(shop, [plainLine(stock)]);
  const paypalOrderId = await createPaypalOrder(shop, order);
  expect(sim.approve(paypalOrderId)).toBe(true);
  const resource = {
    id: `CAP${order.orderNo.replace(/\D/g, '')}`,
    status: 'COMPLETED',
    amount: { currency_code: 'EUR', value: (order.total / 100).toFixed(2) },
    custom_id: order.orderNo,
    supplementary_data: { related_ids: { order_id: paypalOrderId } },
  };
  return { order, paypalOrderId, event: sim.event('PAYMENT.CAPTURE.COMPLETED', resource) };
}

async function deliver(delivery: { headers: Record<string, string>; body: string }) {
  return shop.app.inject({ method: 'POST', url: '/api/demo/paypal/webhook', headers: delivery.headers, payload: delivery.body });
}

async function recorded(eventId: string) {
  return shop.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, eventId));
}

describe('real PayPal mode against a stand-in of its API', () => {
  it('reads PAYPAL_API_URL as the REST base, in place of the environment one', () => {
    const config = loadConfig({ PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMn', PAYPAL_CLIENT_SECRET: 'secret-secret-secret', PAYPAL_API_URL: 'http://127.0.0.1:9/paypal/' });
    expect(config.paypal).toMatchObject({ mode: 'sandbox', apiBaseUrl: 'http://127.0.0.1:9/paypal' });
    expect(() => loadConfig({ PAYPAL_API_URL: 'api-m.paypal.com' })).toThrow('PAYPAL_API_URL');
  });

  it('runs without the in-process simulator and pays an order through the API over HTTP', async () => {
    expect(shop.app.payments.simulator).toBeNull();
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    expect(sim.approve(paypalOrderId)).toBe(true);
    const captured = await capture(shop, paypalOrderId, order.orderNo);
    expect(captured.code, captured.msg).toBe('0000');
    expect((await row(order.orderNo)).status).toBe('paid');
    const asked = standIn.requests.map((r) => `${r.method} ${r.path}`);
    expect(asked).toContain('POST /v1/oauth2/token');
    expect(asked).toContain('POST /v2/checkout/orders');
    expect(asked).toContain(`POST /v2/checkout/orders/${paypalOrderId}/capture`);
  });

  it("verifies a webhook with PayPal's verify-webhook-signature, sending the delivery's headers, the event and the shop's webhook id", async () => {
    const { order, event } = await approvedAtPaypal();
    const delivery = sim.sign(event);
    const before = standIn.requests.length;
    const answer = await deliver(delivery);
    expect(answer.statusCode, answer.body).toBe(200);
    const verification = standIn.requests.slice(before).find((r) => r.path === '/v1/notifications/verify-webhook-signature');
    expect(verification?.body).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: delivery.headers['paypal-cert-url'],
      transmission_id: delivery.headers['paypal-transmission-id'],
      transmission_sig: delivery.headers['paypal-transmission-sig'],
      transmission_time: delivery.headers['paypal-transmission-time'],
      webhook_id: 'WH-SIMULATOR',
      webhook_event: event,
    });
    expect((await row(order.orderNo)).status).toBe('paid');
    expect(await recorded(event.id)).toHaveLength(1);
  });

  it('refuses a delivery PayPal does not verify (forged signature), changing nothing', async () => {
    const { order, event } = await approvedAtPaypal();
    const answer = await deliver(sim.sign(event, { tamper: true }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: '1001', msg: 'Invalid request: the webhook signature could not be verified' });
    expect((await row(order.orderNo)).status).toBe('pending_payment');
    expect(await recorded(event.id)).toEqual([]);
  });

  it('refuses a genuine delivery meant for another webhook id (PayPal answers FAILURE for ours)', async () => {
    const other = await createTestShop({ paypal: standIn.config('sandbox', 'WH-ANOTHER-SHOP'), reconcileIntervalMs: 0 });
    try {
      const { order } = await guestOrder(other, [plainLine(await findStock(other, 5))]);
      const event = sim.event('PAYMENT.CAPTURE.COMPLETED', { id: 'CAPOTHER1', status: 'COMPLETED', custom_id: order.orderNo });
      const delivery = sim.sign(event);
      const answer = await other.app.inject({ method: 'POST', url: '/api/demo/paypal/webhook', headers: delivery.headers, payload: delivery.body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: '1001' });
      expect((await orderRow(other, order.orderNo)).status).toBe('pending_payment');
    } finally {
      await other.close();
    }
  });

  it('answers 1503 when PayPal cannot be asked, recording nothing, so PayPal delivers again', async () => {
    const { order, event } = await approvedAtPaypal();
    const down = await createTestShop({ paypal: { ...standIn.config('sandbox'), apiBaseUrl: 'http://127.0.0.1:9/unreachable' }, reconcileIntervalMs: 0 }, { seed: false });
    try {
      const delivery = sim.sign(event);
      const answer = await down.app.inject({ method: 'POST', url: '/api/demo/paypal/webhook', headers: delivery.headers, payload: delivery.body });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: '1503' });
    } finally {
      await down.close();
    }
    // The shop that can ask PayPal then applies the same delivery.
    expect(await recorded(event.id)).toEqual([]);
    expect((await deliver(sim.sign(event))).statusCode).toBe(200);
    expect((await row(order.orderNo)).status).toBe('paid');
  });
});
