/**
 * Order changes before production (docs/back-office.md "Order changes"): staff (order:edit) change
 * a line's print or size, the shipping address or method of a paid order not yet in production;
 * the shopper fixes their own printed name and number, or the address, within the merchant's
 * window after payment. One rule for both, decided under the order's row lock in one transaction:
 *
 * 1. the revision the editor saw must be the order's (else CONFLICT: someone else changed it),
 *    the order paid and not in production (the shopper: also within the window);
 * 2. the change is checked by the rules it was first made under (the configurator's print rules
 *    and the catalogue's offer, checkout's address rules, the shipping table), a size's stock
 *    moved through the catalogue's stock writers (the old size's back, the new one's taken, or
 *    the change refused when it is sold out);
 * 3. the order is repriced with its own frozen terms (domain/order-change-pricing.ts), its lines,
 *    totals and tax lines rewritten, the revision bumped, an order_changes row, an audit row and
 *    a timeline entry written, and the shopper's mail queued;
 * 4. the balance against what the shopper paid: more is asked by a payment request (its own mail
 *    carries the link) that holds the order out of production; less cancels an open request and
 *    pays back only what was paid beyond the new total, through the refund path, once committed.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Size } from '../../../domain/catalogue.model.ts';
import type { LineConfig } from '../../../domain/cart.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { convertFromEur, formatMoney, type CurrencyCode, type RateTable } from '../../../domain/money.model.ts';
import { repriceOrder, type RepriceLine } from '../../../domain/order-change-pricing.ts';
import { shopperEditUntil, shopperMayEdit, type OrderChangeActor, type OrderChangeAnswer, type OrderChangeKind, type OrderChangePreview, type OrderChangeRecord, type OrderChangeSide, type OrderChangesView, type PaymentRequestRecord, type ShopperChangeOptions } from '../../../domain/order-changes.model.ts';
import type { ShopperChange, StaffChange } from '../../../domain/order-changes.schema.ts';
import { CUSTOM_TYPES, isPrinted, LETTERING_PARTS, letteringOfRecord, printOfRequest, printShortText, type CustomType, type PrintLettering } from '../../../domain/personalisation.ts';
import { priceLine } from '../../../domain/pricing.ts';
import type { CheckoutTerms, AfterSalesSettings } from '../../../domain/settings.model.ts';
import { shippingOption } from '../../../domain/shipping.ts';
import { marketUnitPriceEur } from '../../../domain/tax/market-price.ts';
import type { PostalAddress } from '../../../domain/address.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fail, failWith, invalid, invalidFields, notFound } from '../../errors.ts';
import { changeDetail, orderChangeMail } from '../../mail/order-change-mails.ts';
import { msg } from '../../messages/index.ts';
import { pick } from '../../messages/localise.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { CartService } from '../cart/index.ts';
import { isStockShortage, releaseStock, shortageOf, stockDemand, stockTaking } from '../catalogue/index.ts';
import type { CouponService } from '../coupons/index.ts';
import type { StaffCaller } from '../../../domain/back-office/staff.model.ts';
import type { OrderPaymentRequests } from './production-hold.ts';
import type { OrderService } from './orders.ts';
import { orderChanges, orderItems, orderStatusEvents, orderTaxLines, orders } from './schema.ts';
import { orderByNumber, orderLocale, type ItemRow, type OrderAccess, type OrderRow } from './views.ts';

/** What a change needs of the money side (payments' ChangeMoney, wired in app.ts). */
export interface OrderChangeMoney {
  paidTx(tx: Tx, orderId: number): Promise<{ paid: number; otherRefunds: boolean }>;
  requestsOf(db: Db | Tx, orderId: number): Promise<PaymentRequestRecord[]>;
  refundChange(orderNo: string, changeId: number, amount: number, caller: StaffCaller): Promise<void>;
}

export interface OrderChangeDeps {
  db: Db;
  orders: OrderService;
  audit: AuditLog;
  cart: CartService;
  coupons: CouponService;
  requests: OrderPaymentRequests;
  money: OrderChangeMoney;
  clock: Clock;
  /** The shop's settings of the moment, read before the transaction (the shipping table, the tax settings' price mode, the shopper's window). */
  terms: () => Promise<CheckoutTerms & { afterSales: AfterSalesSettings }>;
  /** Checkout's address rules (accounts' AddressService.columns): the country known, the province a state of it. */
  addressColumns: (input: AddressInput, field: string) => Promise<AddressColumns>;
  /** Told of the products whose stock a size change moved, once committed (catalogue's StockNews). */
  stockNews?: { changed(productIds: Iterable<number>): void };
  log?: { warn(obj: object, message: string): void };
}

