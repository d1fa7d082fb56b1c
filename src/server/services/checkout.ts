/**
 * Checkout: quotes, coupons on the cart, and placing an order.
 *
 * Placing an order is one transaction (DESIGN.md section 6, checklist items 16, 19, 26, 30):
 * lines priced from the database whatever the client sent, stock reserved by conditional
 * updates that never take it below zero, the coupon's use counted atomically, every amount frozen
 * in the order's currency with the locked rate, and the payment row created. It is idempotent by
 * the caller's Idempotency-Key: the same key and body answer the same order, the same key with
 * another body is refused, and parallel requests with one key queue on an advisory lock so
 * exactly one of them creates the order.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODES } from '../../domain/api/envelope.ts';
import { normaliseLine } from '../../domain/cart.ts';
import {
  checkoutTotals,
  type CheckoutLine,
  type CheckoutQuote,
  type CheckoutSource,
  type CouponState,
  type PlaceOrderRequest,
  type PlacedOrder,
  type QuoteRequest,
} from '../../domain/checkout.ts';
import type { CouponCheck } from '../../domain/coupons.ts';
import { convertFromEur, type CurrencyCode } from '../../domain/money.ts';
import type { Locale } from '../../domain/locale.ts';
import { orderNoFromBytes } from '../../domain/orders.ts';
import { cartTotals, type DiscountTier } from '../../domain/pricing.ts';
import { freeShippingThreshold, shippingOptions } from '../../domain/shipping.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { addresses, cartItems, orderItems, orderStatusEvents, orders, payments, productSizes, type OrderAddressSnapshot } from '../db/schema.ts';
import { fail, failWith, invalid, invalidFields, notFound } from '../errors.ts';
import { msg, render, type Message } from '../messages/index.ts';
import type { AddressService } from './addresses.ts';
import { type CartOwner, type CartService, type PricedConfig, type Tx } from './cart.ts';
import { couponMessage, couponRefused, type CouponCustomer, type CouponService } from './coupons.ts';
import { accessTokenFor, lockedRate, tokenDigest, type OrderRow, type OrderService } from './orders.ts';
import type { UserService } from './users.ts';

export interface CheckoutCaller {
  userId: number | null;
  /** A guest's visitor id (the route makes one if missing); ignored for signed-in callers. */
  visitorId: string | null;
  locale: Locale;
}

export interface CheckoutDeps {
  db: Db;
  cart: CartService;
  addresses: AddressService;
  coupons: CouponService;
  orders: OrderService;
  users: UserService;
  tiers: readonly DiscountTier[];
  clock: Clock;
  /** AUTH_SECRET: the guests' order access tokens are HMACs under it. */
  secret: string;
  paymentTimeoutMs: number;
}

type ResolvedLine = PricedConfig & { cartItemId: number | null };

function ownerOf(caller: CheckoutCaller): CartOwner | null {
  if (caller.userId !== null) return { userId: caller.userId };
  return caller.visitorId ? { visitorId: caller.visitorId } : null;
}

function checkoutLine(line: ResolvedLine): CheckoutLine {
  const { id: _id, ...rest } = line.record;
  return { ...rest, cartItemId: line.cartItemId };
}

/** Units asked for per product size across all lines (two lines can share a size). */
function demandBySize(lines: readonly ResolvedLine[]): Map<string, { productId: number; size: string; quantity: number; stock: number; name: string }> {
  const demand = new Map<string, { productId: number; size: string; quantity: number; stock: number; name: string }>();
  for (const { record } of lines) {
    const key = `${record.productId}|${record.size}`;
    const entry = demand.get(key) ?? { productId: record.productId, size: record.size, quantity: 0, stock: record.stock, name: record.name };
    entry.quantity += record.quantity;
    demand.set(key, entry);
  }
  return demand;
}

function stockMessage(name: string, size: string, available: number): Message {
  return available <= 0 ? msg('checkout.soldOut', { name, size }) : msg('checkout.onlyLeft', { name, available, size });
}

export class CheckoutService {
  private readonly d: CheckoutDeps;

  constructor(deps: CheckoutDeps) {
    this.d = deps;
  }

