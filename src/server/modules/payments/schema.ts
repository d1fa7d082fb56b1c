/** The payment side of orders, and the PayPal webhook events already applied. */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, parentId, refOrNull, serialId, timestamps } from '../../db/columns.ts';
import { orders } from '../orders/schema.ts';

/**
 * The order's payment at PayPal: ids, status, amount, and the payer's name and email. Never card
 * data (PCI DSS SAQ A: the card form is PayPal's).
 */
export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    orderId: parentId('order_id', () => orders.id),
    provider: text('provider', { enum: ['paypal', 'none'] }).notNull(),
    /** new, created, approved, pending, declined, captured, refunded, failed, mismatch */
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paypalOrderId: text('paypal_order_id'),
    /** Bumped when PayPal must make a new order (the old one was voided), so its request id changes. */
    createAttempt: integer('create_attempt').notNull().default(1),
    /** Bumped after a definite decline, so the buyer's retry is a new capture, not a replay of the decline. */
    captureAttempt: integer('capture_attempt').notNull().default(1),
    captureId: text('capture_id'),
    refundId: text('refund_id'),
    payerEmail: text('payer_email'),
    payerName: text('payer_name'),
    /** The last problem PayPal reported (INSTRUMENT_DECLINED, AMOUNT_MISMATCH...). */
    lastIssue: text('last_issue'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('payments_order_uq').on(t.orderId), uniqueIndex('payments_paypal_order_uq').on(t.paypalOrderId), uniqueIndex('payments_capture_uq').on(t.captureId)],
);

/** Webhook events already applied: PayPal delivers at least once, we apply once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  orderId: refOrNull('order_id', () => orders.id),
  receivedAt: at('received_at').notNull().defaultNow(),
});
