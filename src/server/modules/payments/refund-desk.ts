/**
 * Refunds asked for in the back office, full or partial, by lines (with quantities) or by an
 * amount, through PayPal's capture refund (docs/back-office.md).
 *
 * 1. Under a lock on the order row, the refund is checked against the order as it is then (a
 *    move's rule and the status its caller saw, `moveRefusal`; paid; the personalised-items
 *    rule) and against what remains of the capture (refunds already made or still pending
 *    count), and recorded as pending with its idempotency key, in that one transaction: two
 *    refunds or moves of one order at once are decided one after the other, so together they
 *    never exceed what was captured nor move the order where its rules forbid, and the same key
 *    again finds the first refund (another request with that key is a conflict).
 * 2. PayPal is asked, with a PayPal-Request-Id made from the refund's row: a retry after a
 *    timeout (same key) replays the same refund at PayPal instead of paying twice.
 * 3. Its answer is recorded (refund-book.ts: the refund completed, the payment partially_refunded
 *    or refunded, stock back for refunded lines not yet printed, the order refunded or cancelled
 *    once everything is paid back) with the audit row, in one transaction that only one caller
 *    wins. PENDING (PayPal pays it out later) keeps the refund pending with its PayPal id and
 *    records the audit row; PayPal's webhook or the reconciler completes or fails it later.
 */
import { and, eq, lt, ne } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { formatMoney, toDecimalString, type CurrencyCode } from '../../../domain/money.model.ts';
import { PAID_STATUSES, PRINTED_STATUSES, lineGoodsTax, refundLinesAmount, taxWasAdded, type OrderStatus } from '../../../domain/orders.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, failWith, invalid } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { moveAuditEntry, moveRefusal, orderByNumber, orderTaxLinesOf, requireCode, type ItemRow, type OrderRow, type OrderService, type RefundAsk, type RefundLine, type Refunds } from '../orders/index.ts';
import type { StaffCaller } from '../../../domain/back-office/staff.model.ts';
import { PaymentLedger } from './ledger.ts';
import type { PaymentLog } from './log.ts';
import { PaypalError, type PaypalClient, type PaypalRefund } from './paypal-client.ts';
import { RefundBook, type CreditNotes, type RefundRow, type RefundWitness } from './refund-book.ts';
import { capturedTotal, capturesOf, isPartOf, partKey, splitRefund } from './captures.ts';
import { refunds } from './schema.ts';

export interface RefundDeps {
  db: Db;
  paypal: PaypalClient;
  orders: OrderService;
  audit: AuditLog;
  clock: Clock;
  log: PaymentLog;
  /** Credit notes for completed refunds (the invoices module). */
  invoices: CreditNotes;
  /** The payment service's mapping of an unanswered PayPal call to 1503. */
  unavailable(error: unknown): Error;
  /** Units the returns module put back in stock when their return was received (by order line id). */
  returned?: ReturnedStock;
}

/** What the refund desk needs of the returns module (app.ts wires it): units its receipts restocked. */
export interface ReturnedStock {
  restockedTx(tx: Tx, orderId: number): Promise<Map<number, number>>;
}

/**
 * The first step's outcome: a refund to ask PayPal for (new or found again by its key), or an
 * order closed with nothing to pay back (`moved`: by this call, or already there before it).
 */
type Claim = { parts: { refund: RefundRow; captureId: string }[] } | { closed: OrderRow; moved: boolean };

export class RefundDesk implements Refunds {
  private readonly d: RefundDeps;
  private readonly book: RefundBook;
  private readonly ledger = new PaymentLedger();

  constructor(deps: RefundDeps) {
    this.d = deps;
    this.book = new RefundBook(deps);
  }

  async refund(orderNo: string, ask: RefundAsk, caller: StaffCaller): Promise<OrderRow> {
    if (ask.override) requireCode(caller, PERMISSIONS.ORDER_OVERRIDE);
    const order = await orderByNumber(this.d.db, orderNo);
    const claim = await this.d.db.transaction(async (tx) => {
      const made = await this.claim(tx, order.id, ask, caller);
      // Nothing was taken, so there is no refund to tell of; a cancellation still is.
      if ('closed' in made && made.moved && made.closed.status === 'cancelled') await this.d.orders.queueMoveMailTx(tx, made.closed, 'cancelled');
      return made;
    });
    if ('closed' in claim) return claim.closed;
    if (claim.parts.some((p) => p.refund.status === 'failed')) throw fail(CODES.CONFLICT, 'refund.failedBefore');
    // A refund drawn from more than one capture (an order change's extra was paid by a payment
    // request) is a part per capture, asked of PayPal one after the other.
    let row: OrderRow | null = null;
    for (const part of claim.parts) row = await this.askPart(order, part.refund, part.captureId, ask, caller);
    return row ?? this.current(order.id);
  }