  /** The lines to buy, priced from the database in `currency`. */
  private async resolve(db: Db | Tx, caller: CheckoutCaller, source: CheckoutSource, currency: CurrencyCode): Promise<ResolvedLine[]> {
    if (source.type === 'buyNow') {
      const config = normaliseLine(source.item);
      await this.d.cart.checkConfig(db, config);
      const priced = await this.d.cart.priceConfigs(db, [{ id: 0, config, quantity: source.item.quantity }], currency, caller.locale);
      return priced.map((line) => ({ ...line, cartItemId: null }));
    }
    const owner = ownerOf(caller);
    const ids = [...new Set(source.cartItemIds)];
    if (!owner) throw notFound('cartItem');
    const ownerWhere = owner.userId !== undefined ? eq(cartItems.userId, owner.userId) : eq(cartItems.visitorId, owner.visitorId);
    const rows = await db.select().from(cartItems).where(and(ownerWhere, inArray(cartItems.id, ids)));
    if (rows.length !== ids.length) throw notFound('cartItem');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const priced = await this.d.cart.priceConfigs(
      db,
      ids.map((id) => {
        const row = byId.get(id)!;
        return {
          id,
          quantity: row.quantity,
          config: {
            productId: row.productId,
            size: row.size as CheckoutLine['size'],
            patchIds: row.patchIds,
            addonIds: row.addonIds,
            customType: row.customType as CheckoutLine['customType'],
            squadPlayerId: row.squadPlayerId,
            customName: row.customName,
            customNumber: row.customNumber,
            premiumNameOption: row.premiumNameOption as CheckoutLine['premiumNameOption'],
            premiumNumberOption: row.premiumNumberOption as CheckoutLine['premiumNumberOption'],
          },
        };
      }),
      currency,
      caller.locale,
    );
    if (priced.length !== ids.length) throw fail(CODES.CONFLICT, 'checkout.itemNotSold');
    return priced.map((line) => ({ ...line, cartItemId: line.record.id }));
  }

  private async customer(caller: CheckoutCaller, guestEmail: string | null): Promise<CouponCustomer & { email: string | null }> {
    if (caller.userId === null) return { userId: null, email: guestEmail };
    const user = await this.d.users.get(caller.userId);
    return { userId: caller.userId, email: user?.email ?? null };
  }

  /** What the checkout page shows: lines with personalisation, amounts, shipping options, coupon state, notices. */
  async quote(caller: CheckoutCaller, body: QuoteRequest): Promise<CheckoutQuote> {
    const db = this.d.db;
    const lines = await this.resolve(db, caller, body.source, body.currency);
    const personalised = lines.some((line) => line.record.personalised);
    const afterTier = cartTotals(
      lines.map((l) => l.record),
      body.currency,
      this.d.tiers,
    ).total;

    let coupon: CouponState | null = null;
    let couponRule = null;
    if (body.couponCode && body.couponCode.trim() !== '') {
      const evaluation = await this.d.coupons.evaluate(db, body.couponCode, { now: this.d.clock(), currency: body.currency, base: afterTier, customer: await this.customer(caller, null) });
      if (evaluation.ok) couponRule = evaluation.rule;
      coupon = evaluation.ok
        ? { code: evaluation.rule.code, valid: true, kind: evaluation.rule.kind, percent: evaluation.rule.percent, discount: 0, reason: null, message: null }
        : { code: evaluation.code, valid: false, kind: null, percent: null, discount: 0, reason: evaluation.reason, message: render(couponMessage(evaluation.reason), caller.locale) };
    }
    const { totals, shipping } = checkoutTotals({
      lines: lines.map((l) => l.record),
      currency: body.currency,
      tiers: this.d.tiers,
      coupon: couponRule,
      shipping: body.country ? { country: body.country, method: body.shippingMethod } : null,
      personalised,
    });
    if (coupon?.valid) coupon.discount = totals.couponDiscount;

    const stock = [...demandBySize(lines).values()]
      .filter((d) => d.quantity > d.stock)
      .map((d) => ({
        cartItemId: lines.find((l) => l.record.productId === d.productId && l.record.size === d.size)?.cartItemId ?? null,
        productId: d.productId,
        size: d.size,
        available: Math.max(0, d.stock),
        message: render(stockMessage(d.name, d.size, d.stock), caller.locale),
      }));

    return {
      currency: body.currency,
      lines: lines.map(checkoutLine),
      summary: totals,
      coupon,
      shippingOptions: body.country ? shippingOptions(body.country, totals.itemsAfterDiscounts, body.currency, personalised) : null,
      shipping,
      freeShippingThreshold: freeShippingThreshold(body.currency),
      notices: { personalised, stock },
    };
  }

