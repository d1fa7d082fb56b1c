/**
 * Paying a payment request (docs/checkout-and-payments.md "Payment requests"): its pay page reads
 * it by the link's token, makes its own PayPal order (amount and currency the request's, custom_id
 * and invoice_id `<orderNo>-R<id>` so PayPal's events and the reconciler find it), and captures it.
 * The capture is checked like checkout's (amount, currency, custom_id) before anything is written;
 * then, in one transaction under the order's lock, the request becomes paid with its capture id,
 * the extra is invoiced (the invoices module, an order change's request), the audit row is written
 * and the "payment received" mail queued with the invoice attached. PayPal's webhook
 * (PAYMENT.CAPTURE.COMPLETED) and the reconciler end in the same `settle`, so a buyer who closed
 * the window is still paid exactly once.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { minorFromDecimal, paypalPurchaseUnit } from '../../../domain/checkout.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { PayRequestView } from '../../../domain/payment-requests.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, failWith, loggableError, notFound } from '../../errors.ts';
import type { MailQueue } from '../../mail/mailer.ts';
import { paymentReceivedMail } from '../../mail/payment-request-mails.ts';
import type { AuditLog } from '../audit/index.ts';
import { orders, type OrderRow, type OrderService } from '../orders/index.ts';
import { PaymentLedger } from './ledger.ts';
import type { PaymentLog } from './log.ts';
import { localeOfOrder, requestTokenDigest, type PaymentRequestRow } from './payment-requests.ts';
import { PaypalError, PaypalUnknownOutcome, RETRYABLE_DECLINES, firstCapture, type PaypalClient, type PaypalOrder } from './paypal-client.ts';
import { paymentRequests } from './schema.ts';

/** The invoices module's side (app.ts wires it): an invoice for what a paid request added to the order. */
export interface ExtraInvoices {
  issueExtraInvoiceTx(tx: Tx, order: OrderRow, amount: number): Promise<{ id: number; number: string } | null>;
}

export interface RequestPaymentDeps {
  db: Db;
  paypal: PaypalClient;
  orders: OrderService;
  audit: AuditLog;
  mail: MailQueue;
  invoices: ExtraInvoices;
  clock: Clock;
  log: PaymentLog;
  /** The payment service's mapping of an unanswered PayPal call to 1503. */
  unavailable(error: unknown): Error;
}

/** A capture this recent is left to the page that started it; the reconciler takes the rest. */
const IN_FLIGHT_MS = 60_000;
/** How long after its link expired a request's approved PayPal order is still looked up. */
const LOOK_BACK_MS = 3 * 24 * 3_600_000;

/** What PayPal's order is made under: the order number and the request, one PayPal order per request. */
export function requestReference(orderNo: string, requestId: number): string {
  return `${orderNo}-R${requestId}`;
}

const requestIds = {
  create: (ref: string) => `${ref}-create`,
  capture: (ref: string) => `${ref}-capture`,
  refund: (ref: string) => `${ref}-refund`,
};

export class RequestPayments {
  private readonly d: RequestPaymentDeps;
  /** The order's payment row, which a staff order's link captures. */
  private readonly ledger = new PaymentLedger();

  constructor(deps: RequestPaymentDeps) {
    this.d = deps;
  }

  private async byToken(token: string): Promise<{ request: PaymentRequestRow; order: OrderRow }> {
    const [found] = await this.d.db
      .select({ request: paymentRequests, order: orders })
      .from(paymentRequests)
      .innerJoin(orders, eq(orders.id, paymentRequests.orderId))
      .where(eq(paymentRequests.tokenHash, requestTokenDigest(token)));
    // The same answer for a wrong token as for none: a link is either whole or nothing.
    if (!found) throw notFound('paymentRequest');
    return found;
  }

  private viewOf(request: PaymentRequestRow, order: OrderRow): PayRequestView {
    const lapsed = request.status === 'open' && request.expiresAt <= this.d.clock();
    return {
      orderNo: order.orderNo,
      purpose: request.purpose,
      amount: request.amount,
      currency: request.currency,
      expiresAt: request.expiresAt.toISOString(),
      status: lapsed ? 'expired' : request.status,
      paidAt: request.paidAt?.toISOString() ?? null,
      locale: localeOfOrder(order),
    };
  }

