/** The catalogue's tables: navigation, teams, products and their sizes (stock), patches, add-ons, squads. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FaqEntry, SizeGuideRow } from '../../../domain/catalogue.schema.ts';
import type { TaxClass } from '../../../domain/tax/tax.model.ts';
import { active, keyedTable, localised, parentId, sortOrder, timestamps } from '../../db/columns.ts';
import { trigramIndex } from '../../db/like.ts';

/** Text in the other locale; the base columns hold en-US. */
export type ZhText = Partial<Record<'title' | 'description' | 'name', string>> & { details?: string[]; faq?: FaqEntry[] };

export const navItems = keyedTable(
  'nav_items',
  {
    tag: text('tag').notNull(),
    tagName: localised('tag_name'),
    icon: text('icon'),
    parentId: integer('parent_id').references((): any => navItems.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    sort: sortOrder(),
  },
  (t) => [
    uniqueIndex('nav_items_tag_uq').on(t.tag),
    index('nav_items_parent_idx').on(t.parentId),
    check('nav_items_level_ck', sql`${t.level} between 1 and 3`),
  ],
);

export const teams = keyedTable(
  'teams',
  {
    tag: text('tag').notNull(),
    name: localised('name'),
    sport: text('sport').notNull(),
    /** The league or region tag the team plays in; patches fit by this. */
    leagueTag: text('league_tag').notNull(),
    colours: jsonb('colours').$type<string[]>().notNull(),
  },
  (t) => [uniqueIndex('teams_tag_uq').on(t.tag)],
);

export const products = keyedTable(
  'products',
  {
    /** The stable key of the catalogue file (export and import) and of staff: PRODUCT_HANDLE_PATTERN, unique. */
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    details: jsonb('details').$type<string[]>().notNull().default([]),
    zh: jsonb('zh').$type<ZhText>().notNull().default({}),
    price: integer('price').notNull(),
    compareAtPrice: integer('compare_at_price'),
    /** What the storefront shows: the uploaded images (product_images) when there are any, else `art`. */
    images: jsonb('images').$type<string[]>().notNull(),
    /** The generated shirt art (front, back), the default picture. */
    art: jsonb('art').$type<string[]>().notNull().default([]),
    /** Every navigation tag the product sits under, from sport down to team. */
    tags: text('tags').array().notNull(),
    sport: text('sport').notNull(),
    teamId: integer('team_id').references(() => teams.id),
    printable: boolean('printable').notNull().default(true),
    customisationFee: integer('customisation_fee').notNull().default(0),
    /** standard, children (zero-rated in the UK and Ireland), exempt: docs/taxes.md; the product editor sets it. */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    sizeGuide: jsonb('size_guide').$type<SizeGuideRow[]>().notNull().default([]),
    faq: jsonb('faq').$type<FaqEntry[]>().notNull().default([]),
    /** Higher first in the recommended order. */
    rank: integer('rank').notNull().default(0),
    /** Published: on sale and listed. */
    active: active(),
    /** Raised by every back-office write: a save from an older version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    /** in / low / out (domain stockStateOf), kept by migration 0010's trigger on product_sizes: the products table filters by it. */
    stockState: text('stock_state', { enum: ['in', 'low', 'out'] }).notNull().default('out'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('products_handle_uq').on(t.handle),
    check('products_handle_ck', sql`${t.handle} ~ '^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$'`),
    index('products_tags_gin').using('gin', t.tags),
    // The back office's products table: each sort and filter walks an index in the table's order.
    index('products_admin_price_idx').on(t.price, t.id),
    index('products_admin_updated_idx').on(t.updatedAt, t.id),
    index('products_admin_title_idx').on(sql`lower(${t.title})`, t.id),
    index('products_admin_sport_idx').on(t.sport, t.id),
    index('products_admin_stock_idx').on(t.stockState, t.id),
    index('products_admin_active_idx').on(t.active, t.id),
    // Narrow, so the table's counts under any mix of its filters are index-only scans.
    index('products_admin_filter_idx').on(t.sport, t.stockState, t.active, t.teamId),
    index('products_created_idx').on(t.createdAt),
    index('products_team_idx').on(t.teamId),
    // The global search (backoffice/search.ts): any part of a title or a handle.
    trigramIndex('products_title_trgm_idx', sql`lower(${t.title})`),
    trigramIndex('products_handle_trgm_idx', sql`${t.handle}`),
    check('products_price_ck', sql`${t.price} >= 0 and (${t.compareAtPrice} is null or ${t.compareAtPrice} >= 0) and ${t.customisationFee} >= 0`),
    check('products_tax_class_ck', sql`${t.taxClass} in ('standard', 'children', 'exempt')`),
  ],
);

/**
 * A product's Chinese title (null without one) and its first image, read out of their JSON
 * columns (the whole of `zh` holds the description, details and FAQ too), as queries select them.
 */
export const productZhTitle = sql<string | null>`${products.zh} ->> 'title'`;
export const productFirstImage = sql<string | null>`${products.images} ->> 0`;

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: parentId('product_id', () => products.id),
    size: text('size').notNull(),
    stock: integer('stock').notNull(),
    sort: smallint('sort').notNull(),
  },
  (t) => [
    uniqueIndex('product_sizes_pk').on(t.productId, t.size),
    check('product_sizes_stock_ck', sql`${t.stock} >= 0`),
  ],
);

export const patches = keyedTable(
  'patches',
  {
    patchName: localised('patch_name'),
    patchPrice: integer('patch_price').notNull(),
    image: text('image').notNull(),
    /** Navigation tags (leagues, competitions) whose products this patch fits. */
    fitsTags: text('fits_tags').array().notNull(),
    active: active(),
  },
  (t) => [index('patches_fits_gin').using('gin', t.fitsTags), check('patches_price_ck', sql`${t.patchPrice} >= 0`)],
);

export const addons = keyedTable(
  'addons',
  {
    teamId: parentId('team_id', () => teams.id),
    /** shorts, socks (drawn in the team's colours) or a kind staff named (extras.model.ts ADDON_KIND_PATTERN). */
    kind: text('kind').notNull(),
    name: localised('name'),
    price: integer('price').notNull(),
    image: text('image').notNull(),
    active: active(),
  },
  (t) => [index('addons_team_idx').on(t.teamId), check('addons_price_ck', sql`${t.price} >= 0`)],
);

export const squadPlayers = keyedTable(
  'squad_players',
  {
    teamId: parentId('team_id', () => teams.id),
    /** Printed name: 1-15 letters A-Z, as the printer receives it. */
    name: text('name').notNull(),
    number: text('number').notNull(),
  },
  (t) => [index('squad_players_team_idx').on(t.teamId), uniqueIndex('squad_players_team_number_uq').on(t.teamId, t.number)],
);