  /** The cart page's "Apply": checks a code against the caller's cart and shows what it takes off. */
  async applyCoupon(caller: CheckoutCaller, body: { code: string; currency: CurrencyCode; cartItemIds?: number[] | undefined }): Promise<CouponCheck> {
    const owner = ownerOf(caller);
    let ids = body.cartItemIds;
    if (!ids) {
      const rows = owner ? await this.d.cart.pricedLines(this.d.db, owner, body.currency, caller.locale) : [];
      ids = rows.map((r) => r.id);
    }
    if (ids.length === 0) throw fail(CODES.CONFLICT, 'checkout.cartEmpty');
    const lines = await this.resolve(this.d.db, caller, { type: 'cart', cartItemIds: ids }, body.currency);
    const afterTier = cartTotals(
      lines.map((l) => l.record),
      body.currency,
      this.d.tiers,
    ).total;
    const evaluation = await this.d.coupons.evaluate(this.d.db, body.code, { now: this.d.clock(), currency: body.currency, base: afterTier, customer: await this.customer(caller, null) });
    if (!evaluation.ok) throw couponRefused(evaluation.reason);
    const { totals } = checkoutTotals({ lines: lines.map((l) => l.record), currency: body.currency, tiers: this.d.tiers, coupon: evaluation.rule, shipping: null, personalised: false });
    const rule = evaluation.rule;
    return {
      code: rule.code,
      kind: rule.kind,
      percent: rule.percent,
      amount: rule.amountEur === null ? null : convertFromEur(rule.amountEur, body.currency),
      minSpend: convertFromEur(rule.minSpendEur, body.currency),
      discount: totals.couponDiscount,
      currency: body.currency,
    };
  }

  // ---------- placing the order ----------

  private static requestHash(body: PlaceOrderRequest): string {
    return createHash('sha256').update(JSON.stringify(body)).digest('hex');
  }

  private async byKey(db: Db | Tx, scope: string, key: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
    return row ?? null;
  }

  private answer(row: OrderRow, replayed: boolean): PlacedOrder {
    return {
      orderNo: row.orderNo,
      accessToken: accessTokenFor(this.d.secret, row.orderNo, row.accessNonce),
      status: row.status,
      currency: row.currency as CurrencyCode,
      total: row.total,
      payBefore: row.payBefore.toISOString(),
      replayed,
    };
  }

  private replay(row: OrderRow, hash: string): PlacedOrder {
    if (row.requestHash !== hash) {
      throw failWith(CODES.CONFLICT, 'checkout.idempotencyKeyReused', { reason: 'IDEMPOTENCY_KEY_REUSED' });
    }
    return this.answer(row, true);
  }

  async placeOrder(caller: CheckoutCaller, body: PlaceOrderRequest, key: string): Promise<PlacedOrder> {
    const scope = caller.userId !== null ? `u:${caller.userId}` : caller.visitorId ? `v:${caller.visitorId}` : null;
    if (!scope) throw invalid('checkout.guestNeedsVisitorId');
    const hash = CheckoutService.requestHash(body);
    const earlier = await this.byKey(this.d.db, scope, key);
    if (earlier) return this.replay(earlier, hash);

    // Checked before the transaction: they read through the pool, which PGlite's single
    // connection cannot serve while a transaction holds it.
    const customer = await this.customer(caller, body.email ?? null);
    if (caller.userId === null && !body.email) throw invalidFields({ path: 'body.email', problem: msg('field.emailRequired') });
    const email = customer.email!;
    if (caller.userId === null && body.addressId !== undefined) throw notFound('address');
    const typedAddress = body.address ? await this.d.addresses.columns(body.address, 'body.address') : null;

    const now = this.d.clock();
    const outcome = await this.d.db.transaction(async (tx) => {
      // Parallel requests with this key wait here; the first one's order is then found below.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order|${scope}|${key}`}, 0))`);
      const again = await this.byKey(tx, scope, key);
      if (again) return { replayed: true as const, row: again };

      const lines = await this.resolve(tx, caller, body.source, body.currency);
      const personalised = lines.some((line) => line.record.personalised);
      if (personalised && !body.acceptPersonalisedTerms) throw invalidFields({ path: 'body.acceptPersonalisedTerms', problem: msg('checkout.personalisedTerms') });

      let address: OrderAddressSnapshot;
      if (body.addressId !== undefined) {
        // Another user's address id is "not found" (checklist item 11).
        const [row] = await tx.select().from(addresses).where(and(eq(addresses.id, body.addressId), eq(addresses.userId, caller.userId!)));
        if (!row) throw notFound('address');
        address = { firstName: row.firstName, lastName: row.lastName, company: row.company, address: row.address, address2: row.address2, country: row.countryCode, province: row.province, postalCode: row.postalCode, phoneCode: row.phoneCode, city: row.city, phone: row.phone };
      } else {
        const a = typedAddress!;
        address = { firstName: a.firstName, lastName: a.lastName, company: a.company, address: a.address, address2: a.address2, country: a.countryCode, province: a.province, postalCode: a.postalCode, phoneCode: a.phoneCode, city: a.city, phone: a.phone };
      }

      const afterTier = cartTotals(
        lines.map((l) => l.record),
        body.currency,
        this.d.tiers,
      ).total;
      let coupon = null;
      if (body.couponCode && body.couponCode.trim() !== '') {
        const evaluation = await this.d.coupons.evaluate(tx, body.couponCode, { now, currency: body.currency, base: afterTier, customer });
        if (!evaluation.ok) throw couponRefused(evaluation.reason);
        coupon = evaluation;
      }
      const { totals, shipping } = checkoutTotals({
        lines: lines.map((l) => l.record),
        currency: body.currency,
        tiers: this.d.tiers,
        coupon: coupon?.rule ?? null,
        shipping: { country: address.country, method: body.shippingMethod },
        personalised,
      });

      // A coupon takes at most the items, and shipping to a zone always costs something unless the
      // items reach the free-shipping threshold, so there is always something for PayPal to take.
      if (totals.total <= 0) throw fail(CODES.CONFLICT, 'checkout.nothingToPay');

      // Reserve stock in a fixed order (product, size) so that parallel checkouts never deadlock.
      const demand = [...demandBySize(lines).values()].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
      for (const d of demand) {
        const [reserved] = await tx
          .update(productSizes)
          .set({ stock: sql`${productSizes.stock} - ${d.quantity}` })
          .where(and(eq(productSizes.productId, d.productId), eq(productSizes.size, d.size), sql`${productSizes.stock} >= ${d.quantity}`))
          .returning({ stock: productSizes.stock });
        if (!reserved) {
          const [current] = await tx.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, d.productId), eq(productSizes.size, d.size)));
          const available = current?.stock ?? 0;
          throw failWith(CODES.OUT_OF_STOCK, stockMessage(d.name, d.size, available), { productId: d.productId, size: d.size, available });
        }
      }