  /** `pay-requests/view?t=`: the request its link's holder may pay. */
  async view(token: string): Promise<PayRequestView> {
    const { request, order } = await this.byToken(token);
    return this.viewOf(request, order);
  }

  /** Why a request cannot be paid now, as the page shows it; null when it can. */
  private refusal(request: PaymentRequestRow): Error | null {
    if (request.status === 'paid') return fail(CODES.CONFLICT, 'payRequest.paid');
    if (request.status === 'waived' || request.status === 'cancelled') return fail(CODES.CONFLICT, 'payRequest.closed');
    if (request.status === 'expired' || request.expiresAt <= this.d.clock()) return failWith(CODES.PAYMENT_FAILED, 'payRequest.expired', { reason: 'REQUEST_EXPIRED', retry: false });
    return null;
  }

  /** `pay-requests/createOrder`: the request's own PayPal order, made once (asked again, the same one while it can be paid). */
  async createPaypalOrder(token: string): Promise<{ id: string }> {
    const { request, order } = await this.byToken(token);
    const refused = this.refusal(request);
    if (refused) throw refused;
    const ref = requestReference(order.orderNo, request.id);
    if (request.paypalOrderId) {
      try {
        const existing = await this.d.paypal.getOrder(request.paypalOrderId);
        if (existing.status === 'COMPLETED') {
          await this.settleOrder(request, existing, 'capture');
          throw fail(CODES.CONFLICT, 'payRequest.paid');
        }
        if (existing.status !== 'VOIDED') return { id: existing.id };
      } catch (error) {
        if (!(error instanceof PaypalError && error.status === 404)) throw this.d.unavailable(error);
      }
    }
    const unit = paypalPurchaseUnit({
      orderNo: ref,
      currency: request.currency as CurrencyCode,
      items: [{ name: `${request.purpose === 'order-change' ? 'Order change' : 'Order'} ${order.orderNo}`, sku: ref, unitAmount: request.amount, quantity: 1 }],
      discount: 0,
      shipping: 0,
      total: request.amount,
    });
    let created: PaypalOrder;
    try {
      // Voided or unknown at PayPal: a request id of its own, so PayPal does not replay the old order.
      created = await this.d.paypal.createOrder(unit, request.paypalOrderId ? `${requestIds.create(ref)}-${request.paypalOrderId}` : requestIds.create(ref));
    } catch (error) {
      if (error instanceof PaypalError) {
        this.d.log.error({ orderNo: order.orderNo, requestId: request.id, issue: error.issue }, 'PayPal refused to create a payment request order');
        throw failWith(CODES.PAYMENT_FAILED, 'payment.paypalRefusedOrder', { reason: error.issue ?? error.errorName, retry: false });
      }
      throw this.d.unavailable(error);
    }
    await this.d.db.update(paymentRequests).set({ paypalOrderId: created.id, updatedAt: this.d.clock() }).where(and(eq(paymentRequests.id, request.id), eq(paymentRequests.status, 'open')));
    return { id: created.id };
  }

