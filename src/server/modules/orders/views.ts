/**
 * Reading orders: who may see one (its owner, or whoever holds its access token), and the
 * answers built from the rows (detail, lines, the account's list, tracking, a product's recent
 * purchases). OrderService (orders.ts) adds the moves on top of this.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '../../../domain/api/envelope.ts';
import { trackingLink } from '../../../domain/carriers.ts';
import type { Size } from '../../../domain/catalogue.schema.ts';
import { isLocale, type Locale } from '../../../domain/locale.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { PAID_STATUSES, type OrderAmounts, type PaymentProvider, type OrderDetail, type OrderLineRecord, type OrderStatus, type OrderSummary, type ProductPurchase, type ShipmentRecord, type ShippingAddressRecord, type StatusEvent, type TrackingAnswer } from '../../../domain/orders.model.ts';
import { printRecord } from '../../../domain/personalisation.ts';
import type { ShippingMethod, ShippingZone } from '../../../domain/shipping.ts';
import type { TaxDocumentRecord } from '../../../domain/tax/tax.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { prefixPattern } from '../../db/like.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { notFound } from '../../errors.ts';
import type { MailQueue } from '../../mail/mailer.ts';
import { msg, render } from '../../messages/index.ts';
import { pick } from '../../messages/localise.ts';
import type { CouponService } from '../coupons/index.ts';
import type { GeoService } from '../geo/index.ts';
import { summariseTax } from '../../../domain/tax/summary.ts';
import type { TaxLine } from '../../../domain/tax/tax.model.ts';
import { orderItems, orderStatusEvents, orderTaxLines, orders, shipmentEvents, shipmentItems, shipments } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The order of that number, for staff (who may read any order): "not found" when there is none. */
export async function orderByNumber(db: Db | Tx, orderNo: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw notFound('order');
  return row;
}
export type ItemRow = typeof orderItems.$inferSelect;
export type TaxLineRow = typeof orderTaxLines.$inferSelect;

/** The language an order was placed in: its mails, links and the amounts told about it. */
export function orderLocale(row: Pick<OrderRow, 'locale'>): Locale {
  return isLocale(row.locale) ? row.locale : 'en-US';
}

/** An order's frozen tax lines (order_tax_lines) as the tax model's lines, in the order they were written. */
export async function orderTaxLinesOf(db: Db | Tx, orderId: number): Promise<TaxLine[]> {
  const rows = await db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, orderId)).orderBy(asc(orderTaxLines.id));
  return rows.map(({ lineIndex, shipping, jurisdiction, tax, declaredUnder, taxClass, rate, base, amount }) => ({
    target: shipping ? { kind: 'shipping' } : { kind: 'line', index: lineIndex },
    jurisdiction,
    tax,
    declaredUnder,
    taxClass,
    rate,
    base,
    amount,
  }));
}

/** Who asks for an order: its owner (signed in) or whoever holds its access token. */
export interface OrderAccess {
  userId: number | null;
  token?: string | undefined;
}