      const nonce = randomBytes(16).toString('base64url');
      const orderNo = newOrderNo();
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo,
          accessNonce: nonce,
          accessTokenHash: tokenDigest(accessTokenFor(this.d.secret, orderNo, nonce)),
          userId: caller.userId,
          visitorId: caller.userId === null ? caller.visitorId : null,
          email,
          locale: caller.locale,
          currency: body.currency,
          ...lockedRate(body.currency),
          itemCount: totals.itemCount,
          itemsTotal: totals.items,
          tierPercent: totals.tierPercent,
          tierDiscount: totals.tierDiscount,
          couponId: coupon?.row.id ?? null,
          couponCode: coupon?.row.code ?? null,
          couponDiscount: totals.couponDiscount,
          shippingMethod: body.shippingMethod,
          shippingZone: shipping!.zone,
          shippingAmount: totals.shipping,
          total: totals.total,
          deliveryMinDays: shipping!.minDays,
          deliveryMaxDays: shipping!.maxDays,
          shippingAddress: address,
          personalised,
          status: 'pending_payment',
          cartItemIds: lines.flatMap((l) => (l.cartItemId === null ? [] : [l.cartItemId])),
          idempotencyScope: scope,
          idempotencyKey: key,
          requestHash: hash,
          payBefore: new Date(now.getTime() + this.d.paymentTimeoutMs),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(orderItems).values(
        lines.map(({ record, unitPriceEur, title, patches, addons }) => ({
          orderId: order!.id,
          productId: record.productId,
          title,
          image: record.image,
          size: record.size,
          customType: record.customType,
          squadPlayerId: record.squadList,
          customName: record.customName,
          customNumber: record.customNumber,
          premiumNameOption: record.premiumNameOption,
          premiumNumberOption: record.premiumNumberOption,
          patches: patches.map((p) => ({ id: p.id, name: p.name, price: convertFromEur(p.priceEur, body.currency) })),
          addons: addons.map((a) => ({ id: a.id, name: a.name, price: convertFromEur(a.priceEur, body.currency) })),
          personalised: record.personalised,
          unitPriceEur,
          unitPrice: record.price,
          quantity: record.quantity,
          lineTotal: record.lineTotal,
        })),
      );
      await tx.insert(orderStatusEvents).values({ orderId: order!.id, fromStatus: null, toStatus: 'pending_payment', at: now, actor: 'checkout', note: null });
      await tx.insert(payments).values({ orderId: order!.id, provider: 'paypal', status: 'new', amount: totals.total, currency: body.currency });
      if (coupon) await this.d.coupons.redeem(tx, coupon.row.id, order!.id, { userId: caller.userId, email });
      return { replayed: false as const, row: order! };
    });
    if (outcome.replayed) return this.replay(outcome.row, hash);
    return this.answer(outcome.row, false);
  }
}

function newOrderNo(): string {
  for (;;) {
    const orderNo = orderNoFromBytes(randomBytes(32));
    if (orderNo) return orderNo;
  }
}
