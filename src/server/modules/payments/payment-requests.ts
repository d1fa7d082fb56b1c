/**
 * Payment requests (docs/checkout-and-payments.md "Payment requests"): money the shop asks of the
 * buyer after placement (the extra of an order change; later a staff order's total), paid through
 * a PayPal link mailed to them. The link carries a random token; only its SHA-256 digest is
 * stored, so the table alone cannot pay anything.
 *
 * The *Tx methods run inside the caller's transaction (the order changes' desk holds the order's
 * lock there): one request open per order at most (a partial unique index), opening another
 * cancels the one owed (open, or a change's expired unpaid) first. What pays a request (its
 * page's capture, PayPal's webhook, the reconciler) is pay-requests.ts; this file is the
 * request's life without PayPal.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../domain/locale.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { PaymentRequestPurpose, PaymentRequestStatus } from '../../../domain/order-changes.model.ts';
import type { ShopSettings } from '../../../domain/settings.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { MailQueue } from '../../mail/mailer.ts';
import { paymentLinkMail, requestExpiredMail } from '../../mail/payment-request-mails.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { orders, type OrderRow } from '../orders/index.ts';
import { paymentRequests } from './schema.ts';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

export interface PaymentRequestDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  audit: AuditLog;
  /** The settings read through the caller's transaction (SettingsService.currentIn). */
  settings: (tx: Tx) => Promise<ShopSettings>;
  /** The storefront's root with its trailing slash (publicSiteUrl + basePath), for the mailed link. */
  site: string;
  /** The language of the merchant's mail (MERCHANT_LOCALE). */
  merchantLocale: Locale;
}

/** The digest a link's token is stored and looked up by. */
export function requestTokenDigest(token: string): string {
  return createHash('sha256').update(`payment-request|${token}`).digest('hex');
}

/** The pay page of a request, in the order's language. */
export function payLink(site: string, locale: Locale, token: string): string {
  return `${site}${locale}/pay/?t=${encodeURIComponent(token)}`;
}

export function localeOfOrder(row: Pick<OrderRow, 'locale'>): Locale {
  return isLocale(row.locale) ? row.locale : 'en-US';
}

/**
 * A request the order still owes: open, or an order change's extra whose link expired unpaid (it
 * holds production until paid, waived or replaced by a new link). A staff order's expired link is
 * not owed: that order is cancelled unpaid at its payBefore (staff-order-desk.ts, the reconciler).
 */
const owed: SQL = or(eq(paymentRequests.status, 'open'), and(eq(paymentRequests.status, 'expired'), eq(paymentRequests.purpose, 'order-change')))!;

/** The request an order owes (PaymentRequests.dueForTx): open, or expired and not yet paid, waived or replaced. */
export interface DueRequest {
  id: number;
  amount: number;
  expiresAt: Date;
  status: 'open' | 'expired';
}

export class PaymentRequests {
  private readonly d: PaymentRequestDeps;

  constructor(deps: PaymentRequestDeps) {
    this.d = deps;
  }

  /**
   * Opens a request for `amount` of the order: cancels the owed one first (a later change asks
   * for the new sum), makes the link's token, and queues the mail with the link to the shopper in
   * the order's language, all in the caller's transaction.
   */
  async openTx(
    tx: Tx,
    o: {
      orderId: number;
      purpose: PaymentRequestPurpose;
      changeId: number | null;
      amount: number;
      currency: CurrencyCode;
      /** When the link lapses; by default now plus the After sales setting (a staff order's is its payBefore, worked out the same way). */
      expiresAt?: Date;
    },
  ): Promise<{ id: number; expiresAt: Date }> {
    if (!Number.isSafeInteger(o.amount) || o.amount <= 0) throw new Error(`a payment request asks for a positive whole amount, not ${o.amount}`);
    await this.closeOpenTx(tx, o.orderId, 'cancelled', { id: null, email: 'system' }, 'A new payment request replaced it');
    const now = this.d.clock();
    const expiresAt = o.expiresAt ?? new Date(now.getTime() + (await this.d.settings(tx)).afterSales.paymentLinkHours * 3_600_000);
    const token = randomBytes(24).toString('base64url');
    const [made] = await tx
      .insert(paymentRequests)
      .values({ orderId: o.orderId, purpose: o.purpose, changeId: o.changeId, amount: o.amount, currency: o.currency, tokenHash: requestTokenDigest(token), expiresAt, status: 'open', createdAt: now, updatedAt: now })
      .returning({ id: paymentRequests.id });
    const [order] = await tx.select().from(orders).where(eq(orders.id, o.orderId));
    if (!order) throw new Error(`no order ${o.orderId} to ask a payment of`);
    const locale = localeOfOrder(order);
    await this.d.mail.queue(tx, {
      to: order.email,
      kind: 'payment-request',
      ...paymentLinkMail(locale, { orderNo: order.orderNo, firstName: order.shippingAddress.firstName, amount: o.amount, currency: o.currency, purpose: o.purpose, expiresAt, link: payLink(this.d.site, locale, token) }),
    });
    return { id: made!.id, expiresAt };
  }

