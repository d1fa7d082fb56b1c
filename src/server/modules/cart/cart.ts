/**
 * Carts. A cart belongs to a signed-in user or to a guest's visitor id. The server checks every
 * personalisation against the catalogue and prices every line from the database: whatever
 * price a client sends never reaches this file.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { lineKey, normaliseLine, type CartLineRecord, type CartPage, type LineConfig } from '../../../domain/cart.model.ts';
import { type CartLineUpdate, type NewCartLine } from '../../../domain/cart.schema.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { CurrencyCode, RateTable } from '../../../domain/money.model.ts';
import { isPrinted } from '../../../domain/personalisation.ts';
import { MAX_LINE_QUANTITY, cartTotals } from '../../../domain/pricing.ts';
import { CART_LINES_MAX, LOOSE_CART_LINES_MAX } from '../../../domain/roster.model.ts';
import { DEFAULT_PRICING_TERMS, type PricingTerms } from '../../../domain/shipping.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageWindow, type PageRequest } from '../../db/paging.ts';
import { fail, invalid, notFound } from '../../errors.ts';
import type { CartOwner } from '../../http/caller.ts';
import { msg } from '../../messages/index.ts';
import { productSizes, products } from '../catalogue/index.ts';
import { buyNowQuery, priceConfigs, pricingItemOf, pricingProducts, type PricedConfig, type PricingItem } from './pricing.ts';
import { cartItems } from './schema.ts';
import { checkValues, lineQuery, upsertStatement, type LineContext } from './statements.ts';

export type { CartOwner, PricedConfig };

/** Lines of their own a cart holds (the drawer's page); team rosters' rows come on top, up to CART_LINES_MAX in all. */
export const MAX_CART_LINES = LOOSE_CART_LINES_MAX;

/** The owner's lines (a signed-in user's, or a visitor id's). */
export function ownedBy(owner: CartOwner): SQL {
  return owner.userId !== undefined ? eq(cartItems.userId, owner.userId) : eq(cartItems.visitorId, owner.visitorId);
}


export class CartService {
  private readonly db: Db;
  /** The shop's settings of the moment (the settings module), read outside any transaction. */
  private readonly terms: () => Promise<PricingTerms>;
  /** Prepared once: the hot path of adding a line sends only values. */
  private readonly statements;

  /** `terms` may be left out only by callers that never price (the guest cart clean-up). */
  constructor(db: Db, terms: () => Promise<PricingTerms> = async () => DEFAULT_PRICING_TERMS) {
    this.db = db;
    this.terms = terms;
    this.statements = {
      check: {
        visitor: lineQuery(db, 'visitor', true).prepare('cart_line_check_visitor'),
        user: lineQuery(db, 'user', true).prepare('cart_line_check_user'),
        plainVisitor: lineQuery(db, 'visitor', false).prepare('cart_line_check_plain_visitor'),
        plainUser: lineQuery(db, 'user', false).prepare('cart_line_check_plain_user'),
      },
      upsert: { visitor: upsertStatement(db, 'visitor').prepare('cart_line_upsert_visitor'), user: upsertStatement(db, 'user').prepare('cart_line_upsert_user') },
      pricing: pricingProducts(db),
      buyNow: { extras: buyNowQuery(db, true).prepare('cart_buy_now'), plain: buyNowQuery(db, false).prepare('cart_buy_now_plain') },
    };
  }

