/**
 * What a refund's outcome does to the shop, whoever learns it: the back office's refund call
 * (refund-desk.ts) when PayPal answers at once, PayPal's webhook (webhook.ts) or the reconciler
 * (payments.ts) when PayPal answered PENDING and decides later, and the webhook again for a
 * refund made in PayPal's dashboard, which becomes a refund row of its own here. Each function
 * runs inside its caller's transaction, under a lock on the order row, with its audit row; the
 * mails go out once that transaction committed (`mailTx`): one per refund asked, however many
 * captures it was drawn from (a part per capture, captures.ts), once its last part settled.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { canMove, lineRestockable, PAID_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import type { Clock } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { ItemRow, OrderRow, OrderService, RefundLine } from '../orders/index.ts';
import { capturedTotal, capturesOf, isPartOf, requestKeyOf } from './captures.ts';
import { payments, refunds } from './schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** PayPal in the audit log: refunds it completed, failed, or made from its own dashboard. */
export const PAYPAL_ACTOR: AuditActor = { id: null, email: 'paypal' };

/** Who learnt the outcome: the audit row's actor and the status timeline's (admin, webhook, reconciler). */
export interface RefundWitness {
  actor: AuditActor;
  timeline: string;
  /** The staff member's override of the personalised-items rule, recorded with their refund. */
  override?: boolean;
}

/** A refund (or one part of it) that completed: what to mail once committed. */
export interface SettledRefund {
  /** The refund row, completed. */
  refund: RefundRow;
  row: OrderRow;
  amount: number;
  full: boolean;
  closedAs: OrderStatus | null;
  /** The credit note it issued (null for an order paid before invoices existed). */
  creditNote: { id: number; number: string } | null;
}

/**
 * What payments need of the invoices module (app.ts wires it): a credit note issued in the
 * transaction that records a refund's completion, for that refund's amount, or for everything the
 * invoice has left (`rest`: a chargeback, a refund PayPal made before the shop knew of the capture).
 */
export interface CreditNotes {
  creditNoteTx(tx: Tx, ask: { orderId: number; refundId: number | null; amount: number | 'rest' }): Promise<{ id: number; number: string } | null>;
}

export interface RefundBookDeps {
  orders: OrderService;
  audit: AuditLog;
  clock: Clock;
  invoices: CreditNotes;
}

export class RefundBook {
  private readonly d: RefundBookDeps;

  constructor(deps: RefundBookDeps) {
    this.d = deps;
  }

  /**
   * Puts back the lines that never left the shop (lineRestockable) and those staff asked to
   * restock (returned goods; the desk refused a printed one); answers whether any went back.
   */
  async restock(tx: Tx, status: OrderStatus, lines: readonly RefundLine[], items: readonly ItemRow[]): Promise<boolean> {
    const back = lines.flatMap((line) => {
      const item = items.find((i) => i.id === line.orderItemId)!;
      const goesBack = lineRestockable(status, item.personalised) || (line.restock === true && !item.personalised);
      return goesBack ? [{ productId: item.productId, size: item.size, quantity: line.quantity }] : [];
    });
    if (back.length) await this.d.orders.restockItems(tx, back);
    return back.length > 0;
  }

