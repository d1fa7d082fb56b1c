/**
 * The back office's order moves (docs/back-office.md "Orders, from payment to delivery"): in
 * production, shipped, delivered, cancelled. Each runs in one transaction with its audit row and
 * mails the shopper once it is committed. Moves that give money back (refunding, or cancelling a
 * paid order) go through the payments module's refunds (the Refunds port), which moves the order
 * once PayPal agreed.
 *
 * Every move decides on the order as read under its row lock (`lockTx`), in the transaction that
 * writes it: of two staff moving the same order at once the second sees the first's result, and
 * gets the same answer when it asked for the same move, or a conflict when it asked for another.
 * A move to where the order already is changes nothing. The refunds decide the same way, by the
 * same rule (`moveRefusal`), under the same lock.
 */
import { inArray } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { BulkMoveAnswer, BulkMovePreview } from '../../../domain/back-office/orders.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { moveProblem, type OrderStatus } from '../../../domain/orders.model.ts';
import type { AdminMoveRequest } from '../../../domain/orders.schema.ts';
import { hasPermission, PERMISSIONS, type Permission, type StaffCaller } from '../../../domain/back-office/staff.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fail } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { AuditEntry, AuditLog } from '../audit/index.ts';
import { productionHold, type OrderPaymentRequests } from './production-hold.ts';
import type { OrderService } from './orders.ts';
import { parcelsOf } from './parcels.ts';
import { restOf, unshippedOf } from '../../../domain/shipments.model.ts';
import { orders } from './schema.ts';
import { orderByNumber, type OrderRow } from './views.ts';


/** The audit row of a staff member's move of an order: a move here, or a refund that closes it (payments' refund-desk.ts). */
export function moveAuditEntry(caller: StaffCaller, before: OrderRow, after: { status: string } & Record<string, unknown>): AuditEntry {
  return { actor: caller.actor, action: 'order.move', entity: 'order', entityId: before.orderNo, before: { status: before.status }, after };
}

export interface RefundLine {
  orderItemId: number;
  quantity: number;
  /**
   * Staff asked to put these units back in stock (returned goods that can be sold again; never a
   * printed line): they go back when the refund completes, whatever the order's state. Without
   * it, only units that never left the shop go back (lineRestockable).
   */
  restock?: boolean;
}

/** A refund as the desk asks the payments module for it (adminRefundRequestSchema, plus where a full refund leaves the order). */
export interface RefundAsk {
  idempotencyKey: string;
  lines: RefundLine[];
  amount?: number | undefined;
  reason: string;
  override: boolean;
  /** Where the order moves once everything is paid back: refunded, or cancelled (a paid order cancelled). */
  closeAs: 'refunded' | 'cancelled';
  /** A move to `closeAs`: refund every line still unrefunded, and the whole remaining amount (a cancellation or a full refund by move). */
  everything?: boolean;
  /** The move's `from`: the status the caller saw, checked under the order's lock. */
  from?: OrderStatus | undefined;
}

/** What the desk needs of the payments module: money given back at PayPal, the order moved and audited with it. */
export interface Refunds {
  refund(orderNo: string, ask: RefundAsk, caller: StaffCaller): Promise<OrderRow>;
  /**
   * Under the order's lock (in `tx`): whether refunds still under way will pay back everything
   * that remains, so the order is about to close (cancelled or refunded) and may not move on.
   */
  closingUnderWay(tx: Tx, orderId: number): Promise<boolean>;
}

export interface OrderDeskDeps {
  db: Db;
  orders: OrderService;
  payments: Refunds;
  audit: AuditLog;
  /** Owed payment requests of order changes (open, or expired unpaid) hold an order out of production (order-changes.ts); absent: none. */
  requests?: OrderPaymentRequests;
}

/**
 * Why moving `order` (as read under its lock) to `to` is refused, or null: the one rule of the
 * desk's moves and of the refunds that move an order. `from` is the status the caller saw.
 */
export function moveRefusal(order: Pick<OrderRow, 'status' | 'personalised'>, to: OrderStatus, { from, override }: { from?: OrderStatus | undefined; override: boolean }): AppError | null {
  const now = order.status as OrderStatus;
  if (from && from !== now) return fail(CODES.CONFLICT, 'order.changedMeanwhile');
  const problem = moveProblem(now, to, order.personalised, override);
  if (problem === 'personalised') return fail(CODES.CONFLICT, 'order.personalisedNoCancel');
  if (problem) return fail(CODES.CONFLICT, msg('order.cannotMove', { from: msg(`order.status.${now}`), to: msg(`order.status.${to}`) }));
  if (to === 'paid') return fail(CODES.CONFLICT, 'order.onlyCaptureMarksPaid');
  return null;
}

