/**
 * Payments through PayPal Orders v2 (docs/checkout-and-payments.md). The payments module owns the
 * payments and processed_webhook_events tables.
 *
 * - createPaypalOrder makes the PayPal order from the order's frozen amounts (never from the
 *   browser), with a PayPal-Request-Id derived from the order, so asking twice gives one order.
 * - capture asks PayPal to capture, with a PayPal-Request-Id derived from the order and its
 *   attempt: a retry after a timeout or a 500 replays the same capture; only a definite refusal
 *   (declined, not approved yet) moves to the next attempt, so the buyer's retry is a new capture. The
 *   answer is checked (amount, currency, custom_id) before the order is marked paid, and only a
 *   COMPLETED capture marks it paid.
 * - handleWebhook verifies the signature with PayPal (or the simulator), applies each event id
 *   once in the same transaction that records it, and copes with any order of arrival.
 * - settle is shared by all three and by the reconciler: whatever PayPal says about an order,
 *   the shop's order ends in the matching state exactly once.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { minorFromDecimal, paypalPurchaseUnit } from '../../../domain/checkout.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { PAID_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, failWith, loggableError, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { PaypalError, PaypalUnknownOutcome, RETRYABLE_DECLINES, firstCapture, type PaypalOrder, type PaypalRefund } from './paypal-client.ts';
import { pick } from '../../messages/localise.ts';
import { orderItems, orders, type OrderAccess, type OrderRow } from '../orders/index.ts';
import type { PaymentDeps } from './deps.ts';
import type { CaptureDetails, PaymentRow } from './ledger.ts';
import { PAYPAL_ACTOR, RefundBook } from './refund-book.ts';
import { payments, refunds } from './schema.ts';
import { PaypalWebhooks } from './webhook.ts';
import { metrics } from '../../metrics.ts';

export interface CaptureAnswer {
  orderNo: string;
  status: OrderStatus;
  /** COMPLETED: paid. PENDING: PayPal is still deciding; the order stays unpaid until it does. */
  payment: 'COMPLETED' | 'PENDING' | 'REFUNDED';
}

const requestIds = {
  create: (orderNo: string, attempt: number) => `${orderNo}-create-${attempt}`,
  capture: (orderNo: string, attempt: number) => `${orderNo}-capture-${attempt}`,
  refund: (orderNo: string) => `${orderNo}-refund`,
};

function declined(reason: string): Error {
  metrics.paymentFailures.labels('declined').inc();
  return failWith(CODES.PAYMENT_FAILED, 'payment.declined', { reason, retry: true });
}

function payerOf(order: PaypalOrder): { payerEmail: string | null; payerName: string | null } {
  const name = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(' ');
  return { payerEmail: order.payer?.email_address ?? null, payerName: name || null };
}

export class PaymentService {
  private readonly d: PaymentDeps;

  private readonly webhooks: PaypalWebhooks;
  private readonly refundBook: RefundBook;

  constructor(deps: PaymentDeps) {
    this.d = deps;
    this.refundBook = new RefundBook(deps);
    this.webhooks = new PaypalWebhooks(deps, this, this.refundBook);
  }

  /**
   * The one way an order becomes paid: the capture is recorded on the payment row and the
   * orders module moves the order, in one transaction (the caller's).
   */
  async markPaidTx(tx: Tx, orderId: number, capture: CaptureDetails, actor: string): Promise<OrderRow | null> {
    await this.d.ledger.recordCapture(tx, orderId, capture, this.d.clock());
    const row = await this.d.orders.markPaidTx(tx, orderId, actor);
    // Counted as the move is written: a transaction that then fails is the rare overcount.
    if (row) metrics.ordersPaid.inc();
    return row;
  }

  /** markPaidTx in its own transaction (which queues the confirmation mail). True when this call moved it. */
  async markPaid(orderId: number, capture: CaptureDetails, actor: string): Promise<boolean> {
    const row = await this.d.db.transaction((tx) => this.markPaidTx(tx, orderId, capture, actor));
    return Boolean(row);
  }

