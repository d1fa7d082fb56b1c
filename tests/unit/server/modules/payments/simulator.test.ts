/**
 * The PayPal client against the local simulator: OAuth tokens cached, PayPal's checks on
 * created orders (so a purchase unit the shop builds is one PayPal accepts), idempotency by
 * PayPal-Request-Id, the failure switches, and webhook signatures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paypalPurchaseUnit } from '../../../../../src/domain/checkout.model.ts';
import { CURRENCY_CODES, divRound } from '../../../../../src/domain/money.model.ts';
import { PaypalClient, PaypalError, PaypalUnknownOutcome, firstCapture, type TransportRequest } from '../../../../../src/server/modules/payments/paypal-client.ts';
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET, SIM_WEBHOOK_ID } from '../../../../../src/server/config.ts';
import { PaypalSimulator, simulatorTransport } from '../../../../../src/server/modules/payments/simulator.ts';

function setUp(options: { timeoutMs?: number; now?: () => Date } = {}) {
  const sim = new PaypalSimulator();
  sim.setSwitches({ autoWebhooks: false });
  const calls: TransportRequest[] = [];
  const transport = simulatorTransport(sim);
  const client = new PaypalClient({
    clientId: SIM_CLIENT_ID,
    clientSecret: SIM_CLIENT_SECRET,
    transport: (request) => {
      calls.push(request);
      return transport(request);
    },
    timeoutMs: options.timeoutMs ?? 2000,
    clock: options.now ?? (() => new Date()),
  });
  return { sim, client, calls };
}

function unit(orderNo = 'JS-22222-22222', total = 2400) {
  return paypalPurchaseUnit({ orderNo, currency: 'EUR', items: [{ name: 'Shirt', sku: '1-M', unitAmount: 1000, quantity: 2 }], discount: 100, shipping: total - 1900, total });
}

describe('the PayPal client with the simulator', () => {
  it('gets one OAuth token and reuses it until it nearly expires', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const { client, calls } = setUp({ now: () => new Date(now) });
    await Promise.all([client.createOrder(unit(), 'a'), client.createOrder(unit(), 'b'), client.createOrder(unit(), 'c')]);
    expect(calls.filter((c) => c.path === '/v1/oauth2/token')).toHaveLength(1);
    now += 32_400_000;
    await client.createOrder(unit(), 'd');
    expect(calls.filter((c) => c.path === '/v1/oauth2/token')).toHaveLength(2);
    expect(calls.find((c) => c.path === '/v2/checkout/orders')!.headers['paypal-request-id']).toBe('a');
  });

  it('is refused with wrong credentials', async () => {
    const sim = new PaypalSimulator();
    const client = new PaypalClient({ clientId: 'someone', clientSecret: 'else', transport: simulatorTransport(sim), timeoutMs: 1000, clock: () => new Date() });
    await expect(client.createOrder(unit(), 'x')).rejects.toBeInstanceOf(PaypalError);
  });

  it('accepts every purchase unit the shop builds (never AMOUNT_MISMATCH or ITEM_TOTAL_MISMATCH)', async () => {
    const { client } = setUp();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CURRENCY_CODES),
        fc.array(fc.record({ unitAmount: fc.integer({ min: 1, max: 40_000 }), quantity: fc.integer({ min: 1, max: 99 }) }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 4000 }),
        async (currency, items, percent, shipping) => {
          const itemTotal = items.reduce((s, i) => s + i.unitAmount * i.quantity, 0);
          const discount = divRound(itemTotal * percent, 100);
          const order = await client.createOrder(
            paypalPurchaseUnit({ orderNo: 'JS-33333-33333', currency, items: items.map((i, n) => ({ ...i, name: `Shirt ${n}`, sku: `${n}-M` })), discount, shipping, total: itemTotal + shipping - discount }),
            `prop-${Math.random()}`,
          );
          expect(order.status).toBe('CREATED');
        },
      ),
      { numRuns: 60 },
    );
  });

  it("answers PayPal's validation issues", async () => {
    const { client } = setUp();
    const good = unit();
    const issue = async (body: unknown) => {
      try {
        await client.createOrder(body as never, `bad-${Math.random()}`);
        return 'accepted';
      } catch (error) {
        return (error as PaypalError).issue;
      }
    };
    expect(await issue({ ...good, amount: { ...good.amount, value: '24.01' } })).toBe('AMOUNT_MISMATCH');
    expect(await issue({ ...good, amount: { ...good.amount, breakdown: { ...good.amount.breakdown, item_total: { currency_code: 'EUR', value: '19.00' } }, value: '23.00' } })).toBe('ITEM_TOTAL_MISMATCH');
    expect(await issue({ ...good, amount: { ...good.amount, value: '24.001' } })).toBe('DECIMAL_PRECISION');
    expect(await issue({ ...good, amount: { currency_code: 'EUR', value: '0.00' }, items: undefined })).toBe('CANNOT_BE_ZERO_OR_NEGATIVE');
    expect(await issue({ ...good, amount: { currency_code: 'XXX', value: '1.00' }, items: undefined })).toBe('INVALID_CURRENCY_CODE');
  });

  it('takes tax added on top as tax_total, and checks the amount with it as PayPal does', async () => {
    const { client } = setUp();
    // A Quebec order: 40.00 of items, 10.00 shipping, 5% GST + 9.975% QST on 50.00 = 7.49 added.
    const taxed = paypalPurchaseUnit({ orderNo: 'JS-44444-44444', currency: 'CAD', items: [{ name: 'Shirt', sku: '1-M', unitAmount: 2000, quantity: 2 }], discount: 0, shipping: 1000, tax: 749, total: 5749 });
    expect(taxed.amount).toMatchObject({ value: '57.49', breakdown: { item_total: { value: '40.00' }, shipping: { value: '10.00' }, tax_total: { currency_code: 'CAD', value: '7.49' } } });
    expect((await client.createOrder(taxed, 'taxed')).status).toBe('CREATED');
    const { tax_total: _dropped, ...withoutTax } = taxed.amount.breakdown;
    await expect(client.createOrder({ ...taxed, amount: { ...taxed.amount, breakdown: withoutTax } }, 'untaxed')).rejects.toMatchObject({ issue: 'AMOUNT_MISMATCH' });
    // Where prices include the tax there is no tax_total: the items carry it.
    expect(unit().amount.breakdown).not.toHaveProperty('tax_total');
    expect(() => paypalPurchaseUnit({ orderNo: 'JS-44444-44444', currency: 'CAD', items: [{ name: 'Shirt', sku: '1-M', unitAmount: 2000, quantity: 2 }], discount: 0, shipping: 1000, tax: 749, total: 5000 })).toThrow(/tax 749/);
  });

  it('gives the same order for the same PayPal-Request-Id', async () => {
    const { client } = setUp();
    const a = await client.createOrder(unit(), 'same');
    const b = await client.createOrder(unit(), 'same');
    expect(b.id).toBe(a.id);
    expect((await client.createOrder(unit(), 'other')).id).not.toBe(a.id);
  });

  it('captures only approved orders, once, and replays a capture with its request id (200)', async () => {
    const { sim, client } = setUp();
    const order = await client.createOrder(unit(), 'c1');
    await expect(client.captureOrder(order.id, 'cap-0')).rejects.toMatchObject({ issue: 'ORDER_NOT_APPROVED' });
    sim.approve(order.id);
    const first = await client.captureOrder(order.id, 'cap-1');
    expect(first.replayed).toBe(false);
    expect(firstCapture(first.order)).toMatchObject({ status: 'COMPLETED', custom_id: 'JS-22222-22222', amount: { currency_code: 'EUR', value: '24.00' } });
    const replay = await client.captureOrder(order.id, 'cap-1');
    expect(replay.replayed).toBe(true);
    expect(firstCapture(replay.order)!.id).toBe(firstCapture(first.order)!.id);
    await expect(client.captureOrder(order.id, 'cap-2')).rejects.toMatchObject({ issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('flips its switches: declined, pending, 500 after committing, slow', async () => {
    const { sim, client } = setUp({ timeoutMs: 150 });
    const declined = await client.createOrder(unit(), 'd');
    sim.approve(declined.id, { decline: true });
    await expect(client.captureOrder(declined.id, 'd-1')).rejects.toMatchObject({ issue: 'INSTRUMENT_DECLINED' });
    // The buyer must approve again (another card) before a new capture.
    expect(sim.approve(declined.id)).toBe(true);
    expect(firstCapture((await client.captureOrder(declined.id, 'd-2')).order)!.status).toBe('COMPLETED');

    const pending = await client.createOrder(unit(), 'p');
    sim.approve(pending.id);
    sim.setSwitches({ nextCapture: 'PENDING' });
    expect(firstCapture((await client.captureOrder(pending.id, 'p-1')).order)!.status).toBe('PENDING');

    const failing = await client.createOrder(unit(), 'f');
    sim.approve(failing.id);
    sim.setSwitches({ nextCapture: 'ERROR_AFTER_COMMIT' });
    await expect(client.captureOrder(failing.id, 'f-1')).rejects.toBeInstanceOf(PaypalUnknownOutcome);
    expect(sim.captureOf(failing.id)!.status).toBe('COMPLETED');
    expect((await client.captureOrder(failing.id, 'f-1')).replayed).toBe(true);

    sim.setSwitches({ slowMs: 300 });
    await expect(client.getOrder(failing.id)).rejects.toBeInstanceOf(PaypalUnknownOutcome);
  });

  it('refunds a capture once', async () => {
    const { sim, client } = setUp();
    const order = await client.createOrder(unit(), 'r');
    sim.approve(order.id);
    const captureId = firstCapture((await client.captureOrder(order.id, 'r-1')).order)!.id;
    expect((await client.refundCapture(captureId, 'refund-1')).status).toBe('COMPLETED');
    expect((await client.refundCapture(captureId, 'refund-1')).status).toBe('COMPLETED');
    await expect(client.refundCapture(captureId, 'refund-2')).rejects.toMatchObject({ issue: 'CAPTURE_FULLY_REFUNDED' });
  });

  it('refunds part of a capture several times until nothing remains, as PayPal does', async () => {
    const { sim, client, calls } = setUp();
    const order = await client.createOrder(unit('JS-22222-22223', 2400), 'p');
    sim.approve(order.id);
    const captureId = firstCapture((await client.captureOrder(order.id, 'p-1')).order)!.id;
    const eur = (value: string) => ({ amount: { currency_code: 'EUR', value } });

    const first = await client.refundCapture(captureId, 'part-1', eur('10.00'));
    expect(first).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '10.00' } });
    expect(JSON.parse(calls.at(-1)!.body!)).toEqual(eur('10.00'));
    expect(sim.captureOf(order.id)!.status).toBe('PARTIALLY_REFUNDED');
    expect(sim.refundedOf(captureId)).toBe(1000);
    // The same request id replays the first answer: nothing more is paid.
    expect((await client.refundCapture(captureId, 'part-1', eur('10.00'))).id).toBe(first.id);
    expect(sim.refundedOf(captureId)).toBe(1000);

    await expect(client.refundCapture(captureId, 'part-2', eur('14.01'))).rejects.toMatchObject({ status: 422, issue: 'REFUND_AMOUNT_EXCEEDED' });
    await expect(client.refundCapture(captureId, 'part-3', eur('1.001'))).rejects.toMatchObject({ issue: 'DECIMAL_PRECISION' });
    await expect(client.refundCapture(captureId, 'part-4', { amount: { currency_code: 'USD', value: '1.00' } })).rejects.toMatchObject({ issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH' });
    await expect(client.refundCapture(captureId, 'part-5', eur('0.00'))).rejects.toMatchObject({ issue: 'CANNOT_BE_ZERO_OR_NEGATIVE' });
    expect(sim.refundedOf(captureId)).toBe(1000);

    expect((await client.refundCapture(captureId, 'part-6', eur('4.00'))).amount).toEqual({ currency_code: 'EUR', value: '4.00' });
    expect(sim.captureOf(order.id)!.status).toBe('PARTIALLY_REFUNDED');
    // No amount: all that remains.
    expect((await client.refundCapture(captureId, 'part-7')).amount).toEqual({ currency_code: 'EUR', value: '10.00' });
    expect(sim.captureOf(order.id)!.status).toBe('REFUNDED');
    expect(sim.refundedOf(captureId)).toBe(2400);
    await expect(client.refundCapture(captureId, 'part-8', eur('0.01'))).rejects.toMatchObject({ issue: 'CAPTURE_FULLY_REFUNDED' });
  });

  it('answers a refund PENDING when switched to, holds its amount, and settles it later: COMPLETED, or FAILED giving the amount back', async () => {
    const { sim, client } = setUp();
    const order = await client.createOrder(unit('JS-22222-22224', 2400), 'q');
    sim.approve(order.id);
    const captureId = firstCapture((await client.captureOrder(order.id, 'q-1')).order)!.id;
    const eur = (value: string) => ({ amount: { currency_code: 'EUR', value } });

    sim.setSwitches({ nextRefund: 'PENDING' });
    const pending = await client.refundCapture(captureId, 'r-1', eur('10.00'));
    expect(pending.status).toBe('PENDING');
    expect((await client.getRefund(pending.id)).status).toBe('PENDING');
    // Held: the capture is not refunded yet, but only the rest can be refunded; the switch was one-shot.
    expect(sim.captureOf(order.id)!.status).toBe('COMPLETED');
    await expect(client.refundCapture(captureId, 'r-2', eur('14.01'))).rejects.toMatchObject({ issue: 'REFUND_AMOUNT_EXCEEDED' });
    expect((await client.refundCapture(captureId, 'r-3', eur('4.00'))).status).toBe('COMPLETED');
    expect(sim.captureOf(order.id)!.status).toBe('PARTIALLY_REFUNDED');

    expect(sim.settlePendingRefund(pending.id, 'FAILED')!.status).toBe('FAILED');
    expect(sim.settlePendingRefund(pending.id, 'COMPLETED')).toBeNull();
    expect((await client.getRefund(pending.id)).status).toBe('FAILED');
    expect(sim.refundedOf(captureId)).toBe(400);

    sim.setSwitches({ nextRefund: 'PENDING' });
    const rest = await client.refundCapture(captureId, 'r-4');
    expect(rest).toMatchObject({ status: 'PENDING', amount: { currency_code: 'EUR', value: '20.00' } });
    expect(sim.settlePendingRefund(rest.id, 'COMPLETED')!.status).toBe('COMPLETED');
    expect((await client.getRefund(rest.id)).status).toBe('COMPLETED');
    expect(sim.captureOf(order.id)!.status).toBe('REFUNDED');
    await expect(client.getRefund('NO-SUCH-REFUND')).rejects.toMatchObject({ status: 404 });
  });

  it('makes a refund in "PayPal’s dashboard", outside the shop, and sends its webhook', async () => {
    const { sim, client } = setUp();
    const order = await client.createOrder(unit('JS-22222-22225', 2400), 's');
    sim.approve(order.id);
    const captureId = firstCapture((await client.captureOrder(order.id, 's-1')).order)!.id;
    const delivered: string[] = [];
    sim.webhookSink = async (delivery) => {
      delivered.push(delivery.body);
      return 200;
    };
    sim.setSwitches({ autoWebhooks: true });
    const refund = sim.refundFromDashboard(captureId, 500);
    expect(refund).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '5.00' } });
    await sim.drain();
    expect(delivered.map((body) => JSON.parse(body) as { event_type: string; resource: { id: string } })).toEqual([expect.objectContaining({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: expect.objectContaining({ id: refund.id }) })]);
    expect(sim.refundedOf(captureId)).toBe(500);
  });

  it('verifies webhook signatures it made, and nothing else', async () => {
    const { sim, client } = setUp();
    const event = sim.event('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP1', amount: { currency_code: 'EUR', value: '1.00' } });
    const delivery = sim.sign(event);
    const headers = {
      transmissionId: delivery.headers['paypal-transmission-id']!,
      transmissionTime: delivery.headers['paypal-transmission-time']!,
      transmissionSig: delivery.headers['paypal-transmission-sig']!,
      certUrl: delivery.headers['paypal-cert-url']!,
      authAlgo: delivery.headers['paypal-auth-algo']!,
    };
    expect(await client.verifyWebhookSignature(headers, SIM_WEBHOOK_ID, JSON.parse(delivery.body))).toBe(true);
    expect(await client.verifyWebhookSignature(headers, 'WH-OTHER', JSON.parse(delivery.body))).toBe(false);
    expect(await client.verifyWebhookSignature(headers, SIM_WEBHOOK_ID, { ...event, event_type: 'PAYMENT.CAPTURE.REFUNDED' })).toBe(false);
    expect(await client.verifyWebhookSignature({ ...headers, transmissionSig: sim.sign(event, { tamper: true }).headers['paypal-transmission-sig']! }, SIM_WEBHOOK_ID, event)).toBe(false);
  });
});
