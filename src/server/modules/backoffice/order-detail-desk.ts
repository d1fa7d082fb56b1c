/**
 * One order as staff see it (AdminOrderDetail): the shopper's view (OrderService.detail) plus the
 * customer, the payment with its PayPal ids, refunds, what may still be refunded, internal notes
 * and the moves the caller may make now. Notes are added here, each with its audit row.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AdminNote, AdminOrderDetail, AdminPayment, AdminRefund } from '../../../domain/back-office/orders.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { ORDER_STATUSES, lineGoodsTax, moveProblem, taxWasAdded, type OrderStatus } from '../../../domain/orders.model.ts';
import { PERMISSIONS, hasPermission, type CodesHeld, type Permission } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { OrderNotes, orderByNumber, orderItems, orderTaxLinesOf, orders, type OrderRow, type OrderService } from '../orders/index.ts';
import { payments, refunds } from '../payments/index.ts';

/** The code a move to each status needs; paid is PayPal's to say (a verified capture), never staff's. */
const MOVE_PERMISSION: Partial<Record<OrderStatus, Permission>> = {
  processing: PERMISSIONS.ORDER_MOVE,
  shipped: PERMISSIONS.ORDER_MOVE,
  delivered: PERMISSIONS.ORDER_MOVE,
  cancelled: PERMISSIONS.ORDER_CANCEL,
  refunded: PERMISSIONS.ORDER_REFUND,
};

/** The statuses the caller may move the order to now: the domain's rule and their codes (roles and grants). */
export function nextStatusesFor(status: OrderStatus, personalised: boolean, held: CodesHeld): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => {
    const code = MOVE_PERMISSION[to];
    return code !== undefined && moveProblem(status, to, personalised) === null && hasPermission(held, code);
  });
}

/** Money still refundable: the captured amount less refunds done or under way; none before capture. */
function refundableOf(payment: AdminPayment | undefined, refundRows: AdminRefund[]): number {
  // Money paid offline goes back outside the shop: the refund path refuses it (docs/back-office.md "Manual orders").
  if (!payment || payment.provider === 'offline' || !['captured', 'partially_refunded'].includes(payment.status)) return 0;
  const given = refundRows.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, payment.amount - given);
}

export class OrderDetailDesk extends AuditedDesk {
  private readonly orders: OrderService;

  constructor(db: Db, orderService: OrderService) {
    super(db);
    this.orders = orderService;
  }

  row(orderNo: string): Promise<OrderRow> {
    return orderByNumber(this.db, orderNo);
  }

  async detail(orderNo: string, locale: Locale, held: CodesHeld): Promise<AdminOrderDetail> {
    const row = await this.row(orderNo);
    const [base, paymentRows, refundRows, notes, owner, taxLines, replaced, reasons] = await Promise.all([
      this.orders.detail(row, locale),
      this.db.select().from(payments).where(eq(payments.orderId, row.id)),
      this.db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
      OrderNotes.of(this.db, [row.id]),
      row.userId === null ? Promise.resolve([]) : this.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.userId)),
      taxWasAdded(row) ? orderTaxLinesOf(this.db, row.id) : Promise.resolve([]),
      row.replacesOrderId === null ? Promise.resolve([]) : this.db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, row.replacesOrderId)),
      row.source === 'staff' ? this.db.select({ id: orderItems.id, reason: orderItems.priceReason }).from(orderItems).where(and(eq(orderItems.orderId, row.id), isNotNull(orderItems.priceReason))).orderBy(asc(orderItems.id)) : Promise.resolve([]),
    ]);
    const paymentList: AdminPayment[] = paymentRows.map((p) => ({
      provider: p.provider,
      status: p.status,
      amount: p.amount,
      currency: p.currency as CurrencyCode,
      paypalOrderId: p.paypalOrderId,
      captureId: p.captureId,
      payerName: p.payerName,
      payerEmail: p.payerEmail,
      offlineMethod: p.offlineMethod,
      offlineReference: p.offlineReference,
      offlineReason: p.offlineReason,
    }));
    const refundList: AdminRefund[] = refundRows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      amount: r.amount,
      currency: r.currency as CurrencyCode,
      paypalRefundId: r.paypalRefundId,
      status: r.status as AdminRefund['status'],
      reason: r.reason,
      byEmail: r.byEmail,
      lines: r.lines,
      restocked: r.restocked,
    }));
    const shipTo = `${row.shippingAddress.firstName} ${row.shippingAddress.lastName}`.trim();
    const account = owner[0];
    return {
      ...base,
      paymentState: row.paymentState,
      source: row.source,
      replacesOrderNo: replaced[0]?.orderNo ?? null,
      priceReasons: reasons.map((r) => ({ id: r.id, reason: r.reason! })),
      customer: { userId: row.userId, email: row.email, name: account ? `${account.firstName} ${account.lastName}`.trim() : shipTo, locale: row.locale },
      payments: paymentList,
      refunds: refundList,
      refundable: refundableOf(paymentList[0], refundList),
      // base.lines are by id, the tax lines' line index.
      lineTax: taxWasAdded(row) ? base.lines.map((line, index) => ({ id: line.id, tax: lineGoodsTax(taxLines, index) })) : [],
      notes: notes.get(row.id) ?? [],
      // A paid order's cancellation or refund is a refund, which an offline payment cannot take.
      nextStatuses: nextStatusesFor(row.status as OrderStatus, row.personalised, held).filter((to) => !(paymentList[0]?.provider === 'offline' && (to === 'refunded' || (to === 'cancelled' && row.status !== 'pending_payment')))),
    };
  }

  /** An internal note and its audit row, in one transaction. */
  async addNote(actor: AuditActor, orderNo: string, text: string): Promise<AdminNote> {
    const row = await this.row(orderNo);
    return this.db.transaction(async (tx) => {
      const note = await OrderNotes.add(tx, row.id, actor, text);
      await this.audit.record(tx, { actor, action: 'order.note', entity: 'order', entityId: row.orderNo, before: null, after: { noteId: note.id, text } });
      return note;
    });
  }
}