  /** Steps 2 and 3 for one part: PayPal asked (unless its word is in already) and its answer recorded. */
  private async askPart(order: OrderRow, refund: RefundRow, captureId: string, ask: RefundAsk, caller: StaffCaller): Promise<OrderRow> {
    const orderNo = order.orderNo;
    // Completed, or PENDING at PayPal (it has PayPal's id): PayPal's word is in, nothing to ask again.
    if (refund.status === 'completed' || refund.paypalRefundId) return this.current(order.id);

    let answer: PaypalRefund;
    try {
      answer = await this.d.paypal.refundCapture(captureId, `${order.orderNo}-refund-${refund.id}`, {
        amount: { currency_code: refund.currency, value: toDecimalString(refund.amount, refund.currency) },
      });
    } catch (error) {
      if (error instanceof PaypalError) {
        await this.markFailed(refund);
        this.d.log.warn({ orderNo, issue: error.issue, debugId: error.debugId }, 'PayPal refused a refund');
        throw failWith(CODES.PAYMENT_FAILED, msg('refund.refused', { reason: error.issue ?? error.errorName }), { reason: error.issue ?? error.errorName, retry: false });
      }
      // Unknown outcome: the refund stays pending (its amount held), and the same key asks again.
      throw this.d.unavailable(error);
    }
    if (answer.status === 'FAILED' || answer.status === 'CANCELLED') {
      await this.markFailed(refund);
      throw failWith(CODES.PAYMENT_FAILED, msg('refund.refused', { reason: answer.status }), { reason: answer.status, retry: false });
    }
    const by: RefundWitness = { actor: caller.actor, timeline: 'admin', override: ask.override };
    if (answer.status === 'PENDING') {
      // PayPal took it and pays it out later: shown as pending until its webhook or the reconciler says how it ended.
      await this.d.db.transaction((tx) => this.book.holdPending(tx, refund, answer.id, by));
      return this.current(order.id);
    }
    const settled = await this.d.db.transaction(async (tx) => {
      const done = await this.book.complete(tx, refund, answer.id, by);
      if (done) await this.book.mailTx(tx, done);
      return done;
    });
    if (settled) return settled.row;
    return this.current(order.id);
  }

  private async current(orderId: number): Promise<OrderRow> {
    return (await this.d.orders.byId(this.d.db, orderId))!;
  }

  /** PayPal refused the part outright: failed, and, should its other parts have completed, the shopper's mail of them (RefundBook.mailIfSettledTx). */
  private async markFailed(refund: RefundRow): Promise<void> {
    await this.d.db.transaction(async (tx) => {
      await this.d.orders.lockTx(tx, refund.orderId);
      const [failed] = await tx.update(refunds).set({ status: 'failed', updatedAt: this.d.clock() }).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'))).returning();
      if (failed) await this.book.mailIfSettledTx(tx, failed, null);
    });
  }

  async closingUnderWay(tx: Tx, orderId: number): Promise<boolean> {
    const open = await tx.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
    if (!open.some((r) => r.status === 'pending')) return false;
    return capturedTotal(await capturesOf(tx, orderId)) - open.reduce((sum, r) => sum + r.amount, 0) <= 0;
  }