type AddressInput = Extract<StaffChange, { kind: 'address' }>['address'];
type AddressColumns = { firstName: string; lastName: string; company: string; address: string; address2: string; countryCode: string; province: string; postalCode: string; phoneCode: string; city: string; phone: string };

/** Who changes: a staff member, or the shopper (their email names them in the history). */
interface Editor {
  actor: OrderChangeActor;
  audit: AuditActor;
  caller: StaffCaller;
}

/** A change decided and written; what is left to do once committed. */
interface Made {
  row: OrderRow;
  changeId: number;
  delta: number;
  refund: number;
  request: PaymentRequestRecord | null;
  productIds: number[];
}

/**
 * Thrown inside a preview's transaction once the change is worked out and written, so that the
 * whole of it (stock, lines, totals, request, mail) is rolled back and only its numbers remain.
 */
class Previewed extends Error {
  readonly made: Made;
  constructor(made: Made) {
    super('an order change previewed: rolled back');
    this.made = made;
  }
}

/** Countries whose tax (and so the order's frozen market) depends on the province or state. */
const REGIONAL_TAX = new Set(['CA', 'US']);

function addressLine(a: PostalAddress): string {
  return [`${a.firstName} ${a.lastName}`, a.address, a.address2, a.city, a.province, a.postalCode, a.country].filter(Boolean).join(', ');
}

function lineSide(item: ItemRow): NonNullable<OrderChangeSide['line']> {
  return {
    itemId: item.id,
    size: item.size,
    customType: item.customType,
    customName: item.customName,
    customNumber: item.customNumber,
    lettering: Object.fromEntries(LETTERING_PARTS.map(({ field }) => [field, item[field]])),
    patchIds: item.patches.map((p) => p.id),
    addonIds: item.addons.map((a) => a.id),
    unitPrice: item.unitPrice,
  };
}

/** The order's locked exchange rates: today's table with the order's own currency and EUR as it froze them. */
function lockedRates(row: OrderRow, today: RateTable): RateTable {
  return { ...today, [row.currency]: row.rateX100, EUR: row.baseRateX100 };
}

export class OrderChangeDesk {
  private readonly d: OrderChangeDeps;

  constructor(deps: OrderChangeDeps) {
    this.d = deps;
  }

  // ---------- reading ----------

  async view(orderNo: string): Promise<OrderChangesView> {
    const row = await orderByNumber(this.d.db, orderNo);
    const changes = await this.d.db.select().from(orderChanges).where(eq(orderChanges.orderId, row.id)).orderBy(desc(orderChanges.revision));
    const requests = await this.d.money.requestsOf(this.d.db, row.id);
    return {
      orderNo: row.orderNo,
      revision: row.revision,
      changeable: row.status === 'paid',
      currency: row.currency,
      total: row.total,
      changes: changes.map(
        (c): OrderChangeRecord => ({ id: c.id, revision: c.revision, kind: c.kind, actor: c.actor, byEmail: c.byEmail, reason: c.reason, before: c.before as OrderChangeSide, after: c.after as OrderChangeSide, totalDelta: c.totalDelta, at: c.at.toISOString() }),
      ),
      pendingRequest: await this.pendingOf(row.id, requests),
    };
  }

  /** The request the order owes (open, or expired unpaid: it holds production), as the panel shows it. */
  private async pendingOf(orderId: number, requests: readonly PaymentRequestRecord[]): Promise<PaymentRequestRecord | null> {
    const due = await this.d.requests.dueForTx(this.d.db, orderId);
    return due ? (requests.find((r) => r.id === due.id) ?? null) : null;
  }

  /** What the shopper's order page offers: the window, the revision, the lines they may fix. */
  async shopperOptions(orderNo: string, access: OrderAccess, locale: Locale): Promise<ShopperChangeOptions> {
    const row = await this.d.orders.findForAccess(orderNo, access);
    const { afterSales } = await this.d.terms();
    const items = await this.d.orders.itemsOf(this.d.db, row.id);
    return {
      editable: shopperMayEdit(row, afterSales.shopperEditMinutes, this.d.clock()),
      until: row.paidAt ? shopperEditUntil(row.paidAt, afterSales.shopperEditMinutes).toISOString() : null,
      revision: row.revision,
      lines: items
        .filter((i) => i.customType === CUSTOM_TYPES.ADD_YOURS)
        .map((i) => ({ itemId: i.id, title: pick(i.title, locale), size: i.size, customName: i.customName, customNumber: i.customNumber })),
    };
  }

