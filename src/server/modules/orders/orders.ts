/**
 * Orders after checkout: the orders module alone creates and moves them, and writes orders,
 * order_items, order_status_events, shipments and shipment_events. Others ask: checkout places
 * (place), payments marks paid and claims captures, the reconciler and the back office cancel.
 * See docs/checkout-and-payments.md.
 *
 * Moves are conditional updates (`where status = <from>`), so when two parties race (a capture
 * and the unpaid-order sweep, two webhook deliveries, a reconciler on each instance) exactly one
 * wins and the others see that the order has moved on.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm';
import { insertFrom, jsonRows } from '../../db/json-rows.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { CurrencyCode, RateTable } from '../../../domain/money.model.ts';
import { trackingLink } from '../../../domain/carriers.ts';
import { orderNoFromBytes, type OrderStatus } from '../../../domain/orders.model.ts';
import type { ShippingMethod } from '../../../domain/shipping.ts';
import type { OrderTaxRow } from '../../../domain/tax/checkout-tax.ts';
import type { TaxBreakdown } from '../../../domain/tax/tax.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { msg, render } from '../../messages/index.ts';
import type { MailAttachmentRef } from '../../mail/mailer.ts';
import { merchantOrderMail, orderMoveMail, refundMail, type OrderMoveMail } from '../../mail/order-mails.ts';
import { orderConfirmationMail, type OrderMailData } from '../../mail/templates.ts';
import { parcelCorrectionMail, parcelMail, type MailParcel } from '../../mail/parcel-mails.ts';
import type { ParcelLine } from '../../../domain/shipments.model.ts';
import { removeOrderedLines } from '../cart/index.ts';
import { releaseStock } from '../catalogue/index.ts';
import { emitWebhookTx, orderData } from '../webhooks/index.ts';
import { orderItems, orderStatusEvents, orderTaxLines, orders, shipmentEvents, shipmentItems, shipments } from './schema.ts';
import { placeReplacement, type ReplacementAsk, type ReplacementLine } from './replacement.ts';
import { accessTokenFor, orderLocale, OrderViews, orderTaxLinesOf, tokenDigest, type ItemRow, type OrderRow } from './views.ts';

/**
 * A capture started this long ago and never finished (the process died mid-call) no longer keeps
 * the unpaid-order sweep away; the reconciler asks PayPal first in that case anyway.
 */
export const CAPTURE_GRACE_MS = 10 * 60_000;

/**
 * The placing statement's JSON rows (db/json-rows.ts): the order (its later columns left to their
 * defaults: payment state, capture claim, paid time, stock released, revision), its lines and its tax lines.
 */
const orderRows = jsonRows(orders, { omitted: ['id', 'paymentState', 'captureStartedAt', 'paidAt', 'stockReleased', 'revision'], given: ['status'] });
const itemRows = jsonRows(orderItems, { omitted: ['id'], given: ['orderId'] });
const taxLineRows = jsonRows(orderTaxLines, { omitted: ['id'], given: ['orderId'] });
/** The mappings, for the test that every column of the three tables is written. */
export const PLACING_ROWS = { orders: orderRows, orderItems: itemRows, orderTaxLines: taxLineRows };

/** An order as checkout has priced it: every column but its number, token and locked rates (made here). */
export type OrderDraft = Omit<Parameters<typeof orderRows.encode>[0][number], 'orderNo' | 'accessNonce' | 'accessTokenHash' | 'rateX100' | 'baseRateX100' | 'updatedAt'> & {
  currency: CurrencyCode;
  /** The exchange rates the order was priced at (the shop's settings then): the order locks them. */
  rates: RateTable;
};
/** An order line: every column but its id and order. */
export type OrderItemDraft = Parameters<typeof itemRows.encode>[0][number];

/** What place answers of the new order. */
const PLACED_COLUMNS = {
  id: orders.id,
  orderNo: orders.orderNo,
  accessNonce: orders.accessNonce,
  status: orders.status,
  currency: orders.currency,
  total: orders.total,
  payBefore: orders.payBefore,
  createdAt: orders.createdAt,
  source: orders.source,
};
export type PlacedRow = Pick<OrderRow, keyof typeof PLACED_COLUMNS>;