  /** Step 1, under the order's lock: the refund found by its key, or checked and recorded as pending. */
  private async claim(tx: Tx, orderId: number, ask: RefundAsk, caller: StaffCaller): Promise<Claim> {
    const row = await this.d.orders.lockTx(tx, orderId);
    const captures = await capturesOf(tx, orderId);
    const [existing] = await tx.select().from(refunds).where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, ask.idempotencyKey)));
    if (existing) {
      const all = await tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
      const parts = all.filter((r) => isPartOf(r.idempotencyKey, ask.idempotencyKey));
      if (!(await sameRequest(tx, existing, parts, ask, row, ask.everything ? [] : await this.d.orders.itemsOf(tx, orderId)))) throw fail(CODES.CONFLICT, 'refund.keyReused');
      const captureOf = (key: string | null) => captures.find((c) => c.key === key)?.captureId ?? '';
      return { parts: parts.map((r) => ({ refund: r, captureId: captureOf(r.captureId) })) };
    }

    // Money paid offline (a staff order's bank transfer or cash) has no capture PayPal could pay
    // back: staff pay it back the way it came, outside the shop (docs/back-office.md "Manual orders").
    if (await this.ledger.offlineTx(tx, orderId)) throw fail(CODES.CONFLICT, 'refund.offlinePayment');
    const status = row.status as OrderStatus;
    if (ask.everything) {
      // A move to `closeAs`, decided on the order as it is now, by the desk's rule.
      if (status === ask.closeAs) return { closed: row, moved: false };
      const refusal = moveRefusal(row, ask.closeAs, { from: ask.from, override: ask.override });
      if (refusal) throw refusal;
    }
    if (!PAID_STATUSES.includes(status)) throw fail(CODES.CONFLICT, 'refund.notPaid');
    const items = await this.d.orders.itemsOf(tx, orderId);
    const earlier = await tx.select().from(refunds).where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
    // The order closes when the last refund completes, as that refund says: with another still
    // under way, which of them completes last would decide where the order ends.
    if (ask.everything && earlier.some((r) => r.status === 'pending')) throw fail(CODES.CONFLICT, 'refund.underWay');
    const lines = ask.everything ? unrefundedLines(items, earlier) : checkLines(ask.lines, items, earlier);
    await this.checkRestock(tx, row, lines, items, earlier);
    const printed = PRINTED_STATUSES.includes(status);
    const touchesPrinted = lines.length ? lines.some((l) => items.find((i) => i.id === l.orderItemId)!.personalised) : row.personalised;
    if (printed && touchesPrinted && !ask.override) throw fail(CODES.CONFLICT, 'order.personalisedNoCancel');

    const captured = capturedTotal(captures);
    const remaining = captured - earlier.reduce((sum, r) => sum + r.amount, 0);
    const currency = row.currency as CurrencyCode;
    const amount = ask.everything ? remaining : (ask.amount ?? (await linesAmount(tx, row, items, lines)));
    if (amount <= 0) {
      // A cancellation of an order nothing was taken for (a free order): close it, no PayPal.
      if (ask.everything && captured === 0) return { closed: await this.closeWithoutMoney(tx, row, lines, items, ask, caller), moved: true };
      throw fail(CODES.CONFLICT, 'refund.nothingLeft');
    }
    if (amount > remaining) throw fail(CODES.CONFLICT, msg('refund.exceeds', { left: formatMoney(Math.max(0, remaining), currency) }));
    const now = this.d.clock();
    // The oldest capture first (captures.ts); the lines and the asked key go with the first part.
    const split = splitRefund(captures, earlier, amount);
    const made = await tx
      .insert(refunds)
      .values(
        split.map((part, i) => ({
          orderId,
          idempotencyKey: partKey(ask.idempotencyKey, i),
          amount: part.amount,
          currency,
          status: 'pending',
          reason: ask.reason,
          lines: i === 0 ? lines : [],
          closeAs: ask.closeAs,
          byId: caller.actor.id,
          byEmail: caller.actor.email,
          captureId: part.capture.key,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    made.sort((a, b) => a.id - b.id);
    return { parts: made.map((refund, i) => ({ refund, captureId: split[i]!.capture.captureId })) };
  }

  /**
   * Lines asked back into stock: never a printed one, and never more units of a line than have not
   * gone back already (by earlier refunds, restocked or asked to be, and by returns received).
   */
  private async checkRestock(tx: Tx, row: OrderRow, lines: readonly RefundLine[], items: readonly ItemRow[], earlier: readonly RefundRow[]): Promise<void> {
    const asked = lines.filter((l) => l.restock);
    if (asked.length === 0) return;
    const returned = (await this.d.returned?.restockedTx(tx, row.id)) ?? new Map<number, number>();
    for (const line of asked) {
      const item = items.find((i) => i.id === line.orderItemId)!;
      if (item.personalised) throw fail(CODES.CONFLICT, msg('refund.printedRestock', { id: item.id }));
      const before = earlier.reduce((sum, r) => sum + r.lines.reduce((n, l) => n + (l.orderItemId === item.id && (l.restock || r.restocked) ? l.quantity : 0), 0), 0);
      const left = Math.max(0, item.quantity - before - (returned.get(item.id) ?? 0));
      if (line.quantity > left) throw fail(CODES.CONFLICT, msg('refund.restockTooMany', { id: item.id, left }));
    }
  }

  private async closeWithoutMoney(tx: Tx, row: OrderRow, lines: RefundLine[], items: ItemRow[], ask: RefundAsk, caller: StaffCaller): Promise<OrderRow> {
    const moved = await this.d.orders.moveTx(tx, row.id, row.status as OrderStatus, ask.closeAs, 'admin', ask.reason);
    if (!moved) throw fail(CODES.CONFLICT, 'order.changedMeanwhile');
    const restocked = await this.book.restock(tx, row.status as OrderStatus, lines, items);
    if (ask.closeAs === 'cancelled') await this.d.orders.settleCancelledTx(tx, row.id);
    await this.d.audit.record(tx, moveAuditEntry(caller, row, { status: moved.status, reason: ask.reason, restocked, ...(ask.override ? { override: true } : {}) }));
    return moved;
  }
}

/** Quantity of each line already refunded (or being refunded). */
function refundedQuantities(earlier: readonly RefundRow[]): Map<number, number> {
  const done = new Map<number, number>();
  for (const r of earlier) for (const l of r.lines) done.set(l.orderItemId, (done.get(l.orderItemId) ?? 0) + l.quantity);
  return done;
}

function unrefundedLines(items: readonly ItemRow[], earlier: readonly RefundRow[]): RefundLine[] {
  const done = refundedQuantities(earlier);
  return items.map((i) => ({ orderItemId: i.id, quantity: i.quantity - (done.get(i.id) ?? 0) })).filter((l) => l.quantity > 0);
}

/** The asked lines, merged by line (the first ask of a line gives its place; restocked when any ask of it says so). */
function mergedLines(asked: readonly RefundLine[]): RefundLine[] {
  const merged = new Map<number, RefundLine>();
  for (const l of asked) {
    const seen = merged.get(l.orderItemId);
    merged.set(l.orderItemId, { orderItemId: l.orderItemId, quantity: (seen?.quantity ?? 0) + l.quantity, ...(seen?.restock || l.restock ? { restock: true } : {}) });
  }
  return [...merged.values()];
}

/** The asked lines, merged by line, each within what is left of it. */
function checkLines(asked: readonly RefundLine[], items: readonly ItemRow[], earlier: readonly RefundRow[]): RefundLine[] {
  const done = refundedQuantities(earlier);
  return mergedLines(asked).map((line) => {
    const id = line.orderItemId;
    const item = items.find((i) => i.id === id);
    if (!item) throw invalid(msg('refund.unknownLine', { id }));
    const left = item.quantity - (done.get(id) ?? 0);
    if (line.quantity > left) throw fail(CODES.CONFLICT, msg('refund.tooMany', { id, left }));
    return line;
  });
}

/**
 * Whether a refund asked again with a key already used for this order is the request the key
 * was first used for: the same lines and the same amount, all its parts together (one per capture
 * it was drawn from; the first part, `existing`, holds the lines); a move's key is its target's:
 * the same move, whatever remains meanwhile.
 */
async function sameRequest(tx: Tx, existing: RefundRow, parts: readonly RefundRow[], ask: RefundAsk, order: OrderRow, items: readonly ItemRow[]): Promise<boolean> {
  if (existing.closeAs !== ask.closeAs) return false;
  if (ask.everything) return true;
  const lines = mergedLines(ask.lines);
  const key = (ls: readonly RefundLine[]) => JSON.stringify([...ls].sort((a, b) => a.orderItemId - b.orderItemId).map((l) => [l.orderItemId, l.quantity, l.restock === true]));
  const asked = parts.reduce((sum, part) => sum + part.amount, 0);
  return key(lines) === key(existing.lines) && (ask.amount ?? (await linesAmount(tx, order, items, lines, existing.id))) === asked;
}


/**
 * What lines cost the buyer (refundLinesAmount: their share of what was paid for the goods, plus
 * the tax added on them where it was, both by the units refunded before: refunds not failed, made
 * before refund `upTo` when one is given, read through `tx`). `items`: all the order's lines, by id.
 */
async function linesAmount(tx: Tx, row: OrderRow, items: readonly ItemRow[], lines: readonly RefundLine[], upTo?: number): Promise<number> {
  const taxLines = taxWasAdded(row) ? await orderTaxLinesOf(tx, row.id) : [];
  const before = refundedQuantities(await tx.select().from(refunds).where(and(eq(refunds.orderId, row.id), ne(refunds.status, 'failed'), ...(upTo === undefined ? [] : [lt(refunds.id, upTo)]))));
  return refundLinesAmount(
    row,
    items,
    lines.map((l) => {
      const index = items.findIndex((i) => i.id === l.orderItemId);
      return { index, quantity: l.quantity, before: before.get(l.orderItemId) ?? 0, tax: lineGoodsTax(taxLines, index) };
    }),
  );
}