  // ---------- changing ----------

  async staffChange(orderNo: string, revision: number, change: StaffChange, reason: string | null, caller: StaffCaller): Promise<OrderChangeAnswer> {
    return this.change(orderNo, revision, change, reason, { actor: 'staff', audit: caller.actor, caller });
  }

  async shopperChange(orderNo: string, access: OrderAccess, revision: number, change: ShopperChange): Promise<OrderChangeAnswer> {
    const row = await this.d.orders.findForAccess(orderNo, access);
    const actor: AuditActor = { id: null, email: `shopper:${row.email}` };
    const asStaff: StaffChange =
      change.kind === 'address' ? change : { kind: 'line', itemId: change.itemId, print: undefined };
    return this.change(row.orderNo, revision, asStaff, null, { actor: 'shopper', audit: actor, caller: { actor, codes: [] } }, change.kind === 'line' ? { customName: change.customName, customNumber: change.customNumber } : undefined);
  }

  /**
   * What a staff change would do, before staff confirm it: the same checks, repricing and refusals
   * as the change itself (it runs whole and is rolled back), so the total shown is the server's.
   * Nothing is written, mailed or refunded.
   */
  async staffPreview(orderNo: string, revision: number, change: StaffChange, caller: StaffCaller): Promise<OrderChangePreview> {
    const made = await this.decide(orderNo, revision, change, null, { actor: 'staff', audit: caller.actor, caller }, undefined, true);
    return { orderNo: made.row.orderNo, revision, currency: made.row.currency, total: made.row.total, totalDelta: made.delta, refund: made.refund, owed: made.request?.amount ?? 0 };
  }

  private async change(orderNo: string, revision: number, change: StaffChange, reason: string | null, editor: Editor, text?: { customName: string; customNumber: string }): Promise<OrderChangeAnswer> {
    const made = await this.decide(orderNo, revision, change, reason, editor, text, false);
    if (made.productIds.length) this.d.stockNews?.changed(made.productIds);
    let refund: OrderChangeAnswer['refund'] = null;
    if (made.refund > 0) {
      // Once committed: PayPal is asked outside the change's transaction, by the refund path, whose
      // own lock and guard count this refund with every other (its key is the change's: a retry is the same refund).
      refund = { amount: made.refund, failed: false };
      try {
        await this.d.money.refundChange(made.row.orderNo, made.changeId, made.refund, editor.caller);
      } catch (error) {
        refund.failed = true;
        this.d.log?.warn({ orderNo, changeId: made.changeId, err: error instanceof Error ? error.message : String(error) }, 'an order change was made but its refund did not go through');
      }
    }
    return { orderNo: made.row.orderNo, revision: made.row.revision, total: made.row.total, totalDelta: made.delta, currency: made.row.currency, refund, request: made.request };
  }

  /** The change worked out and written in one transaction, or (a preview) worked out and rolled back. */
  private async decide(orderNo: string, revision: number, change: StaffChange, reason: string | null, editor: Editor, text: { customName: string; customNumber: string } | undefined, preview: boolean): Promise<Made> {
    const [seen] = await this.d.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
    if (!seen) throw notFound('order');
    // Read before the transaction: through the pool, which PGlite's one connection cannot serve inside it.
    const terms = await this.d.terms();
    const address = change.kind === 'address' ? await this.d.addressColumns(change.address, 'change.address') : null;
    try {
      return await this.d.db.transaction(async (tx) => {
        const made = await this.changeTx(tx, seen.id, revision, change, reason, editor, terms, address, text);
        if (preview) throw new Previewed(made);
        return made;
      });
    } catch (error) {
      if (error instanceof Previewed) return error.made;
      if (isStockShortage(error) && change.kind === 'line' && change.size) throw await this.soldOut(seen.id, change.itemId, change.size);
      throw error;
    }
  }

