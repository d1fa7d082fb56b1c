/**
 * PayPal's webhooks: each delivery's signature is verified with PayPal (or the simulator), each
 * event id is applied once, in the same transaction that records it, and events may arrive in
 * any order (a refund before its capture, a decline after a pending capture).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { minorFromDecimal } from '../../../domain/checkout.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { PAID_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../errors.ts';
import { orders, type OrderRow } from '../orders/index.ts';
import { SETTLED, type CaptureDetails, type PaymentRow } from './ledger.ts';
import { PAYPAL_ACTOR, type RefundBook, type SettledRefund } from './refund-book.ts';
import type { WebhookHeaders } from './paypal-client.ts';
import type { PaymentDeps } from './deps.ts';
import type { PaymentRequestRow } from './payment-requests.ts';
import { paymentRequests, payments, processedWebhookEvents, refunds } from './schema.ts';

/** What the webhooks share with the rest of the payment service (payments.ts). */
export interface WebhookService {
  markPaidTx(tx: Tx, orderId: number, capture: CaptureDetails, actor: string): Promise<OrderRow | null>;
  unavailable(error: unknown): Error;
  byPaypalOrderId(paypalOrderId: string): Promise<{ order: OrderRow; payment: PaymentRow } | null>;
}

export class PaypalWebhooks {
  private readonly d: PaymentDeps;
  private readonly service: WebhookService;
  private readonly book: RefundBook;

  constructor(deps: PaymentDeps, service: WebhookService, book: RefundBook) {
    this.d = deps;
    this.service = service;
    this.book = book;
  }

  /**
   * Verifies and applies one delivery. Answers whether it was new. An unverifiable delivery is
   * refused and changes nothing; one for an order that is not ours is recorded
   * and acknowledged, so PayPal stops sending it.
   */
  async handle(headers: Record<string, string | string[] | undefined>, event: unknown): Promise<{ applied: boolean }> {
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
      throw this.service.unavailable(error);
    }
    if (!verified) {
      this.d.log.warn({ eventId: parsed.id.slice(0, 80) }, 'webhook signature refused');
      throw invalid('webhook.signatureInvalid');
    }
    const eventId = parsed.id;
    const eventType = parsed.event_type;
    const resource = parsed.resource;
    // A payment request's own PayPal order or capture (pay-requests.ts): its capture settles the
    // request; a refund of its capture is the order's refund, found by the request's order.
    const request = this.d.requests ? await this.d.requests.targetOf(resource) : null;
    if (request && eventType !== 'PAYMENT.CAPTURE.REFUNDED') return this.handleRequestCapture(eventId, eventType, request, resource);
    const target = request ? await this.requestOrder(request.orderId) : await this.webhookTarget(resource);