/** Refuses the caller unless their roles or grants hold the code (the route's guard checked the route's own). */
export function requireCode(caller: StaffCaller, code: Permission): void {
  if (!hasPermission(caller, code)) throw fail(CODES.FORBIDDEN, 'session.forbidden');
}

export class OrderDesk {
  private readonly d: OrderDeskDeps;

  constructor(deps: OrderDeskDeps) {
    this.d = deps;
  }

  byNumber(orderNo: string): Promise<OrderRow> {
    return orderByNumber(this.d.db, orderNo);
  }

  async move(body: AdminMoveRequest, caller: StaffCaller): Promise<OrderRow> {
    if (body.to === 'cancelled') requireCode(caller, PERMISSIONS.ORDER_CANCEL);
    if (body.to === 'refunded') requireCode(caller, PERMISSIONS.ORDER_REFUND);
    if (body.override) requireCode(caller, PERMISSIONS.ORDER_OVERRIDE);
    // Part of an order ships as a parcel of picked lines (shipment-desk.ts), never by a bare move.
    if (body.to === 'partially_shipped') throw fail(CODES.CONFLICT, 'shipment.useParcels');
    const seen = await this.byNumber(body.orderNo);
    // Already there: a repeated move (double click, retry) answers the order as it is.
    if (seen.status === body.to) return seen;
    // Which way the move goes: an order cannot become unpaid again, so one seen paid stays paid,
    // and one seen unpaid that was paid meanwhile is refused under the lock below.
    const givesMoneyBack = body.to === 'refunded' || (body.to === 'cancelled' && seen.status !== 'pending_payment');
    if (givesMoneyBack) {
      const reason = body.reason ?? body.note ?? (body.to === 'refunded' ? 'Refunded in full' : 'Cancelled by the shop');
      // One key per order and target: repeating the move never pays twice.
      const ask: RefundAsk = { idempotencyKey: `move-${body.to}`, lines: [], reason, override: body.override, closeAs: body.to === 'cancelled' ? 'cancelled' : 'refunded', everything: true, from: body.from };
      return this.d.payments.refund(seen.orderNo, ask, caller);
    }
    return this.d.db.transaction(async (tx) => {
      const row = await this.d.orders.lockTx(tx, seen.id);
      const from = row.status as OrderStatus;
      // Someone made this very move meanwhile: their result is the answer.
      if (from === body.to) return row;
      const refusal = moveRefusal(row, body.to, { from: body.from, override: body.override });
      if (refusal) throw refusal;
      if (from === 'pending_payment') return this.cancelUnpaidTx(tx, row, body, caller);
      // Paid meanwhile: cancelling now would give money back, which the caller did not ask for.
      if (body.to === 'cancelled') throw fail(CODES.CONFLICT, 'order.changedMeanwhile');
      // A cancellation or full refund PayPal is paying out closes the order: it may not move on.
      if (await this.d.payments.closingUnderWay(tx, row.id)) throw fail(CODES.CONFLICT, 'refund.underWay');
      // A change asked the shopper for more: no production (nor shipping straight from paid) until it is paid or waived.
      const hold = from === 'paid' && (body.to === 'processing' || body.to === 'shipped') ? await productionHold(this.d.requests, tx, row) : null;
      if (hold) throw hold;
      return this.moveOnTx(tx, row, from, body, caller);
    });
  }

  private async cancelUnpaidTx(tx: Tx, row: OrderRow, body: AdminMoveRequest, caller: StaffCaller): Promise<OrderRow> {
    const cancelled = await this.d.orders.cancelUnpaidTx(tx, row.id, 'admin', body.note ?? 'Cancelled by the shop');
    // A capture is under way (or pending at PayPal): the order may be paid in a moment.
    if (!cancelled) throw fail(CODES.CONFLICT, 'order.beingPaid');
    await this.audit(tx, caller, row, cancelled, body);
    await this.d.orders.queueMoveMailTx(tx, cancelled, 'cancelled');
    return cancelled;
  }

