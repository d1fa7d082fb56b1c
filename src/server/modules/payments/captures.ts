/**
 * The captures an order's money came in by (docs/checkout-and-payments.md "Payment requests"):
 * the order's payment, then each paid payment request's (an order change's extra), oldest first.
 * A refund draws on them in that order, each never beyond what it holds less what was refunded
 * of it (pending refunds count), so together refunds never exceed what was paid; a refund larger
 * than what is left of one capture is split into a part per capture (refunds.capture_id names
 * each part's; null is the order's payment's).
 */
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentRequests, payments } from './schema.ts';

export interface Capture {
  /** PayPal's capture id, what a refund is asked of. */
  captureId: string;
  /** refunds.capture_id of its refunds: null for the order's payment. */
  key: string | null;
  amount: number;
}

/** What PayPal captured of the order, by capture (nothing before a capture, or for a payment voided). */
export async function capturesOf(db: Db | Tx, orderId: number): Promise<Capture[]> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const paid = await db
    .select({ captureId: paymentRequests.captureId, amount: paymentRequests.amount })
    .from(paymentRequests)
    // A staff order's link pays the order itself: its capture is the payment's (pay-requests.ts), not an extra.
    .where(and(eq(paymentRequests.orderId, orderId), eq(paymentRequests.status, 'paid'), isNotNull(paymentRequests.captureId), ne(paymentRequests.purpose, 'manual-order')))
    .orderBy(asc(paymentRequests.paidAt), asc(paymentRequests.id));
  const first: Capture[] =
    payment && payment.captureId && ['captured', 'partially_refunded', 'refunded'].includes(payment.status) ? [{ captureId: payment.captureId, key: null, amount: payment.amount }] : [];
  return [...first, ...paid.map((r) => ({ captureId: r.captureId!, key: r.captureId, amount: r.amount }))];
}

export function capturedTotal(captures: readonly Capture[]): number {
  return captures.reduce((sum, c) => sum + c.amount, 0);
}

/**
 * How `amount` is drawn from the captures given the refunds already made or under way
 * (`earlier`, not failed): the oldest capture first, each within what it has left. Throws when
 * the captures together have less left than `amount` (the caller checked that first).
 */
export function splitRefund(captures: readonly Capture[], earlier: readonly { captureId: string | null; amount: number }[], amount: number): { capture: Capture; amount: number }[] {
  let rest = amount;
  const parts: { capture: Capture; amount: number }[] = [];
  for (const capture of captures) {
    if (rest <= 0) break;
    const used = earlier.filter((r) => r.captureId === capture.key).reduce((sum, r) => sum + r.amount, 0);
    const take = Math.min(rest, capture.amount - used);
    if (take > 0) {
      parts.push({ capture, amount: take });
      rest -= take;
    }
  }
  if (rest > 0) throw new Error(`the captures have ${amount - rest} left to refund, not ${amount}`);
  return parts;
}

/** The key of a refund's later part: the asked key, `~` (which no key the desk accepts holds), the part's number. */
export function partKey(key: string, part: number): string {
  return part === 0 ? key : `${key}~${part}`;
}

/** Whether a refund row is a part of the refund asked with `key`. */
export function isPartOf(rowKey: string, key: string): boolean {
  return rowKey === key || rowKey.startsWith(`${key}~`);
}
