/**
 * Webhook events, queued in the transaction of the change they tell of (docs/api.md "Webhooks"):
 * one delivery row per active endpoint subscribed to the type, so an event exists exactly when
 * its change committed. Without subscribed endpoints it costs one read of a small table.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent, WebhookType } from '../../../domain/back-office/webhooks.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from './schema.ts';

/** The body every delivery sends: `data` is the order's or the product's. */
export interface WebhookPayload {
  id: string;
  type: WebhookType;
  /** ISO time of the change. */
  created: string;
  data: Record<string, unknown>;
}

export function payloadOf(type: WebhookType, data: Record<string, unknown>): WebhookPayload {
  return { id: `evt_${randomUUID()}`, type, created: new Date().toISOString(), data };
}

/** Queues `type` to every active endpoint subscribed to it, in the caller's transaction; answers how many deliveries. */
export async function emitWebhookTx(tx: Db | Tx, type: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  const targets = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
  if (targets.length === 0) return 0;
  const payload = payloadOf(type, data);
  await tx.insert(webhookDeliveries).values(targets.map((t) => ({ endpointId: t.id, eventId: payload.id, type, payload: { ...payload } })));
  return targets.length;
}

/** What an order event says of the order: amounts in integer minor units of its currency. */
export interface OrderFacts {
  id: number;
  orderNo: string;
  status: string;
  currency: string;
  itemsTotal: number;
  shippingAmount: number;
  taxTotal: number;
  total: number;
}

export function orderData(row: OrderFacts, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order: { id: row.id, number: row.orderNo, status: row.status, currency: row.currency, itemsTotal: row.itemsTotal, shipping: row.shippingAmount, tax: row.taxTotal, total: row.total },
    ...extra,
  };
}

/** `product.changed`'s data: which product, and what was done to it. */
export async function announceProductTx(tx: Db | Tx, product: { id: number; handle: string; published: boolean }, action: 'created' | 'updated' | 'duplicated' | 'published' | 'unpublished' | 'imported'): Promise<void> {
  await emitWebhookTx(tx, 'product.changed', { product: { id: product.id, handle: product.handle, published: product.published }, action });
}
