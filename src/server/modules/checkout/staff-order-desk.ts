/**
 * Staff orders (docs/back-office.md "Manual orders"): an order placed by staff for an existing
 * customer or a guest email, priced and placed by checkout's own path (CheckoutService: the
 * configurator's rules, the catalogue's prices, tiers, coupon, shipping, tax, the stock taken in
 * the placing statement), then settled in the same transaction one of three ways:
 *
 * - `link`: a payment request of purpose manual-order for the whole total, its link mailed; the
 *   order waits in pending_payment until the link's expiry (its payBefore), when the reconciler
 *   cancels it unpaid like any checkout order (stock and coupon use back, the link cancelled);
 *   paying the link captures the order's own payment (pay-requests.ts);
 * - `offline` (order:pay-offline): the payment recorded as offline with method, reference and
 *   reason, the order paid with its invoice and confirmation like a PayPal payment;
 * - `replacement`: a free order of these lines for another order's buyer and address
 *   (OrderService.placeReplacementTx, as a claim's replacement), paid from the start.
 *
 * A hand-set unit price takes order:price and a reason (order_items.price_reason). Every create
 * and offline payment writes its audit row in its transaction. Idempotent by the form's key: a
 * retry, or a parallel request with the key, answers the one order made.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { CheckoutQuote } from '../../../domain/checkout.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { OfflinePaymentMethod } from '../../../domain/order-changes.model.ts';
import { PAID_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import type { AfterSalesSettings, CheckoutTerms } from '../../../domain/settings.model.ts';
import type { StaffOrderAnswer, StaffOrderPaymentKind } from '../../../domain/back-office/staff-orders.model.ts';
import type { StaffCustomer, StaffOrderCreateRequest, StaffOrderLine, StaffOrderPayOfflineRequest, StaffOrderQuoteRequest } from '../../../domain/back-office/staff-orders.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, failWith, notFound } from '../../errors.ts';
import type { AddressService, UserService } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { isStockShortage } from '../catalogue/index.ts';
import { orders, requireCode, type ItemRow, type OrderRow, type OrderService } from '../orders/index.ts';
import type { StaffCaller } from '../../../domain/back-office/staff.model.ts';
import type { PaymentLedger, PaymentRequests } from '../payments/index.ts';
import { STAFF_ORDER_SCOPE, type CheckoutService, type LinePrice } from './checkout.ts';

export interface StaffOrderDeskDeps {
  db: Db;
  checkout: CheckoutService;
  orders: OrderService;
  users: UserService;
  addresses: AddressService;
  requests: PaymentRequests;
  ledger: PaymentLedger;
  audit: AuditLog;
  clock: Clock;
  terms: () => Promise<CheckoutTerms>;
  afterSales: () => Promise<AfterSalesSettings>;
  stockNews: { changed(productIds: Iterable<number>): void };
}

/** A staff replacement's key among the replacements' (the claims' are their return numbers). */
const replacementKey = (key: string) => `staff:${key}`;

export class StaffOrderDesk {
  private readonly d: StaffOrderDeskDeps;

  constructor(deps: StaffOrderDeskDeps) {
    this.d = deps;
  }

  /** The hand-set prices by line; any takes order:price. */
  private static prices(lines: readonly StaffOrderLine[], caller: StaffCaller): LinePrice[] {
    const prices = lines.map((l) => (l.unitPrice === undefined ? null : { unitPrice: l.unitPrice, reason: l.priceReason! }));
    if (prices.some(Boolean)) requireCode(caller, PERMISSIONS.ORDER_PRICE);
    return prices;
  }

  private async customerOf(customer: StaffCustomer): Promise<{ userId: number | null; email: string }> {
    if (customer.type === 'guest') return { userId: null, email: customer.email };
    const user = await this.d.users.get(customer.userId);
    if (!user) throw notFound('user');
    return { userId: user.id, email: user.email };
  }

  /** What the order would cost now, as checkout's quote shows it (nothing is saved). */
  async quote(body: StaffOrderQuoteRequest, caller: StaffCaller, locale: Locale): Promise<CheckoutQuote> {
    const prices = StaffOrderDesk.prices(body.lines, caller);
    const customer = body.customer ? await this.customerOf(body.customer) : { userId: null };
    return this.d.checkout.quote(
      { userId: customer.userId, visitorId: null, locale },
      { source: { type: 'lines', items: body.lines.map((l) => l.item) }, currency: body.currency, country: body.country, province: body.province, shippingMethod: body.shippingMethod, couponCode: body.couponCode },
      prices,
    );
  }