/** The new order as the placing statement's other parts read it (the payment's amount and currency are the order's). */
export interface PlacedOrderRef {
  id: SQL;
  total: SQL;
  currency: SQL;
  /** The new order's CTE, to select those from. */
  source: SQL;
}

/**
 * What other modules add to the placing statement, built once with placeholders (their values
 * given at each call, `params`): the statement's text is then the same for every order, and it is
 * prepared once per connection.
 */
export interface PlacingParts {
  /** What must hold for the order to be written (the stock taken): its CTEs run first, and `holds` raises when it does not. */
  requires?: { ctes: WithSubquery[]; holds: SQL };
  /** Other modules' inserts of rows of the new order (its payment). */
  companions?: (order: PlacedOrderRef) => SQL[];
}

/** Places orders with one prepared statement: OrderService.placing. */
export interface OrderPlacing {
  place(
    db: Db | Tx,
    draft: OrderDraft,
    items: readonly OrderItemDraft[],
    values: {
      /** The order's tax lines (checkout-tax.ts orderTaxRows), frozen with it. */
      taxLines: readonly OrderTaxRow[];
      /** The values of the parts' placeholders. */
      params: Record<string, unknown>;
    },
  ): Promise<PlacedRow>;
}

export class OrderService extends OrderViews {
  // ---------- creating ----------

  /** The order an Idempotency-Key already made, if any. */
  async byIdempotencyKey(db: Db | Tx, scope: string, key: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
    return row ?? null;
  }

  /**
   * Creates pending orders with their lines, tax lines and first timeline entry in one statement,
   * for checkout (alone, or inside its transaction when a coupon is counted too), with what the
   * order requires (the stock taken) and other modules' rows of it (the payment): `parts`. Each
   * order gets a random number, and a per-order nonce from which the guest's access token is derived.
   *
   * One statement because each round trip is paid by every checkout; one text for every order
   * (the rows as JSON parameters), prepared once per connection, because building it with drizzle
   * for each order (a parameter per column and row) was a fifth of an order's CPU.
   */
  placing(name: string, parts: PlacingParts = {}): OrderPlacing {
    const statement = (db: Db | Tx) => {
      const holds = parts.requires?.holds;
      // Checked as the row is written: when the requirement does not hold it raises, and the whole statement is undone.
      const status = holds ? sql`case when ${holds} then 'pending_payment' end` : sql`'pending_payment'`;
      const returning = sql.join(
        Object.values(PLACED_COLUMNS).map((column) => sql.identifier(column.name)),
        sql`, `,
      );
      // Only what the caller answers with: building the 40 columns twice more cost a tenth of a checkout's time.
      const order = db.$with('placed_order', PLACED_COLUMNS).as(sql`${orderRows.insert(sql.placeholder('order'), { status })} returning ${returning}`);
      const source = sql`${order}`;
      const orderId = sql`(select ${order.id} from ${order})`;
      const alongside = [
        itemRows.insert(sql.placeholder('items'), { orderId }),
        insertFrom(orderStatusEvents, { orderId: sql`${order.id}`, fromStatus: null, toStatus: 'pending_payment', at: sql`${order.createdAt}`, actor: sql`${order.source}`, note: null }, source),
        taxLineRows.insert(sql.placeholder('taxLines'), { orderId }),
        ...(parts.companions?.({ id: sql`${order.id}`, total: sql`${order.total}`, currency: sql`${order.currency}`, source }) ?? []),
      ].map((insert, i) => db.$with(`placed_${i}`, {}).as(insert));
      return db
        .with(...(parts.requires?.ctes ?? []), order, ...alongside)
        .select()
        .from(order)
        .prepare(name);
    };
    let pooled: ReturnType<typeof statement> | null = null;
    return {
      place: async (db, { rates, ...draft }, items, values) => {
        const orderNo = newOrderNo();
        const nonce = randomBytes(16).toString('base64url');
        const row = {
          ...draft,
          orderNo,
          accessNonce: nonce,
          accessTokenHash: tokenDigest(accessTokenFor(this.d.secret, orderNo, nonce)),
          ...lockedRate(draft.currency, rates),
          updatedAt: draft.createdAt,
        };
        // Through the pool: prepared once. In a transaction (a coupon's count): prepared on its connection.
        const prepared = db === this.d.db ? (pooled ??= statement(db)) : statement(db);
        const [placed] = await prepared.execute({ ...values.params, order: orderRows.encode([row]), items: itemRows.encode(items), taxLines: taxLineRows.encode(values.taxLines) });
        return placed!;
      },
    };
  }

