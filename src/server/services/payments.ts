/**
 * Payments through PayPal Orders v2 (DESIGN.md section 6, checklist items 24-31). Owns the
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
import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '../../domain/api/envelope.ts';
import { minorFromDecimal, paypalPurchaseUnit } from '../../domain/checkout.ts';
import type { CurrencyCode } from '../../domain/money.ts';
import { PAID_STATUSES, type OrderStatus } from '../../domain/orders.ts';
import type { Clock } from '../clock.ts';
import type { PaypalConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { orderItems, orders, payments, processedWebhookEvents } from '../db/schema.ts';
import { fail, failWith, invalid, loggableError, notFound } from '../errors.ts';
import { msg } from '../messages/index.ts';
import { PaypalError, PaypalUnknownOutcome, firstCapture, type PaypalClient, type PaypalOrder, type WebhookHeaders } from '../payments/paypal-client.ts';
import type { Tx } from './cart.ts';
import { pick } from './localise.ts';
import type { CaptureDetails, OrderAccess, OrderRow, OrderService, PaymentRow } from './orders.ts';

export interface PaymentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PaymentDeps {
  db: Db;
  paypal: PaypalClient;
  config: PaypalConfig;
  orders: OrderService;
  clock: Clock;
  log: PaymentLog;
}

export interface CaptureAnswer {
  orderNo: string;
  status: OrderStatus;
  /** COMPLETED: paid. PENDING: PayPal is still deciding; the order stays unpaid until it does. */
  payment: 'COMPLETED' | 'PENDING' | 'REFUNDED';
}

/** Issues after which the buyer can try again with another card or account. */
const RETRYABLE_DECLINES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_ACTION_REQUIRED', 'PAYER_CANNOT_PAY', 'DECLINED', 'FAILED']);

const requestIds = {
  create: (orderNo: string, attempt: number) => `${orderNo}-create-${attempt}`,
  capture: (orderNo: string, attempt: number) => `${orderNo}-capture-${attempt}`,
  refund: (orderNo: string) => `${orderNo}-refund`,
};

function declined(reason: string): Error {
  return failWith(CODES.PAYMENT_FAILED, 'payment.declined', { reason, retry: true });
}

function payerOf(order: PaypalOrder): { payerEmail: string | null; payerName: string | null } {
  const name = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(' ');
  return { payerEmail: order.payer?.email_address ?? null, payerName: name || null };
}

export class PaymentService {
  private readonly d: PaymentDeps;

  constructor(deps: PaymentDeps) {
    this.d = deps;
  }

