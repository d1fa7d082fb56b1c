/**
 * Orders after they are placed: who may read them, what they show, and every move between
 * states (DESIGN.md section 6), each recorded with its time. Owns orders, order_items,
 * order_status_events, shipments and shipment_events (checkout.ts creates the rows).
 *
 * Moves are conditional updates (`where status = <from>`), so when two parties race (a capture
 * and the unpaid-order sweep, two webhook deliveries, a reconciler on each instance) exactly one
 * wins and the others see that the order has moved on.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { CODES } from '../../domain/api/envelope.ts';
import type { Size } from '../../domain/catalogue.ts';
import { isLocale, type Locale } from '../../domain/locale.ts';
import { CURRENCIES, type CurrencyCode } from '../../domain/money.ts';
import {
  PAID_STATUSES,
  moveProblem,
  type OrderDetail,
  type OrderLineRecord,
  type OrderStatus,
  type OrderSummary,
  type ProductPurchase,
  type ShipmentRecord,
  type ShippingAddressRecord,
  type StatusEvent,
  type TrackingAnswer,
} from '../../domain/orders.ts';
import type { CustomType, PremiumOption } from '../../domain/personalisation.ts';
import type { ShippingMethod, ShippingZone } from '../../domain/shipping.ts';
import type { Page } from '../../domain/api/envelope.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { cartItems, orderItems, orderStatusEvents, orders, payments, productSizes, shipmentEvents, shipments } from '../db/schema.ts';
import { fail, notFound } from '../errors.ts';
import { msg } from '../messages/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderConfirmationMail, shipmentMail, type OrderMailData } from '../mail/templates.ts';
import type { Tx } from './cart.ts';
import type { CouponService } from './coupons.ts';
import type { GeoService } from './geo.ts';
import { pick } from './localise.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** Who asks for an order: its owner (signed in) or whoever holds its access token. */
export interface OrderAccess {
  userId: number | null;
  token?: string | undefined;
}

/**
 * A capture started this long ago and never finished (the process died mid-call) no longer keeps
 * the unpaid-order sweep away; the reconciler asks PayPal first in that case anyway.
 */
export const CAPTURE_GRACE_MS = 10 * 60_000;

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

export interface OrderServiceDeps {
  db: Db;
  geo: GeoService;
  coupons: CouponService;
  mailer: Mailer;
  clock: Clock;
  /** AUTH_SECRET: derives guests' access tokens for mail links. */
  secret: string;
  /** Storefront origin and base path, for links in mail. */
  site: string;
}

export interface CaptureDetails {
  captureId: string | null;
  payerEmail: string | null;
  payerName: string | null;
}

export class OrderService {
  private readonly d: OrderServiceDeps;

  constructor(deps: OrderServiceDeps) {
    this.d = deps;
  }

  // ---------- access ----------