  private async soldOut(orderId: number, itemId: number, size: string): Promise<AppError> {
    const [item] = await this.d.db.select().from(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)));
    const shortage = item?.productId ? await shortageOf(this.d.db, [{ productId: item.productId, size, quantity: item.quantity }]) : null;
    const available = shortage?.available ?? 0;
    const name = item ? pick(item.title, 'en-US') : '';
    return failWith(CODES.OUT_OF_STOCK, available <= 0 ? msg('checkout.soldOut', { name, size }) : msg('checkout.onlyLeft', { name, available, size }), { size, available });
  }

  private async changeTx(
    tx: Tx,
    orderId: number,
    revision: number,
    change: StaffChange,
    reason: string | null,
    editor: Editor,
    terms: Awaited<ReturnType<OrderChangeDeps['terms']>>,
    address: AddressColumns | null,
    text: { customName: string; customNumber: string } | undefined,
  ): Promise<Made> {
    const row = await this.d.orders.lockTx(tx, orderId);
    if (row.revision !== revision) throw fail(CODES.CONFLICT, 'orderChange.stale');
    const now = this.d.clock();
    if (editor.actor === 'shopper') {
      // The specification's rule once production started; the window's own words before.
      if (row.status !== 'paid') throw fail(CODES.CONFLICT, 'orderChange.personalisedNoChange');
      if (!shopperMayEdit(row, terms.afterSales.shopperEditMinutes, now)) throw fail(CODES.CONFLICT, 'orderChange.windowClosed');
    } else if (row.status !== 'paid') throw fail(CODES.CONFLICT, 'orderChange.notPaid');
    const money = await this.d.money.paidTx(tx, row.id);
    if (money.otherRefunds) throw fail(CODES.CONFLICT, 'orderChange.refunded');

    const items = await this.d.orders.itemsOf(tx, row.id);
    const currency = row.currency as CurrencyCode;
    const rates = lockedRates(row, terms.rates);
    const locale = orderLocale(row);
    let kind: OrderChangeKind = change.kind;
    let before: Omit<OrderChangeSide, 'total'>;
    let after: Omit<OrderChangeSide, 'total'>;
    const details: string[] = [];
    const productIds: number[] = [];
    let shipping = row.shippingAmount;
    const orderSet: Partial<typeof orders.$inferInsert> = {};
    let lines = items;

    if (change.kind === 'line') {
      const item = items.find((i) => i.id === change.itemId);
      if (!item) throw invalid(msg('orderChange.unknownLine', { id: change.itemId }));
      const next = await this.lineAfter(tx, row, item, change, text, terms, rates, currency, editor);
      if (next.size !== item.size) {
        if (item.productId === null) throw fail(CODES.CONFLICT, 'orderChange.productGone');
        // Through the catalogue's stock writers only: the old size's units back, the new size's
        // taken (never below zero: a shortage raises and undoes the whole change).
        await releaseStock(tx, [{ productId: item.productId, size: item.size, quantity: item.quantity }]);
        const taking = stockTaking(tx, sql`${stockDemand([{ productId: item.productId, size: next.size, quantity: item.quantity }])}`);
        await tx.with(...taking.ctes).select({ ok: sql<boolean>`${taking.holds}` }).from(sql`(select 1) as one`);
        productIds.push(item.productId);
        details.push(changeDetail(locale, 'size', item.size, next.size));
      }
      if (next.customName !== item.customName || next.customNumber !== item.customNumber) {
        if (next.customName !== item.customName) details.push(changeDetail(locale, 'name', item.customName ?? '-', next.customName ?? '-'));
        if (next.customNumber !== item.customNumber) details.push(changeDetail(locale, 'number', item.customNumber ?? '-', next.customNumber ?? '-'));
      }
      const [written] = await tx.update(orderItems).set(next).where(eq(orderItems.id, item.id)).returning();
      const beforeSide = lineSide(item);
      const afterSide = lineSide(written!);
      if (JSON.stringify(beforeSide) === JSON.stringify(afterSide)) throw fail(CODES.CONFLICT, 'orderChange.nothing');
      if (!details.length) details.push(changeDetail(locale, 'print', printShortText(item) || '-', printShortText(written!) || '-'));
      before = { line: beforeSide };
      after = { line: afterSide };
      lines = items.map((i) => (i.id === item.id ? written! : i));
      orderSet.personalised = lines.some((l) => l.personalised);
    } else if (change.kind === 'address') {
      const a = address!;
      const next: PostalAddress = { firstName: a.firstName, lastName: a.lastName, company: a.company, address: a.address, address2: a.address2, country: a.countryCode, province: a.province, postalCode: a.postalCode, phoneCode: a.phoneCode, city: a.city, phone: a.phone };
      const old = row.shippingAddress;
      // The shipping zone and the tax market were frozen for the destination: another country
      // (or, where tax depends on it, another state or province) is a new order, not a change.
      if (next.country !== old.country) throw invalidFields({ path: 'change.address.country', problem: msg('orderChange.otherCountry') });
      if (REGIONAL_TAX.has(next.country) && (next.province ?? '') !== (old.province ?? '')) throw invalidFields({ path: 'change.address.province', problem: msg('orderChange.otherCountry') });
      if (JSON.stringify(next) === JSON.stringify(old)) throw fail(CODES.CONFLICT, 'orderChange.nothing');
      before = { address: { ...old } };
      after = { address: { ...next } };
      details.push(changeDetail(locale, 'address', addressLine(old), addressLine(next)));
      orderSet.shippingAddress = next;
    } else {
      kind = 'shipping';
      if (change.method === row.shippingMethod) throw fail(CODES.CONFLICT, 'orderChange.nothing');
      // Today's shipping table at the order's locked rate; free shipping judged on the order's items as they are.
      const itemsAfter = row.itemsTotal - row.tierDiscount - row.couponDiscount;
      const option = shippingOption(row.shippingAddress.country, change.method, itemsAfter, currency, row.personalised, { ...terms, rates });
      shipping = option.amount;
      before = { shipping: { method: row.shippingMethod, amount: row.shippingAmount } };
      after = { shipping: { method: option.method, amount: option.amount } };
      details.push(changeDetail(locale, 'method', `${row.shippingMethod} (${formatMoney(row.shippingAmount, currency, locale)})`, `${option.method} (${formatMoney(option.amount, currency, locale)})`));
      Object.assign(orderSet, { shippingMethod: option.method, shippingAmount: option.amount, deliveryMinDays: option.minDays, deliveryMaxDays: option.maxDays });
    }

    const repriced = await this.reprice(tx, row, lines, shipping);
    const delta = repriced.total - row.total;
    const [written] = await tx
      .update(orders)
      .set({
        ...orderSet,
        itemCount: repriced.itemCount,
        itemsTotal: repriced.itemsTotal,
        tierDiscount: repriced.tierDiscount,
        couponDiscount: repriced.couponDiscount,
        shippingAmount: repriced.shippingAmount,
        taxTotal: repriced.taxTotal,
        taxAdded: repriced.taxAdded,
        total: repriced.total,
        revision: row.revision + 1,
        updatedAt: now,
      })
      .where(eq(orders.id, row.id))
      .returning();
    await tx.delete(orderTaxLines).where(eq(orderTaxLines.orderId, row.id));
    if (repriced.taxRows.length) await tx.insert(orderTaxLines).values(repriced.taxRows.map((r) => ({ ...r, orderId: row.id })));

    const beforeSide: OrderChangeSide = { ...before, total: row.total };
    const afterSide: OrderChangeSide = { ...after, total: repriced.total };
    const [changeRow] = await tx
      .insert(orderChanges)
      .values({ orderId: row.id, revision: row.revision + 1, kind, actor: editor.actor, byId: editor.actor === 'staff' ? editor.audit.id : null, byEmail: editor.audit.email, reason, before: beforeSide, after: afterSide, totalDelta: delta, at: now })
      .returning({ id: orderChanges.id });
    const changeId = changeRow!.id;
    await this.d.audit.record(tx, { actor: editor.audit, action: `order.change.${kind}`, entity: 'order', entityId: row.orderNo, before: beforeSide, after: { ...afterSide, revision: row.revision + 1, ...(reason ? { reason } : {}) } });
    // The timeline: the order stays paid; the entry says who changed what.
    await tx.insert(orderStatusEvents).values({ orderId: row.id, fromStatus: 'paid', toStatus: 'paid', at: now, actor: editor.actor === 'staff' ? 'admin' : 'shopper', note: `Changed (${kind}, revision ${row.revision + 1}): ${details.join('; ')}` });

    // The balance against what the shopper has paid.
    const balance = repriced.total - money.paid;
    let request: PaymentRequestRecord | null = null;
    let refund = 0;
    if (balance > 0) {
      const opened = await this.d.requests.openTx(tx, { orderId: row.id, purpose: 'order-change', changeId, amount: balance, currency });
      request = { id: opened.id, amount: balance, currency, status: 'open', expiresAt: opened.expiresAt.toISOString() };
    } else {
      if (await this.d.requests.dueForTx(tx, row.id)) await this.d.requests.cancelOpenTx(tx, row.id, { id: editor.actor === 'staff' ? editor.audit.id : null, email: editor.audit.email }, 'a later change settled the balance');
      refund = -balance;
    }
    await this.d.orders.announceTx(tx, 'order.changed', written!, { change: kind });
    const link = this.d.orders.orderLink(written!);
    await this.d.orders.queueChangeMailTx(tx, written!, orderChangeMail(locale, { orderNo: row.orderNo, link, firstName: written!.shippingAddress.firstName, kind, details, total: repriced.total, currency, refund, owed: Math.max(0, balance) }));
    return { row: written!, changeId, delta, refund, request, productIds };
  }

  /** The line as it will be: its size, print and (when what costs money changed) its price. */
  private async lineAfter(
    tx: Tx,
    row: OrderRow,
    item: ItemRow,
    change: Extract<StaffChange, { kind: 'line' }>,
    text: { customName: string; customNumber: string } | undefined,
    terms: Awaited<ReturnType<OrderChangeDeps['terms']>>,
    rates: RateTable,
    currency: CurrencyCode,
    editor: Editor,
  ): Promise<Partial<typeof orderItems.$inferInsert> & { size: string; customName: string | null; customNumber: string | null }> {
    const size = change.size ?? item.size;
    if (text) {
      // The shopper fixes their own typed name and number, nothing else (not the type, lettering or patches).
      if (item.customType !== CUSTOM_TYPES.ADD_YOURS) throw fail(CODES.CONFLICT, 'orderChange.shopperTextOnly');
      return { size, customName: text.customName, customNumber: text.customNumber };
    }
    if (editor.actor === 'shopper') throw fail(CODES.CONFLICT, 'orderChange.shopperTextOnly');
    if (!change.print) return { size, customName: item.customName, customNumber: item.customNumber };
    if (item.productId === null) throw fail(CODES.CONFLICT, 'orderChange.productGone');
    const print = printOfRequest(change.print);
    const config: LineConfig = { productId: item.productId, size: size as Size, ...print };
    // The configurator's rules against the catalogue as it is: the size offered, printable, the
    // player in the team's squad, the patches fitting and the add-ons offered.
    const [priced] = await this.d.cart.buyNowLine(tx, config, item.quantity, currency, orderLocale(row), rates);
    if (!priced) throw fail(CODES.CONFLICT, 'orderChange.productGone');
    const lettering: PrintLettering = letteringOfRecord(priced.record);
    const oldPaid = { customType: item.customType, lettering: LETTERING_PARTS.map(({ field }) => item[field]), patches: item.patches.map((p) => p.id), addons: item.addons.map((a) => a.id) };
    const newPaid = { customType: print.customType, lettering: LETTERING_PARTS.map(({ field }) => print[field]), patches: print.patchIds, addons: print.addonIds };
    // What costs money unchanged (a name, a number, a player): the line keeps its frozen price.
    // Otherwise it is priced as the catalogue prices it today, at the order's locked rate.
    let unitPrice = item.unitPrice;
    let unitPriceEur = item.unitPriceEur;
    let patches = item.patches;
    let addons = item.addons;
    if (JSON.stringify(oldPaid) !== JSON.stringify(newPaid)) {
      const destination = { country: row.shippingAddress.country, region: REGIONAL_TAX.has(row.shippingAddress.country) ? row.shippingAddress.province || null : null };
      unitPriceEur = marketUnitPriceEur(priced.unitPriceEur, item.taxClass, destination, terms.tax.settings, terms.tax.table);
      unitPrice = priceLine(unitPriceEur, item.quantity, currency, rates).unitPrice;
      patches = priced.patches.map((p) => ({ id: p.id, name: p.name, price: convertFromEur(p.priceEur, currency, rates) }));
      addons = priced.addons.map((a) => ({ id: a.id, name: a.name, price: convertFromEur(a.priceEur, currency, rates) }));
    }
    return {
      size,
      ...lettering,
      customType: lettering.customType as CustomType,
      patches,
      addons,
      personalised: isPrinted(print.customType),
      unitPriceEur,
      unitPrice,
      lineTotal: unitPrice * item.quantity,
    };
  }

  /** The order's totals and tax lines again, with its frozen terms (domain/order-change-pricing.ts). */
  private async reprice(tx: Tx, row: OrderRow, lines: readonly ItemRow[], shipping: number) {
    const frozen = await tx.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, row.id)).orderBy(asc(orderTaxLines.id));
    const input: RepriceLine[] = lines.map((l) => ({ lineTotal: l.lineTotal, quantity: l.quantity, personalised: l.personalised, taxClass: l.taxClass }));
    return repriceOrder(input, {
      tierPercent: row.tierPercent,
      couponDiscount: row.couponDiscount,
      couponIncludesPersonalised: row.couponId ? await this.d.coupons.includesPersonalised(tx, row.couponId) : true,
      shipping,
      frozenShipping: row.shippingAmount,
      display: row.taxDisplay,
      market: row.taxMarket,
      reason: row.taxReason,
      importTaxesOnDelivery: row.importTaxesOnDelivery,
      taxRows: frozen,
    });
  }

  // ---------- the payment request ----------

  /** Staff let the order go on without the extra payment, open or its link expired, with a reason (order:edit). */
  async waive(orderNo: string, reason: string, caller: StaffCaller): Promise<OrderChangesView> {
    const [seen] = await this.d.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
    if (!seen) throw notFound('order');
    await this.d.db.transaction(async (tx) => {
      const row = await this.d.orders.lockTx(tx, seen.id);
      const due = await this.d.requests.dueForTx(tx, row.id);
      if (!due) throw fail(CODES.CONFLICT, 'orderChange.noOpenRequest');
      // Staff calling through the API always have an account id (the guard read it from their token).
      const waived = await this.d.requests.waiveTx(tx, row.id, { id: caller.actor.id!, email: caller.actor.email }, reason);
      if (!waived) throw fail(CODES.CONFLICT, 'orderChange.noOpenRequest');
      await this.d.audit.record(tx, { actor: caller.actor, action: 'order.paymentRequest.waive', entity: 'order', entityId: row.orderNo, before: { requestId: due.id, amount: due.amount, status: due.status }, after: { status: 'waived', reason } });
      await tx.insert(orderStatusEvents).values({ orderId: row.id, fromStatus: row.status, toStatus: row.status, at: this.d.clock(), actor: 'admin', note: `Payment request of ${formatMoney(due.amount, row.currency as CurrencyCode, 'en-US')} waived: ${reason}` });
    });
    return this.view(orderNo);
  }

  /**
   * Staff send the shopper a new link for the extra a change asked (order:edit): the owed request
   * (expired, or open and its mail lost) is cancelled and one of the same amount opened with a
   * fresh token and expiry, its link mailed in the order's language; audited. Only while the order
   * waits for it (paid, not in production). A staff order's own link is not renewed here: that
   * order is cancelled unpaid at its expiry (docs/back-office.md "Manual orders").
   */
  async resendLink(orderNo: string, caller: StaffCaller): Promise<OrderChangesView> {
    const [seen] = await this.d.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
    if (!seen) throw notFound('order');
    await this.d.db.transaction(async (tx) => {
      const row = await this.d.orders.lockTx(tx, seen.id);
      if (row.status !== 'paid') throw fail(CODES.CONFLICT, 'orderChange.notPaid');
      const made = await this.d.requests.reopenTx(tx, row.id, caller.actor);
      if (!made) throw fail(CODES.CONFLICT, 'orderChange.noOpenRequest');
      const { replaced } = made;
      await this.d.audit.record(tx, {
        actor: caller.actor,
        action: 'order.paymentRequest.resend',
        entity: 'order',
        entityId: row.orderNo,
        before: { requestId: replaced.id, amount: replaced.amount, status: replaced.status },
        after: { requestId: made.id, amount: replaced.amount, status: 'open', expiresAt: made.expiresAt.toISOString() },
      });
      await tx.insert(orderStatusEvents).values({ orderId: row.id, fromStatus: row.status, toStatus: row.status, at: this.d.clock(), actor: 'admin', note: `New payment link for ${formatMoney(replaced.amount, row.currency as CurrencyCode, 'en-US')} sent to the shopper` });
    });
    return this.view(orderNo);
  }
}
