/**
 * Outgoing webhooks (docs/api.md "Webhooks"): the endpoints the shop calls, and one delivery row
 * per event and endpoint, written in the transaction of the change and sent by the outbox's
 * machinery (claim with a lease, backoff, send again), as mail is.
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { parentId, serialId, timestamps } from '../../db/columns.ts';
import { queuedColumns, queuedRules } from '../outbox/schema.ts';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serialId(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** The event types it is sent (WEBHOOK_EVENTS of domain/back-office/webhooks.model.ts). */
  events: jsonb('events').$type<string[]>().notNull(),
  /** The HMAC key of its signatures; owners may read it again (docs/api.md "Webhooks"). */
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

/** A delivery goes through the mail outbox's states: pending, sending (claimed), sent, failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: parentId('endpoint_id', () => webhookEndpoints.id),
    /** The event's id, the same for every endpoint it goes to: receivers fold repeats by it. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The body sent, as written when the event happened. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The receiver's last HTTP status, null when it could not be reached. */
    lastStatusCode: integer('last_status_code'),
    ...queuedColumns(),
  },
  (t) => [...queuedRules('webhook_deliveries', t), index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);
