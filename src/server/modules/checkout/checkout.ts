/**
 * Checkout: quotes, coupons on the cart, and placing an order.
 *
 * Placing an order is one transaction (docs/checkout-and-payments.md): lines priced from the
 * database whatever the client sent (the cart module prices them), stock reserved through the
 * catalogue's stock service, the coupon's use counted atomically, the order created by the
 * orders module with every amount frozen in its currency, and its payment opened by the payments
 * module; each of them writes its own tables with this transaction's handle. It is idempotent by
 * the caller's Idempotency-Key: the same key and body answer the same order, the same key with
 * another body is refused, and parallel requests with one key queue on an advisory lock so
 * exactly one of them creates the order.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { normaliseLine } from '../../../domain/cart.model.ts';
import type { NewCartLine } from '../../../domain/cart.schema.ts';
import { checkoutTotals, type CheckoutLine, type TotalsInput, type CheckoutQuote, type CouponState, type PlacedOrder } from '../../../domain/checkout.model.ts';
import { type CheckoutSource, type PlaceOrderRequest, type QuoteRequest } from '../../../domain/checkout.schema.ts';
import { couponBases, fixedAmountIn, type CouponCheck } from '../../../domain/coupons.model.ts';
import { convertFromEur, convertMinor, type CurrencyCode, type RateTable } from '../../../domain/money.model.ts';
import type { OrderSource } from '../../../domain/order-changes.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { cartTotals, priceLine, type CartTotals } from '../../../domain/pricing.ts';
import { letteringOfRecord } from '../../../domain/personalisation.ts';
import type { CheckoutTerms } from '../../../domain/settings.model.ts';
import { freeShippingThreshold, shippingOptions, type ShippingMethod } from '../../../domain/shipping.ts';
import { checkoutTax, orderTaxRows } from '../../../domain/tax/checkout-tax.ts';
import type { TaxDestination } from '../../../domain/tax/calculate.ts';
import type { TaxTerms } from '../../../domain/tax/effective.ts';
import { marketUnitPriceEur } from '../../../domain/tax/market-price.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, failWith, invalid, invalidFields, notFound } from '../../errors.ts';
import { msg, render, type Message } from '../../messages/index.ts';
import type { AddressService, UserService } from '../accounts/index.ts';
import type { CartOwner, CartService, PricedConfig } from '../cart/index.ts';
import { isStockShortage, shortageOf, stockDemand, stockTaking } from '../catalogue/index.ts';
import { couponMessage, couponRefused, type CouponCustomer, type CouponService } from '../coupons/index.ts';
import type { OrderAddressSnapshot, OrderItemDraft, OrderPlacing, OrderRow, OrderService, PlacedRow } from '../orders/index.ts';
import type { PaymentLedger } from '../payments/index.ts';
import { metrics } from '../../metrics.ts';

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
  payments: PaymentLedger;
  /** Told of the products whose stock an order took, once it committed (catalogue's StockNews). */
  stockNews: { changed(productIds: Iterable<number>): void };
  users: UserService;
  /** The shop's settings of the moment (the settings module), taxes included: read once per call, before any transaction. */
  terms: () => Promise<CheckoutTerms>;
  clock: Clock;
  paymentTimeoutMs: number;
}

type ResolvedLine = PricedConfig & { cartItemId: number | null; priceReason?: string | null };

/** What a quote or an order prices: checkout's sources, or a staff order's configured lines (never sent by the storefront). */
export type PricingSource = CheckoutSource | { type: 'lines'; items: readonly NewCartLine[] };

/** A unit price staff set by hand on a staff order's line (order:price), in the order's currency, with why; null: the shop's price. */
export type LinePrice = { unitPrice: number; reason: string } | null;

/** A staff order's lines at their hand-set prices (after the destination's price mode: the price staff typed is what the buyer pays). */
function withPrices(lines: ResolvedLine[], prices: readonly LinePrice[], currency: CurrencyCode, rates: RateTable): ResolvedLine[] {
  return lines.map((line, i) => {
    const set = prices[i];
    if (!set) return line;
    const unitPriceEur = convertMinor(set.unitPrice, currency, 'EUR', rates);
    return { ...line, unitPriceEur, priceReason: set.reason, record: { ...line.record, price: set.unitPrice, lineTotal: set.unitPrice * line.record.quantity } };
  });
}