    const outcome = await this.d.db.transaction(async (tx): Promise<{ applied: boolean; effect?: Effect }> => {
      const [fresh] = await tx.insert(processedWebhookEvents).values({ eventId, eventType, orderId: target?.order.id ?? null }).onConflictDoNothing().returning({ eventId: processedWebhookEvents.eventId });
      if (!fresh) return { applied: false };
      if (!target) {
        this.d.log.info({ eventId, eventType }, 'webhook for no order of ours');
        return { applied: true };
      }
      const effect = await this.applyEvent(tx, target.order, eventType, resource);
      // A paid order's confirmation was queued by markPaidTx; a refund's mail is queued here, with the event.
      if (effect?.refund) await this.book.mailTx(tx, effect.refund);
      return { applied: true, effect };
    });
    return { applied: outcome.applied };
  }

  /** An event about a request's capture: recorded once with the event, the request settled; money for a closed request goes back once committed. */
  private async handleRequestCapture(eventId: string, eventType: string, request: PaymentRequestRow, resource: Record<string, any>): Promise<{ applied: boolean }> {
    const requests = this.d.requests!;
    const outcome = await this.d.db.transaction(async (tx) => {
      const [fresh] = await tx.insert(processedWebhookEvents).values({ eventId, eventType, orderId: request.orderId }).onConflictDoNothing().returning({ eventId: processedWebhookEvents.eventId });
      if (!fresh) return null;
      // Only a completed capture moves a request; a pending or declined one leaves it open for the buyer to try again.
      if (eventType !== 'PAYMENT.CAPTURE.COMPLETED') return 'ignored' as const;
      return requests.applyCaptureTx(tx, request, resource);
    });
    if (outcome === 'closed') await requests.afterCapture(request, resource.id as string);
    return { applied: outcome !== null };
  }

  private async requestOrder(orderId: number): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
    const [found] = await this.d.db.select({ order: orders, payment: payments }).from(orders).innerJoin(payments, eq(payments.orderId, orders.id)).where(eq(orders.id, orderId));
    return found ?? null;
  }

  /** The order an event is about: by PayPal order id, then capture id, then our order number in custom_id. */
  private async webhookTarget(resource: Record<string, any>): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
    const byPaypal = resource.supplementary_data?.related_ids?.order_id;
    if (typeof byPaypal === 'string') {
      const found = await this.service.byPaypalOrderId(byPaypal);
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

  /** Applies one capture or refund event inside the transaction that records it; answers what to mail once it committed. */
  private async applyEvent(tx: Tx, order: OrderRow, eventType: string, resource: Record<string, any>): Promise<Effect> {
    const now = this.d.clock();
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED') return { refund: await this.applyRefund(tx, order, resource) };
    if (eventType === 'PAYMENT.CAPTURE.REVERSED' && (await this.refundInFlight(tx, order.id, resource))) return {};
    const currency = order.currency as CurrencyCode;
    const amount = resource.amount as { currency_code?: string; value?: string } | undefined;
    const amountMatches = !amount || (amount.currency_code === order.currency && typeof amount.value === 'string' && minorFromDecimal(amount.value, currency) === order.total);
    const customMatches = resource.custom_id === undefined || resource.custom_id === order.orderNo;
    if (!amountMatches || !customMatches) {
      this.d.log.error({ orderNo: order.orderNo, eventType }, 'webhook amount or custom_id does not match the order; ignored');
      await tx.update(payments).set({ lastIssue: amountMatches ? 'CUSTOM_ID_MISMATCH' : 'AMOUNT_MISMATCH', updatedAt: now }).where(eq(payments.orderId, order.id));
      return {};
    }
    const captureId = eventType.startsWith('PAYMENT.CAPTURE.') && eventType !== 'PAYMENT.CAPTURE.REVERSED' ? (resource.id as string) : null;
    switch (eventType) {
      case 'PAYMENT.CAPTURE.COMPLETED':
        return { paid: await this.service.markPaidTx(tx, order.id, { captureId, payerEmail: null, payerName: null }, 'webhook') };
      case 'PAYMENT.CAPTURE.PENDING':
        await tx
          .update(payments)
          .set({ status: 'pending', captureId, lastIssue: (resource.status_details as { reason?: string } | undefined)?.reason ?? 'PENDING', updatedAt: now })
          .where(and(eq(payments.orderId, order.id), sql`${payments.status} not in ${SETTLED}`));
        return {};
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const [before] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.orderId, order.id));
        if (!before || ['captured', 'partially_refunded', 'refunded'].includes(before.status)) return {};
        await tx.update(payments).set({ status: 'declined', lastIssue: eventType.slice('PAYMENT.CAPTURE.'.length), updatedAt: now }).where(eq(payments.orderId, order.id));
        // A pending capture turned down is final: nothing ships, and the stock and coupon go back.
        // Any other decline leaves the order payable, so the buyer can try another card.
        if (before.status === 'pending') await this.d.orders.cancelUnpaidTx(tx, order.id, 'webhook', 'The payment was declined');
        return {};
      }
      case 'PAYMENT.CAPTURE.REVERSED': {
        // A chargeback takes the whole capture back. Arriving before COMPLETED: the capture
        // happened, so the order was paid, then reversed (no confirmation mail in the same breath).
        await this.service.markPaidTx(tx, order.id, { captureId: null, payerEmail: null, payerName: null }, 'webhook');
        const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
        const from = current!.status as OrderStatus;
        if (PAID_STATUSES.includes(from)) {
          await this.d.orders.moveTx(tx, order.id, from, 'refunded', 'webhook', 'Payment reversed at PayPal');
          // A chargeback takes back whatever was not refunded yet: its credit note reverses the rest of the invoice.
          await this.d.invoices.creditNoteTx(tx, { orderId: order.id, refundId: null, amount: 'rest' });
        }
        await tx.update(payments).set({ status: 'refunded', ...(typeof resource.id === 'string' ? { refundId: resource.id } : {}), updatedAt: now }).where(eq(payments.orderId, order.id));
        return {};
      }
      default:
        return {};
    }
  }

  /**
   * PAYMENT.CAPTURE.REFUNDED, whose resource is the refund (its id, status and amount):
   * - a refund of ours PayPal had answered PENDING completes (or fails, if the resource says so);
   * - one of ours already settled, or still being asked for (a pending refund of the same amount
   *   without PayPal's id: the staff call's answer settles it), changes nothing;
   * - any other was made in PayPal's dashboard: recorded as a refund row of the order (once, by its
   *   PayPal id), completed like ours. Arriving before the capture's COMPLETED, the order is
   *   marked paid first (the capture happened), without a confirmation mail.
   */
  private async applyRefund(tx: Tx, order: OrderRow, resource: Record<string, any>): Promise<SettledRefund | null> {
    const refundId = typeof resource.id === 'string' ? resource.id : null;
    const money = resource.amount as { currency_code?: string; value?: string } | undefined;
    if (!refundId || !money || money.currency_code !== order.currency || typeof money.value !== 'string') {
      this.d.log.error({ orderNo: order.orderNo }, 'refund webhook without a refund id or in another currency; ignored');
      return null;
    }
    const status = typeof resource.status === 'string' ? resource.status : 'COMPLETED';
    const by = { actor: PAYPAL_ACTOR, timeline: 'webhook' };
    const [known] = await tx.select().from(refunds).where(eq(refunds.paypalRefundId, refundId));
    if (known) {
      if (known.status !== 'pending' || status === 'PENDING') return null;
      if (status === 'COMPLETED') return this.book.complete(tx, known, refundId, by);
      await this.book.fail(tx, known, status, by);
      return null;
    }
    const amount = minorFromDecimal(money.value, order.currency as CurrencyCode);
    if (amount === null || amount <= 0 || status !== 'COMPLETED') return null;
    if (await this.refundInFlight(tx, order.id, resource, amount)) return null;
    await this.service.markPaidTx(tx, order.id, { captureId: null, payerEmail: null, payerName: null }, 'webhook');
    // Refunded from a payment request's capture (the 'up' link names it): the refund row says so, so
    // later refunds draw on each capture by what it has left (captures.ts).
    const up = Array.isArray(resource.links) ? (resource.links as { rel?: string; href?: string }[]).find((l) => l.rel === 'up')?.href : undefined;
    const upCapture = up ? /\/captures\/([A-Za-z0-9-]+)/.exec(up)?.[1] : undefined;
    // (A staff order's link captured the order's own payment: its refunds are the payment's.)
    const [request] = upCapture ? await tx.select({ captureId: paymentRequests.captureId }).from(paymentRequests).where(and(eq(paymentRequests.captureId, upCapture), ne(paymentRequests.purpose, 'manual-order'))) : [];
    return this.book.recordExternal(tx, await this.d.orders.lockTx(tx, order.id), refundId, amount, 'webhook', request?.captureId ?? null);
  }

  /**
   * A refund the back office is asking PayPal for right now (its row is pending, without PayPal's
   * id until the answer is recorded): the event is about it, and the staff call settles it. With
   * an amount, only a pending refund of that amount counts; a reversal matches any.
   */
  private async refundInFlight(tx: Tx, orderId: number, resource: Record<string, any>, amount?: number): Promise<boolean> {
    const refundId = typeof resource.id === 'string' ? resource.id : null;
    const ours = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.orderId, orderId),
          refundId ? sql`(${refunds.paypalRefundId} = ${refundId} or (${refunds.status} = 'pending' and ${refunds.paypalRefundId} is null))` : eq(refunds.status, 'pending'),
          ...(amount === undefined ? [] : [eq(refunds.amount, amount)]),
        ),
      )
      .limit(1);
    return ours.length > 0;
  }
}

/** What an applied event leaves to do once its transaction committed: the confirmation or a refund's mail. */
interface Effect {
  paid?: OrderRow | null;
  refund?: SettledRefund | null;
}