  /**
   * A free replacement of `original`'s claimed lines (replacement.ts), paid from the start, in the
   * caller's transaction (the returns module's, which locked the original and the claim).
   */
  async placeReplacementTx(tx: Tx, original: OrderRow, lines: readonly ReplacementLine[], ask: ReplacementAsk): Promise<OrderRow> {
    return placeReplacement(tx, this.d.secret, original, lines, ask);
  }

  /** The guest's access token of an order (answered again on an idempotent replay). */
  accessToken(row: Pick<OrderRow, 'orderNo' | 'accessNonce'>): string {
    return accessTokenFor(this.d.secret, row.orderNo, row.accessNonce);
  }

  /** The order by its internal id (the payments module reads the order it is settling). */
  async byId(db: Db | Tx, orderId: number): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    return row ?? null;
  }

  // ---------- moves ----------

  /**
   * Moves an order from `from` to `to` if it is still in `from`, and records the move. Returns
   * the moved row, or null when the order was elsewhere (someone else moved it first).
   */
  async moveTx(tx: Tx, orderId: number, from: OrderStatus, to: OrderStatus, actor: string, note: string | null, extra: Partial<typeof orders.$inferInsert> = {}): Promise<OrderRow | null> {
    const now = this.d.clock();
    const [row] = await tx
      .update(orders)
      .set({ status: to, updatedAt: now, ...extra })
      .where(and(eq(orders.id, orderId), eq(orders.status, from)))
      .returning();
    if (!row) return null;
    await tx.insert(orderStatusEvents).values({ orderId, fromStatus: from, toStatus: to, at: now, actor, note });
    await this.announceTx(tx, to === 'paid' ? 'order.paid' : to === 'shipped' || to === 'partially_shipped' ? 'order.shipped' : 'order.changed', row);
    return row;
  }

  /**
   * Queues the order's webhook event in the transaction of its change (docs/api.md "Webhooks"):
   * status moves here (paid, shipped, any other as changed), refunds (refund-book.ts), order
   * changes (order-changes.ts) and a parcel that moves no status (shipment-desk.ts).
   */
  async announceTx(tx: Tx, type: 'order.paid' | 'order.changed' | 'order.shipped' | 'order.refunded', row: OrderRow, extra: Record<string, unknown> = {}): Promise<void> {
    await emitWebhookTx(tx, type, orderData(row, extra));
  }

  /**
   * The one way an order becomes paid, inside the payments module's transaction that records the
   * verified, completed capture (payments.ts). It moves only from pending_payment, so a second
   * report of the same capture (replay, webhook, reconciler) changes nothing. The cart lines it
   * was made from are removed.
   */
  async markPaidTx(tx: Tx, orderId: number, actor: string): Promise<OrderRow | null> {
    const now = this.d.clock();
    const row = await this.moveTx(tx, orderId, 'pending_payment', 'paid', actor, null, { paidAt: now, captureStartedAt: null });
    if (!row) return null;
    const owner = row.userId !== null ? { userId: row.userId } : row.visitorId ? { visitorId: row.visitorId } : null;
    await removeOrderedLines(tx, owner, row.cartItemIds);
    // In the same transaction: an order is paid exactly when its invoice is issued (with the next
    // number) and its confirmation queued, the invoice's PDF attached when the mail is sent.
    const invoice = await this.d.invoices.issueInvoiceTx(tx, row);
    await this.queueConfirmationTx(tx, row, [{ kind: 'tax-document', documentId: invoice.id }]);
    return row;
  }

  /**
   * Claims the order for a capture about to be asked of PayPal: the unpaid-order sweep leaves an
   * order alone while its capture is under way. False when the order is no longer pending.
   */
  async claimCapture(orderId: number): Promise<boolean> {
    const [claimed] = await this.d.db
      .update(orders)
      .set({ captureStartedAt: this.d.clock() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
      .returning({ id: orders.id });
    return Boolean(claimed);
  }

  /** Ends a capture claim that did not pay the order (refused, pending, mismatched). */
  async releaseCaptureClaim(orderId: number): Promise<void> {
    await this.d.db.update(orders).set({ captureStartedAt: null }).where(eq(orders.id, orderId));
  }

  /**
   * A paid order cancelled, its money given back (payments' refunds, in the transaction that
   * moved it): its stock went back line by line with the refund, and its coupon use is given
   * back, as an unpaid order's is (cancelUnpaidTx). A refunded order keeps its use: it happened.
   */
  async settleCancelledTx(tx: Tx, orderId: number): Promise<void> {
    await tx.update(orders).set({ stockReleased: true }).where(eq(orders.id, orderId));
    await this.d.coupons.release(tx, orderId);
  }

  /**
   * Cancels an unpaid order and gives back its stock and coupon use, unless a capture is in
   * flight (started less than CAPTURE_GRACE_MS ago) or the payment is pending at PayPal.
   */
  async cancelUnpaidTx(tx: Tx, orderId: number, actor: string, note: string): Promise<OrderRow | null> {
    const now = this.d.clock();
    const [claimed] = await tx
      .update(orders)
      .set({ status: 'cancelled', stockReleased: true, updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'pending_payment'),
          or(isNull(orders.captureStartedAt), lt(orders.captureStartedAt, new Date(now.getTime() - CAPTURE_GRACE_MS))),
          this.d.payments.noneUnderWay(orders.id),
        ),
      )
      .returning();
    if (!claimed) return null;
    await tx.insert(orderStatusEvents).values({ orderId, fromStatus: 'pending_payment', toStatus: 'cancelled', at: now, actor, note });
    await this.announceTx(tx, 'order.changed', claimed);
    await this.restock(tx, orderId);
    await this.d.coupons.release(tx, orderId);
    await this.d.payments.voidOpen(tx, orderId, now);
    return claimed;
  }

  async cancelUnpaid(orderId: number, actor: string, note: string): Promise<boolean> {
    return Boolean(await this.d.db.transaction((tx) => this.cancelUnpaidTx(tx, orderId, actor, note)));
  }

  /** Puts an order's items back into stock, through the catalogue's stock service. */
  async restock(tx: Tx, orderId: number): Promise<void> {
    const items = await tx.select({ productId: orderItems.productId, size: orderItems.size, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productId), asc(orderItems.size));
    await releaseStock(tx, items);
  }

  /**
   * A parcel handed to the carrier, with its first scan (a shipped move, order-desk.ts, or a
   * parcel of shipment-desk.ts); `lines` are what it holds, none for the whole order.
   */
  async shipTx(tx: Tx, orderId: number, shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null }, lines: readonly ParcelLine[] = []): Promise<number> {
    const now = this.d.clock();
    const [created] = await tx.insert(shipments).values({ orderId, carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, trackingUrl: shipment.trackingUrl, shippedAt: now }).returning({ id: shipments.id });
    if (lines.length) await tx.insert(shipmentItems).values(lines.map((line) => ({ shipmentId: created!.id, orderItemId: line.orderItemId, quantity: line.quantity })));
    await tx.insert(shipmentEvents).values({ shipmentId: created!.id, at: now, status: 'shipped', description: render(msg('shipment.handedTo', { carrier: shipment.carrier }), 'en-US') });
    return created!.id;
  }

  /** The service's clock (a correction's time). */
  now(): Date {
    return this.d.clock();
  }

  /** The last scan of a delivered order's latest shipment. */
  async deliveredTx(tx: Tx, orderId: number): Promise<void> {
    const [latest] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId)).orderBy(desc(shipments.shippedAt), desc(shipments.id)).limit(1);
    if (latest) await tx.insert(shipmentEvents).values({ shipmentId: latest.id, at: this.d.clock(), status: 'delivered', description: render('shipment.delivered', 'en-US') });
  }

  /** A carrier's scan, shown by the order page and the tracking lookup. */
  async addShipmentEventTx(tx: Tx, row: OrderRow, event: { status: string; description: string; location?: string | undefined }): Promise<void> {
    const [latest] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, row.id)).orderBy(desc(shipments.shippedAt), desc(shipments.id)).limit(1);
    if (!latest) throw fail(CODES.CONFLICT, 'order.notShipped');
    await tx.insert(shipmentEvents).values({ shipmentId: latest.id, at: this.d.clock(), status: event.status, description: event.description, location: event.location ?? null });
  }

  /** The order's lines, for a refund to price and check (payments' refund-desk.ts). */
  async itemsOf(db: Db | Tx, orderId: number): Promise<ItemRow[]> {
    return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  }

  /** Locks the order row until the transaction ends: refunds of one order run one at a time. */
  async lockTx(tx: Tx, orderId: number): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return row!;
  }

  /** Puts these quantities back into stock (refunded lines not yet printed). */
  async restockItems(tx: Tx, items: { productId: number | null; size: string; quantity: number }[]): Promise<void> {
    const sorted = [...items].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0) || a.size.localeCompare(b.size));
    await releaseStock(tx, sorted);
  }

  /** The profile's "also use my new email on unpaid orders" (the profile form). */
  static async updateUnpaidEmail(db: Db | Tx, userId: number, email: string, at: Date): Promise<number> {
    const changed = await db
      .update(orders)
      .set({ email, updatedAt: at })
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment'), sql`${orders.email} <> ${email}`))
      .returning({ id: orders.id });
    return changed.length;
  }

  // ---------- mail (queued in the outbox inside the move's transaction) ----------

  /** The confirmation and the merchant's notice of a paid order (markPaidTx). */
  private async queueConfirmationTx(tx: Tx, row: OrderRow, attachments: readonly MailAttachmentRef[]): Promise<void> {
    const locale = orderLocale(row);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id));
    const amounts = OrderViews.amounts(row, await orderTaxLinesOf(tx, row.id));
    const a = await this.addressRecord(row, locale);
    const data: OrderMailData = {
      ...amounts,
      orderNo: row.orderNo,
      link: this.orderLink(row),
      firstName: a.firstName,
      lines: items.map((item) => OrderViews.lineRecord(item, locale)),
      shippingMethod: row.shippingMethod as ShippingMethod,
      delivery: { minDays: row.deliveryMinDays, maxDays: row.deliveryMaxDays },
      address: [
        `${a.firstName} ${a.lastName}`,
        ...(a.company ? [a.company] : []),
        a.address,
        ...(a.address2 ? [a.address2] : []),
        [a.city, a.provinceName, a.postalCode].filter(Boolean).join(', '),
        a.countryName,
        `${a.phoneCode} ${a.phone}`,
      ],
      personalised: row.personalised,
    };
    await this.d.mail.queue(tx, { to: row.email, kind: 'order-confirmation', ...orderConfirmationMail(locale, data), attachments });
    await this.queueMerchantNoticeTx(tx, row, amounts.tax);
  }

  /** The whole order shipped in one parcel by the "shipped" move (its lines: the rest not yet in a parcel, else every line). */
  async queueShipmentNoticeTx(tx: Tx, row: OrderRow, shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null }, lines: readonly ParcelLine[] | null = null): Promise<void> {
    const items = await this.itemsOf(tx, row.id);
    await this.queueParcelMailTx(tx, row, items, [{ ...shipment, lines: lines ?? items.map((i) => ({ orderItemId: i.id, quantity: i.quantity })) }], true);
  }

  private mailParcel(items: readonly ItemRow[], parcel: { carrier: string; trackingNumber: string; trackingUrl: string | null; lines: readonly ParcelLine[] }, locale: Locale): MailParcel {
    return {
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      trackingUrl: trackingLink(parcel.carrier, parcel.trackingNumber, parcel.trackingUrl),
      lines: parcel.lines.map((line) => ({ ...OrderViews.lineRecord(items.find((i) => i.id === line.orderItemId)!, locale), quantity: line.quantity })),
    };
  }

  /** One mail for the parcels of one order just handed to carriers, each with its lines (mail/parcel-mails.ts). */
  async queueParcelMailTx(tx: Tx, row: OrderRow, items: readonly ItemRow[], parcels: readonly { carrier: string; trackingNumber: string; trackingUrl: string | null; lines: readonly ParcelLine[] }[], complete: boolean): Promise<void> {
    const locale = orderLocale(row);
    const data = { orderNo: row.orderNo, link: this.orderLink(row), firstName: row.shippingAddress.firstName, complete, parcels: parcels.map((p) => this.mailParcel(items, p, locale)) };
    await this.d.mail.queue(tx, { to: row.email, kind: 'order-shipped', ...parcelMail(locale, data) });
  }

  /** A parcel's tracking details corrected: the shopper is told once. */
  async queueParcelCorrectionTx(tx: Tx, row: OrderRow, items: readonly ItemRow[], parcel: { carrier: string; trackingNumber: string; trackingUrl: string | null; lines: readonly ParcelLine[] }, before: { carrier: string; trackingNumber: string }): Promise<void> {
    const locale = orderLocale(row);
    const data = { orderNo: row.orderNo, link: this.orderLink(row), firstName: row.shippingAddress.firstName, parcel: this.mailParcel(items, parcel, locale), before };
    await this.d.mail.queue(tx, { to: row.email, kind: 'order-shipment-corrected', ...parcelCorrectionMail(locale, data) });
  }

  /** In production, delivered, cancelled: the shopper hears of each move. */
  /** `attachments`: a cancellation's credit note, when the cancellation paid money back. */
  async queueMoveMailTx(tx: Tx, row: OrderRow, kind: OrderMoveMail, attachments: readonly MailAttachmentRef[] = []): Promise<void> {
    const data = { orderNo: row.orderNo, link: this.orderLink(row), firstName: row.shippingAddress.firstName };
    await this.d.mail.queue(tx, { to: row.email, kind: `order-${kind}`, ...orderMoveMail(orderLocale(row), kind, data), attachments });
  }

  /** `attachments`: the refund's credit note. */
  async queueRefundMailTx(tx: Tx, row: OrderRow, refund: { amount: number; parts: readonly number[]; full: boolean }, attachments: readonly MailAttachmentRef[] = []): Promise<void> {
    const data = { orderNo: row.orderNo, link: this.orderLink(row), firstName: row.shippingAddress.firstName, currency: row.currency as CurrencyCode, ...refund };
    await this.d.mail.queue(tx, { to: row.email, kind: 'order-refunded', ...refundMail(orderLocale(row), data), attachments });
  }

  /** An order change's mail (order-changes.ts builds its words), in the change's transaction. */
  async queueChangeMailTx(tx: Tx, row: OrderRow, content: { subject: string; text: string; html: string }): Promise<void> {
    await this.d.mail.queue(tx, { to: row.email, kind: 'order-changed', ...content });
  }

  /** The shop is told of a paid order, with its link in the back office (the merchant setting). */
  private async queueMerchantNoticeTx(tx: Tx, row: OrderRow, tax: TaxBreakdown): Promise<void> {
    const merchant = { email: await this.d.merchant.email(tx), locale: this.d.merchant.locale };
    if (!merchant.email) return;
    const data = {
      orderNo: row.orderNo,
      adminLink: `${this.d.site}admin/orders/${row.orderNo}`,
      total: row.total,
      currency: row.currency as CurrencyCode,
      itemCount: row.itemCount,
      personalised: row.personalised,
      email: row.email,
      country: row.shippingAddress.country,
      tax,
    };
    await this.d.mail.queue(tx, { to: merchant.email, kind: 'merchant-order-paid', ...merchantOrderMail(merchant.locale, data) });
  }
}

/** Exchange rate facts an order locks (units per USD x100 of its currency and of EUR). */
export function lockedRate(currency: CurrencyCode, rates: RateTable): { rateX100: number; baseRateX100: number } {
  return { rateX100: rates[currency], baseRateX100: rates.EUR };
}

function newOrderNo(): string {
  for (;;) {
    const orderNo = orderNoFromBytes(randomBytes(32));
    if (orderNo) return orderNo;
  }
}
