/**
 * The database schema: one history for PGlite and PostgreSQL (drizzle-kit generates migrations
 * from this file into ./migrations). Money columns are integer EUR minor units.
 * Accounts (users, sessions, reset codes, addresses, newsletter, wishlist, rate-limit counters)
 * came with the second migration; coupons, orders, shipments and payments with the third.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FaqEntry, SizeGuideRow } from '../../domain/catalogue.ts';
import type { Localised } from '../../domain/locale.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Text in the other locale; the base columns hold en-US. */
export type ZhText = Partial<Record<'title' | 'description' | 'name', string>> & { details?: string[]; faq?: FaqEntry[] };

export const navItems = pgTable(
  'nav_items',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull(),
    tagName: jsonb('tag_name').$type<Localised>().notNull(),
    icon: text('icon'),
    parentId: integer('parent_id').references((): any => navItems.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('nav_items_tag_uq').on(t.tag),
    index('nav_items_parent_idx').on(t.parentId),
    check('nav_items_level_ck', sql`${t.level} between 1 and 3`),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull(),
    name: jsonb('name').$type<Localised>().notNull(),
    sport: text('sport').notNull(),
    /** The league or region tag the team plays in; patches fit by this. */
    leagueTag: text('league_tag').notNull(),
    colours: jsonb('colours').$type<string[]>().notNull(),
  },
  (t) => [uniqueIndex('teams_tag_uq').on(t.tag)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    details: jsonb('details').$type<string[]>().notNull().default([]),
    zh: jsonb('zh').$type<ZhText>().notNull().default({}),
    price: integer('price').notNull(),
    compareAtPrice: integer('compare_at_price'),
    images: jsonb('images').$type<string[]>().notNull(),
    /** Every navigation tag the product sits under, from sport down to team. */
    tags: text('tags').array().notNull(),
    sport: text('sport').notNull(),
    teamId: integer('team_id').references(() => teams.id),
    printable: boolean('printable').notNull().default(true),
    customisationFee: integer('customisation_fee').notNull().default(0),
    sizeGuide: jsonb('size_guide').$type<SizeGuideRow[]>().notNull().default([]),
    faq: jsonb('faq').$type<FaqEntry[]>().notNull().default([]),
    /** Higher first in the recommended order. */
    rank: integer('rank').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_tags_gin').using('gin', t.tags),
    index('products_created_idx').on(t.createdAt),
    index('products_team_idx').on(t.teamId),
    check('products_price_ck', sql`${t.price} >= 0 and (${t.compareAtPrice} is null or ${t.compareAtPrice} >= 0) and ${t.customisationFee} >= 0`),
  ],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    stock: integer('stock').notNull(),
    sort: smallint('sort').notNull(),
  },
  (t) => [
    uniqueIndex('product_sizes_pk').on(t.productId, t.size),
    check('product_sizes_stock_ck', sql`${t.stock} >= 0`),
  ],
);

export const patches = pgTable(
  'patches',
  {
    id: serial('id').primaryKey(),
    patchName: jsonb('patch_name').$type<Localised>().notNull(),
    patchPrice: integer('patch_price').notNull(),
    image: text('image').notNull(),
    /** Navigation tags (leagues, competitions) whose products this patch fits. */
    fitsTags: text('fits_tags').array().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('patches_fits_gin').using('gin', t.fitsTags), check('patches_price_ck', sql`${t.patchPrice} >= 0`)],
);

export const addons = pgTable(
  'addons',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['shorts', 'socks'] }).notNull(),
    name: jsonb('name').$type<Localised>().notNull(),
    price: integer('price').notNull(),
    image: text('image').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('addons_team_idx').on(t.teamId), check('addons_price_ck', sql`${t.price} >= 0`)],
);

export const squadPlayers = pgTable(
  'squad_players',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Printed name: 1-15 letters A-Z, as the printer receives it. */
    name: text('name').notNull(),
    number: text('number').notNull(),
  },
  (t) => [index('squad_players_team_idx').on(t.teamId), uniqueIndex('squad_players_team_number_uq').on(t.teamId, t.number)],
);

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    // A table constraint (not an index) so that it exists before states' foreign key refers to it.
    code: text('code').notNull().unique('countries_code_uq'),
    name: jsonb('name').$type<Localised>().notNull(),
    phoneCode: text('phone_code').notNull(),
    sort: integer('sort').notNull().default(0),
  },
);

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: jsonb('name').$type<Localised>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('states_country_code_uq').on(t.countryCode, t.code)],
);


