/** The payment side of orders, and the PayPal webhook events already applied. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, keyedTable, money, refOrNull, staffAuthor, timestamps } from '../../db/columns.ts';
import type { OfflinePaymentMethod, PaymentRequestPurpose, PaymentRequestStatus } from '../../../domain/order-changes.model.ts';
import { PAYMENT_PROVIDERS } from '../../../domain/orders.model.ts';
import { users } from '../accounts/schema.ts';
import { orderChanges, orderParent, orders } from '../orders/schema.ts';

/**
 * The order's payment at PayPal: ids, status, amount, and the payer's name and email. Never card
 * data (PCI DSS SAQ A: the card form is PayPal's).
 */
export const payments = keyedTable(
  'payments',
  {
    orderId: orderParent(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** new, created, approved, pending, declined, captured, refunded, failed, mismatch */
    status: text('status').notNull(),
    ...money(),
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
    /** An offline payment's method (domain OFFLINE_PAYMENT_METHODS), the bank's or till's reference, and why staff recorded it; null for PayPal. */
    offlineMethod: text('offline_method').$type<OfflinePaymentMethod>(),
    offlineReference: text('offline_reference'),
    offlineReason: text('offline_reason'),
    ...timestamps(),
  },
  (t) => [
    check('payments_offline_method_ck', sql`${t.offlineMethod} is null or ${t.offlineMethod} in ('bank-transfer', 'cash', 'other')`),
    check('payments_offline_ck', sql`(${t.provider} = 'offline') = (${t.offlineMethod} is not null)`),
    uniqueIndex('payments_order_uq').on(t.orderId),
    uniqueIndex('payments_paypal_order_uq').on(t.paypalOrderId),
    uniqueIndex('payments_capture_uq').on(t.captureId),
  ],
);

/** Webhook events already applied: PayPal delivers at least once, we apply once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  orderId: refOrNull('order_id', () => orders.id),
  receivedAt: at('received_at').notNull().defaultNow(),
});

/** The order lines a refund paid back, with quantities, and whether staff asked them back into stock (orders' RefundLine). */
export interface RefundLine {
  orderItemId: number;
  quantity: number;
  restock?: boolean;
}

/**
 * A refund of a captured payment, full or partial: asked for in the back office (the idempotency
 * key makes a retried or double-clicked refund answer the first one instead of paying twice), or
 * made in PayPal's dashboard and learnt from its webhook (key `paypal:<refund id>`, by `paypal`).
 */
export const refunds = keyedTable(
  'refunds',
  {
    orderId: orderParent(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** In the order's currency. */
    ...money(),
    /**
     * pending (asked and PayPal's answer not yet in, or PayPal answered PENDING: then it has its
     * PayPal refund id, and PayPal's webhook or the reconciler completes or fails it), completed, failed
     */
    status: text('status').notNull(),
    paypalRefundId: text('paypal_refund_id'),
    /** What the order becomes when this refund pays back everything: refunded, or cancelled (a cancellation's refund). */
    closeAs: text('close_as').$type<'refunded' | 'cancelled'>().notNull().default('refunded'),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<RefundLine[]>().notNull(),
    /** True once the refunded lines' stock went back (items not yet printed). */
    restocked: boolean('restocked').notNull().default(false),
    ...staffAuthor('by', () => users.id),
    /** The capture it pays back: null for the order's payment's, else a paid payment request's (payment_requests.capture_id). */
    captureId: text('capture_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_uq').on(t.orderId, t.idempotencyKey),
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_paypal_refund_uq').on(t.paypalRefundId),
    check('refunds_amount_ck', sql`${t.amount} > 0`),
    check('refunds_status_ck', sql`${t.status} in ('pending', 'completed', 'failed')`),
  ],
);

/**
 * Money the shop asks of the buyer after placement, paid through a PayPal link mailed to them:
 * the extra of an order change, or a staff order's whole total. The link's token is stored as a
 * SHA-256 digest. While one is open the order cannot go to production; it ends paid (its own
 * PayPal order and capture), expired, waived by staff with a reason, or cancelled by a later change.
 */
export const paymentRequests = keyedTable(
  'payment_requests',
  {
    orderId: orderParent(),
    purpose: text('purpose').$type<PaymentRequestPurpose>().notNull(),
    /** The change that asked for it (purpose order-change). */
    changeId: refOrNull('change_id', () => orderChanges.id),
    /** In the order's currency. */
    ...money(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    status: text('status').$type<PaymentRequestStatus>().notNull().default('open'),
    paypalOrderId: text('paypal_order_id'),
    captureId: text('capture_id'),
    paidAt: at('paid_at'),
    /** Who waived or cancelled it, and why. */
    closedById: refOrNull('closed_by_id', () => users.id),
    closedByEmail: text('closed_by_email'),
    closeReason: text('close_reason'),
    ...timestamps(),
  },
  (t) => [
    index('payment_requests_order_idx').on(t.orderId, t.status),
    uniqueIndex('payment_requests_token_uq').on(t.tokenHash),
    uniqueIndex('payment_requests_paypal_order_uq').on(t.paypalOrderId),
    uniqueIndex('payment_requests_capture_uq').on(t.captureId),
    // One open request per order: a later change cancels the open one and asks for the new sum.
    uniqueIndex('payment_requests_one_open_uq').on(t.orderId).where(sql`${t.status} = 'open'`),
    check('payment_requests_amount_ck', sql`${t.amount} > 0`),
    check('payment_requests_status_ck', sql`${t.status} in ('open', 'paid', 'expired', 'waived', 'cancelled')`),
    check('payment_requests_purpose_ck', sql`${t.purpose} in ('order-change', 'manual-order')`),
  ],
);