  private async paymentOf(db: Db | Tx, orderId: number): Promise<PaymentRow> {
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment) throw notFound('payment');
    return payment;
  }

  private async byPaypalOrderId(paypalOrderId: string): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
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
        throw failWith(CODES.PAYMENT_FAILED, 'payment.paypalRefusedOrder', { reason: error.issue ?? error.errorName, retry: false });
      }
      throw this.unavailable(error);
    }
    await this.setPayment(order.id, { paypalOrderId: created.id, status: 'created', lastIssue: null });
    return { id: created.id, orderNo };
  }

  private unavailable(error: unknown): Error {
    if (error instanceof PaypalUnknownOutcome || error instanceof PaypalError) {
      this.d.log.warn({ err: loggableError(error) }, 'PayPal call failed');
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
    const [claimed] = await this.d.db
      .update(orders)
      .set({ captureStartedAt: this.d.clock() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending_payment')))
      .returning({ id: orders.id });
    if (!claimed) return this.capture(paypalOrderId, orderNo);

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
    await this.d.db.update(orders).set({ captureStartedAt: null }).where(eq(orders.id, orderId));
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
        const moved = await this.d.orders.markPaid(order.id, details, actor);
        const [current] = await this.d.db.select().from(orders).where(eq(orders.id, order.id));
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
          await this.d.orders.markPaidTx(tx, order.id, details, actor);
          await this.d.orders.moveTx(tx, order.id, 'paid', 'refunded', actor, 'Refunded at PayPal');
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
    const [row] = await this.d.db.select().from(orders).where(eq(orders.id, orderId));
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

  // ---------- webhooks ----------

  /**
   * Verifies and applies one delivery. Answers whether it was new. An unverifiable delivery is
   * refused and changes nothing (checklist item 29); one for an order that is not ours is recorded
   * and acknowledged, so PayPal stops sending it.
   */
  async handleWebhook(headers: Record<string, string | string[] | undefined>, event: unknown): Promise<{ applied: boolean }> {
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : '';
    };
    const signature: WebhookHeaders = {
      transmissionId: header('paypal-transmission-id'),
      transmissionTime: header('paypal-transmission-time'),
      transmissionSig: header('paypal-transmission-sig'),
      certUrl: header('paypal-cert-url'),
      authAlgo: header('paypal-auth-algo'),
    };
    const parsed = event as { id?: unknown; event_type?: unknown; resource?: Record<string, any> } | null;
    if (!parsed || typeof parsed.id !== 'string' || typeof parsed.event_type !== 'string' || !parsed.resource || typeof parsed.resource !== 'object') {
      throw invalid('webhook.notAnEvent');
    }
    if (Object.values(signature).some((value) => value === '')) throw invalid('webhook.signatureMissing');
    let verified: boolean;
    try {
      verified = await this.d.paypal.verifyWebhookSignature(signature, this.d.config.webhookId, event);
    } catch (error) {
      throw this.unavailable(error);
    }
    if (!verified) {
      this.d.log.warn({ eventId: parsed.id.slice(0, 80) }, 'webhook signature refused');
      throw invalid('webhook.signatureInvalid');
    }
    const eventId = parsed.id;
    const eventType = parsed.event_type;
    const resource = parsed.resource;
    const target = await this.webhookTarget(resource);

    const paidNow = await this.d.db.transaction(async (tx) => {
      const [fresh] = await tx.insert(processedWebhookEvents).values({ eventId, eventType, orderId: target?.order.id ?? null }).onConflictDoNothing().returning({ eventId: processedWebhookEvents.eventId });
      if (!fresh) return { applied: false, paid: null };
      if (!target) {
        this.d.log.info({ eventId, eventType }, 'webhook for no order of ours');
        return { applied: true, paid: null };
      }
      return { applied: true, paid: await this.applyEvent(tx, target.order, eventType, resource) };
    });
    if (paidNow.paid) await this.d.orders.sendConfirmation(paidNow.paid);
    return { applied: paidNow.applied };
  }

  /** The order an event is about: by PayPal order id, then capture id, then our order number in custom_id. */
  private async webhookTarget(resource: Record<string, any>): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
    const byPaypal = resource.supplementary_data?.related_ids?.order_id;
    if (typeof byPaypal === 'string') {
      const found = await this.byPaypalOrderId(byPaypal);
      if (found) return found;
    }
    const up = Array.isArray(resource.links) ? (resource.links as { rel?: string; href?: string }[]).find((l) => l.rel === 'up')?.href : undefined;
    const captureId = up ? /\/captures\/([A-Za-z0-9-]+)/.exec(up)?.[1] : typeof resource.id === 'string' ? resource.id : undefined;
    if (captureId) {
      const [found] = await this.d.db.select({ order: orders, payment: payments }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.captureId, captureId));
      if (found) return found;
    }
    const orderNo = typeof resource.custom_id === 'string' ? resource.custom_id : typeof resource.invoice_id === 'string' ? resource.invoice_id : null;
    if (orderNo) {
      const [found] = await this.d.db.select({ order: orders, payment: payments }).from(orders).innerJoin(payments, eq(payments.orderId, orders.id)).where(eq(orders.orderNo, orderNo));
      if (found) return found;
    }
    return null;
  }

  /** Applies one capture or refund event inside the transaction that records it; answers the order if it just became paid. */
  private async applyEvent(tx: Tx, order: OrderRow, eventType: string, resource: Record<string, any>): Promise<OrderRow | null> {
    const now = this.d.clock();
    const currency = order.currency as CurrencyCode;
    const amount = resource.amount as { currency_code?: string; value?: string } | undefined;
    const amountMatches = !amount || (amount.currency_code === order.currency && typeof amount.value === 'string' && minorFromDecimal(amount.value, currency) === order.total);
    const customMatches = resource.custom_id === undefined || resource.custom_id === order.orderNo;
    if (!amountMatches || !customMatches) {
      this.d.log.error({ orderNo: order.orderNo, eventType }, 'webhook amount or custom_id does not match the order; ignored');
      await tx.update(payments).set({ lastIssue: amountMatches ? 'CUSTOM_ID_MISMATCH' : 'AMOUNT_MISMATCH', updatedAt: now }).where(eq(payments.orderId, order.id));
      return null;
    }
    const captureId = eventType.startsWith('PAYMENT.CAPTURE.') && eventType !== 'PAYMENT.CAPTURE.REFUNDED' && eventType !== 'PAYMENT.CAPTURE.REVERSED' ? (resource.id as string) : null;
    switch (eventType) {
      case 'PAYMENT.CAPTURE.COMPLETED':
        return this.d.orders.markPaidTx(tx, order.id, { captureId, payerEmail: null, payerName: null }, 'webhook');
      case 'PAYMENT.CAPTURE.PENDING':
        await tx
          .update(payments)
          .set({ status: 'pending', captureId, lastIssue: (resource.status_details as { reason?: string } | undefined)?.reason ?? 'PENDING', updatedAt: now })
          .where(and(eq(payments.orderId, order.id), sql`${payments.status} not in ('captured', 'refunded')`));
        return null;
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const [before] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.orderId, order.id));
        if (!before || before.status === 'captured' || before.status === 'refunded') return null;
        await tx.update(payments).set({ status: 'declined', lastIssue: eventType.slice('PAYMENT.CAPTURE.'.length), updatedAt: now }).where(eq(payments.orderId, order.id));
        // A pending capture turned down is final: nothing ships, and the stock and coupon go back.
        // Any other decline leaves the order payable, so the buyer can try another card.
        if (before.status === 'pending') await this.d.orders.cancelUnpaidTx(tx, order.id, 'webhook', 'The payment was declined');
        return null;
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        // Arriving before COMPLETED: the capture happened, so the order was paid, then refunded.
        // No confirmation mail for an order refunded in the same breath.
        await this.d.orders.markPaidTx(tx, order.id, { captureId: null, payerEmail: null, payerName: null }, 'webhook');
        const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
        const from = current!.status as OrderStatus;
        if (PAID_STATUSES.includes(from)) await this.d.orders.moveTx(tx, order.id, from, 'refunded', 'webhook', eventType === 'PAYMENT.CAPTURE.REVERSED' ? 'Payment reversed at PayPal' : 'Refunded at PayPal');
        await tx.update(payments).set({ status: 'refunded', ...(typeof resource.id === 'string' ? { refundId: resource.id } : {}), updatedAt: now }).where(eq(payments.orderId, order.id));
        return null;
      }
      default:
        return null;
    }
  }

  // ---------- reconciling ----------

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