  /** The order if the caller may see it; "not found" otherwise, whether it exists or not (checklist item 10). */
  async findForAccess(orderNo: string, access: OrderAccess): Promise<OrderRow> {
    const [row] = await this.d.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!row || !OrderService.mayRead(row, access)) throw notFound('order');
    return row;
  }

  static mayRead(row: OrderRow, access: OrderAccess): boolean {
    if (row.userId !== null && access.userId !== null && row.userId === access.userId) return true;
    return Boolean(access.token) && sameDigest(tokenDigest(access.token!), row.accessTokenHash);
  }

  /** The link a mail gives: the order page for members, the success page with the token for guests. */
  orderLink(row: OrderRow): string {
    const locale = isLocale(row.locale) ? row.locale : 'en-US';
    if (row.userId !== null) return `${this.d.site}${locale}/order-detail/${row.orderNo}`;
    return `${this.d.site}${locale}/order-success/${row.orderNo}?token=${accessTokenFor(this.d.secret, row.orderNo, row.accessNonce)}`;
  }

  // ---------- answers ----------

  async detail(row: OrderRow, locale: Locale): Promise<OrderDetail> {
    const db = this.d.db;
    const [items, events, shipmentRows, [payment]] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id)),
      db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row.id)).orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
      this.shipmentsOf([row.id]),
      db.select().from(payments).where(eq(payments.orderId, row.id)),
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
      amounts: OrderService.amounts(row),
      shippingMethod: row.shippingMethod as ShippingMethod,
      shippingZone: row.shippingZone as ShippingZone,
      delivery: { minDays: row.deliveryMinDays, maxDays: row.deliveryMaxDays },
      shippingAddress: await this.addressRecord(row, locale),
      lines: items.map((item) => OrderService.lineRecord(item, locale)),
      timeline: events.map((e): StatusEvent => ({ from: e.fromStatus as OrderStatus | null, to: e.toStatus as OrderStatus, at: e.at.toISOString(), note: e.note })),
      shipments: shipmentRows.get(row.id) ?? [],
      payment: payment ? { provider: payment.provider, status: payment.status, payerName: payment.payerName } : null,
    };
  }

  async items(row: OrderRow, locale: Locale, page: { current: number; size: number }): Promise<Page<OrderLineRecord>> {
    const where = eq(orderItems.orderId, row.id);
    const [rows, [total]] = await Promise.all([
      this.d.db.select().from(orderItems).where(where).orderBy(asc(orderItems.id)).limit(page.size).offset((page.current - 1) * page.size),
      this.d.db.select({ n: count() }).from(orderItems).where(where),
    ]);
    return { records: rows.map((item) => OrderService.lineRecord(item, locale)), total: total?.n ?? 0, current: page.current, size: page.size };
  }

  async listForUser(userId: number, locale: Locale, page: { current: number; size: number }): Promise<Page<OrderSummary>> {
    const where = eq(orders.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.d.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(page.size).offset((page.current - 1) * page.size),
      this.d.db.select({ n: count() }).from(orders).where(where),
    ]);
    const items = rows.length
      ? await this.d.db.select({ orderId: orderItems.orderId, title: orderItems.title, image: orderItems.image }).from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.id))).orderBy(asc(orderItems.id))
      : [];
    return {
      records: rows.map((row) => ({
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
      })),
      total: total?.n ?? 0,
      current: page.current,
      size: page.size,
    };
  }

  /** Status and shipping events only: whoever knows a number learns nothing personal (checklist item 13). */
  async track(orderNo: string): Promise<TrackingAnswer> {
    const [row] = await this.d.db.select({ id: orders.id, orderNo: orders.orderNo, status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
    if (!row) throw notFound('order');
    const [events, shipmentRows] = await Promise.all([
      this.d.db.select({ status: orderStatusEvents.toStatus, at: orderStatusEvents.at }).from(orderStatusEvents).where(eq(orderStatusEvents.orderId, row.id)).orderBy(asc(orderStatusEvents.at), asc(orderStatusEvents.id)),
      this.shipmentsOf([row.id]),
    ]);
    return {
      orderNo: row.orderNo,
      status: row.status as OrderStatus,
      timeline: events.map((e) => ({ status: e.status as OrderStatus, at: e.at.toISOString() })),
      shipments: shipmentRows.get(row.id) ?? [],
    };
  }

  /** Recent purchases of a product for its page: first initial, country, size, date; nothing else. */
  async purchasesOf(productId: number, page: { current: number; size: number }): Promise<Page<ProductPurchase>> {
    const where = and(eq(orderItems.productId, productId), inArray(orders.status, [...PAID_STATUSES]));
    const [rows, [total]] = await Promise.all([
      this.d.db
        .select({ address: orders.shippingAddress, paidAt: orders.paidAt, size: orderItems.size })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(where)
        .orderBy(desc(orders.paidAt), desc(orderItems.id))
        .limit(page.size)
        .offset((page.current - 1) * page.size),
      this.d.db.select({ n: count() }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(where),
    ]);
    return {
      records: rows.map((r) => ({
        buyer: `${(r.address.firstName.trim()[0] ?? '?').toUpperCase()}.`,
        country: r.address.country,
        size: r.size as Size,
        date: (r.paidAt ?? new Date(0)).toISOString().slice(0, 10),
      })),
      total: total?.n ?? 0,
      current: page.current,
      size: page.size,
    };
  }

  private async shipmentsOf(orderIds: number[]): Promise<Map<number, ShipmentRecord[]>> {
    const result = new Map<number, ShipmentRecord[]>();
    if (orderIds.length === 0) return result;
    const rows = await this.d.db.select().from(shipments).where(inArray(shipments.orderId, orderIds)).orderBy(asc(shipments.shippedAt), asc(shipments.id));
    const events = rows.length
      ? await this.d.db.select().from(shipmentEvents).where(inArray(shipmentEvents.shipmentId, rows.map((s) => s.id))).orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id))
      : [];
    for (const s of rows) {
      const list = result.get(s.orderId) ?? [];
      list.push({
        carrier: s.carrier,
        trackingNumber: s.trackingNumber,
        shippedAt: s.shippedAt.toISOString(),
        events: events.filter((e) => e.shipmentId === s.id).map((e) => ({ at: e.at.toISOString(), status: e.status, location: e.location, description: e.description })),
      });
      result.set(s.orderId, list);
    }
    return result;
  }

  static amounts(row: OrderRow) {
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
      customType: item.customType as CustomType,
      squadList: item.squadPlayerId,
      customName: item.customName,
      customNumber: item.customNumber,
      premiumNameOption: item.premiumNameOption as PremiumOption,
      premiumNumberOption: item.premiumNumberOption as PremiumOption,
      patches: item.patches.map((p) => ({ id: p.id, patchName: pick(p.name, locale), patchPrice: p.price })),
      addonItems: item.addons.map((a) => ({ id: a.id, name: pick(a.name, locale), price: a.price })),
      personalised: item.personalised,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      lineTotal: item.lineTotal,
    };
  }

  private async addressRecord(row: OrderRow, locale: Locale): Promise<ShippingAddressRecord> {
    const a = row.shippingAddress;
    const region = await this.d.geo.region(a.country);
    const state = region?.states.find((s) => s.code === a.province);
    return { ...a, countryName: region ? pick(region.country.name, locale) : a.country, provinceName: state ? pick(state.name, locale) : a.province };
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
    return row;
  }

  /**
   * The one way an order becomes paid: a verified, completed capture. The payment row is updated
   * either way; the order moves only from pending_payment, so a second report of the same capture
   * (replay, webhook, reconciler) changes nothing. The cart lines it was made from are removed.
   */
  async markPaidTx(tx: Tx, orderId: number, capture: CaptureDetails, actor: string): Promise<OrderRow | null> {
    const now = this.d.clock();
    await tx
      .update(payments)
      .set({
        status: 'captured',
        ...(capture.captureId ? { captureId: capture.captureId } : {}),
        ...(capture.payerEmail ? { payerEmail: capture.payerEmail } : {}),
        ...(capture.payerName ? { payerName: capture.payerName } : {}),
        lastIssue: null,
        updatedAt: now,
      })
      .where(and(eq(payments.orderId, orderId), sql`${payments.status} not in ('captured', 'refunded')`));
    const row = await this.moveTx(tx, orderId, 'pending_payment', 'paid', actor, null, { paidAt: now, captureStartedAt: null });
    if (!row) return null;
    if (row.cartItemIds.length > 0) {
      const owner = row.userId !== null ? eq(cartItems.userId, row.userId) : row.visitorId ? eq(cartItems.visitorId, row.visitorId) : sql`false`;
      await tx.delete(cartItems).where(and(inArray(cartItems.id, row.cartItemIds), owner));
    }
    return row;
  }

  /** markPaidTx in its own transaction, then the confirmation mail. True when this call moved it. */
  async markPaid(orderId: number, capture: CaptureDetails, actor: string): Promise<boolean> {
    const row = await this.d.db.transaction((tx) => this.markPaidTx(tx, orderId, capture, actor));
    if (row) await this.sendConfirmation(row);
    return Boolean(row);
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
          sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('pending', 'captured'))`,
        ),
      )
      .returning();
    if (!claimed) return null;
    await tx.insert(orderStatusEvents).values({ orderId, fromStatus: 'pending_payment', toStatus: 'cancelled', at: now, actor, note });
    await this.restock(tx, orderId);
    await this.d.coupons.release(tx, orderId);
    await tx.update(payments).set({ status: 'void', updatedAt: now }).where(and(eq(payments.orderId, orderId), sql`${payments.status} not in ('captured', 'refunded')`));
    return claimed;
  }

  async cancelUnpaid(orderId: number, actor: string, note: string): Promise<boolean> {
    return Boolean(await this.d.db.transaction((tx) => this.cancelUnpaidTx(tx, orderId, actor, note)));
  }

  /** Puts an order's items back into stock (a product gone from the catalogue has none to take them). */
  async restock(tx: Tx, orderId: number): Promise<void> {
    const items = await tx.select({ productId: orderItems.productId, size: orderItems.size, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productId), asc(orderItems.size));
    for (const item of items) {
      if (item.productId === null) continue;
      await tx
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} + ${item.quantity}` })
        .where(and(eq(productSizes.productId, item.productId), eq(productSizes.size, item.size)));
    }
  }

  /**
   * A back-office move without money: processing, shipped (with a shipment and the shipment
   * mail), delivered, or cancelling an unpaid order. Paid moves are for a verified capture only,
   * and refunds go through PayPal (see OrderDeskService).
   */
  async moveByAdmin(row: OrderRow, to: OrderStatus, note: string | null, shipment: { carrier: string; trackingNumber: string } | null): Promise<OrderRow> {
    const from = row.status as OrderStatus;
    const problem = moveProblem(from, to, row.personalised);
    if (problem === 'personalised') throw fail(CODES.CONFLICT, 'order.personalisedNoCancel');
    if (problem) throw fail(CODES.CONFLICT, msg('order.cannotMove', { from, to }));
    if (to === 'paid') throw fail(CODES.CONFLICT, 'order.onlyCaptureMarksPaid');
    if (from === 'pending_payment' && to === 'cancelled') {
      const cancelled = await this.d.db.transaction((tx) => this.cancelUnpaidTx(tx, row.id, 'admin', note ?? 'Cancelled by the shop'));
      if (!cancelled) throw fail(CODES.CONFLICT, 'order.beingPaid');
      return cancelled;
    }
    const now = this.d.clock();
    const moved = await this.d.db.transaction(async (tx) => {
      const next = await this.moveTx(tx, row.id, from, to, 'admin', note);
      if (!next) return null;
      if (to === 'shipped' && shipment) {
        const [created] = await tx.insert(shipments).values({ orderId: row.id, carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, shippedAt: now }).returning({ id: shipments.id });
        await tx.insert(shipmentEvents).values({ shipmentId: created!.id, at: now, status: 'shipped', description: `Handed to ${shipment.carrier}` });
      }
      if (to === 'delivered') {
        const [latest] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, row.id)).orderBy(desc(shipments.shippedAt), desc(shipments.id)).limit(1);
        if (latest) await tx.insert(shipmentEvents).values({ shipmentId: latest.id, at: now, status: 'delivered', description: 'Delivered' });
      }
      return next;
    });
    if (!moved) throw fail(CODES.CONFLICT, 'order.changedMeanwhile');
    if (to === 'shipped' && shipment) this.sendShipmentNotice(moved, shipment);
    return moved;
  }

  /** A carrier's scan, shown by the order page and the tracking lookup. */
  async addShipmentEvent(row: OrderRow, event: { status: string; description: string; location?: string | undefined }): Promise<void> {
    const [latest] = await this.d.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, row.id)).orderBy(desc(shipments.shippedAt), desc(shipments.id)).limit(1);
    if (!latest) throw fail(CODES.CONFLICT, 'order.notShipped');
    await this.d.db.insert(shipmentEvents).values({ shipmentId: latest.id, at: this.d.clock(), status: event.status, description: event.description, location: event.location ?? null });
  }

  /** The profile's "also use my new email on unpaid orders" (spec section 2). */
  static async updateUnpaidEmail(db: Db | Tx, userId: number, email: string, at: Date): Promise<number> {
    const changed = await db
      .update(orders)
      .set({ email, updatedAt: at })
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment'), sql`${orders.email} <> ${email}`))
      .returning({ id: orders.id });
    return changed.length;
  }

  // ---------- mail ----------

  private localeOf(row: OrderRow): Locale {
    return isLocale(row.locale) ? row.locale : 'en-US';
  }

  async sendConfirmation(row: OrderRow): Promise<void> {
    const locale = this.localeOf(row);
    const items = await this.d.db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id));
    const a = await this.addressRecord(row, locale);
    const data: OrderMailData = {
      orderNo: row.orderNo,
      link: this.orderLink(row),
      firstName: a.firstName,
      currency: row.currency as CurrencyCode,
      lines: items.map((item) => ({ name: pick(item.title, locale), size: item.size, details: lineDetails(OrderService.lineRecord(item, locale), locale), quantity: item.quantity, lineTotal: item.lineTotal })),
      items: row.itemsTotal,
      tierPercent: row.tierPercent,
      tierDiscount: row.tierDiscount,
      couponCode: row.couponCode,
      couponDiscount: row.couponDiscount,
      shipping: row.shippingAmount,
      total: row.total,
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
    this.d.mailer.send({ to: row.email, kind: 'order-confirmation', ...orderConfirmationMail(locale, data) });
  }

  sendShipmentNotice(row: OrderRow, shipment: { carrier: string; trackingNumber: string }): void {
    const locale = this.localeOf(row);
    this.d.mailer.send({
      to: row.email,
      kind: 'order-shipped',
      ...shipmentMail(locale, { orderNo: row.orderNo, link: this.orderLink(row), firstName: row.shippingAddress.firstName, carrier: shipment.carrier, trackingNumber: shipment.trackingNumber }),
    });
  }
}