  /** Cancels the order's owed request, open or expired unpaid (a later change made it moot); nothing when none is owed. */
  async cancelOpenTx(tx: Tx, orderId: number, by: { id: number | null; email: string }, reason: string): Promise<void> {
    await this.closeOpenTx(tx, orderId, 'cancelled', by, reason);
  }

  /**
   * The request the order owes, if any: its latest request when that is open, or an order change's
   * that expired unpaid. Either holds the order out of production (orders' production-hold.ts).
   */
  async dueForTx(tx: Db | Tx, orderId: number): Promise<DueRequest | null> {
    const [last] = await tx
      .select({ id: paymentRequests.id, amount: paymentRequests.amount, expiresAt: paymentRequests.expiresAt, status: paymentRequests.status, purpose: paymentRequests.purpose })
      .from(paymentRequests)
      .where(eq(paymentRequests.orderId, orderId))
      .orderBy(desc(paymentRequests.id))
      .limit(1);
    if (!last) return null;
    if (last.status === 'open' || (last.status === 'expired' && last.purpose === 'order-change')) return { id: last.id, amount: last.amount, expiresAt: last.expiresAt, status: last.status };
    return null;
  }

  /**
   * Staff waive the order's owed request (open, or expired unpaid) with a reason: the order need
   * not pay it and may go to production. True when one was owed. The caller records its own audit
   * row with the change.
   */
  async waiveTx(tx: Tx, orderId: number, by: { id: number; email: string }, reason: string): Promise<boolean> {
    return (await this.closeOpenTx(tx, orderId, 'waived', by, reason)) !== null;
  }

  /**
   * A new link for the order's owed request of a change (expired, or open and lost by the
   * shopper): the old one is cancelled by `by` (a capture of it arriving later is given back:
   * pay-requests.ts settleTx), and a request of the same amount and purpose opened with a fresh
   * token and time, its link mailed. Null when the order owes none (paid, waived, or a staff
   * order's link, which is not renewed: that order is cancelled unpaid at its expiry).
   */
  async reopenTx(tx: Tx, orderId: number, by: AuditActor): Promise<{ id: number; expiresAt: Date; replaced: DueRequest } | null> {
    const due = await this.dueForTx(tx, orderId);
    if (!due) return null;
    const [last] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, due.id));
    if (!last || last.purpose !== 'order-change') return null;
    await this.closeOpenTx(tx, orderId, 'cancelled', by, 'A new link was sent');
    const opened = await this.openTx(tx, { orderId, purpose: last.purpose, changeId: last.changeId, amount: last.amount, currency: last.currency as CurrencyCode });
    return { ...opened, replaced: due };
  }

  private async closeOpenTx(tx: Tx, orderId: number, status: Extract<PaymentRequestStatus, 'cancelled' | 'waived'>, by: AuditActor, reason: string): Promise<PaymentRequestRow | null> {
    const [closed] = await tx
      .update(paymentRequests)
      .set({ status, closedById: by.id, closedByEmail: by.email, closeReason: reason, updatedAt: this.d.clock() })
      .where(and(eq(paymentRequests.orderId, orderId), owed))
      .returning();
    return closed ?? null;
  }

  /**
   * The expiry job (app.ts, JobRunner): every open request past its time becomes expired, audited,
   * and the merchant is mailed (settings' merchant email, if set): the order waits for staff to send
   * a new link (reopenTx) or waive it; meanwhile the expired request still holds production (dueForTx). Answers how many.
   */
  async expireDue(): Promise<number> {
    const now = this.d.clock();
    return this.d.db.transaction(async (tx) => {
      const expired = await tx
        .update(paymentRequests)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(paymentRequests.status, 'open'), lt(paymentRequests.expiresAt, now)))
        .returning();
      const merchant = expired.length ? (await this.d.settings(tx)).merchant.email : null;
      for (const request of expired) {
        const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, request.orderId));
        if (merchant && order) {
          const data = { orderNo: order.orderNo, amount: request.amount, currency: request.currency as CurrencyCode, adminLink: `${this.d.site}admin/orders/${order.orderNo}` };
          await this.d.mail.queue(tx, { to: merchant, kind: 'merchant-payment-request-expired', ...requestExpiredMail(this.d.merchantLocale, data) });
        }
        await this.d.audit.record(tx, {
          actor: { id: null, email: 'system' },
          action: 'payment-request.expire',
          entity: 'order',
          entityId: order?.orderNo ?? request.orderId,
          before: { status: 'open', requestId: request.id },
          after: { status: 'expired', requestId: request.id, amount: request.amount, currency: request.currency },
        });
      }
      return expired.length;
    });
  }
}
