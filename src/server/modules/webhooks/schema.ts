/**
 * Outgoing webhooks (docs/api.md "Webhooks"): the endpoints the shop calls, and one delivery row
 * per event and endpoint, written in the transaction of the change and sent by the outbox's
 * machinery (claim with a lease, backoff, send again), as mail is.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, parentId, serialId, timestamps } from '../../db/columns.ts';
import { MAIL_STATES } from '../outbox/schema.ts';

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
    status: text('status', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: at('claimed_until'),
    /** The receiver's last HTTP status, null when it could not be reached. */
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    check('webhook_deliveries_status_ck', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