export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased (domain normaliseEmail): one mailbox, one account. */
    email: text('email').notNull(),
    /** "scrypt$<log2 N>$<r>$<p>$<salt>$<hash>" (services/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['secrecy', 'male', 'female'] }).notNull().default('secrecy'),
    birthday: date('birthday', { mode: 'string' }),
    roles: text('roles').array().notNull().default(sql`'{R_CUSTOMER}'::text[]`),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    /** The shopper's choice to have the email changed on unpaid orders too; read by the order service. */
    updateOrderEmail: boolean('update_order_email').notNull().default(false),
    /** The language they registered in, for mail that does not answer a request of theirs. */
    locale: text('locale').notNull().default('en-US'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    check('users_gender_ck', sql`${t.gender} in ('secrecy', 'male', 'female')`),
    check('users_status_ck', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const productComments = pgTable(
  'product_comments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Set when a signed-in shopper wrote it; seeded demo reviews have none. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_comments_product_idx').on(t.productId, t.createdAt),
    // One review per shopper per product: posting again edits it.
    uniqueIndex('product_comments_user_product_uq').on(t.userId, t.productId).where(sql`${t.userId} is not null`),
    check('product_comments_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    /** Exactly one owner: a signed-in user, or a guest by visitor id. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    patchIds: integer('patch_ids').array().notNull().default(sql`'{}'::integer[]`),
    addonIds: integer('addon_ids').array().notNull().default(sql`'{}'::integer[]`),
    customType: smallint('custom_type').notNull(),
    squadPlayerId: integer('squad_player_id').references(() => squadPlayers.id),
    customName: text('custom_name'),
    customNumber: text('custom_number'),
    premiumNameOption: text('premium_name_option').notNull().default('Standard'),
    premiumNumberOption: text('premium_number_option').notNull().default('Standard'),
    quantity: integer('quantity').notNull(),
    /** Identity of the configuration (domain lineKey): equal keys are one line. */
    lineKey: text('line_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_visitor_line_uq').on(t.visitorId, t.lineKey).where(sql`${t.visitorId} is not null`),
    uniqueIndex('cart_items_user_line_uq').on(t.userId, t.lineKey).where(sql`${t.userId} is not null`),
    check('cart_items_owner_ck', sql`(${t.userId} is null) <> (${t.visitorId} is null)`),
    check('cart_items_quantity_ck', sql`${t.quantity} between 1 and 99`),
    check('cart_items_custom_type_ck', sql`${t.customType} between 1 and 4`),
  ],
);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A signed-in session: one per login, and one refresh-token family. Access tokens name it (sid),
 * so revoking it ends the session's access and refresh tokens together.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** 128 random bits, base64url. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    refreshedAt: at('refreshed_at').notNull().defaultNow(),
    /** When the newest refresh token expires; the session is dead after it. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** logout, refresh-reuse, password-reset, password-change */
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Every refresh token a session was given. Only the newest is unused; presenting a used one again
 * means it was copied, and the whole session is revoked. Stored as SHA-256 digests: the tokens are
 * 256 random bits, so a slow hash would add nothing.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** The one live password-reset code of a user (a new request replaces it); deleted once used. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the code was sent to: it works only with that email. */
    email: text('email').notNull(),
    /** HMAC-SHA256 of user, email and code under AUTH_SECRET. */
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Tries made, right or wrong; the code is dead at five. */
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [uniqueIndex('password_reset_codes_email_uq').on(t.email)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** A state code for countries with states, else free text (possibly empty). */
    province: text('province').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    phoneCode: text('phone_code').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Newsletter sign-ups by email, from guests and account holders alike. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** footer, register, profile */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_uq').on(t.email)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId], name: 'wishlist_items_pk' }), index('wishlist_items_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Fixed-window counters for throttling sign-in, code sending and code checking. In the database
 * so every instance sees the same counts (DESIGN.md: Redis later). Keys are digests, not emails.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

// ---------- coupons, orders and payments (migration 0002) ----------

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper case; shoppers' input is upper-cased before lookup. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percent: smallint('percent'),
    /** EUR minor units off, for fixed coupons (converted like prices). */
    amountEur: integer('amount_eur'),
    /** EUR minor units the items must reach after the tier discount. */
    minSpendEur: integer('min_spend_eur').notNull().default(0),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    /** Uses across all customers; null for unlimited. */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** Counted atomically when an order is placed, given back when an unpaid order is cancelled. */
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    check('coupons_kind_ck', sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100 and ${t.amountEur} is null) or (${t.kind} = 'fixed' and ${t.amountEur} > 0 and ${t.percent} is null)`),
    check('coupons_used_ck', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`),
    check('coupons_min_spend_ck', sql`${t.minSpendEur} >= 0`),
  ],
);