  private static hash(body: StaffOrderCreateRequest): string {
    return createHash('sha256').update(JSON.stringify(body)).digest('hex');
  }

  private answer(row: OrderRow, kind: StaffOrderPaymentKind, replayed: boolean): StaffOrderAnswer {
    return { orderNo: row.orderNo, status: row.status as OrderStatus, currency: row.currency, total: row.total, kind, payBefore: kind === 'link' ? row.payBefore.toISOString() : null, replayed };
  }

  /** The order the key made before, if any (the same body; another body with the key is refused). */
  private async madeBefore(body: StaffOrderCreateRequest, hash: string): Promise<StaffOrderAnswer | null> {
    const row = body.payment.kind === 'replacement' ? await this.d.orders.byIdempotencyKey(this.d.db, 'replacement', replacementKey(body.idempotencyKey)) : await this.d.orders.byIdempotencyKey(this.d.db, STAFF_ORDER_SCOPE, body.idempotencyKey);
    if (!row) return null;
    if (row.requestHash !== hash && row.source !== 'replacement') throw failWith(CODES.CONFLICT, 'checkout.idempotencyKeyReused', { reason: 'IDEMPOTENCY_KEY_REUSED' });
    const payment = await this.d.ledger.summaryOf(this.d.db, row.id);
    return this.answer(row, row.source === 'replacement' ? 'replacement' : payment?.provider === 'offline' ? 'offline' : body.payment.kind, true);
  }

  async create(body: StaffOrderCreateRequest, caller: StaffCaller): Promise<StaffOrderAnswer> {
    const prices = StaffOrderDesk.prices(body.lines, caller);
    if (body.payment.kind === 'offline') requireCode(caller, PERMISSIONS.ORDER_PAY_OFFLINE);
    const hash = StaffOrderDesk.hash(body);
    const before = await this.madeBefore(body, hash);
    if (before) return before;
    try {
      return body.payment.kind === 'replacement' ? await this.replacement(body, body.payment.orderNo, caller) : await this.place(body, prices, hash, caller);
    } catch (error) {
      // A parallel request with the key made the order first (this one's insert met the key's
      // unique index, or found the stock taken by it): that order is the answer.
      const first = await this.madeBefore(body, hash);
      if (first) return first;
      throw error;
    }
  }

  /** Checked and priced before the transaction (through the pool), placed and settled in it. */
  private async place(body: StaffOrderCreateRequest, prices: LinePrice[], hash: string, caller: StaffCaller): Promise<StaffOrderAnswer> {
    const customer = await this.customerOf(body.customer!);
    const address = await this.d.addresses.columns(body.address!, 'body.address');
    const terms = await this.d.terms();
    const now = this.d.clock();
    const payment = body.payment;
    const kind = payment.kind === 'offline' ? 'offline' : 'link';
    // A link's order waits as long as its link lives, then is cancelled unpaid like checkout's.
    const payBefore = payment.kind === 'link' ? new Date(now.getTime() + (await this.d.afterSales()).paymentLinkHours * 3_600_000) : now;
    const lines = await this.d.checkout.staffLines(
      body.lines.map((l) => l.item),
      body.currency,
      body.locale,
      terms.rates,
    );
    let placed;
    try {
      placed = await this.d.db.transaction(async (tx) => {
        const made = await this.d.checkout.placeStaffTx(tx, {
          ...customer,
          locale: body.locale,
          currency: body.currency,
          address,
          shippingMethod: body.shippingMethod,
          couponCode: body.couponCode ?? null,
          lines,
          prices,
          key: body.idempotencyKey,
          hash,
          now,
          terms,
          payBefore,
        });
        const items = await this.d.orders.itemsOf(tx, made.row.id);
        await this.d.audit.record(tx, {
          actor: caller.actor,
          action: 'order.create',
          entity: 'order',
          entityId: made.row.orderNo,
          before: null,
          after: { source: 'staff', payment: payment.kind, email: customer.email, userId: customer.userId, currency: body.currency, total: made.row.total, coupon: body.couponCode ?? null, lines: auditLines(items) },
        });
        if (payment.kind === 'link') {
          await this.d.requests.openTx(tx, { orderId: made.row.id, purpose: 'manual-order', changeId: null, amount: made.row.total, currency: body.currency, expiresAt: payBefore });
        } else if (payment.kind === 'offline') {
          await this.payOfflineTx(tx, made.row.id, payment, caller);
        }
        return made;
      });
    } catch (error) {
      if (isStockShortage(error)) throw await this.d.checkout.outOfStock(lines);
      throw error;
    }
    this.d.stockNews.changed(placed.productIds);
    const row = (await this.d.orders.byId(this.d.db, placed.row.id))!;
    return this.answer(row, kind, false);
  }

