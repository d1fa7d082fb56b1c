/**
 * The payments table's rows as other modules need them: checkout opens the order's payment in
 * its transaction, and orders (through the OrderPayments port app.ts wires) void it when an
 * unpaid order is cancelled, check that no capture is under way, and show it on the order page.
 * Everything else about a payment is payments.ts and webhook.ts, in this module.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { insertFrom } from '../../db/json-rows.ts';
import type { PaymentProvider } from '../../../domain/orders.model.ts';
import type { OfflinePaymentMethod } from '../../../domain/order-changes.model.ts';
import { paymentRequests, payments } from './schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

export interface CaptureDetails {
  captureId: string | null;
  payerEmail: string | null;
  payerName: string | null;
}

/** Payment states after a capture: money was taken (and perhaps partly or wholly given back). */
export const SETTLED = sql.raw(`('captured', 'partially_refunded', 'refunded')`);

export class PaymentLedger {
  /**
   * The pending payment of a new order, as SQL for the orders module's placing statement (one
   * round trip, prepared once): its amount and currency are the new order's, read from `order`.
   */
  opening(order: { id: SQL; total: SQL; currency: SQL; source: SQL }): SQL {
    return insertFrom(payments, { orderId: order.id, provider: 'paypal', status: 'new', amount: order.total, currency: order.currency }, order.source);
  }

  /** A verified, completed capture: recorded unless the payment was already captured or refunded. */
  async recordCapture(tx: Tx, orderId: number, capture: CaptureDetails, at: Date): Promise<void> {
    await tx
      .update(payments)
      .set({
        status: 'captured',
        ...(capture.captureId ? { captureId: capture.captureId } : {}),
        ...(capture.payerEmail ? { payerEmail: capture.payerEmail } : {}),
        ...(capture.payerName ? { payerName: capture.payerName } : {}),
        lastIssue: null,
        updatedAt: at,
      })
      .where(and(eq(payments.orderId, orderId), sql`${payments.status} not in ${SETTLED}`));
  }

  /**
   * An unpaid order cancelled: its payment voided, and a staff order's payment link (open, or
   * expired but still capturable) cancelled with it, so a late capture of it is given back.
   */
  async voidOpen(tx: Tx, orderId: number, at: Date): Promise<void> {
    await tx.update(payments).set({ status: 'void', updatedAt: at }).where(and(eq(payments.orderId, orderId), sql`${payments.status} not in ${SETTLED}`));
    await tx
      .update(paymentRequests)
      .set({ status: 'cancelled', closedByEmail: 'system', closeReason: 'The order was cancelled unpaid', updatedAt: at })
      .where(and(eq(paymentRequests.orderId, orderId), inArray(paymentRequests.status, ['open', 'expired'])));
  }

  /**
   * A staff order paid outside PayPal (bank transfer, cash): the payment becomes offline and
   * captured with its method, reference and reason (the trigger makes the order's payment state
   * paid). False when the payment was settled already.
   */
  async recordOffline(tx: Tx, orderId: number, offline: { method: OfflinePaymentMethod; reference: string; reason: string }, at: Date): Promise<boolean> {
    const done = await tx
      .update(payments)
      .set({ provider: 'offline', status: 'captured', offlineMethod: offline.method, offlineReference: offline.reference, offlineReason: offline.reason, lastIssue: null, updatedAt: at })
      .where(and(eq(payments.orderId, orderId), sql`${payments.status} not in ${SETTLED}`))
      .returning({ id: payments.id });
    return done.length > 0;
  }

  /** Whether the order was paid offline (no PayPal capture to refund). */
  async offlineTx(tx: Tx, orderId: number): Promise<boolean> {
    const [payment] = await tx.select({ provider: payments.provider }).from(payments).where(eq(payments.orderId, orderId));
    return payment?.provider === 'offline';
  }

  noneUnderWay(orderId: AnyPgColumn): SQL {
    return sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orderId} and ${payments.status} in ('pending', 'captured', 'partially_refunded'))`;
  }

  async summaryOf(db: Db, orderId: number): Promise<{ provider: PaymentProvider; status: string; payerName: string | null } | null> {
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    return payment ? { provider: payment.provider, status: payment.status, payerName: payment.payerName } : null;
  }
}