/**
 * An order. Every amount is frozen in the order's currency (integer minor units) when it is
 * placed; the EUR rate used is kept beside them. The guest's access token is stored as a SHA-256
 * digest: only the buyer's link holds the token.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** "JS-7KQ4M-2XPHD": random, the only id shoppers and URLs ever see. */
    orderNo: text('order_no').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    /** Random per order; with AUTH_SECRET it re-makes the token for an idempotent replay. */
    accessNonce: text('access_nonce').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The guest's visitor id, when the order came from a guest cart (to empty its lines once paid). */
    visitorId: text('visitor_id'),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    currency: text('currency').notNull(),
    /** Units per USD x100 of the order's currency and of EUR, as locked when it was placed. */
    rateX100: integer('rate_x100').notNull(),
    baseRateX100: integer('base_rate_x100').notNull(),
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
    total: integer('total').notNull(),
    /** Business days, the printing days included. */
    deliveryMinDays: smallint('delivery_min_days').notNull(),
    deliveryMaxDays: smallint('delivery_max_days').notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddressSnapshot>().notNull(),
    personalised: boolean('personalised').notNull(),
    status: text('status').notNull(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    uniqueIndex('orders_idempotency_uq').on(t.idempotencyScope, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.payBefore),
    check('orders_status_ck', sql`${t.status} in ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`),
    check(
      'orders_amounts_ck',
      sql`${t.itemsTotal} >= 0 and ${t.tierDiscount} >= 0 and ${t.couponDiscount} >= 0 and ${t.shippingAmount} >= 0 and ${t.total} >= 0 and ${t.total} = ${t.itemsTotal} - ${t.tierDiscount} - ${t.couponDiscount} + ${t.shippingAmount}`,
    ),
  ],
);

/** The shipping address as it was when the order was placed (the address book may change later). */
export interface OrderAddressSnapshot {
  firstName: string;
  lastName: string;
  company: string;
  address: string;
  address2: string;
  country: string;
  province: string;
  postalCode: string;
  phoneCode: string;
  city: string;
  phone: string;
}

/** What a patch or add-on was called and cost when the order was placed. */
export interface OrderExtraSnapshot {
  id: number;
  name: Localised;
  /** In the order's currency. */
  price: number;
}

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * The product it was, kept as a plain number: no foreign key, so replacing the catalogue
     * (seed --reset truncates products) leaves order history whole.
     */
    productId: integer('product_id'),
    title: jsonb('title').$type<Localised>().notNull(),
    image: text('image').notNull(),
    size: text('size').notNull(),
    customType: smallint('custom_type').notNull(),
    squadPlayerId: integer('squad_player_id'),
    /** Printed name and number (a chosen player's, or the shopper's own). */
    customName: text('custom_name'),
    customNumber: text('custom_number'),
    premiumNameOption: text('premium_name_option').notNull(),
    premiumNumberOption: text('premium_number_option').notNull(),
    patches: jsonb('patches').$type<OrderExtraSnapshot[]>().notNull(),
    addons: jsonb('addons').$type<OrderExtraSnapshot[]>().notNull(),
    personalised: boolean('personalised').notNull(),
    unitPriceEur: integer('unit_price_eur').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_amounts_ck', sql`${t.quantity} between 1 and 99 and ${t.unitPrice} >= 0 and ${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
  ],
);

/** Every move of an order, with its time: the status timeline. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: at('at').notNull().defaultNow(),
    /** Who moved it: checkout, capture, webhook, reconciler, admin. */
    actor: text('actor').notNull(),
    note: text('note'),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.at)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedAt: at('shipped_at').notNull().defaultNow(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    status: text('status').notNull(),
    location: text('location'),
    description: text('description').notNull(),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipmentId, t.at)],
);

/** One use of a coupon by one order; deleted (and the count given back) if the order is cancelled unpaid. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.orderId),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_email_idx').on(t.couponId, t.email),
  ],
);

/**
 * The order's payment at PayPal: ids, status, amount, and the payer's name and email. Never card
 * data (PCI DSS SAQ A: the card form is PayPal's).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paypal', 'none'] }).notNull(),
    /** new, created, approved, pending, declined, captured, refunded, failed, mismatch */
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paypalOrderId: text('paypal_order_id'),
    /** Bumped when PayPal must make a new order (the old one was voided), so its request id changes. */
    createAttempt: integer('create_attempt').notNull().default(1),
    /** Bumped after a definite decline, so the buyer's retry is a new capture, not a replay of the decline. */
    captureAttempt: integer('capture_attempt').notNull().default(1),
    captureId: text('capture_id'),
    refundId: text('refund_id'),
    payerEmail: text('payer_email'),
    payerName: text('payer_name'),
    /** The last problem PayPal reported (INSTRUMENT_DECLINED, AMOUNT_MISMATCH...). */
    lastIssue: text('last_issue'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_order_uq').on(t.orderId), uniqueIndex('payments_paypal_order_uq').on(t.paypalOrderId), uniqueIndex('payments_capture_uq').on(t.captureId)],
);

/** Webhook events already applied: PayPal delivers at least once, we apply once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  receivedAt: at('received_at').notNull().defaultNow(),
});