/** Countries whose tax depends on the province or state (docs/taxes.md). */
const REGIONAL_TAX = new Set(['CA', 'US']);

/** Where the tax is worked out: the country, and for Canada and the US the province or state. */
function taxDestination(country: string, province: string | null): TaxDestination {
  return { country, region: REGIONAL_TAX.has(country) ? province || null : null };
}

/**
 * The price mode `destination-rate` (docs/taxes.md "Prices"): each unit price as the destination's
 * shoppers pay it (the catalogue's rate taken out, the destination's put in). `same-gross` leaves
 * the lines as priced.
 */
function atDestination(lines: ResolvedLine[], destination: TaxDestination, tax: TaxTerms, currency: CurrencyCode, rates: RateTable): ResolvedLine[] {
  if (tax.settings.priceMode === 'same-gross') return lines;
  return lines.map((line) => {
    const unitPriceEur = marketUnitPriceEur(line.unitPriceEur, line.taxClass, destination, tax.settings, tax.table);
    const priced = priceLine(unitPriceEur, line.record.quantity, currency, rates);
    return { ...line, unitPriceEur, record: { ...line.record, price: priced.unitPrice, lineTotal: priced.lineTotal } };
  });
}

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

/** What placeOrder settled before its transaction. */
interface PlaceContext {
  caller: CheckoutCaller;
  body: PlaceTerms;
  key: string;
  scope: string;
  hash: string;
  email: string;
  customer: CouponCustomer & { email: string | null };
  typedAddress: Awaited<ReturnType<AddressService['columns']>> | null;
  now: Date;
  terms: Awaited<ReturnType<CheckoutDeps['terms']>>;
  lines: ResolvedLine[];
  /** checkout, or staff (a staff order, staff-order-desk.ts). */
  source: OrderSource;
  payBefore: Date;
  /** A staff order's hand-set prices, by line. */
  prices: readonly LinePrice[];
}

/** What placing reads of the request: the checkout page's, or the staff order's. */
type PlaceTerms = Pick<PlaceOrderRequest, 'currency' | 'shippingMethod' | 'couponCode' | 'addressId' | 'acceptPersonalisedTerms'>;

/** A staff order as the desk hands it to placing (staff-order-desk.ts), everything checked before its transaction. */
export interface StaffPlacing {
  userId: number | null;
  email: string;
  locale: Locale;
  currency: CurrencyCode;
  address: NonNullable<PlaceContext['typedAddress']>;
  shippingMethod: ShippingMethod;
  couponCode: string | null;
  lines: ResolvedLine[];
  prices: readonly LinePrice[];
  key: string;
  hash: string;
  now: Date;
  terms: CheckoutTerms;
  payBefore: Date;
}

/** The scope of staff orders' idempotency keys (orders.idempotency_scope). */
export const STAFF_ORDER_SCOPE = 'staff';

export class CheckoutService {
  private readonly d: CheckoutDeps;
  /** The order's one statement (orders module): with the stock taken and the payment opened, prepared once. */
  private readonly placing: OrderPlacing;

  constructor(deps: CheckoutDeps) {
    this.d = deps;
    this.placing = deps.orders.placing('checkout_place_order', {
      requires: stockTaking(deps.db, sql.placeholder('stock')),
      companions: (order) => [deps.payments.opening(order)],
    });
  }

  /** The lines to buy, priced from the database in `currency`. */
  private async resolve(db: Db | Tx, caller: CheckoutCaller, source: PricingSource, currency: CurrencyCode, rates: RateTable): Promise<ResolvedLine[]> {
    if (source.type === 'lines') {
      // A staff order: each configured line checked and priced as "buy it now" prices one.
      const priced: ResolvedLine[] = [];
      for (const item of source.items) priced.push(...(await this.resolve(db, caller, { type: 'buyNow', item }, currency, rates)));
      return priced;
    }
    if (source.type === 'buyNow') {
      const priced = await this.d.cart.buyNowLine(db, normaliseLine(source.item), source.item.quantity, currency, caller.locale, rates);
      return priced.map((line) => ({ ...line, cartItemId: null }));
    }
    const owner = ownerOf(caller);
    const ids = [...new Set(source.cartItemIds)];
    if (!owner) throw notFound('cartItem');
    const priced = await this.d.cart.pricedLinesByIds(db, owner, ids, currency, caller.locale, rates);
    if (priced.length !== ids.length) throw fail(CODES.CONFLICT, 'checkout.itemNotSold');
    return priced.map((line) => ({ ...line, cartItemId: line.record.id }));
  }