/** The guest's token: an HMAC of the order number and a per-order nonce, so a replay can answer it again. */
export function accessTokenFor(secret: string, orderNo: string, nonce: string): string {
  return createHmac('sha256', secret).update(`order-access|${orderNo}|${nonce}`).digest('base64url');
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * What orders need of the payment side. The payments module owns that table and app.ts hands
 * its ledger in here, so that orders never import the module that asks them to move.
 */
export interface OrderPayments {
  /** SQL true while the order (its id column given) has no payment pending or captured at PayPal. */
  noneUnderWay(orderId: AnyPgColumn): SQL;
  /** Voids the order's payment unless it was captured or refunded (an unpaid order cancelled). */
  voidOpen(tx: Tx, orderId: number, at: Date): Promise<void>;
  /** What the order page shows of the payment. */
  summaryOf(db: Db, orderId: number): Promise<{ provider: PaymentProvider; status: string; payerName: string | null } | null>;
}

/**
 * What orders need of the invoices module (app.ts wires it): an order's invoice issued in the
 * transaction that marks it paid, and its documents for the order pages.
 */
export interface OrderInvoices {
  issueInvoiceTx(tx: Tx, row: OrderRow): Promise<{ id: number; number: string }>;
  documentsOf(db: Db, orderId: number): Promise<TaxDocumentRecord[]>;
}

export interface OrderServiceDeps {
  db: Db;
  invoices: OrderInvoices;
  geo: GeoService;
  coupons: CouponService;
  payments: OrderPayments;
  /** The mail outbox: each order mail is queued in the transaction of the move it tells of. */
  mail: MailQueue;
  clock: Clock;
  /** AUTH_SECRET: derives guests' access tokens for mail links. */
  secret: string;
  /** Storefront origin and base path, for links in mail. */
  site: string;
  /** Who hears of every paid order (the shop's merchant setting, MERCHANT_EMAIL by default), and in which language. */
  /** `email` is read inside the paying transaction (SettingsService.currentIn). */
  merchant: { email: (tx: Tx) => Promise<string | null>; locale: Locale };
}

export class OrderViews {
  protected readonly d: OrderServiceDeps;

  constructor(deps: OrderServiceDeps) {
    this.d = deps;
  }

  // ---------- access ----------

  /** The order if the caller may see it; "not found" otherwise, whether it exists or not (so nobody can probe for order numbers). */
  async findForAccess(orderNo: string, access: OrderAccess): Promise<OrderRow> {
    const [row] = await this.d.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!row || !OrderViews.mayRead(row, access)) throw notFound('order');
    return row;
  }

  static mayRead(row: OrderRow, access: OrderAccess): boolean {
    if (row.userId !== null && access.userId !== null && row.userId === access.userId) return true;
    return Boolean(access.token) && sameDigest(tokenDigest(access.token!), row.accessTokenHash);
  }

  /** The link a mail gives: the order page for members, the success page with the token for guests. */
  orderLink(row: OrderRow): string {
    const locale = orderLocale(row);
    if (row.userId !== null) return `${this.d.site}${locale}/order-detail/${row.orderNo}`;
    return `${this.d.site}${locale}/order-success/${row.orderNo}?token=${accessTokenFor(this.d.secret, row.orderNo, row.accessNonce)}`;
  }

  // ---------- answers ----------

  async detail(row: OrderRow, locale: Locale): Promise<OrderDetail> {
    const db = this.d.db;
    const [items, events, shipmentRows, payment, taxLines, documents] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id)),
      db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row.id)).orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
      this.shipmentsOf([row.id], locale),
      this.d.payments.summaryOf(db, row.id),
      orderTaxLinesOf(db, row.id),
      this.d.invoices.documentsOf(db, row.id),
    ]);
    const now = this.d.clock();
    return {
      orderNo: row.orderNo,
      status: row.status as OrderStatus,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      payBefore: row.status === 'pending_payment' ? row.payBefore.toISOString() : null,
      payable: row.status === 'pending_payment' && row.payBefore > now && row.total > 0 && payment?.status !== 'pending',
      email: row.email,
      locale: row.locale,
      personalised: row.personalised,
      amounts: OrderViews.amounts(row, taxLines),
      shippingMethod: row.shippingMethod as ShippingMethod,
      shippingZone: row.shippingZone as ShippingZone,
      delivery: { minDays: row.deliveryMinDays, maxDays: row.deliveryMaxDays },
      shippingAddress: await this.addressRecord(row, locale),
      lines: items.map((item) => OrderViews.lineRecord(item, locale)),
      timeline: events.map((e): StatusEvent => ({ from: e.fromStatus as OrderStatus | null, to: e.toStatus as OrderStatus, at: e.at.toISOString(), note: e.note })),
      shipments: shipmentRows.get(row.id) ?? [],
      payment: payment ? { provider: payment.provider, status: payment.status, payerName: payment.payerName } : null,
      documents,
    };
  }

  async items(row: OrderRow, locale: Locale, page: PageRequest): Promise<Page<OrderLineRecord>> {
    const where = eq(orderItems.orderId, row.id);
    const [rows, [total]] = await Promise.all([
      onePage(this.d.db.select().from(orderItems).where(where).orderBy(asc(orderItems.id)).$dynamic(), page),
      this.d.db.select({ n: count() }).from(orderItems).where(where),
    ]);
    return pageOf(rows.map((item) => OrderViews.lineRecord(item, locale)), total?.n ?? 0, page);
  }

  async listForUser(userId: number, locale: Locale, page: PageRequest): Promise<Page<OrderSummary>> {
    const where = eq(orders.userId, userId);
    const [rows, [total]] = await Promise.all([
      onePage(this.d.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(), page),
      this.d.db.select({ n: count() }).from(orders).where(where),
    ]);
    const items = rows.length
      ? await this.d.db.select({ orderId: orderItems.orderId, title: orderItems.title, image: orderItems.image }).from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.id))).orderBy(asc(orderItems.id))
      : [];
    const records = rows.map((row) => ({
      orderNo: row.orderNo,
      status: row.status as OrderStatus,
      createdAt: row.createdAt.toISOString(),
      currency: row.currency as CurrencyCode,
      total: row.total,
      itemCount: row.itemCount,
      preview: items
        .filter((i) => i.orderId === row.id)
        .slice(0, 3)
        .map((i) => ({ name: pick(i.title, locale), image: i.image })),
    }));
    return pageOf(records, total?.n ?? 0, page);
  }

  /** Status and shipping events only: whoever knows a number learns nothing personal. */
  async track(orderNo: string, locale: Locale): Promise<TrackingAnswer> {
    const [row] = await this.d.db.select({ id: orders.id, orderNo: orders.orderNo, status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
    if (!row) throw notFound('order');
    const [events, shipmentRows] = await Promise.all([
      this.d.db.select({ status: orderStatusEvents.toStatus, at: orderStatusEvents.at }).from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row.id)).orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
      this.shipmentsOf([row.id], locale),
    ]);
    return {
      orderNo: row.orderNo,
      status: row.status as OrderStatus,
      timeline: events.map((e) => ({ status: e.status as OrderStatus, at: e.at.toISOString() })),
      shipments: shipmentRows.get(row.id) ?? [],
    };
  }

  /** Recent purchases of a product for its page: first initial, country, size, date; nothing else. */
  async purchasesOf(productId: number, page: PageRequest): Promise<Page<ProductPurchase>> {
    const where = and(eq(orderItems.productId, productId), inArray(orders.status, [...PAID_STATUSES]));
    const [rows, [total]] = await Promise.all([
      onePage(
        this.d.db
          .select({ address: orders.shippingAddress, paidAt: orders.paidAt, size: orderItems.size })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(where)
          .orderBy(desc(orders.paidAt), desc(orderItems.id))
          .$dynamic(),
        page,
      ),
      this.d.db.select({ n: count() }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(where),
    ]);
    const records = rows.map((r) => ({
      buyer: `${(r.address.firstName.trim()[0] ?? '?').toUpperCase()}.`,
      country: r.address.country,
      size: r.size as Size,
      date: (r.paidAt ?? new Date(0)).toISOString().slice(0, 10),
    }));
    return pageOf(records, total?.n ?? 0, page);
  }

  protected async shipmentsOf(orderIds: number[], locale: Locale): Promise<Map<number, ShipmentRecord[]>> {
    const result = new Map<number, ShipmentRecord[]>();
    if (orderIds.length === 0) return result;
    const rows = await this.d.db.select().from(shipments).where(inArray(shipments.orderId, orderIds)).orderBy(asc(shipments.shippedAt), asc(shipments.id));
    const ids = rows.map((s) => s.id);
    const [events, held, lines] = rows.length
      ? await Promise.all([
          this.d.db.select().from(shipmentEvents).where(inArray(shipmentEvents.shipmentId, ids)).orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id)),
          this.d.db.select().from(shipmentItems).where(inArray(shipmentItems.shipmentId, ids)),
          this.d.db.select({ id: orderItems.id, orderId: orderItems.orderId, title: orderItems.title, size: orderItems.size, quantity: orderItems.quantity }).from(orderItems).where(inArray(orderItems.orderId, [...new Set(rows.map((s) => s.orderId))])).orderBy(asc(orderItems.id)),
        ])
      : [[], [], []];
    const byId = new Map(lines.map((line) => [line.id, line]));
    for (const s of rows) {
      const list = result.get(s.orderId) ?? [];
      const mine = held.filter((h) => h.shipmentId === s.id);
      // A parcel without rows holds the whole order.
      const content = mine.length ? mine.map((h) => ({ line: byId.get(h.orderItemId)!, quantity: h.quantity })) : lines.filter((l) => l.orderId === s.orderId).map((line) => ({ line, quantity: line.quantity }));
      list.push({
        id: s.id,
        correctedAt: s.correctedAt?.toISOString() ?? null,
        lines: content.filter((c) => c.line).sort((a, b) => a.line.id - b.line.id).map(({ line, quantity }) => ({ orderItemId: line.id, name: pick(line.title, locale), size: line.size, quantity })),
        carrier: s.carrier,
        trackingNumber: s.trackingNumber,
        trackingUrl: trackingLink(s.carrier, s.trackingNumber, s.trackingUrl),
        shippedAt: s.shippedAt.toISOString(),
        events: events.filter((e) => e.shipmentId === s.id).map((e) => ({ at: e.at.toISOString(), status: e.status, location: e.location, description: shipmentEventText(e, s.carrier, locale) })),
      });
      result.set(s.orderId, list);
    }
    return result;
  }

  /** The amounts frozen on the order, for its page and its confirmation mail; the tax rows from its frozen tax lines. */
  static amounts(row: OrderRow, taxLines: readonly TaxLine[]): OrderAmounts {
    return {
      currency: row.currency as CurrencyCode,
      rate: row.rateX100 / row.baseRateX100,
      itemCount: row.itemCount,
      items: row.itemsTotal,
      tierPercent: row.tierPercent,
      tierDiscount: row.tierDiscount,
      couponCode: row.couponCode,
      couponDiscount: row.couponDiscount,
      shipping: row.shippingAmount,
      tax: { market: row.taxMarket, display: row.taxDisplay, reason: row.taxReason, importTaxesOnDelivery: row.importTaxesOnDelivery, total: row.taxTotal, added: row.taxAdded, rows: summariseTax(taxLines) },
      total: row.total,
    };
  }

  static lineRecord(item: ItemRow, locale: Locale): OrderLineRecord {
    return {
      id: item.id,
      productId: item.productId,
      name: pick(item.title, locale),
      image: item.image,
      size: item.size as Size,
      ...printRecord(item, {
        patches: item.patches.map((p) => ({ id: p.id, patchName: pick(p.name, locale), patchPrice: p.price })),
        addonItems: item.addons.map((a) => ({ id: a.id, name: pick(a.name, locale), price: a.price })),
      }),
      // As frozen with the order, like its prices.
      personalised: item.personalised,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      lineTotal: item.lineTotal,
      group: item.groupId === null ? null : { id: item.groupId, name: item.groupName! },
    };
  }

  protected async addressRecord(row: OrderRow, locale: Locale): Promise<ShippingAddressRecord> {
    const a = row.shippingAddress;
    const region = await this.d.geo.region(a.country);
    const state = region?.states.find((s) => s.code === a.province);
    return { ...a, countryName: region ? pick(region.country.name, locale) : a.country, provinceName: state ? pick(state.name, locale) : a.province };
  }

}

/**
 * The shop's own shipment events (the first scan and the delivery, written by orders.ts in
 * English from the same messages) in the reader's language; a carrier's scan typed by staff is
 * shown as typed.
 */
export function shipmentEventText(event: { status: string; description: string }, carrier: string, locale: Locale): string {
  if (event.status === 'shipped' && event.description === render(msg('shipment.handedTo', { carrier }), 'en-US')) return render(msg('shipment.handedTo', { carrier }), locale);
  if (event.status === 'delivered' && event.description === render('shipment.delivered', 'en-US')) return render('shipment.delivered', locale);
  return event.description;
}

/** Order numbers in byte order, as orders_order_no_c_idx holds them. */
export const orderNoSql = sql`${orders.orderNo} collate "C"`;

/** Orders whose number starts with what staff typed ("js-7kq" finds JS-7KQ4M-...), through that index. */
export function orderNoStarting(typed: string): SQL {
  return sql`${orderNoSql} like ${prefixPattern(typed.toUpperCase())}`;
}