  /** Processing, shipped (a shipment and its first scan), delivered; the order is locked and may make the move. */
  private async moveOnTx(tx: Tx, row: OrderRow, from: OrderStatus, body: AdminMoveRequest, caller: StaffCaller): Promise<OrderRow> {
    const shipment = body.to === 'shipped' ? { carrier: body.carrier!, trackingNumber: body.trackingNumber!, trackingUrl: body.trackingUrl ?? null } : null;
    const next = await this.d.orders.moveTx(tx, row.id, from, body.to, 'admin', body.note ?? body.reason ?? null);
    // Cannot happen while the row is locked; refuse rather than write a move that did not happen.
    if (!next) throw fail(CODES.CONFLICT, 'order.changedMeanwhile');
    // After some parcels, "shipped" ships the rest: its parcel lists what was left.
    const rest = shipment && from === 'partially_shipped' ? restOf(unshippedOf(await this.d.orders.itemsOf(tx, row.id), (await parcelsOf(tx, [row.id])).get(row.id) ?? [])) : null;
    if (shipment) await this.d.orders.shipTx(tx, row.id, shipment, rest ?? []);
    if (body.to === 'delivered') await this.d.orders.deliveredTx(tx, row.id);
    await this.audit(tx, caller, row, next, body, shipment);
    if (shipment) await this.d.orders.queueShipmentNoticeTx(tx, next, shipment, rest);
    if (body.to === 'processing' || body.to === 'delivered') await this.d.orders.queueMoveMailTx(tx, next, body.to);
    return next;
  }

  private async audit(tx: Tx, caller: StaffCaller, before: OrderRow, after: OrderRow, body: AdminMoveRequest, shipment: object | null = null): Promise<void> {
    await this.d.audit.record(
      tx,
      moveAuditEntry(caller, before, { status: after.status, ...(shipment ? { shipment } : {}), ...(body.note ? { note: body.note } : {}), ...(body.override ? { override: true, reason: body.reason } : {}) }),
    );
  }

  /** Each order on its own: one that cannot move is reported and the others still move. */
  async bulkMove(orderNos: readonly string[], to: 'processing' | 'delivered', caller: StaffCaller, locale: Locale): Promise<BulkMoveAnswer> {
    const answer: BulkMoveAnswer = { moved: [], failed: [] };
    for (const orderNo of new Set(orderNos)) {
      try {
        await this.move({ orderNo, to, override: false }, caller);
        answer.moved.push(orderNo);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answer.failed.push({ orderNo, msg: error.messageIn(locale) });
      }
    }
    return answer;
  }

  /**
   * What `bulkMove` would do now, changing nothing: the orders it would move (and mail) and why
   * the others would not, by the rules `move` applies, the refund under way included (a
   * cancellation or full refund PayPal is still paying out closes the order, so `move` refuses
   * it). The states are read now, so the screen's confirmation shows today's truth; `bulkMove`
   * still checks each order again as it moves it.
   */
  async bulkMovePreview(orderNos: readonly string[], to: 'processing' | 'delivered'): Promise<BulkMovePreview> {
    const chosen = [...new Set(orderNos)];
    return this.d.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, personalised: orders.personalised, email: orders.email })
        .from(orders)
        .where(inArray(orders.orderNo, chosen));
      const byNumber = new Map(rows.map((row) => [row.orderNo, row]));
      const preview: BulkMovePreview = { to, movable: [], blocked: [] };
      for (const orderNo of chosen) {
        const row = byNumber.get(orderNo);
        const status = (row?.status ?? null) as OrderStatus | null;
        if (!row || !status) preview.blocked.push({ orderNo, status: null, reason: 'not-found' });
        else if (status === to) preview.blocked.push({ orderNo, status, reason: 'already-there' });
        else if (moveProblem(status, to, row.personalised)) preview.blocked.push({ orderNo, status, reason: 'not-allowed' });
        // Read without the lock: a dry run; the move asks again under it.
        else if (await this.d.payments.closingUnderWay(tx, row.id)) preview.blocked.push({ orderNo, status, reason: 'refund-under-way' });
        else if (to === 'processing' && (await this.d.requests?.dueForTx(tx, row.id))) preview.blocked.push({ orderNo, status, reason: 'payment-requested' });
        else preview.movable.push({ orderNo, status, email: row.email });
      }
      return preview;
    });
  }

  /** A carrier's scan on the order's latest shipment, with its audit row. */
  async shipmentEvent(orderNo: string, event: { status: string; description: string; location?: string | undefined }, caller: StaffCaller): Promise<OrderRow> {
    const row = await this.byNumber(orderNo);
    await this.d.db.transaction(async (tx) => {
      await this.d.orders.addShipmentEventTx(tx, row, event);
      await this.d.audit.record(tx, { actor: caller.actor, action: 'order.shipmentEvent', entity: 'order', entityId: row.orderNo, before: null, after: event });
    });
    return row;
  }
}