  /**
   * `pay-requests/capture`: captures the approved PayPal order of the token's request and marks it
   * paid. The PayPal order must be the request's own. Safe to repeat: a paid request answers paid.
   */
  async capture(token: string, paypalOrderId: string): Promise<PayRequestView> {
    const { request, order } = await this.byToken(token);
    if (request.status === 'paid') return this.viewOf(request, order);
    if (request.paypalOrderId !== paypalOrderId) throw failWith(CODES.PAYMENT_FAILED, 'payment.otherOrder', { reason: 'ORDER_MISMATCH', retry: false });
    if (request.status === 'waived' || request.status === 'cancelled') throw fail(CODES.CONFLICT, 'payRequest.closed');
    // An expired request whose PayPal order the buyer approved in time is still taken: the page
    // only makes orders before the time runs out, and PayPal's own approval window is short.
    let result: PaypalOrder;
    try {
      result = (await this.d.paypal.captureOrder(paypalOrderId, requestIds.capture(requestReference(order.orderNo, request.id)))).order;
    } catch (error) {
      if (error instanceof PaypalError) {
        if (error.issue === 'ORDER_ALREADY_CAPTURED') return this.settleOrder(request, await this.d.paypal.getOrder(paypalOrderId), 'capture');
        if (error.issue === 'ORDER_NOT_APPROVED') throw failWith(CODES.PAYMENT_FAILED, 'payment.notApproved', { reason: 'ORDER_NOT_APPROVED', retry: true });
        if (error.issue && RETRYABLE_DECLINES.has(error.issue)) throw failWith(CODES.PAYMENT_FAILED, 'payment.declined', { reason: error.issue, retry: true });
        this.d.log.error({ orderNo: order.orderNo, requestId: request.id, issue: error.issue }, 'PayPal refused a payment request capture');
        throw failWith(CODES.PAYMENT_FAILED, 'payment.refused', { reason: error.issue ?? error.errorName, retry: false });
      }
      if (error instanceof PaypalUnknownOutcome) {
        try {
          const current = await this.d.paypal.getOrder(paypalOrderId);
          if (current.status === 'COMPLETED') return this.settleOrder(request, current, 'capture');
        } catch (lookup) {
          this.d.log.warn({ err: loggableError(lookup) }, 'PayPal order lookup after a failed request capture failed');
        }
      }
      throw this.d.unavailable(error);
    }
    return this.settleOrder(request, result, 'capture');
  }

