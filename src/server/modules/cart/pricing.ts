/**
 * Pricing cart lines from the database: what the cart shows, and what checkout and an order
 * freeze of a line (EUR unit price, names in both locales, patches and add-ons as they were).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CartGroup, CartLineRecord, LineConfig } from '../../../domain/cart.model.ts';
import type { Size } from '../../../domain/catalogue.schema.ts';
import type { Locale, Localised } from '../../../domain/locale.ts';
import { convertFromEur, type CurrencyCode, type RateTable } from '../../../domain/money.model.ts';
import { printOf, printRecord, withPlayer } from '../../../domain/personalisation.ts';
import { priceLine, unitPriceEur } from '../../../domain/pricing.ts';
import type { TaxClass } from '../../../domain/tax/tax.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pick } from '../../messages/localise.ts';
import { addons, patches, productFirstImage, productSizes, productZhTitle, products, squadPlayers } from '../catalogue/index.ts';
import type { cartItems } from './schema.ts';
import { configChecks } from './statements.ts';

/** A line priced from the database, with what an order freezes of it. */
export interface PricedConfig {
  record: CartLineRecord;
  unitPriceEur: number;
  title: Localised;
  patches: { id: number; name: Localised; priceEur: number }[];
  addons: { id: number; name: Localised; priceEur: number }[];
  /** The product's tax class (docs/taxes.md), which the order freezes on its line. */
  taxClass: TaxClass;
}

/** What pricing reads of a product: only what a line needs (not descriptions, details or art), with its sizes' stock. */
const PRICING_FIELDS = {
  id: products.id,
  title: products.title,
  zhTitle: productZhTitle,
  image: productFirstImage,
  price: products.price,
  customisationFee: products.customisationFee,
  taxClass: products.taxClass,
  stock: sql<Record<string, number> | null>`(select json_object_agg(s.size, s.stock) from ${productSizes} s where s.product_id = ${products.id})`,
};

/**
 * The products of the lines to price, in one round trip. Prepared: checkout and the cart page run
 * it all the time.
 */
export function pricingProducts(db: Db | Tx) {
  return db
    .select(PRICING_FIELDS)
    .from(products)
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, eq(products.active, true)))
    .prepare('cart_pricing_products');
}
export type PricingProducts = ReturnType<typeof pricingProducts>;
/** A product as pricing reads it. */
export type PricingRow = Awaited<ReturnType<PricingProducts['execute']>>[number];

/**
 * A "buy it now" line's product as pricing reads it, with what checking its configuration reads
 * (statements.ts configChecks; `extras` as there), in one round trip instead of two: placeholders
 * as lineQuery's.
 */
export function buyNowQuery(db: Db | Tx, extras: boolean) {
  const { stock: sizeStock, ...checks } = configChecks(extras);
  return db
    .select({ ...PRICING_FIELDS, ...checks, sizeStock })
    .from(products)
    .leftJoin(productSizes, and(eq(productSizes.productId, products.id), eq(productSizes.size, sql`${sql.placeholder('size')}`)))
    .where(and(eq(products.id, sql`${sql.placeholder('productId')}::int`), eq(products.active, true)));
}

/** A line to price: a cart line (its id, and its roster group if any), a "buy it now" line or a roster's row (id 0). */
export interface PricingItem {
  id: number;
  config: LineConfig;
  quantity: number;
  group?: CartGroup | null;
}

/**
 * Prices configured lines from the database (cart lines, or a "buy it now" line with id 0), in
 * their order, at the shop's exchange `rates` (its settings). Lines whose product is gone or inactive are left out. Besides the cart's record,
 * each answer carries what an order freezes: the EUR unit price and the names in both locales.
 */