/** "Name SMITH · Number 7 · Gold name · Patch: Premier League · Add-on: Home shorts" in the mail's language. */
function lineDetails(line: OrderLineRecord, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const parts: string[] = [];
  if (line.customName) parts.push(`${zh ? '名字' : 'Name'} ${line.customName}`);
  if (line.customNumber !== null) parts.push(`${zh ? '号码' : 'Number'} ${line.customNumber}`);
  if (line.premiumNameOption !== 'Standard') parts.push(`${zh ? '名字字体' : 'Name print'}: ${line.premiumNameOption}`);
  if (line.premiumNumberOption !== 'Standard') parts.push(`${zh ? '号码字体' : 'Number print'}: ${line.premiumNumberOption}`);
  for (const p of line.patches) parts.push(`${zh ? '臂章' : 'Patch'}: ${p.patchName}`);
  for (const a of line.addonItems) parts.push(`${zh ? '加购' : 'Add-on'}: ${a.name}`);
  return parts.join(' · ');
}

/** Exchange rate facts an order locks (units per USD x100 of its currency and of EUR). */
export function lockedRate(currency: CurrencyCode): { rateX100: number; baseRateX100: number } {
  return { rateX100: CURRENCIES[currency].ratePerUsdX100, baseRateX100: CURRENCIES.EUR.ratePerUsdX100 };
}