  private async customer(caller: CheckoutCaller, guestEmail: string | null): Promise<CouponCustomer & { email: string | null }> {
    if (caller.userId === null) return { userId: null, email: guestEmail };
    const user = await this.d.users.get(caller.userId);
    return { userId: caller.userId, email: user?.email ?? null };
  }

  /**
   * The lines priced as the quote shows them and the order freezes them: tiers, coupon and
   * shipping, then the destination's tax (none before the shopper names a country).
   */
  private price(lines: readonly ResolvedLine[], cart: CartTotals, p: Omit<TotalsInput, 'lines' | 'tiers' | 'cart' | 'terms'> & { terms: CheckoutTerms; destination: TaxDestination | null }) {
    const { destination, ...choices } = p;
    const { totals, shipping } = checkoutTotals({ ...choices, cart, lines: lines.map((l) => l.record), tiers: p.terms.tiers });
    if (!destination) return { totals, shipping, taxed: null };
    const taxed = checkoutTax({
      destination,
      terms: p.terms.tax,
      currency: p.currency,
      rates: p.terms.rates,
      lines: lines.map((l) => ({ ...l.record, taxClass: l.taxClass })),
      totals,
      couponIncludesPersonalised: p.coupon?.includesPersonalised ?? true,
    });
    return { totals: taxed.totals, shipping, taxed };
  }