  /** Checks what PayPal says of the request's order and settles a completed capture. */
  private async settleOrder(request: PaymentRequestRow, paypalOrder: PaypalOrder, actor: string): Promise<PayRequestView> {
    const capture = firstCapture(paypalOrder);
    const unit = paypalOrder.purchase_units[0];
    const currency = request.currency as CurrencyCode;
    const [order] = await this.d.db.select().from(orders).where(eq(orders.id, request.orderId));
    const ref = requestReference(order!.orderNo, request.id);
    const problem =
      !unit || unit.amount.currency_code !== request.currency || minorFromDecimal(unit.amount.value, currency) !== request.amount
        ? 'AMOUNT_MISMATCH'
        : (unit.custom_id ?? capture?.custom_id) !== ref
          ? 'CUSTOM_ID_MISMATCH'
          : capture && (capture.amount.currency_code !== request.currency || minorFromDecimal(capture.amount.value, currency) !== request.amount)
            ? 'AMOUNT_MISMATCH'
            : null;
    if (problem) {
      this.d.log.error({ orderNo: order!.orderNo, requestId: request.id, problem }, 'PayPal order does not match the payment request; not marked paid');
      throw failWith(CODES.PAYMENT_FAILED, 'payment.mismatch', { reason: problem, retry: false });
    }
    if (capture?.status === 'PENDING') throw fail(CODES.CONFLICT, 'payment.underReview');
    if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') throw failWith(CODES.PAYMENT_FAILED, 'payment.declined', { reason: capture.status, retry: true });
    if (!capture || !['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(capture.status)) {
      throw failWith(CODES.PAYMENT_FAILED, 'payment.notApproved', { reason: 'ORDER_NOT_APPROVED', retry: true });
    }
    const outcome = await this.d.db.transaction((tx) => this.settleTx(tx, request.id, capture.id, actor));
    if (outcome === 'closed') await this.giveBack(request, order!, capture.id);
    const [now] = await this.d.db.select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
    if (outcome === 'closed') throw fail(CODES.CONFLICT, 'payRequest.closedRefunded');
    return this.viewOf(now!, order!);
  }

  /**
   * The request is paid by capture `captureId`: under the order's lock it becomes paid (from open,
   * or expired: the money was taken), the extra is invoiced, the audit row written and the mail
   * queued. `paid`: this call paid it; `already`: someone did before (a replay, the webhook);
   * `closed`: it was waived or cancelled meanwhile, and the money must go back.
   */
  async settleTx(tx: Tx, requestId: number, captureId: string, actor: string): Promise<'paid' | 'already' | 'closed'> {
    const [before] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
    if (!before) throw notFound('paymentRequest');
    const order = await this.d.orders.lockTx(tx, before.orderId);
    const now = this.d.clock();
    // A staff order's link pays the order itself, only while it waits for it: paid offline or
    // cancelled unpaid meanwhile, the link is closed and the money goes back.
    const ordersOwn = before.purpose === 'manual-order';
    if (ordersOwn && order.status !== 'pending_payment' && before.status !== 'paid') {
      await tx
        .update(paymentRequests)
        .set({ status: 'cancelled', closedByEmail: 'system', closeReason: 'The order was settled otherwise', updatedAt: now })
        .where(and(eq(paymentRequests.id, requestId), inArray(paymentRequests.status, ['open', 'expired'])));
      return 'closed';
    }
    const [paid] = await tx
      .update(paymentRequests)
      .set({ status: 'paid', captureId, paidAt: now, updatedAt: now })
      .where(and(eq(paymentRequests.id, requestId), inArray(paymentRequests.status, ['open', 'expired'])))
      .returning();
    if (!paid) {
      const [current] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
      return current!.status === 'paid' ? 'already' : 'closed';
    }
    if (ordersOwn) {
      // The order's payment is this capture, and the order becomes paid as checkout's does: its
      // invoice and confirmation mail (markPaidTx).
      await this.ledger.recordCapture(tx, order.id, { captureId, payerEmail: null, payerName: null }, now);
      await this.d.orders.markPaidTx(tx, order.id, actor === 'capture' ? 'paypal' : actor);
      await this.d.audit.record(tx, {
        actor: { id: null, email: actor === 'capture' ? order.email : 'paypal' },
        action: 'order.link-paid',
        entity: 'order',
        entityId: order.orderNo,
        before: { requestId, status: before.status, order: order.status },
        after: { requestId, status: 'paid', order: 'paid', amount: paid.amount, currency: paid.currency, captureId, by: actor, note: 'Paid by the payment link' },
      });
      return 'paid';
    }
    // An order change's extra is invoiced as it is paid (docs/taxes.md "Invoices for an order change's extra").
    const invoice = paid.purpose === 'order-change' ? await this.d.invoices.issueExtraInvoiceTx(tx, order, paid.amount) : null;
    await this.d.audit.record(tx, {
      actor: { id: null, email: actor === 'capture' ? order.email : 'paypal' },
      action: 'order.extra-paid',
      entity: 'order',
      entityId: order.orderNo,
      before: { requestId, status: before.status },
      after: { requestId, status: 'paid', amount: paid.amount, currency: paid.currency, captureId, by: actor, invoice: invoice?.number ?? null, note: 'Extra payment received' },
    });
    const locale = localeOfOrder(order);
    await this.d.mail.queue(tx, {
      to: order.email,
      kind: 'payment-received',
      ...paymentReceivedMail(locale, { orderNo: order.orderNo, firstName: order.shippingAddress.firstName, amount: paid.amount, currency: paid.currency as CurrencyCode, orderLink: this.d.orders.orderLink(order), invoice: invoice !== null }),
      attachments: invoice ? [{ kind: 'tax-document', documentId: invoice.id }] : [],
    });
    return 'paid';
  }

  /** Money captured for a request waived or cancelled meanwhile: given back whole, not kept. */
  private async giveBack(request: PaymentRequestRow, order: OrderRow, captureId: string): Promise<void> {
    this.d.log.error({ orderNo: order.orderNo, requestId: request.id }, 'a capture arrived for a closed payment request; refunding it');
    try {
      await this.d.paypal.refundCapture(captureId, requestIds.refund(requestReference(order.orderNo, request.id)));
    } catch (error) {
      if (!(error instanceof PaypalError && error.issue === 'CAPTURE_FULLY_REFUNDED')) throw this.d.unavailable(error);
    }
  }

  // ---------- PayPal's webhook and the reconciler ----------

  /** The request an event is about: by its PayPal order id, then by its capture id. */
  async targetOf(resource: Record<string, any>): Promise<PaymentRequestRow | null> {
    const byPaypal = resource.supplementary_data?.related_ids?.order_id;
    if (typeof byPaypal === 'string') {
      const [found] = await this.d.db.select().from(paymentRequests).where(eq(paymentRequests.paypalOrderId, byPaypal));
      if (found) return found;
    }
    const up = Array.isArray(resource.links) ? (resource.links as { rel?: string; href?: string }[]).find((l) => l.rel === 'up')?.href : undefined;
    const captureId = up ? /\/captures\/([A-Za-z0-9-]+)/.exec(up)?.[1] : typeof resource.id === 'string' ? resource.id : undefined;
    if (captureId) {
      const [found] = await this.d.db.select().from(paymentRequests).where(eq(paymentRequests.captureId, captureId));
      if (found) return found;
    }
    return null;
  }

  /**
   * A capture's completion event for a request, in the transaction that records the event:
   * checked like the capture call (amount, currency, custom_id), then settled. Answers whether the
   * money must go back (the request was closed meanwhile), for the caller to do once committed.
   */
  async applyCaptureTx(tx: Tx, request: PaymentRequestRow, resource: Record<string, any>): Promise<'paid' | 'already' | 'closed' | 'ignored'> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
    const money = resource.amount as { currency_code?: string; value?: string } | undefined;
    const matches =
      money?.currency_code === request.currency &&
      typeof money.value === 'string' &&
      minorFromDecimal(money.value, request.currency as CurrencyCode) === request.amount &&
      (resource.custom_id === undefined || resource.custom_id === requestReference(order!.orderNo, request.id));
    if (!matches || typeof resource.id !== 'string') {
      this.d.log.error({ orderNo: order!.orderNo, requestId: request.id }, 'webhook amount or custom_id does not match the payment request; ignored');
      return 'ignored';
    }
    return this.settleTx(tx, request.id, resource.id, 'webhook');
  }

