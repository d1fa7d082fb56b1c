/**
 * PayPal's webhooks: each delivery's signature is verified with PayPal (or the simulator), each
 * event id is applied once, in the same transaction that records it, and events may arrive in
 * any order (a refund before its capture, a decline after a pending capture).
 */
import { and, eq, sql } from 'drizzle-orm';
import { minorFromDecimal } from '../../../domain/checkout.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { PAID_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../errors.ts';
import { orders, type OrderRow } from '../orders/index.ts';
import { SETTLED, type CaptureDetails, type PaymentRow } from './ledger.ts';
import type { WebhookHeaders } from './paypal-client.ts';
import type { PaymentDeps } from './deps.ts';
import { payments, processedWebhookEvents, refunds } from './schema.ts';

/** What the webhooks share with the rest of the payment service (payments.ts). */
export interface WebhookService {
  markPaidTx(tx: Tx, orderId: number, capture: CaptureDetails, actor: string): Promise<OrderRow | null>;
  unavailable(error: unknown): Error;
  byPaypalOrderId(paypalOrderId: string): Promise<{ order: OrderRow; payment: PaymentRow } | null>;
}

export class PaypalWebhooks {
  private readonly d: PaymentDeps;
  private readonly service: WebhookService;

  constructor(deps: PaymentDeps, service: WebhookService) {
    this.d = deps;
    this.service = service;
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

  /** Applies one capture or refund event inside the transaction that records it; answers the order if it just became paid. */
  private async applyEvent(tx: Tx, order: OrderRow, eventType: string, resource: Record<string, any>): Promise<OrderRow | null> {
    const now = this.d.clock();
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED') {
      if (await this.refundIsOurs(tx, order.id, resource)) return null;
    }
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
        return this.service.markPaidTx(tx, order.id, { captureId, payerEmail: null, payerName: null }, 'webhook');
      case 'PAYMENT.CAPTURE.PENDING':
        await tx
          .update(payments)
          .set({ status: 'pending', captureId, lastIssue: (resource.status_details as { reason?: string } | undefined)?.reason ?? 'PENDING', updatedAt: now })
          .where(and(eq(payments.orderId, order.id), sql`${payments.status} not in ${SETTLED}`));
        return null;
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const [before] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.orderId, order.id));
        if (!before || ['captured', 'partially_refunded', 'refunded'].includes(before.status)) return null;
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
        await this.service.markPaidTx(tx, order.id, { captureId: null, payerEmail: null, payerName: null }, 'webhook');
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

  /**
   * A refund the back office asked for (refunds.ts records it): already applied there, or being
   * applied right now (its row is still pending while PayPal's answer is handled), so the event
   * changes nothing. Only a refund made outside the shop (PayPal's dashboard) goes on below,
   * where an amount other than the whole order's is left alone and logged.
   */
  private async refundIsOurs(tx: Tx, orderId: number, resource: Record<string, any>): Promise<boolean> {
    const refundId = typeof resource.id === 'string' ? resource.id : null;
    const ours = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), refundId ? sql`(${refunds.paypalRefundId} = ${refundId} or ${refunds.status} = 'pending')` : eq(refunds.status, 'pending')))
      .limit(1);
    return ours.length > 0;
  }
}
