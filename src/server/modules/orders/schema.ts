/** Orders, their lines, status timeline and shipments. Money columns are integer minor units. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Localised } from '../../../domain/locale.ts';
import { at, happenedAt, keyedTable, letteringColumns, localised, parentId, refOrNull, staffAuthor, timestamps } from '../../db/columns.ts';
import type { CustomType } from '../../../domain/personalisation.ts';
import { users } from '../accounts/schema.ts';
import { coupons } from '../coupons/schema.ts';
import type { PostalAddress } from '../../../domain/address.model.ts';
import type { PaymentState } from '../../../domain/back-office/orders.model.ts';
import type { OrderChangeActor, OrderChangeKind, OrderSource } from '../../../domain/order-changes.model.ts';
import type { DeclaredUnder, PriceDisplay, TaxClass, TaxName, TaxReason } from '../../../domain/tax/tax.model.ts';
import { trigramIndex } from '../../db/like.ts';

/**
 * An order. Every amount is frozen in the order's currency (integer minor units) when it is
 * placed; the EUR rate used is kept beside them. The guest's access token is stored as a SHA-256
 * digest: only the buyer's link holds the token.
 */
export const orders = keyedTable(
  'orders',
  {
    /** "JS-7KQ4M-2XPHD": random, the only id shoppers and URLs ever see. */
    orderNo: text('order_no').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    /** Random per order; with AUTH_SECRET it re-makes the token for an idempotent replay. */
    accessNonce: text('access_nonce').notNull(),
    userId: refOrNull('user_id', () => users.id),
    /** The guest's visitor id, when the order came from a guest cart (to empty its lines once paid). */
    visitorId: text('visitor_id'),
    email: text('email').notNull(),
    ...lockedTermsColumns(),
    itemCount: integer('item_count').notNull(),
    itemsTotal: integer('items_total').notNull(),
    tierPercent: smallint('tier_percent').notNull(),
    tierDiscount: integer('tier_discount').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    shippingMethod: text('shipping_method').notNull(),
    shippingZone: text('shipping_zone').notNull(),
    shippingAmount: integer('shipping_amount').notNull(),
    /**
     * The order's tax (docs/taxes.md), frozen at placement with its lines (order_tax_lines):
     * included in the prices where they are shown with tax, added to them where not.
     */
    taxTotal: integer('tax_total').notNull().default(0),
    /** The part of taxTotal added on top of the prices (display exclusive: the US, Canada); 0 where prices include it. */
    taxAdded: integer('tax_added').notNull().default(0),
    /** How the shopper saw prices: with tax in, or tax added at checkout. Orders from before taxes: exclusive, no tax. */
    taxDisplay: text('tax_display').$type<PriceDisplay>().notNull().default('exclusive'),
    /** The destination's tax market (`DE`, `CA-QC`, `US-NY`), null where the shop knows no tax. */
    taxMarket: text('tax_market'),
    taxReason: text('tax_reason').$type<TaxReason>().notNull().default('no-tax'),
    /** Above a low-value import limit (or into the EU without IOSS): the buyer pays import taxes and duties on delivery. */
    importTaxesOnDelivery: boolean('import_taxes_on_delivery').notNull().default(false),
    total: integer('total').notNull(),
    /** The total in EUR at the locked rates: what the back office sorts and sums across currencies. */
    totalEur: integer('total_eur')
      .notNull()
      .generatedAlwaysAs(sql`round(total::numeric * base_rate_x100 / rate_x100)::int`),
    /** Business days, the printing days included. */
    deliveryMinDays: smallint('delivery_min_days').notNull(),
    deliveryMaxDays: smallint('delivery_max_days').notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddressSnapshot>().notNull(),
    /** The ship-to country as a plain column, so the back office's indexes can carry it (an index cannot hold an expression beside its keys). */
    shipCountry: text('ship_country')
      .notNull()
      .generatedAlwaysAs(sql`shipping_address->>'country'`),
    personalised: boolean('personalised').notNull(),
    status: text('status').notNull(),
    /**
     * unpaid, paid, partially_refunded, refunded: what the payments row's status means for the
     * back office, kept here by the payments_state_to_order trigger (migration 0008) in the same
     * transaction as every change of that status, so the orders table filters it without a join.
     */
    paymentState: text('payment_state').$type<PaymentState>().notNull().default('unpaid'),
    /** Cart lines this order was made from, removed from the cart once it is paid. */
    cartItemIds: integer('cart_item_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Scope ("u:<id>" or "v:<visitor>") and key of the Idempotency-Key header that made it. */
    idempotencyScope: text('idempotency_scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Unpaid after this, the order is cancelled and its stock and coupon use released. */
    payBefore: at('pay_before').notNull(),
    /**
     * Set (only while pending) just before the shop asks PayPal to capture, so the unpaid-order
     * sweep and a capture in flight cannot both win: each moves the order with a conditional update.
     */
    captureStartedAt: at('capture_started_at'),
    paidAt: at('paid_at'),
    /** True once the order's reserved stock went back (cancelled before payment). */
    stockReleased: boolean('stock_released').notNull().default(false),
    /** Checkout, staff (a phone or mail order), or a free replacement (replacesOrderId names the order, the claim names both). */
    source: text('source').$type<OrderSource>().notNull().default('checkout'),
    replacesOrderId: refOrNull('replaces_order_id', (): AnyPgColumn => orders.id),
    /**
     * Bumped by every change after placement (order_changes): whoever edits the order sends the
     * revision they saw, so of two staff editing it at once one wins and the other is told.
     */
    revision: integer('revision').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    uniqueIndex('orders_idempotency_uq').on(t.idempotencyScope, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.payBefore),
    // The back office's orders table and dashboard (modules/backoffice): each index leads with
    // what it finds or sorts by, then carries every filter column after its unique (..., id)
    // part, so any filter on any sort is an index-only walk that never reads a row it drops.
    index('orders_created_idx').on(t.createdAt, t.id, ...filterColumns(t, 'createdAt')),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id, ...filterColumns(t, 'status', 'createdAt')),
    index('orders_currency_created_idx').on(t.currency, t.createdAt, t.id, ...filterColumns(t, 'currency', 'createdAt')),
    index('orders_country_created_idx').on(t.shipCountry, t.createdAt, t.id, ...filterColumns(t, 'shipCountry', 'createdAt')),
    index('orders_payment_state_created_idx').on(t.paymentState, t.createdAt, t.id, ...filterColumns(t, 'paymentState', 'createdAt')),
    index('orders_total_eur_idx').on(t.totalEur, t.id, ...filterColumns(t)),
    // Byte order ("C"): order numbers sort the same everywhere, and `like 'JS-7KQ%'` can use it.
    index('orders_order_no_c_idx').using('btree', sql`${t.orderNo} collate "C"`, t.id, ...filterColumns(t)),
    // The dashboard's paid-day window: the orders' day, state and amounts without reading rows.
    index('orders_paid_at_idx').on(t.paidAt, t.status, t.currency, t.total, t.rateX100, t.baseRateX100, t.id),
    // The sales report's period (backoffice/sales-report.ts): every column it sums or splits by, so a
    // year of paid orders is read from the index alone.
    index('orders_report_paid_idx').on(t.paidAt, t.source, t.currency, t.shipCountry, t.couponCode, t.personalised, t.itemCount, t.total, t.taxTotal, t.rateX100, t.baseRateX100, t.id),
    index('orders_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    // The orders table's any-part search (backoffice/order-filter.ts): trigrams find `%H9PN7GMV%` in
    // the number without its dashes, and `%@example%` in the email, without reading every order.
    trigramIndex('orders_order_no_trgm_idx', sql`replace(${t.orderNo}, '-', '')`),
    trigramIndex('orders_email_trgm_idx', sql`lower(${t.email})`),
    // The guests under Customers (backoffice/customer-desk.ts): the orders of no account by
    // email, then time, so an email's first order and the count of guest emails are index-only
    // walks (`email` itself last: PostgreSQL reads an expression from an index only beside its column).
    index('orders_guest_email_idx').on(sql`lower(${t.email})`, t.createdAt, t.id, t.email).where(sql`${t.userId} is null`),
    index('orders_name_prefix_idx').using('btree', sql`lower((${t.shippingAddress}->>'firstName') || ' ' || (${t.shippingAddress}->>'lastName')) text_pattern_ops`),
    index('orders_last_name_prefix_idx').using('btree', sql`lower(${t.shippingAddress}->>'lastName') text_pattern_ops`),
    check('orders_payment_state_ck', sql`${t.paymentState} in ('unpaid', 'paid', 'partially_refunded', 'refunded')`),
    check('orders_status_ck', sql`${t.status} in ('pending_payment', 'paid', 'processing', 'partially_shipped', 'shipped', 'delivered', 'cancelled', 'refunded')`),
    check('orders_source_ck', sql`${t.source} in ('checkout', 'staff', 'replacement')`),
    index('orders_replaces_idx').on(t.replacesOrderId).where(sql`${t.replacesOrderId} is not null`),
    check(
      'orders_amounts_ck',
      sql`${t.itemsTotal} >= 0 and ${t.tierDiscount} >= 0 and ${t.couponDiscount} >= 0 and ${t.shippingAmount} >= 0 and ${t.total} >= 0 and ${t.total} = ${t.itemsTotal} - ${t.tierDiscount} - ${t.couponDiscount} + ${t.shippingAmount} + ${t.taxAdded}`,
    ),
    check('orders_tax_ck', sql`${t.taxTotal} >= 0 and ${t.taxAdded} = case when ${t.taxDisplay} = 'exclusive' then ${t.taxTotal} else 0 end`),
    check('orders_tax_display_ck', sql`${t.taxDisplay} in ('inclusive', 'exclusive')`),
  ],
);

/** The columns the orders table filters by, less those an index already has among its keys. */
function filterColumns<T extends Record<FilterColumn, unknown>>(t: T, ...keys: FilterColumn[]): T[FilterColumn][] {
  return FILTER_COLUMNS.filter((name) => !keys.includes(name)).map((name) => t[name]);
}

const FILTER_COLUMNS = ['createdAt', 'status', 'currency', 'shipCountry', 'personalised', 'paymentState'] as const;
type FilterColumn = (typeof FILTER_COLUMNS)[number];

/** The shipping address as it was when the order was placed (the address book may change later). */
export type OrderAddressSnapshot = PostalAddress;

/** What a patch or add-on was called and cost when the order was placed. */
export interface OrderExtraSnapshot {
  id: number;
  name: Localised;
  /** In the order's currency. */
  price: number;
}

export const orderItems = keyedTable(
  'order_items',
  {
    orderId: orderParent(),
    /**
     * The product it was, kept as a plain number: no foreign key, so replacing the catalogue
     * (seed --reset truncates products) leaves order history whole.
     */
    productId: integer('product_id'),
    title: localised('title'),
    image: text('image').notNull(),
    size: text('size').notNull(),
    customType: smallint('custom_type').$type<CustomType>().notNull(),
    playerId: integer('squad_player_id'),
    /** Printed name and number (a chosen player's, or the shopper's own). */
    customName: text('custom_name'),
    customNumber: text('custom_number'),
    ...letteringColumns({ standardDefault: false }),
    patches: jsonb('patches').$type<OrderExtraSnapshot[]>().notNull(),
    addons: jsonb('addons').$type<OrderExtraSnapshot[]>().notNull(),
    personalised: boolean('personalised').notNull(),
    /** The product's tax class when the order was placed. */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    unitPriceEur: integer('unit_price_eur').notNull(),
    unitPrice: integer('unit_price').notNull(),
    /** Why staff set this line's unit price by hand on a staff order (order:price); null where the shop priced it. */
    priceReason: text('price_reason'),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** The team roster the line was ordered in (its cart group) and its team name; null for a line of its own. */
    groupId: uuid('group_id'),
    groupName: text('group_name'),
  },
  (t) => [
    // Carries what the dashboard's top products sum, so it reads lines of the window's orders from the index alone.
    index('order_items_order_idx').on(t.orderId, t.productId, t.quantity, t.lineTotal, t.id),
    index('order_items_product_idx').on(t.productId),
    check('order_items_amounts_ck', sql`${t.quantity} between 1 and 99 and ${t.unitPrice} >= 0 and ${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
    check('order_items_group_ck', sql`(${t.groupId} is null) = (${t.groupName} is null)`),
  ],
);

/**
 * The order's language, currency and rates as locked when it was placed, the same on the order and
 * on its invoices and credit notes (tax_documents), which the tax report converts with.
 */
export function lockedTermsColumns() {
  return {
    locale: text('locale').notNull(),
    currency: text('currency').notNull(),
    /** Units per USD x100 of the order's currency and of EUR. */
    rateX100: integer('rate_x100').notNull(),
    baseRateX100: integer('base_rate_x100').notNull(),
  };
}

/** The order a row belongs to (its lines, moves, parcels, payments, refunds...): deleted with it. */
export function orderParent() {
  return parentId('order_id', () => orders.id);
}

/** A tax line's columns (domain TaxLine), the same on an order (order_tax_lines) and on its invoices and credit notes (tax_document_lines). */
export function taxLineColumns() {
  return {
    /** The goods line taxed: its position among the order's lines (order_items by id, from 0). */
    lineIndex: smallint('line_index').notNull(),
    /** True: the tax on that line's share of the shipping (shipping is taxed like the goods it carries). */
    shipping: boolean('shipping').notNull(),
    jurisdiction: text('jurisdiction').notNull(),
    tax: text('tax').$type<TaxName>().notNull(),
    declaredUnder: text('declared_under').$type<DeclaredUnder>().notNull(),
    taxClass: text('tax_class').$type<TaxClass>().notNull(),
    /** Thousandths of a percent (domain RATE_SCALE). */
    rate: integer('rate').notNull(),
    /** The amount taxed, before tax, in the order currency's minor units. */
    base: integer('base').notNull(),
    amount: integer('amount').notNull(),
  };
}

/**
 * The order's tax lines (domain TaxLine), frozen at placement: one per tax on each goods line and
 * on each line's share of the shipping; their amounts add up to orders.tax_total. A later rate
 * change never touches them; invoices copy them (modules/invoices).
 */
export const orderTaxLines = keyedTable(
  'order_tax_lines',
  {
    orderId: orderParent(),
    ...taxLineColumns(),
  },
  (t) => [
    index('order_tax_lines_order_idx').on(t.orderId),
    check('order_tax_lines_amounts_ck', sql`${t.base} >= 0 and ${t.amount} >= 0 and ${t.rate} between 0 and 100000 and ${t.lineIndex} >= 0`),
  ],
);

/** Every move of an order, with its time: the status timeline. */
export const orderStatusEvents = keyedTable(
  'order_status_events',
  {
    orderId: orderParent(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: happenedAt(),
    /** Who moved it: checkout, capture, webhook, reconciler, admin. */
    actor: text('actor').notNull(),
    note: text('note'),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.at)],
);

export const shipments = keyedTable(
  'shipments',
  {
    orderId: orderParent(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The tracking page staff gave; null links the known carrier's page (domain/carriers.ts). */
    trackingUrl: text('tracking_url'),
    shippedAt: at('shipped_at').notNull().defaultNow(),
    /** When staff last corrected its carrier or tracking number (audited; the shopper is mailed once). */
    correctedAt: at('corrected_at'),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

/**
 * What a parcel holds: lines and quantities. A shipment without rows (every shipment before
 * split parcels) holds the whole order.
 */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: parentId('shipment_id', () => shipments.id),
    orderItemId: parentId('order_item_id', () => orderItems.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderItemId] }),
    index('shipment_items_item_idx').on(t.orderItemId),
    check('shipment_items_quantity_ck', sql`${t.quantity} between 1 and 99`),
  ],
);

/**
 * Every change of an order after placement: who, what (a line's print or size, the address, the
 * shipping), before and after, and what it did to the total (positive: the shopper owes more).
 * Append-only history for the timeline and the audit; the order's rows hold the current state.
 */
export const orderChanges = keyedTable(
  'order_changes',
  {
    orderId: orderParent(),
    /** The order's revision this change made. */
    revision: integer('revision').notNull(),
    kind: text('kind').$type<OrderChangeKind>().notNull(),
    actor: text('actor').$type<OrderChangeActor>().notNull(),
    /** The shopper's changes have no account here; staff's lose it once the account is gone, the email stays. */
    ...staffAuthor('by', () => users.id),
    reason: text('reason'),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    /** In the order's currency: the new total less the old. */
    totalDelta: integer('total_delta').notNull(),
    at: happenedAt(),
  },
  (t) => [
    uniqueIndex('order_changes_revision_uq').on(t.orderId, t.revision),
    check('order_changes_kind_ck', sql`${t.kind} in ('line', 'address', 'shipping')`),
    check('order_changes_actor_ck', sql`${t.actor} in ('staff', 'shopper')`),
  ],
);

export const shipmentEvents = keyedTable(
  'shipment_events',
  {
    shipmentId: parentId('shipment_id', () => shipments.id),
    at: happenedAt(),
    status: text('status').notNull(),
    location: text('location'),
    description: text('description').notNull(),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipmentId, t.at)],
);

/** Staff's internal notes on an order: never shown to the shopper. */
export const orderNotes = keyedTable(
  'order_notes',
  {
    orderId: orderParent(),
    ...staffAuthor('author', () => users.id),
    text: text('text').notNull(),
    at: happenedAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.at)],
);
