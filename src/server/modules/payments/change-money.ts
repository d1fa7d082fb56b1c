/**
 * What an order change needs of the payments module (the orders module's OrderChangeMoney port,
 * wired in app.ts; docs/back-office.md "Order changes"): what the shopper has paid so far, the
 * order's payment requests for the back office, and a lower total paid back through the refund
 * path (RefundDesk: a refund by amount, so the credit note follows and the refunds' guard counts it).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { PaymentRequestRecord } from '../../../domain/order-changes.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffCaller } from '../../../domain/back-office/staff.model.ts';
import type { RefundDesk } from './refund-desk.ts';
import { paymentRequests, payments, refunds } from './schema.ts';

/** A change's refund's idempotency key: one refund per change, whatever retries. */
export const changeRefundKey = (changeId: number) => `order-change-${changeId}`;

export class ChangeMoney {
  private readonly d: { db: Db; refunds: RefundDesk };

  constructor(deps: { db: Db; refunds: RefundDesk }) {
    this.d = deps;
  }

  /**
   * What the shopper has paid net (the order's capture and paid requests, less refunds not
   * failed), and whether a refund other than an order change's was made (such an order is no
   * longer changed: its refunded lines and a change would overlap).
   */
  async paidTx(tx: Tx, orderId: number): Promise<{ paid: number; otherRefunds: boolean }> {
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId));
    // Paid by PayPal (a capture) or offline (a staff order's bank transfer or cash, no capture).
    const captured = payment && (payment.captureId || payment.provider === 'offline') && ['captured', 'partially_refunded', 'refunded'].includes(payment.status) ? payment.amount : 0;
    // A staff order's link paid the order's own payment above, not an extra.
    const extra = await tx
      .select({ amount: paymentRequests.amount })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.orderId, orderId), eq(paymentRequests.status, 'paid'), ne(paymentRequests.purpose, 'manual-order')));
    const back = await tx.select({ amount: refunds.amount, key: refunds.idempotencyKey }).from(refunds).where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
    const paid = captured + extra.reduce((s, r) => s + r.amount, 0) - back.reduce((s, r) => s + r.amount, 0);
    return { paid, otherRefunds: back.some((r) => !r.key.startsWith('order-change-')) };
  }

  async requestsOf(db: Db | Tx, orderId: number): Promise<PaymentRequestRecord[]> {
    const rows = await db.select().from(paymentRequests).where(eq(paymentRequests.orderId, orderId)).orderBy(desc(paymentRequests.id));
    return rows.map((r) => ({ id: r.id, amount: r.amount, currency: r.currency, status: r.status, expiresAt: r.expiresAt.toISOString() }));
  }

  /** Pays back `amount` of a change through PayPal; its key makes a retry the same refund. */
  async refundChange(orderNo: string, changeId: number, amount: number, caller: StaffCaller): Promise<void> {
    await this.d.refunds.refund(orderNo, { idempotencyKey: changeRefundKey(changeId), lines: [], amount, reason: 'order change', override: false, closeAs: 'refunded' }, caller);
  }
}