  /**
   * PayPal took the refund but answered PENDING: the row keeps its PayPal id and stays pending,
   * its amount held (nothing more than the rest can be refunded meanwhile), stock and order as
   * they are. False when another call recorded it first.
   */
  async holdPending(tx: Tx, refund: RefundRow, paypalRefundId: string, by: RefundWitness): Promise<boolean> {
    const row = await this.d.orders.lockTx(tx, refund.orderId);
    const [held] = await tx
      .update(refunds)
      .set({ paypalRefundId, updatedAt: this.d.clock() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), isNull(refunds.paypalRefundId)))
      .returning();
    if (!held) return false;
    const [payment] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.orderId, refund.orderId));
    await this.d.audit.record(tx, {
      actor: by.actor,
      action: 'order.refund',
      entity: 'order',
      entityId: row.orderNo,
      before: { status: row.status, paymentStatus: payment?.status ?? null },
      after: { status: row.status, refundStatus: 'pending', amount: refund.amount, currency: refund.currency, lines: refund.lines, paypalRefundId, reason: refund.reason, ...(by.override ? { override: true } : {}) },
    });
    return true;
  }

  /**
   * The refund is paid: the row completed, the payment partially_refunded or refunded, stock back
   * for refunded lines not yet printed, the order moved to the refund's `closeAs` once everything
   * is paid back, and the audit row. Null when it was already settled (another caller won).
   */
  async complete(tx: Tx, refund: RefundRow, paypalRefundId: string, by: RefundWitness): Promise<SettledRefund | null> {
    const row = await this.d.orders.lockTx(tx, refund.orderId);
    const now = this.d.clock();
    const [done] = await tx
      .update(refunds)
      .set({ status: 'completed', paypalRefundId, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!done) return null;
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, refund.orderId));
    const { refunded, full } = await this.paidBackTx(tx, refund.orderId);
    const paymentStatus = full ? 'refunded' : 'partially_refunded';
    await tx.update(payments).set({ status: paymentStatus, refundId: paypalRefundId, updatedAt: now }).where(eq(payments.orderId, refund.orderId));

    const status = row.status as OrderStatus;
    const restocked = await this.restock(tx, status, refund.lines, await this.d.orders.itemsOf(tx, row.id));
    if (restocked) await tx.update(refunds).set({ restocked: true }).where(eq(refunds.id, refund.id));
    // In the same transaction: a refund is completed exactly when its credit note is issued.
    const creditNote = await this.d.invoices.creditNoteTx(tx, { orderId: row.id, refundId: refund.id, amount: refund.amount });
    let after = row;
    let closedAs: OrderStatus | null = null;
    if (full && PAID_STATUSES.includes(status)) {
      // The claim checked the move under the lock, and nothing moves the order on while its
      // closing refund is under way; should it have moved anyway (shipped meanwhile), everything
      // is paid back, and refunded is where any paid order may go.
      closedAs = canMove(status, refund.closeAs, false, true) ? refund.closeAs : 'refunded';
      after = (await this.d.orders.moveTx(tx, row.id, status, closedAs, by.timeline, refund.reason))!;
      if (closedAs === 'cancelled') await this.d.orders.settleCancelledTx(tx, row.id);
    }
    await this.d.audit.record(tx, {
      actor: by.actor,
      action: 'order.refund',
      entity: 'order',
      entityId: row.orderNo,
      before: { status, paymentStatus: payment!.status, refunded: refunded - refund.amount },
      after: {
        status: after.status,
        refundStatus: 'completed',
        paymentStatus,
        refunded,
        amount: refund.amount,
        currency: refund.currency,
        lines: refund.lines,
        restocked,
        paypalRefundId,
        reason: refund.reason,
        creditNote: creditNote?.number ?? null,
        ...(by.override ? { override: true } : {}),
      },
    });
    return { refund: done, row: after, amount: refund.amount, full, closedAs, creditNote };
  }

  /**
   * PayPal turned a pending refund down: the row failed, so its amount and lines are refundable
   * again; nothing else had changed (stock only goes back when a refund completes). False when
   * it was already settled.
   */
  async fail(tx: Tx, refund: RefundRow, issue: string, by: RefundWitness): Promise<boolean> {
    const row = await this.d.orders.lockTx(tx, refund.orderId);
    const [failed] = await tx
      .update(refunds)
      .set({ status: 'failed', updatedAt: this.d.clock() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!failed) return false;
    await this.d.audit.record(tx, {
      actor: by.actor,
      action: 'order.refund',
      entity: 'order',
      entityId: row.orderNo,
      before: { status: row.status, refundStatus: 'pending' },
      after: { status: row.status, refundStatus: 'failed', issue, amount: refund.amount, currency: refund.currency, paypalRefundId: refund.paypalRefundId, reason: refund.reason },
    });
    // Its other parts may have completed: with this one settled, the shopper hears of them.
    await this.mailIfSettledTx(tx, failed, null);
    return true;
  }

  /**
   * A refund made in PayPal's dashboard: recorded once as a refund row of the order (its key is
   * PayPal's refund id), then completed like any other, so the order's refunded total, payment
   * state and status are true. Null when it was recorded before.
   */
  async recordExternal(tx: Tx, order: OrderRow, paypalRefundId: string, amount: number, timeline: string, captureId: string | null = null): Promise<SettledRefund | null> {
    const now = this.d.clock();
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        idempotencyKey: `paypal:${paypalRefundId}`,
        amount,
        currency: order.currency,
        status: 'pending',
        reason: 'Refunded in the PayPal dashboard',
        lines: [],
        byEmail: PAYPAL_ACTOR.email,
        captureId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    return this.complete(tx, row, paypalRefundId, { actor: PAYPAL_ACTOR, timeline });
  }

  /** Queues the shopper's mail for a completed refund (or part), in the transaction that completed it: mailIfSettledTx. */
  async mailTx(tx: Tx, settled: SettledRefund): Promise<void> {
    await this.mailIfSettledTx(tx, settled.refund, settled);
  }

  /**
   * The shopper's one mail for the refund `part` belongs to, once none of its parts is pending,
   * in the transaction (under the order's lock) that settled the last: the completed parts'
   * amounts, each listed when there are several, their credit notes attached; no mail when none
   * completed. `closing`: this transaction's completion, when it completed `part`.
   */
  async mailIfSettledTx(tx: Tx, part: RefundRow, closing: SettledRefund | null): Promise<void> {
    const key = requestKeyOf(part.idempotencyKey);
    const parts = (await tx.select().from(refunds).where(eq(refunds.orderId, part.orderId)).orderBy(asc(refunds.id))).filter((r) => isPartOf(r.idempotencyKey, key));
    if (parts.some((r) => r.status === 'pending')) return;
    const done = parts.filter((r) => r.status === 'completed');
    if (done.length === 0) return;
    const attachments: { kind: 'tax-document'; documentId: number }[] = [];
    for (const r of done) {
      // The note each part's completion issued: creditNoteTx answers a credited refund's own note.
      const note = r.id === closing?.refund.id ? closing.creditNote : await this.d.invoices.creditNoteTx(tx, { orderId: r.orderId, refundId: r.id, amount: r.amount });
      if (note) attachments.push({ kind: 'tax-document', documentId: note.id });
    }
    const row = closing?.row ?? (await this.d.orders.byId(tx, part.orderId))!;
    const amounts = done.map((r) => r.amount);
    const amount = amounts.reduce((a, b) => a + b, 0);
    const full = closing?.full ?? (await this.paidBackTx(tx, part.orderId)).full;
    await this.d.orders.announceTx(tx, 'order.refunded', row, { refund: { amount, currency: row.currency, full } });
    if (closing?.closedAs === 'cancelled') return this.d.orders.queueMoveMailTx(tx, row, 'cancelled', attachments);
    await this.d.orders.queueRefundMailTx(tx, row, { amount, parts: amounts.length > 1 ? amounts : [], full }, attachments);
  }

  /**
   * What the completed refunds paid back, and whether it is everything captured: the order's
   * payment and the captures of its paid payment requests (captures.ts).
   */
  private async paidBackTx(tx: Tx, orderId: number): Promise<{ refunded: number; full: boolean }> {
    const completed = await tx.select({ amount: refunds.amount }).from(refunds).where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'completed')));
    const refunded = completed.reduce((sum, r) => sum + r.amount, 0);
    return { refunded, full: refunded >= capturedTotal(await capturesOf(tx, orderId)) };
  }
}