  private async paymentOf(db: Db | Tx, orderId: number): Promise<PaymentRow> {
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment) throw notFound('payment');
    return payment;
  }

  async byPaypalOrderId(paypalOrderId: string): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
    const [found] = await this.d.db.select({ order: orders, payment: payments }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.paypalOrderId, paypalOrderId));
    return found ?? null;
  }

  private async setPayment(orderId: number, changes: Partial<typeof payments.$inferInsert>): Promise<void> {
    await this.d.db.update(payments).set({ ...changes, updatedAt: this.d.clock() }).where(eq(payments.orderId, orderId));
  }

  private static alreadyPaid(order: OrderRow): CaptureAnswer | null {
    const status = order.status as OrderStatus;
    if (PAID_STATUSES.includes(status)) return { orderNo: order.orderNo, status, payment: 'COMPLETED' };
    if (status === 'refunded') return { orderNo: order.orderNo, status, payment: 'REFUNDED' };
    return null;
  }

  /** The purchase unit PayPal gets: the order's frozen lines and amounts. */
  private async purchaseUnit(order: OrderRow) {
    const items = await this.d.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    return paypalPurchaseUnit({
      orderNo: order.orderNo,
      currency: order.currency as CurrencyCode,
      items: items.map((item) => ({
        name: [pick(item.title, 'en-US'), item.size, item.customName, item.customNumber].filter((part) => part !== null && part !== '').join(' / '),
        sku: `${item.productId ?? 0}-${item.size}`,
        unitAmount: item.unitPrice,
        quantity: item.quantity,
      })),
      discount: order.tierDiscount + order.couponDiscount,
      shipping: order.shippingAmount,
      // Added on top where prices are shown without tax; where they include it, the items do.
      tax: order.taxAdded,
      total: order.total,
    });
  }

  /** `paypal/createOrder`: the PayPal order id the browser SDK approves. */
  async createPaypalOrder(orderNo: string, access: OrderAccess): Promise<{ id: string; orderNo: string }> {
    const order = await this.d.orders.findForAccess(orderNo, access);
    if (PaymentService.alreadyPaid(order)) throw fail(CODES.CONFLICT, 'payment.alreadyPaid');
    if (order.status !== 'pending_payment') throw failWith(CODES.PAYMENT_FAILED, 'payment.orderCancelled', { reason: 'ORDER_CANCELLED', retry: false });
    if (order.payBefore <= this.d.clock()) throw failWith(CODES.PAYMENT_FAILED, 'payment.orderExpired', { reason: 'ORDER_EXPIRED', retry: false });
    let payment = await this.paymentOf(this.d.db, order.id);
    if (payment.provider !== 'paypal') throw fail(CODES.CONFLICT, 'checkout.nothingToPay');
    if (payment.status === 'pending') throw fail(CODES.CONFLICT, 'payment.underReview');

    if (payment.paypalOrderId) {
      try {
        const existing = await this.d.paypal.getOrder(payment.paypalOrderId);
        if (existing.status === 'COMPLETED') {
          const settled = await this.settle(order, payment, existing, 'capture');
          if (settled.payment === 'PENDING') throw fail(CODES.CONFLICT, 'payment.underReview');
          throw fail(CODES.CONFLICT, 'payment.alreadyPaid');
        }
        if (existing.status !== 'VOIDED') return { id: existing.id, orderNo };
      } catch (error) {
        if (!(error instanceof PaypalError && error.status === 404)) throw this.unavailable(error);
      }
      // Voided or unknown at PayPal: the next attempt makes a new PayPal order.
      await this.setPayment(order.id, { createAttempt: payment.createAttempt + 1, paypalOrderId: null, status: 'new' });
      payment = await this.paymentOf(this.d.db, order.id);
    }

    let created: PaypalOrder;
    try {
      created = await this.d.paypal.createOrder(await this.purchaseUnit(order), requestIds.create(order.orderNo, payment.createAttempt));
    } catch (error) {
      if (error instanceof PaypalError) {
        this.d.log.error({ orderNo, issue: error.issue, debugId: error.debugId }, 'PayPal refused to create the order');
        metrics.paymentFailures.labels('refused').inc();
        throw failWith(CODES.PAYMENT_FAILED, 'payment.paypalRefusedOrder', { reason: error.issue ?? error.errorName, retry: false });
      }
      throw this.unavailable(error);
    }
    await this.setPayment(order.id, { paypalOrderId: created.id, status: 'created', lastIssue: null });
    return { id: created.id, orderNo };
  }

  unavailable(error: unknown): Error {
    if (error instanceof PaypalUnknownOutcome || error instanceof PaypalError) {
      this.d.log.warn({ err: loggableError(error) }, 'PayPal call failed');
      metrics.paymentFailures.labels('paypal_unavailable').inc();
      return failWith(CODES.UNAVAILABLE, 'payment.paypalUnavailable', { reason: 'PAYPAL_UNAVAILABLE', retry: true });
    }
    return error as Error;
  }

  /**
   * `GET paypal/captureOrder?id=`: captures the approved PayPal order and marks the shop's order
   * paid. `orderNo`, when the page sends it, must be the order the PayPal order was made for.
   */
  async capture(paypalOrderId: string, orderNo: string | null): Promise<CaptureAnswer> {
    const found = await this.byPaypalOrderId(paypalOrderId);
    if (!found) throw notFound('payment');
    const { order, payment } = found;
    if (orderNo !== null && order.orderNo !== orderNo) {
      throw failWith(CODES.PAYMENT_FAILED, 'payment.otherOrder', { reason: 'ORDER_MISMATCH', retry: false });
    }
    const paid = PaymentService.alreadyPaid(order);
    if (paid) return paid;
    if (order.status === 'cancelled') throw failWith(CODES.PAYMENT_FAILED, 'payment.orderCancelled', { reason: 'ORDER_CANCELLED', retry: false });
    if (payment.status === 'pending') return { orderNo: order.orderNo, status: 'pending_payment', payment: 'PENDING' };
    if (payment.status === 'mismatch') throw failWith(CODES.PAYMENT_FAILED, 'payment.mismatch', { reason: payment.lastIssue ?? 'AMOUNT_MISMATCH', retry: false });

    // Claim: the unpaid-order sweep leaves an order alone while its capture is under way.
    if (!(await this.d.orders.claimCapture(order.id))) return this.capture(paypalOrderId, orderNo);

    const requestId = requestIds.capture(order.orderNo, payment.captureAttempt);
    let result: PaypalOrder;
    try {
      result = (await this.d.paypal.captureOrder(paypalOrderId, requestId)).order;
    } catch (error) {
      if (error instanceof PaypalError) {
        if (error.issue === 'ORDER_ALREADY_CAPTURED') {
          return this.settle(order, payment, await this.d.paypal.getOrder(paypalOrderId), 'capture');
        }
        await this.releaseClaim(order.id);
        if (error.issue === 'ORDER_NOT_APPROVED') {
          // A definite refusal captured nothing: the next try is a new request, not a replay of this answer.
          await this.setPayment(order.id, { captureAttempt: payment.captureAttempt + 1, lastIssue: error.issue });
          throw failWith(CODES.PAYMENT_FAILED, 'payment.notApproved', { reason: 'ORDER_NOT_APPROVED', retry: true });
        }
        if (error.issue && RETRYABLE_DECLINES.has(error.issue)) {
          await this.setPayment(order.id, { status: 'declined', captureAttempt: payment.captureAttempt + 1, lastIssue: error.issue });
          throw declined(error.issue);
        }
        this.d.log.error({ orderNo: order.orderNo, issue: error.issue, debugId: error.debugId }, 'PayPal refused the capture');
        throw failWith(CODES.PAYMENT_FAILED, 'payment.refused', { reason: error.issue ?? error.errorName, retry: false });
      }
      if (error instanceof PaypalUnknownOutcome) {
        // PayPal may have captured before failing to answer: ask it.
        try {
          const current = await this.d.paypal.getOrder(paypalOrderId);
          if (current.status === 'COMPLETED') return this.settle(order, payment, current, 'capture');
        } catch (lookup) {
          this.d.log.warn({ err: loggableError(lookup) }, 'PayPal order lookup after a failed capture failed');
        }
        // Left claimed: a retry (same request id) or the reconciler finishes it.
        throw this.unavailable(error);
      }
      throw error;
    }
    return this.settle(order, payment, result, 'capture');
  }

  private async releaseClaim(orderId: number): Promise<void> {
    await this.d.orders.releaseCaptureClaim(orderId);
  }

  /**
   * Brings the shop's order in line with what PayPal says about its PayPal order. Checks amount,
   * currency and custom_id first: a PayPal order that does not match pays nothing.
   */
  async settle(order: OrderRow, payment: PaymentRow, paypalOrder: PaypalOrder, actor: string): Promise<CaptureAnswer> {
    const unit = paypalOrder.purchase_units[0];
    const capture = firstCapture(paypalOrder);
    const currency = order.currency as CurrencyCode;
    const problem =
      !unit || unit.amount.currency_code !== order.currency || minorFromDecimal(unit.amount.value, currency) !== order.total
        ? 'AMOUNT_MISMATCH'
        : (unit.custom_id ?? capture?.custom_id) !== order.orderNo
          ? 'CUSTOM_ID_MISMATCH'
          : capture && (capture.amount.currency_code !== order.currency || minorFromDecimal(capture.amount.value, currency) !== order.total)
            ? 'AMOUNT_MISMATCH'
            : null;
    if (problem) {
      this.d.log.error({ orderNo: order.orderNo, paypalOrderId: paypalOrder.id, problem }, 'PayPal order does not match the shop order; not marked paid');
      await this.setPayment(order.id, { status: 'mismatch', lastIssue: problem });
      await this.releaseClaim(order.id);
      throw failWith(CODES.PAYMENT_FAILED, 'payment.mismatch', { reason: problem, retry: false });
    }
    const details: CaptureDetails = { captureId: capture?.id ?? null, ...payerOf(paypalOrder) };
    switch (capture?.status) {
      case 'COMPLETED': {
        const moved = await this.markPaid(order.id, details, actor);
        const current = await this.d.orders.byId(this.d.db, order.id);
        if (!moved && current!.status === 'cancelled') {
          // Money taken for an order cancelled meanwhile (should not happen: a capture in flight
          // holds the sweep off): give it back rather than keep it.
          this.d.log.error({ orderNo: order.orderNo }, 'a completed capture arrived for a cancelled order; refunding it');
          await this.refund(current!);
          throw failWith(CODES.PAYMENT_FAILED, 'payment.orderCancelledRefunded', { reason: 'ORDER_CANCELLED', retry: false });
        }
        return this.answerFor(order.id);
      }
      case 'PENDING':
        await this.setPayment(order.id, { status: 'pending', captureId: details.captureId, ...(details.payerEmail ? { payerEmail: details.payerEmail, payerName: details.payerName } : {}), lastIssue: capture.status_details?.reason ?? 'PENDING' });
        await this.releaseClaim(order.id);
        return { orderNo: order.orderNo, status: 'pending_payment', payment: 'PENDING' };
      case 'REFUNDED':
      case 'PARTIALLY_REFUNDED': {
        await this.d.db.transaction(async (tx) => {
          await this.markPaidTx(tx, order.id, details, actor);
          await this.d.orders.moveTx(tx, order.id, 'paid', 'refunded', actor, 'Refunded at PayPal');
          // Paid back before the shop heard of the capture: the invoice just issued is reversed whole.
          await this.d.invoices.creditNoteTx(tx, { orderId: order.id, refundId: null, amount: 'rest' });
          await tx.update(payments).set({ status: 'refunded', updatedAt: this.d.clock() }).where(eq(payments.orderId, order.id));
        });
        return this.answerFor(order.id);
      }
      case 'DECLINED':
      case 'FAILED':
        await this.setPayment(order.id, { status: 'declined', captureAttempt: payment.captureAttempt + 1, lastIssue: capture.status });
        await this.releaseClaim(order.id);
        throw declined(capture.status);
      default:
        await this.releaseClaim(order.id);
        throw failWith(CODES.PAYMENT_FAILED, 'payment.notApproved', { reason: 'ORDER_NOT_APPROVED', retry: true });
    }
  }

  private async answerFor(orderId: number): Promise<CaptureAnswer> {
    const row = await this.d.orders.byId(this.d.db, orderId);
    const status = row!.status as OrderStatus;
    return { orderNo: row!.orderNo, status, payment: status === 'refunded' ? 'REFUNDED' : PAID_STATUSES.includes(status) ? 'COMPLETED' : 'PENDING' };
  }

  /** Refunds the order's capture at PayPal (idempotent per order); true when there was money to give back. */
  async refund(order: OrderRow): Promise<boolean> {
    const payment = await this.paymentOf(this.d.db, order.id);
    if (payment.provider !== 'paypal' || !payment.captureId) return false;
    if (payment.status === 'refunded') return true;
    try {
      const refund = await this.d.paypal.refundCapture(payment.captureId, requestIds.refund(order.orderNo));
      if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') throw failWith(CODES.PAYMENT_FAILED, msg('payment.refundStatus', { status: refund.status }), { reason: refund.status, retry: true });
      await this.setPayment(order.id, { status: 'refunded', refundId: refund.id });
      return true;
    } catch (error) {
      if (error instanceof PaypalError && error.issue === 'CAPTURE_FULLY_REFUNDED') {
        await this.setPayment(order.id, { status: 'refunded' });
        return true;
      }
      throw this.unavailable(error);
    }
  }

  // ---------- webhooks (webhook.ts) ----------

  handleWebhook(headers: Record<string, string | string[] | undefined>, event: unknown): Promise<{ applied: boolean }> {
    return this.webhooks.handle(headers, event);
  }

  // ---------- reconciling ----------

  /**
   * For the reconciler: asks PayPal how each refund it answered PENDING ended (in case its
   * webhook never came), and completes or fails it as the webhook would. Answers how many settled.
   */
  async settlePendingRefunds(): Promise<number> {
    const waiting = await this.d.db.select().from(refunds).where(and(eq(refunds.status, 'pending'), isNotNull(refunds.paypalRefundId)));
    let settled = 0;
    for (const refund of waiting) {
      let now: PaypalRefund;
      try {
        now = await this.d.paypal.getRefund(refund.paypalRefundId!);
      } catch (error) {
        this.d.log.warn({ refundId: refund.id, err: loggableError(error) }, 'looking up a pending refund at PayPal failed; the next pass tries again');
        continue;
      }
      const by = { actor: PAYPAL_ACTOR, timeline: 'reconciler' };
      if (now.status === 'COMPLETED') {
        const done = await this.d.db.transaction(async (tx) => {
          const completed = await this.refundBook.complete(tx, refund, now.id, by);
          if (completed) await this.refundBook.mailTx(tx, completed);
          return completed;
        });
        if (done) settled++;
      } else if (now.status === 'FAILED' || now.status === 'CANCELLED') {
        if (await this.d.db.transaction((tx) => this.refundBook.fail(tx, refund, now.status, by))) settled++;
      }
    }
    return settled;
  }

  /**
   * For the reconciler: looks the order's PayPal order up and settles what PayPal already did.
   * An approved order the buyer never came back to capture is captured now. Answers what it did.
   */
  async reconcile(order: OrderRow, payment: PaymentRow): Promise<'settled' | 'pending' | 'open' | 'gone'> {
    if (!payment.paypalOrderId) return 'gone';
    let paypalOrder: PaypalOrder;
    try {
      paypalOrder = await this.d.paypal.getOrder(payment.paypalOrderId);
    } catch (error) {
      if (error instanceof PaypalError && error.status === 404) return 'gone';
      throw error;
    }
    if (paypalOrder.status === 'APPROVED') {
      try {
        paypalOrder = (await this.d.paypal.captureOrder(payment.paypalOrderId, requestIds.capture(order.orderNo, payment.captureAttempt))).order;
      } catch (error) {
        if (error instanceof PaypalError && error.issue && RETRYABLE_DECLINES.has(error.issue)) {
          await this.setPayment(order.id, { status: 'declined', captureAttempt: payment.captureAttempt + 1, lastIssue: error.issue });
          return 'open';
        }
        throw error;
      }
    }
    if (paypalOrder.status !== 'COMPLETED') return paypalOrder.status === 'VOIDED' ? 'gone' : 'open';
    try {
      const answer = await this.settle(order, payment, paypalOrder, 'reconciler');
      return answer.payment === 'PENDING' ? 'pending' : 'settled';
    } catch (error) {
      this.d.log.warn({ orderNo: order.orderNo, err: loggableError(error) }, 'reconciler could not settle an order');
      return 'open';
    }
  }
}

export type { PaymentDeps, PaymentLog } from './deps.ts';