export async function priceConfigs(
  db: Db | Tx,
  items: readonly PricingItem[],
  currency: CurrencyCode,
  locale: Locale,
  rates: RateTable,
  /** How the products are read: pricingProducts(db) prepared once when `db` is the pool, or rows read already (buyNowQuery). */
  readProducts?: PricingProducts | ((ids: number[]) => Promise<PricingRow[]>),
): Promise<PricedConfig[]> {
  if (items.length === 0) return [];
  const productIds = [...new Set(items.map((i) => i.config.productId))];
  const patchIds = [...new Set(items.flatMap((i) => i.config.patchIds))];
  const addonIds = [...new Set(items.flatMap((i) => i.config.addonIds))];
  const playerIds = [...new Set(items.flatMap((i) => (i.config.playerId ? [i.config.playerId] : [])))];
  const [productRows, patchRows, addonRows, playerRows] = await Promise.all([
    typeof readProducts === 'function' ? readProducts(productIds) : (readProducts ?? pricingProducts(db)).execute({ ids: productIds }),
    patchIds.length ? db.select().from(patches).where(inArray(patches.id, patchIds)).orderBy(asc(patches.id)) : [],
    addonIds.length ? db.select().from(addons).where(inArray(addons.id, addonIds)).orderBy(asc(addons.id)) : [],
    playerIds.length ? db.select().from(squadPlayers).where(inArray(squadPlayers.id, playerIds)) : [],
  ]);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const patchById = new Map(patchRows.map((p) => [p.id, p]));
  const addonById = new Map(addonRows.map((a) => [a.id, a]));
  const playerById = new Map(playerRows.map((p) => [p.id, p]));

  return items.flatMap(({ id, config, quantity, group }) => {
    const product = productById.get(config.productId);
    if (!product) return [];
    const linePatches = config.patchIds.flatMap((pid) => (patchById.has(pid) ? [patchById.get(pid)!] : []));
    const lineAddons = config.addonIds.flatMap((aid) => (addonById.has(aid) ? [addonById.get(aid)!] : []));
    const unitEur = unitPriceEur({
      productPriceEur: product.price,
      customisationFeeEur: product.customisationFee,
      patchPricesEur: linePatches.map((p) => p.patchPrice),
      addonPricesEur: lineAddons.map((a) => a.price),
      ...config,
    });
    const priced = priceLine(unitEur, quantity, currency, rates);
    const player = config.playerId ? playerById.get(config.playerId) : undefined;
    const title: Localised = { 'en-US': product.title, 'zh-CN': product.zhTitle || product.title };
    const record: CartLineRecord = {
      id,
      productId: product.id,
      name: pick(title, locale),
      image: product.image ?? '',
      price: priced.unitPrice,
      lineTotal: priced.lineTotal,
      size: config.size,
      patch: config.patchIds.join(','),
      addons: config.addonIds.join(','),
      // Choose A Player prints the player's name and number.
      ...printRecord(withPlayer(config, player), {
        patches: linePatches.map((p) => ({ id: p.id, patchName: pick(p.patchName, locale), patchPrice: convertFromEur(p.patchPrice, currency, rates) })),
        addonItems: lineAddons.map((a) => ({ id: a.id, name: pick(a.name, locale), price: convertFromEur(a.price, currency, rates) })),
      }),
      player: player ? { id: player.id, name: player.name, number: player.number } : null,
      quantity,
      stock: product.stock?.[config.size] ?? 0,
      group: group ?? null,
    };
    return [
      {
        record,
        unitPriceEur: unitEur,
        title,
        patches: linePatches.map((p) => ({ id: p.id, name: p.patchName, priceEur: p.patchPrice })),
        addons: lineAddons.map((a) => ({ id: a.id, name: a.name, priceEur: a.price })),
        taxClass: product.taxClass,
      },
    ];
  });
}

/** The roster group a stored cart line is a row of, if any. */
export function groupOf(line: typeof cartItems.$inferSelect): CartGroup | null {
  return line.groupId === null ? null : { id: line.groupId, name: line.groupName!, row: line.groupRow! };
}

/** A stored cart line as pricing takes it. */
export function pricingItemOf(line: typeof cartItems.$inferSelect): PricingItem {
  return { id: line.id, config: configOf(line), quantity: line.quantity, group: groupOf(line) };
}

/** The configuration a stored cart line holds. */
export function configOf(line: typeof cartItems.$inferSelect): LineConfig {
  return { productId: line.productId, size: line.size as Size, ...printOf(line) };
}