  /**
   * Adds new lines (merging into an identical line) and sets quantities of existing ones, all or
   * nothing. Adding one line (what a product page does) needs no transaction: two statements,
   * the checks' read and one upsert.
   */
  async save(owner: CartOwner, items: readonly (NewCartLine | CartLineUpdate)[]): Promise<{ ids: number[] }> {
    const only = items.length === 1 ? items[0]! : null;
    if (only && !('id' in only)) return { ids: [await this.addLine(this.db, owner, only)] };
    return this.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const item of items) ids.push('id' in item ? await this.updateQuantity(tx, owner, item) : await this.addLine(tx, owner, item));
      return { ids };
    });
  }

  private async stockOf(tx: Db | Tx, productId: number, size: string): Promise<number | null> {
    const [row] = await tx
      .select({ stock: productSizes.stock })
      .from(productSizes)
      .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
    return row?.stock ?? null;
  }

  private static checkStock(stock: number, quantity: number, size: string) {
    if (stock <= 0) throw fail(CODES.OUT_OF_STOCK, msg('cart.soldOut', { size }));
    if (quantity > stock) throw fail(CODES.OUT_OF_STOCK, msg('cart.onlyLeft', { stock, size }));
  }

  private async updateQuantity(tx: Tx, owner: CartOwner, item: CartLineUpdate): Promise<number> {
    const [line] = await tx.select().from(cartItems).where(and(eq(cartItems.id, item.id), ownedBy(owner)));
    if (!line) throw notFound('cartItem');
    if (item.quantity > line.quantity) CartService.checkStock((await this.stockOf(tx, line.productId, line.size)) ?? 0, item.quantity, line.size);
    await tx.update(cartItems).set({ quantity: item.quantity, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
    return line.id;
  }

  /**
   * A "buy it now" line, checked against the catalogue as a cart line is (an active product, an
   * offered size, a printable shirt for a print, a player of the team's squad, patches that fit,
   * add-ons offered with it) and priced as one (priceConfigs): the product's price and the checks
   * are read in one round trip.
   */
  async buyNowLine(db: Db | Tx, config: LineConfig, quantity: number, currency: CurrencyCode, locale: Locale, rates: RateTable): Promise<PricedConfig[]> {
    // Most lines have no player, patch or add-on: their check reads only the product and size.
    const extras = config.playerId !== null || config.patchIds.length > 0 || config.addonIds.length > 0;
    const statement = db === this.db ? this.statements.buyNow[extras ? 'extras' : 'plain'] : buyNowQuery(db, extras).prepare(extras ? 'cart_buy_now' : 'cart_buy_now_plain');
    const [row] = await statement.execute(checkValues(config, { visitorId: '' }));
    CartService.checked(config, row && { ...row, stock: row.sizeStock, existingQuantity: null, lines: 0 });
    return priceConfigs(db, [{ id: 0, config, quantity }], currency, locale, rates, async () => [row!]);
  }

  /** The checks of a configuration on what lineQuery or buyNowQuery read; answers the stock. */
  private static checked(config: LineConfig, row: LineContext | undefined): number {
    if (!row) throw notFound('product');
    if (row.stock === null) throw invalid(msg('cart.sizeNotOffered', { size: config.size }));
    if (isPrinted(config.customType) && !row.printable) throw invalid('cart.notPrintable');
    if (config.playerId !== null && !row.playerInTeam) throw invalid('cart.playerNotInSquad');
    if (row.fittingPatches !== config.patchIds.length) throw invalid('cart.patchNotFitting');
    if (row.offeredAddons !== config.addonIds.length) throw invalid('cart.addonNotOffered');
    return row.stock;
  }

  private async addLine(db: Db | Tx, owner: CartOwner, item: NewCartLine): Promise<number> {
    const config = normaliseLine(item);
    const key = lineKey(config);
    const kind = owner.userId !== undefined ? 'user' : 'visitor';
    const prepared = db === this.db;
    // Most lines have no player, patch or add-on: their check reads only the product, size and cart.
    const extras = config.playerId !== null || config.patchIds.length > 0 || config.addonIds.length > 0;
    const check = extras
      ? prepared
        ? this.statements.check[kind]
        : lineQuery(db, kind, true).prepare(`cart_line_check_${kind}`)
      : prepared
        ? this.statements.check[kind === 'user' ? 'plainUser' : 'plainVisitor']
        : lineQuery(db, kind, false).prepare(`cart_line_check_plain_${kind}`);
    const [row] = await check.execute(checkValues(config, owner, key));
    const stock = CartService.checked(config, row);
    const quantity = (row!.existingQuantity ?? 0) + item.quantity;
    if (quantity > MAX_LINE_QUANTITY) throw fail(CODES.CONFLICT, msg('cart.lineQuantityMax', { max: MAX_LINE_QUANTITY }));
    CartService.checkStock(stock, quantity, config.size);
    if (row!.existingQuantity === null && row!.lines >= MAX_CART_LINES) throw fail(CODES.CONFLICT, msg('cart.full', { max: MAX_CART_LINES }));

    const [saved] = await (prepared ? this.statements.upsert[kind] : upsertStatement(db, kind).prepare(`cart_line_upsert_${kind}`)).execute({
      ...config,
      ...checkValues(config, owner, key),
      quantity: item.quantity,
      limit: Math.min(MAX_LINE_QUANTITY, stock),
    });
    // Nothing saved: a parallel request added to the same line in between and the sum went over.
    if (!saved) throw fail(CODES.CONFLICT, msg('cart.lineLimit', { max: Math.min(MAX_LINE_QUANTITY, stock) }));
    return saved.id;
  }

  /**
   * On sign-in, moves the caller's guest lines into the account's cart (only
   * the visitor id the caller sent). A line with the same identity (lineKey) adds its quantity,
   * up to 99 and the stock, never below what either cart had; other lines move over as they are.
   * Lines beyond the account cart's 100-line limit stay in the guest cart.
   */
  async mergeGuestCart(visitorId: string, userId: number): Promise<{ moved: number; merged: number; kept: number }> {
    return this.db.transaction(async (tx) => {
      const result = { moved: 0, merged: 0, kept: 0 };
      const guest = await tx.select().from(cartItems).where(eq(cartItems.visitorId, visitorId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
      if (guest.length === 0) return result;
      const mine = await tx.select({ id: cartItems.id, lineKey: cartItems.lineKey, quantity: cartItems.quantity, groupId: cartItems.groupId }).from(cartItems).where(eq(cartItems.userId, userId));
      const byKey = new Map(mine.map((line) => [line.lineKey, line]));
      let lines = mine.filter((line) => line.groupId === null).length;
      let all = mine.length;
      for (const line of guest) {
        const existing = byKey.get(line.lineKey);
        // A roster's rows are lines of their own (their keys carry the group): they move while the cart has room for any line.
        if (line.groupId !== null) {
          if (all < CART_LINES_MAX) {
            await tx.update(cartItems).set({ userId, visitorId: null, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
            all++;
            result.moved++;
          } else result.kept++;
          continue;
        }
        if (existing) {
          const stock = (await this.stockOf(tx, line.productId, line.size)) ?? 0;
          const quantity = Math.max(existing.quantity, line.quantity, Math.min(existing.quantity + line.quantity, MAX_LINE_QUANTITY, stock));
          await tx.update(cartItems).set({ quantity, updatedAt: new Date() }).where(eq(cartItems.id, existing.id));
          await tx.delete(cartItems).where(eq(cartItems.id, line.id));
          result.merged++;
        } else if (lines < MAX_CART_LINES) {
          await tx.update(cartItems).set({ userId, visitorId: null, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
          byKey.set(line.lineKey, { id: line.id, lineKey: line.lineKey, quantity: line.quantity, groupId: null });
          lines++;
          all++;
          result.moved++;
        } else {
          result.kept++;
        }
      }
      return result;
    });
  }

  /** Deletes the caller's lines; if any id is not theirs, nothing is deleted. */
  async deleteByIds(owner: CartOwner, ids: readonly number[]): Promise<{ deleted: number }> {
    const unique = [...new Set(ids)];
    return this.db.transaction(async (tx) => {
      const owned = await tx.select({ id: cartItems.id }).from(cartItems).where(and(ownedBy(owner), inArray(cartItems.id, unique)));
      if (owned.length !== unique.length) throw notFound('cartItem');
      await tx.delete(cartItems).where(and(ownedBy(owner), inArray(cartItems.id, unique)));
      return { deleted: unique.length };
    });
  }

  /**
   * Deletes guest carts nobody has touched for `days` days (the privacy policy promises 30):
   * a visitor id is only a cookie, so an abandoned guest cart has no one to come back for it.
   */
  async deleteAbandonedGuestCarts(days: number, now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const stale = this.db
      .select({ visitorId: cartItems.visitorId })
      .from(cartItems)
      .where(sql`${cartItems.visitorId} is not null`)
      .groupBy(cartItems.visitorId)
      .having(sql`max(${cartItems.updatedAt}) < ${cutoff}`);
    const deleted = await this.db.delete(cartItems).where(inArray(cartItems.visitorId, stale)).returning({ id: cartItems.id });
    return deleted.length;
  }

  /** Number of items (sum of quantities) for the header's cart icon. */
  async itemCount(owner: CartOwner | null): Promise<number> {
    if (!owner) return 0;
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
      .from(cartItems)
      .innerJoin(products, and(eq(products.id, cartItems.productId), eq(products.active, true)))
      .where(ownedBy(owner));
    return row?.n ?? 0;
  }

  async list(owner: CartOwner | null, page: PageRequest, currency: CurrencyCode, locale: Locale): Promise<CartPage> {
    const terms = await this.terms();
    const lines = owner ? await this.pricedLines(this.db, owner, currency, locale, terms.rates) : [];
    const { offset, limit } = pageWindow(page);
    return {
      ...pageOf(lines.slice(offset, offset + limit), lines.length, page),
      currency,
      summary: cartTotals(lines, currency, terms.tiers),
    };
  }

  /** Every line of a cart priced from the database in the given currency, newest first. */
  async pricedLines(db: Db | Tx, owner: CartOwner, currency: CurrencyCode, locale: Locale, rates: RateTable): Promise<CartLineRecord[]> {
    return (await this.pricedConfigsOf(db, owner, currency, locale, rates)).map((line) => line.record);
  }

  /** pricedLines with what an order freezes of each line (checkout takes the whole cart this way). */
  async pricedConfigsOf(db: Db | Tx, owner: CartOwner, currency: CurrencyCode, locale: Locale, rates: RateTable): Promise<PricedConfig[]> {
    // A roster's rows, added together, keep the roster's order among the newest-first lines.
    const rows = await db.select().from(cartItems).where(ownedBy(owner)).orderBy(desc(cartItems.createdAt), asc(cartItems.groupRow), desc(cartItems.id));
    return this.priceConfigs(db, rows.map(pricingItemOf), currency, locale, rates);
  }

  /**
   * The owner's lines with these ids, priced, in the order of `ids` (duplicates once). Any id
   * that is not the owner's is "not found"; lines whose product is gone are left out, so the
   * caller can tell by the count.
   */
  async pricedLinesByIds(db: Db | Tx, owner: CartOwner, ids: readonly number[], currency: CurrencyCode, locale: Locale, rates: RateTable): Promise<PricedConfig[]> {
    const unique = [...new Set(ids)];
    const rows = await db.select().from(cartItems).where(and(ownedBy(owner), inArray(cartItems.id, unique)));
    if (rows.length !== unique.length) throw notFound('cartItem');
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.priceConfigs(
      db,
      unique.map((id) => pricingItemOf(byId.get(id)!)),
      currency,
      locale,
      rates,
    );
  }

  /** See priceConfigs in pricing.ts: a "buy it now" line is priced the same way as a cart line. */
  priceConfigs(db: Db | Tx, items: readonly PricingItem[], currency: CurrencyCode, locale: Locale, rates: RateTable): Promise<PricedConfig[]> {
    return priceConfigs(db, items, currency, locale, rates, db === this.db ? this.statements.pricing : undefined);
  }
}

/**
 * Removes the lines an order was made from once it is paid, inside the transaction that marks
 * it paid; only lines still of the order's owner (none without an owner).
 */
export async function removeOrderedLines(tx: Tx, owner: CartOwner | null, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !owner) return;
  await tx.delete(cartItems).where(and(inArray(cartItems.id, [...ids]), ownedBy(owner)));
}