  /** What the checkout page shows: lines with personalisation, amounts, shipping options, coupon state, notices. */
  async quote(caller: CheckoutCaller, body: Omit<QuoteRequest, 'source'> & { source: PricingSource }, prices: readonly LinePrice[] = []): Promise<CheckoutQuote> {
    const db = this.d.db;
    const terms = await this.d.terms();
    // The tax once the destination is known: Canada and the US by province or state.
    const province = body.country && REGIONAL_TAX.has(body.country) ? await this.d.addresses.provinceCode(body.country, body.province, 'body.province') : null;
    const destination = body.country ? taxDestination(body.country, province) : null;
    const catalogueLines = await this.resolve(db, caller, body.source, body.currency, terms.rates);
    const lines = withPrices(destination ? atDestination(catalogueLines, destination, terms.tax, body.currency, terms.rates) : catalogueLines, prices, body.currency, terms.rates);
    const personalised = lines.some((line) => line.record.personalised);
    const cart = cartTotals(
      lines.map((l) => l.record),
      body.currency,
      terms.tiers,
    );

    let coupon: CouponState | null = null;
    let couponRule = null;
    if (body.couponCode && body.couponCode.trim() !== '') {
      const evaluation = await this.d.coupons.evaluate(db, body.couponCode, { now: this.d.clock(), currency: body.currency, ...couponBases(lines.map((l) => l.record), cart), rates: terms.rates, customer: await this.customer(caller, null) });
      if (evaluation.ok) couponRule = evaluation.rule;
      coupon = evaluation.ok
        ? { code: evaluation.rule.code, valid: true, kind: evaluation.rule.kind, percent: evaluation.rule.percent, discount: 0, reason: null, message: null }
        : { code: evaluation.code, valid: false, kind: null, percent: null, discount: 0, reason: evaluation.reason, message: render(couponMessage(evaluation.reason), caller.locale) };
    }
    const { totals, shipping, taxed } = this.price(lines, cart, {
      currency: body.currency,
      coupon: couponRule,
      shipping: body.country ? { country: body.country, method: body.shippingMethod } : null,
      personalised,
      terms,
      destination,
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
      shippingOptions: body.country ? shippingOptions(body.country, totals.itemsAfterDiscounts, body.currency, personalised, terms) : null,
      shipping,
      tax: taxed?.breakdown ?? null,
      freeShippingThreshold: freeShippingThreshold(body.currency, terms),
      notices: { personalised, stock },
    };
  }

  /** The cart page's "Apply": checks a code against the caller's cart and shows what it takes off. */
  async applyCoupon(caller: CheckoutCaller, body: { code: string; currency: CurrencyCode; cartItemIds?: number[] | undefined }): Promise<CouponCheck> {
    const owner = ownerOf(caller);
    const terms = await this.d.terms();
    let lines: ResolvedLine[];
    if (body.cartItemIds) {
      if (body.cartItemIds.length === 0) throw fail(CODES.CONFLICT, 'checkout.cartEmpty');
      lines = await this.resolve(this.d.db, caller, { type: 'cart', cartItemIds: body.cartItemIds }, body.currency, terms.rates);
    } else {
      // The whole cart: its sellable lines, priced once.
      const priced = owner ? await this.d.cart.pricedConfigsOf(this.d.db, owner, body.currency, caller.locale, terms.rates) : [];
      if (priced.length === 0) throw fail(CODES.CONFLICT, 'checkout.cartEmpty');
      lines = priced.map((line) => ({ ...line, cartItemId: line.record.id }));
    }
    const cart = cartTotals(
      lines.map((l) => l.record),
      body.currency,
      terms.tiers,
    );
    const evaluation = await this.d.coupons.evaluate(this.d.db, body.code, { now: this.d.clock(), currency: body.currency, ...couponBases(lines.map((l) => l.record), cart), rates: terms.rates, customer: await this.customer(caller, null) });
    if (!evaluation.ok) throw couponRefused(evaluation.reason);
    const { totals } = checkoutTotals({ cart, lines: lines.map((l) => l.record), currency: body.currency, tiers: terms.tiers, coupon: evaluation.rule, shipping: null, personalised: false, terms });
    const rule = evaluation.rule;
    return {
      code: rule.code,
      kind: rule.kind,
      percent: rule.percent,
      amount: rule.kind === 'fixed' ? fixedAmountIn(rule, body.currency, terms.rates) : null,
      minSpend: convertFromEur(rule.minSpendEur, body.currency, terms.rates),
      discount: totals.couponDiscount,
      currency: body.currency,
    };
  }

  // ---------- placing the order ----------

  private static requestHash(body: PlaceOrderRequest): string {
    return createHash('sha256').update(JSON.stringify(body)).digest('hex');
  }

  private answer(row: PlacedRow, replayed: boolean): PlacedOrder {
    return {
      orderNo: row.orderNo,
      accessToken: this.d.orders.accessToken(row),
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

  /**
   * Refuses a shopper's checkout in a currency the shop does not show (Settings -> Exchange rates):
   * a page built before the change may still offer it. Staff orders may use any currency.
   */
  async requireShown(currency: CurrencyCode, terms?: CheckoutTerms): Promise<void> {
    if (!(terms ?? (await this.d.terms())).currencies.includes(currency)) throw invalidFields({ path: 'body.currency', problem: msg('checkout.currencyNotShown', { currency }) });
  }

  async placeOrder(caller: CheckoutCaller, body: PlaceOrderRequest, key: string): Promise<PlacedOrder> {
    const scope = caller.userId !== null ? `u:${caller.userId}` : caller.visitorId ? `v:${caller.visitorId}` : null;
    if (!scope) throw invalid('checkout.guestNeedsVisitorId');
    const hash = CheckoutService.requestHash(body);

    // Checked before the transaction: they read through the pool, which PGlite's single
    // connection cannot serve while a transaction holds it.
    const customer = await this.customer(caller, body.email ?? null);
    if (caller.userId === null && !body.email) throw invalidFields({ path: 'body.email', problem: msg('field.emailRequired') });
    const email = customer.email!;
    if (caller.userId === null && body.addressId !== undefined) throw notFound('address');
    const typedAddress = body.address ? await this.d.addresses.columns(body.address, 'body.address') : null;

    const now = this.d.clock();
    const terms = await this.d.terms();
    await this.requireShown(body.currency, terms);
    let placed: { row: PlacedRow; productIds: number[] };
    let lines: ResolvedLine[] | null = null;
    try {
      // Priced before the transaction, through the pool's prepared statements: inside it (read
      // committed) each read would see the same as here, and the transaction is shorter. The stock
      // taken and the coupon counted are what must be atomic, and they are, in placeTx.
      lines = await this.resolve(this.d.db, caller, body.source, body.currency, terms.rates);
      const context: PlaceContext = { caller, body, key, scope, hash, email, customer, typedAddress, now, terms, lines, source: 'checkout', payBefore: new Date(now.getTime() + this.d.paymentTimeoutMs), prices: [] };
      // Without a coupon the order is one statement (stock, order, lines, payment); a coupon's
      // count must commit with it, so then the statement and the count share a transaction.
      placed = body.couponCode?.trim() ? await this.d.db.transaction((tx) => this.placeIn(tx, context)) : await this.placeIn(this.d.db, context);
    } catch (error) {
      // The key placed an order before (a retry), or a parallel request with it placed one first:
      // this attempt's insert failed on orders_idempotency_uq, or it found the stock taken by that
      // order, and rolled back. That order is the answer. (No look-up before: a new order, the
      // usual case, pays no extra round trip.)
      const first = await this.d.orders.byIdempotencyKey(this.d.db, scope, key);
      if (first) return this.replay(first, hash);
      if (isStockShortage(error) && lines) throw await this.outOfStock(lines);
      throw error;
    }
    this.d.stockNews.changed(placed.productIds);
    metrics.ordersPlaced.inc();
    return this.answer(placed.row, false);
  }

  /** A staff order's configured lines, checked and priced by the catalogue in `currency` (before the desk's transaction). */
  async staffLines(items: readonly NewCartLine[], currency: CurrencyCode, locale: Locale, rates: RateTable): Promise<ResolvedLine[]> {
    return this.resolve(this.d.db, { userId: null, visitorId: null, locale }, { type: 'lines', items }, currency, rates);
  }

  /**
   * A staff order placed as checkout places one (the same pricing, tax, coupon, stock and
   * statement), in the staff desk's transaction, which then settles it (link, offline).
   */
  async placeStaffTx(tx: Tx, o: StaffPlacing): Promise<{ row: PlacedRow; productIds: number[] }> {
    const caller: CheckoutCaller = { userId: o.userId, visitorId: null, locale: o.locale };
    const body: PlaceTerms = { currency: o.currency, shippingMethod: o.shippingMethod, couponCode: o.couponCode, acceptPersonalisedTerms: true };
    const customer = { userId: o.userId, email: o.email };
    return this.placeIn(tx, { caller, body, key: o.key, scope: STAFF_ORDER_SCOPE, hash: o.hash, email: o.email, customer, typedAddress: o.address, now: o.now, terms: o.terms, lines: o.lines, source: 'staff', payBefore: o.payBefore, prices: o.prices });
  }

  /** Item drafts of priced lines, as placing writes them (a staff replacement's lines, copied at no charge by the orders module). */
  itemDrafts(lines: readonly ResolvedLine[], currency: CurrencyCode, rates: RateTable): OrderItemDraft[] {
    return lines.map(({ record, unitPriceEur, title, patches, addons, taxClass, priceReason }) => ({
      productId: record.productId,
      title,
      priceReason: priceReason ?? null,
      image: record.image,
      size: record.size,
      ...letteringOfRecord(record),
      patches: patches.map((p) => ({ id: p.id, name: p.name, price: convertFromEur(p.priceEur, currency, rates) })),
      addons: addons.map((a) => ({ id: a.id, name: a.name, price: convertFromEur(a.priceEur, currency, rates) })),
      personalised: record.personalised,
      unitPriceEur,
      unitPrice: record.price,
      quantity: record.quantity,
      lineTotal: record.lineTotal,
      taxClass,
      // A team roster's row keeps its group on the order (docs/storefront.md "Team orders").
      groupId: record.group?.id ?? null,
      groupName: record.group?.name ?? null,
    }));
  }

  /** After the stock refused an order: which size had too few, as the checkout page shows it (1410). */
  async outOfStock(lines: readonly ResolvedLine[]): Promise<Error> {
    const shortage = (await shortageOf(this.d.db, [...demandBySize(lines).values()])) ?? { ...lines[0]!.record, available: 0 };
    const name = lines.find((l) => l.record.productId === shortage.productId && l.record.size === shortage.size)?.record.name ?? '';
    return failWith(CODES.OUT_OF_STOCK, stockMessage(name, shortage.size, shortage.available), { productId: shortage.productId, size: shortage.size, available: shortage.available });
  }

  /** Address, coupon (counted in `db`'s transaction), then the order with its stock, lines and payment in one statement. */
  private async placeIn(db: Db | Tx, { caller, body, key, scope, hash, email, customer, typedAddress, now, terms, lines: catalogueLines, source, payBefore, prices }: PlaceContext): Promise<{ row: PlacedRow; productIds: number[] }> {
    const personalised = catalogueLines.some((line) => line.record.personalised);
    if (personalised && !body.acceptPersonalisedTerms) throw invalidFields({ path: 'body.acceptPersonalisedTerms', problem: msg('checkout.personalisedTerms') });

    let address: OrderAddressSnapshot;
    if (body.addressId !== undefined) {
      // Another user's address id is "not found", as if it did not exist.
      const row = await this.d.addresses.owned(db, caller.userId!, body.addressId);
      if (!row) throw notFound('address');
      address = { firstName: row.firstName, lastName: row.lastName, company: row.company, address: row.address, address2: row.address2, country: row.countryCode, province: row.province, postalCode: row.postalCode, phoneCode: row.phoneCode, city: row.city, phone: row.phone };
    } else {
      const a = typedAddress!;
      address = { firstName: a.firstName, lastName: a.lastName, company: a.company, address: a.address, address2: a.address2, country: a.countryCode, province: a.province, postalCode: a.postalCode, phoneCode: a.phoneCode, city: a.city, phone: a.phone };
    }
    // The tax at the shipping address, frozen with the order: what the quote showed for it.
    const destination = taxDestination(address.country, address.province);
    const lines = withPrices(atDestination(catalogueLines, destination, terms.tax, body.currency, terms.rates), prices, body.currency, terms.rates);

    const cart = cartTotals(
      lines.map((l) => l.record),
      body.currency,
      terms.tiers,
    );
    let coupon = null;
    if (body.couponCode && body.couponCode.trim() !== '') {
      const evaluation = await this.d.coupons.evaluate(db, body.couponCode, { now, currency: body.currency, ...couponBases(lines.map((l) => l.record), cart), rates: terms.rates, customer });
      if (!evaluation.ok) throw couponRefused(evaluation.reason);
      coupon = evaluation;
    }
    const priced = this.price(lines, cart, {
      currency: body.currency,
      coupon: coupon?.rule ?? null,
      shipping: { country: address.country, method: body.shippingMethod },
      personalised,
      terms,
      destination,
    });
    const { totals, shipping } = priced;
    const taxed = priced.taxed!;
    const { breakdown } = taxed;

    // A coupon takes at most the items, and shipping to a zone always costs something unless the
    // items reach the free-shipping threshold, so there is always something for PayPal to take.
    if (totals.total <= 0) throw fail(CODES.CONFLICT, 'checkout.nothingToPay');

    const order = await this.placing.place(
      db,
      {
        userId: caller.userId,
        visitorId: caller.userId === null ? caller.visitorId : null,
        email,
        locale: caller.locale,
        currency: body.currency,
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
        taxTotal: breakdown.total,
        taxAdded: breakdown.added,
        taxDisplay: breakdown.display,
        taxMarket: breakdown.market,
        taxReason: breakdown.reason,
        importTaxesOnDelivery: breakdown.importTaxesOnDelivery,
        total: totals.total,
        deliveryMinDays: shipping!.minDays,
        deliveryMaxDays: shipping!.maxDays,
        shippingAddress: address,
        personalised,
        cartItemIds: lines.flatMap((l) => (l.cartItemId === null ? [] : [l.cartItemId])),
        idempotencyScope: scope,
        idempotencyKey: key,
        requestHash: hash,
        payBefore,
        createdAt: now,
        source,
        replacesOrderId: null,
        rates: terms.rates,
      },
      this.itemDrafts(lines, body.currency, terms.rates),
      { taxLines: orderTaxRows(taxed.result, lines.map((l) => l.taxClass)), params: { stock: stockDemand([...demandBySize(lines).values()]) } },
    );
    // A coupon order runs in a transaction (placeOrder), so its count commits with the order.
    if (coupon) await this.d.coupons.redeem(db as Tx, coupon.row.id, order.id, { userId: caller.userId, email });
    return { row: order, productIds: lines.map((line) => line.record.productId) };
  }
}
