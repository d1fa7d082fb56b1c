/**
 * The order as staff see it (AdminOrderDetail): the shopper's view, the payments with their
 * PayPal ids, the refunds, what may still be refunded, the internal notes, and the moves the
 * caller may make now. The refund and move calls answer it.
 */
import { asc, eq } from 'drizzle-orm';
import type { AdminOrderDetail, PaymentState } from '../../../domain/admin.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { canMove, ORDER_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import { hasPermission, PERMISSIONS } from '../../../domain/staff.model.ts';
import type { StaffCaller } from './desk.ts';
import type { OrderService } from './orders.ts';
import { orderNotes } from './schema.ts';
import type { OrderRow } from './views.ts';

/** The payment's state as the back office filters and shows it. */
export function paymentStateOf(paymentStatus: string | undefined): PaymentState {
  if (paymentStatus === 'partially_refunded' || paymentStatus === 'refunded') return paymentStatus;
  return paymentStatus === 'captured' ? 'paid' : 'unpaid';
}

/** The moves the caller's codes allow from here (an override is not assumed). */
export function nextStatusesFor(row: OrderRow, roles: readonly string[]): OrderStatus[] {
  const from = row.status as OrderStatus;
  const needs = (to: OrderStatus) =>
    to === 'cancelled' ? PERMISSIONS.ORDER_CANCEL : to === 'refunded' ? PERMISSIONS.ORDER_REFUND : PERMISSIONS.ORDER_MOVE;
  return ORDER_STATUSES.filter((to) => to !== 'paid' && canMove(from, to, row.personalised) && hasPermission(roles, needs(to)));
}

export async function adminOrderDetail(orders: OrderService, row: OrderRow, caller: Pick<StaffCaller, 'roles'>, locale: Locale): Promise<AdminOrderDetail> {
  const db = orders.database;
  const [detail, payments, refunds, notes] = await Promise.all([
    orders.detail(row, locale),
    orders.paymentsPort.paymentsOf(db, row.id),
    orders.paymentsPort.refundsOf(db, row.id),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, row.id)).orderBy(asc(orderNotes.at), asc(orderNotes.id)),
  ]);
  const captured = payments.filter((p) => ['captured', 'partially_refunded', 'refunded'].includes(p.status)).reduce((sum, p) => sum + p.amount, 0);
  const held = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  const a = row.shippingAddress;
  return {
    ...detail,
    paymentState: paymentStateOf(payments[0]?.status),
    customer: { userId: row.userId, email: row.email, name: `${a.firstName} ${a.lastName}`.trim(), locale: row.locale },
    payments,
    refunds,
    refundable: Math.max(0, captured - held),
    notes: notes.map((n) => ({ id: n.id, at: n.at.toISOString(), authorEmail: n.authorEmail, text: n.text })),
    nextStatuses: nextStatusesFor(row, caller.roles),
  };
}