  /** After the webhook's transaction: a closed request's capture goes back. */
  async afterCapture(request: PaymentRequestRow, captureId: string): Promise<void> {
    const [order] = await this.d.db.select().from(orders).where(eq(orders.id, request.orderId));
    await this.giveBack(request, order!, captureId);
  }

  /**
   * The reconciler's pass: every unpaid request with a PayPal order left alone for a minute is
   * looked up; an approved one is captured, a completed one settled. Answers how many it paid.
   */
  async reconcile(): Promise<number> {
    const now = this.d.clock().getTime();
    const idle = new Date(now - IN_FLIGHT_MS);
    // PayPal keeps an approved order capturable for three days: an expired request older than that is left alone.
    const recent = new Date(now - LOOK_BACK_MS);
    const waiting = await this.d.db
      .select()
      .from(paymentRequests)
      .where(
        and(
          inArray(paymentRequests.status, ['open', 'expired']),
          isNotNull(paymentRequests.paypalOrderId),
          isNull(paymentRequests.captureId),
          lt(paymentRequests.updatedAt, idle),
          gt(paymentRequests.expiresAt, recent),
        ),
      );
    let settled = 0;
    for (const request of waiting) {
      try {
        const [order] = await this.d.db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, request.orderId));
        let paypalOrder = await this.d.paypal.getOrder(request.paypalOrderId!);
        if (paypalOrder.status === 'APPROVED') {
          paypalOrder = (await this.d.paypal.captureOrder(request.paypalOrderId!, requestIds.capture(requestReference(order!.orderNo, request.id)))).order;
        }
        if (paypalOrder.status !== 'COMPLETED') continue;
        const view = await this.settleOrder(request, paypalOrder, 'reconciler');
        if (view.status === 'paid') settled++;
      } catch (error) {
        this.d.log.warn({ requestId: request.id, err: loggableError(error) }, 'reconciling a payment request failed; the next pass tries again');
      }
    }
    return settled;
  }
}
