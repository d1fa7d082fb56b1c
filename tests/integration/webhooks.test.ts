/**
 * Outgoing webhooks (docs/api.md "Webhooks"): an order paid through the shop reaches a real local
 * receiver with a signature that verifies with the documented recipe; a receiver answering 500
 * is retried with backoff, then delivered; staff send a delivery again; a rolled-back change
 * sends nothing; addresses outside the rules and callers without settings:edit are refused.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminProductsApi } from '../../src/domain/api/admin/products.ts';
import { webhooksApi } from '../../src/domain/api/admin/webhooks.ts';
import type { WebhookDeliveryView, WebhookEndpointWithSecret } from '../../src/domain/back-office/webhooks.model.ts';
import { webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema.ts';
import { emitWebhookTx, urlProblem } from '../../src/server/modules/webhooks/index.ts';
import { auditRows, callEntry, staffAccount, type Staff } from './admin-support.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine } from './orders-support.ts';

// ---- the recipe of docs/api.md "Verifying a webhook", as written there (checked below) ----
export function verifyJerseyWebhook(rawBody: string, header: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
// ---- end of the recipe ----

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a random local port: records every request and answers the next of `answers` (200 once they run out). */
function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: number[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, received, answers, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let shop: TestShop;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: Staff;
let admin: Staff;

beforeAll(async () => {
  receiver = await startReceiver();
  // Retries 100 ms after a failure, doubling, at most 3 attempts: the backoff is seen in the test's time.
  shop = await createTestShop({ reconcileIntervalMs: 0, mailRetryMs: 100, mailMaxAttempts: 3 });
  [owner, admin] = await Promise.all([staffAccount(shop, 'R_SUPER'), staffAccount(shop, 'R_ADMIN')]);
});
afterAll(async () => {
  await shop?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await shop.database.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const db = () => shop.database.db;

async function addEndpoint(events: string[], url = receiver.url): Promise<WebhookEndpointWithSecret> {
  const answer = await callEntry<WebhookEndpointWithSecret>(shop, webhooksApi.save, { url, description: 'ERP', events }, owner);
  expect(answer.code, answer.msg).toBe('0000');
  expect(answer.data.secret).toMatch(/^whsec_/);
  return answer.data;
}

const deliveriesOf = async (endpointId: number) => (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).sort((a, b) => a.id - b.id);

describe('webhooks', () => {
  it('documents the verification recipe exactly as this test runs it', async () => {
    const docs = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const block = /### Verifying a webhook[\s\S]*?```ts\n([\s\S]*?)```/.exec(docs)?.[1];
    const source = await readFile(new URL(import.meta.url), 'utf8');
    const recipe = /\/\/ ---- the recipe.*\n([\s\S]*?)\/\/ ---- end of the recipe/.exec(source)![1]!;
    expect(block).toBeTruthy();
    // The docs' import line is the test's import from node:crypto; the function is the same text.
    expect(block).toContain(recipe.trim());
  });

  it('sends an order paid through the shop, signed so the documented recipe verifies it', async () => {
    const endpoint = await addEndpoint(['order.paid']);
    const stock = await findStock(shop, 5);
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    await pay(shop, order);
    await shop.app.webhooks.drain();

    const paid = receiver.received.filter((r) => r.headers['x-jersey-event'] === 'order.paid');
    expect(paid).toHaveLength(1);
    const [hit] = paid;
    const signature = hit!.headers['x-jersey-signature'] as string;
    expect(verifyJerseyWebhook(hit!.body, signature, endpoint.secret)).toBe(true);
    // The same body with another secret, or a changed body, does not verify.
    expect(verifyJerseyWebhook(hit!.body, signature, `${endpoint.secret}x`)).toBe(false);
    expect(verifyJerseyWebhook(hit!.body.replace('"paid"', '"paiD"'), signature, endpoint.secret)).toBe(false);
    const body = JSON.parse(hit!.body) as { id: string; type: string; data: { order: Record<string, unknown> } };
    expect(body.type).toBe('order.paid');
    expect(body.id).toMatch(/^evt_/);
    expect(body.data.order).toMatchObject({ number: order.orderNo, status: 'paid', currency: 'EUR' });
    expect(Number.isInteger(body.data.order.total)).toBe(true);
    expect(body.data.order.total).toBeGreaterThan(0);
    const [row] = await deliveriesOf(endpoint.id);
    expect(hit!.headers['x-jersey-delivery']).toBe(String(row!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastStatusCode: 200, eventId: body.id });
  });

  it('retries a receiver answering 500 with backoff, then delivers; staff send it again', async () => {
    const endpoint = await addEndpoint(['order.paid']);
    receiver.answers.push(500, 500);
    const test = await callEntry<WebhookDeliveryView>(shop, webhooksApi.test, { id: endpoint.id }, owner);
    expect(test.code, test.msg).toBe('0000');
    await shop.app.webhooks.drain();
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    // Due again only after its backoff (100 ms, a fifth of jitter), counted from the failed attempt.
    expect(row!.nextAttemptAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(90);
    await new Promise((done) => setTimeout(done, 150));
    await shop.app.webhooks.drain();
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 500 });
    await new Promise((done) => setTimeout(done, 250));
    await shop.app.webhooks.drain();
    [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastStatusCode: 200, lastError: null });
    expect(receiver.received.map((r) => r.headers['x-jersey-event'])).toEqual(['ping', 'ping', 'ping']);
    // Every attempt is the same delivery and body, each signed afresh.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const hit of receiver.received) expect(verifyJerseyWebhook(hit.body, hit.headers['x-jersey-signature'] as string, endpoint.secret)).toBe(true);

    const log = await callEntry<{ records: WebhookDeliveryView[]; total: number }>(shop, webhooksApi.deliveries, { endpointId: endpoint.id }, owner);
    expect(log.data.total).toBe(1);
    expect(log.data.records[0]).toMatchObject({ id: row!.id, type: 'ping', status: 'sent', attempts: 3, lastStatusCode: 200 });

    const again = await callEntry<WebhookDeliveryView>(shop, webhooksApi.redeliver, { id: row!.id }, owner);
    expect(again.code, again.msg).toBe('0000');
    expect(again.data).toMatchObject({ status: 'pending', attempts: 0 });
    await shop.app.webhooks.drain();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]!.headers['x-jersey-delivery']).toBe(String(row!.id));
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    const [audit] = await auditRows(shop);
    expect(audit).toMatchObject({ action: 'webhook.redeliver', entity: 'webhook', entityId: String(endpoint.id), actorId: owner.userId });
  });

  it('gives up after the last attempt and lists the delivery as failed', async () => {
    const endpoint = await addEndpoint(['order.paid']);
    receiver.answers.push(503, 503, 503);
    await callEntry(shop, webhooksApi.test, { id: endpoint.id }, owner);
    for (let i = 0; i < 3; i++) {
      await shop.app.webhooks.drain();
      await new Promise((done) => setTimeout(done, 100 * 2 ** i + 60));
    }
    await shop.app.webhooks.drain();
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 503 });
    const [listed] = (await callEntry<{ id: number; failed: number; lastStatus: string }[]>(shop, webhooksApi.list, {}, owner)).data;
    expect(listed).toMatchObject({ id: endpoint.id, failed: 1, lastStatus: 'failed' });
  });

  it('emits nothing from a rolled-back transaction, and only to active endpoints subscribed to the type', async () => {
    const subscribed = await addEndpoint(['product.changed']);
    const other = await addEndpoint(['order.paid']);
    const paused = await addEndpoint(['product.changed']);
    await callEntry(shop, webhooksApi.save, { id: paused.id, url: receiver.url, events: ['product.changed'], active: false }, owner);

    await expect(
      db().transaction(async (tx) => {
        expect(await emitWebhookTx(tx, 'product.changed', { product: { id: 1 } })).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db().select().from(webhookDeliveries)).toHaveLength(0);

    await db().transaction((tx) => emitWebhookTx(tx, 'product.changed', { product: { id: 1 } }));
    expect(await deliveriesOf(subscribed.id)).toHaveLength(1);
    expect(await deliveriesOf(other.id)).toHaveLength(0);
    expect(await deliveriesOf(paused.id)).toHaveLength(0);
  });

  it('sends product.changed for each product a bulk price or stock change touched, not for one it left alone', async () => {
    const endpoint = await addEndpoint(['product.changed']);
    const stock = await findStock(shop, 5);
    const repriced = await callEntry(shop, adminProductsApi.bulkPrice, { ids: [stock.productId], mode: 'add', value: 100 }, admin);
    expect(repriced.code, repriced.msg).toBe('0000');
    const restocked = await callEntry(shop, adminProductsApi.bulkStock, { ids: [stock.productId], size: null, stock: 7 }, admin);
    expect(restocked.code, restocked.msg).toBe('0000');
    // The same stock again changes nothing, so it announces nothing.
    await callEntry(shop, adminProductsApi.bulkStock, { ids: [stock.productId], size: null, stock: 7 }, admin);
    const sent = (await deliveriesOf(endpoint.id)).map((row) => row.payload as { data: { product: { id: number }; action: string } });
    expect(sent.map((body) => [body.data.product.id, body.data.action])).toEqual([
      [stock.productId, 'updated'],
      [stock.productId, 'updated'],
    ]);
  });

  it('refuses addresses outside the rules, and changes nothing', async () => {
    for (const url of ['not a url', 'ftp://example.com/x', 'http://example.com/hooks', 'https://user:pw@example.com/']) {
      const answer = await callEntry(shop, webhooksApi.save, { url, events: ['order.paid'] }, owner);
      expect(answer.code, url).toBe('1001');
      expect(answer.msg).toContain('body.url');
    }
    const none = await callEntry(shop, webhooksApi.save, { url: receiver.url, events: [] }, owner);
    expect(none.code).toBe('1001');
    expect(await db().select().from(webhookEndpoints)).toHaveLength(0);
    // Production: https only, and never the shop's own network (SSRF).
    for (const url of ['https://10.0.0.8/', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://localhost/', 'http://127.0.0.1:8080/', 'https://192.168.1.10/']) expect(urlProblem(url, true), url).not.toBeNull();
    expect(urlProblem('https://hooks.example.com/in', true)).toBeNull();
    expect(urlProblem('http://127.0.0.1:8080/', false)).toBeNull();
  });

  it('refuses R_ADMIN every webhook call, and changes nothing', async () => {
    const endpoint = await addEndpoint(['order.paid']);
    const calls: [typeof webhooksApi[keyof typeof webhooksApi], unknown][] = [
      [webhooksApi.list, {}],
      [webhooksApi.save, { url: receiver.url, events: ['order.paid'] }],
      [webhooksApi.remove, { id: endpoint.id }],
      [webhooksApi.rotate, { id: endpoint.id }],
      [webhooksApi.test, { id: endpoint.id }],
      [webhooksApi.deliveries, { endpointId: endpoint.id }],
    ];
    for (const [entry, body] of calls) expect((await callEntry(shop, entry, body, admin)).code, entry.path).toBe('1403');
    const rows = await db().select().from(webhookEndpoints);
    expect(rows).toHaveLength(1);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
  });

  it('rotates the secret: later deliveries are signed with the new one; the audit log never holds a secret', async () => {
    const endpoint = await addEndpoint(['order.paid']);
    const rotated = await callEntry<WebhookEndpointWithSecret>(shop, webhooksApi.rotate, { id: endpoint.id }, owner);
    expect(rotated.data.secret).not.toBe(endpoint.secret);
    await callEntry(shop, webhooksApi.test, { id: endpoint.id }, owner);
    await shop.app.webhooks.drain();
    const [hit] = receiver.received;
    expect(verifyJerseyWebhook(hit!.body, hit!.headers['x-jersey-signature'] as string, rotated.data.secret)).toBe(true);
    expect(verifyJerseyWebhook(hit!.body, hit!.headers['x-jersey-signature'] as string, endpoint.secret)).toBe(false);
    const written = JSON.stringify(await auditRows(shop));
    expect(written).not.toContain(endpoint.secret);
    expect(written).not.toContain(rotated.data.secret);
  });
});