  /** A free replacement of `orderNo` (paid, not cancelled): these lines at no charge, to its buyer and address. */
  private async replacement(body: StaffOrderCreateRequest, orderNo: string, caller: StaffCaller): Promise<StaffOrderAnswer> {
    const [original] = await this.d.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!original) throw notFound('order');
    const terms = await this.d.terms();
    const currency = original.currency as CurrencyCode;
    const lines = await this.d.checkout.staffLines(
      body.lines.map((l) => l.item),
      currency,
      body.locale,
      terms.rates,
    );
    const drafts = this.d.checkout.itemDrafts(lines, currency, terms.rates);
    const now = this.d.clock();
    const row = await this.d.db.transaction(async (tx) => {
      const locked = await this.d.orders.lockTx(tx, original.id);
      if (!PAID_STATUSES.includes(locked.status as OrderStatus)) throw fail(CODES.CONFLICT, 'staffOrder.originalNotPaid');
      const made = await this.d.orders.placeReplacementTx(
        tx,
        locked,
        drafts.map((draft) => ({ item: { ...draft, id: 0, orderId: 0 } as ItemRow, quantity: draft.quantity })),
        { key: replacementKey(body.idempotencyKey), note: `Free replacement of ${locked.orderNo}`, at: now },
      );
      await this.d.audit.record(tx, {
        actor: caller.actor,
        action: 'order.create',
        entity: 'order',
        entityId: made.orderNo,
        before: null,
        after: { source: 'replacement', payment: 'replacement', replaces: locked.orderNo, email: made.email, total: 0, lines: auditLines(await this.d.orders.itemsOf(tx, made.id)) },
      });
      return made;
    });
    this.d.stockNews.changed(lines.map((l) => l.record.productId));
    return this.answer(row, 'replacement', false);
  }

  /**
   * Under the order's lock: a staff order still waiting for its money is paid offline. Its open
   * link is cancelled (a capture of it arriving later finds the order paid and is given back).
   */
  private async payOfflineTx(tx: Tx, orderId: number, offline: { method: OfflinePaymentMethod; reference: string; reason: string }, caller: StaffCaller): Promise<OrderRow> {
    const row = await this.d.orders.lockTx(tx, orderId);
    if (row.source !== 'staff') throw fail(CODES.CONFLICT, 'staffOrder.notStaff');
    if (row.status !== 'pending_payment') throw fail(CODES.CONFLICT, row.status === 'cancelled' ? 'staffOrder.cancelled' : 'staffOrder.alreadyPaid');
    const now = this.d.clock();
    await this.d.requests.cancelOpenTx(tx, orderId, caller.actor, 'Paid offline');
    if (!(await this.d.ledger.recordOffline(tx, orderId, offline, now))) throw fail(CODES.CONFLICT, 'staffOrder.alreadyPaid');
    const paid = await this.d.orders.markPaidTx(tx, orderId, 'admin');
    if (!paid) throw fail(CODES.CONFLICT, 'order.changedMeanwhile');
    await this.d.audit.record(tx, {
      actor: caller.actor,
      action: 'order.pay-offline',
      entity: 'order',
      entityId: row.orderNo,
      before: { status: row.status },
      after: { status: paid.status, method: offline.method, reference: offline.reference, reason: offline.reason, amount: row.total, currency: row.currency },
    });
    return paid;
  }

  /** A staff order that waits for its link's payment, paid offline after all (order:pay-offline). */
  async payOffline(body: StaffOrderPayOfflineRequest, caller: StaffCaller): Promise<StaffOrderAnswer> {
    const [row] = await this.d.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, body.orderNo));
    if (!row) throw notFound('order');
    const paid = await this.d.db.transaction((tx) => this.payOfflineTx(tx, row.id, body, caller));
    return this.answer(paid, 'offline', false);
  }
}

/** A staff order's lines as its audit row keeps them: hand-set prices with their reasons. */
function auditLines(items: readonly ItemRow[]) {
  return items.map((i) => ({ productId: i.productId, size: i.size, quantity: i.quantity, unitPrice: i.unitPrice, ...(i.priceReason ? { priceReason: i.priceReason } : {}) }));
}
