/**
 * Stock: the one place units leave product_sizes (an order placed) and come back (an order
 * cancelled before it shipped), and where the back office sets them (setStock). All run inside
 * the caller's statement or transaction, so the order and its stock move together or not at all.
 */
import { and, eq, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm';
import { SIZES, type Size } from '../../../domain/catalogue.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { CATALOGUE_CHANNEL } from './catalogue.ts';
import { productSizes } from './schema.ts';

export interface StockDemand {
  productId: number;
  size: string;
  quantity: number;
}

export interface StockShortage {
  productId: number;
  size: string;
  /** Units left when the reservation failed (0 for a size that is gone). */
  available: number;
}

/**
 * Takes `quantity` units of each size as part of the caller's one statement (checkout writes the
 * order in the same statement, with no transaction around it): `ctes` lock the sizes in a fixed
 * order (product, size), so parallel checkouts never deadlock, and take the units only where
 * enough are left (never below zero); `holds` is true when every size gave its units and raises
 * SQLSTATE J0001 otherwise (migration 0014's stock_shortage()), which undoes the whole statement.
 * The caller then asks `shortageOf` what was missing.
 *
 * The demand is one jsonb parameter (`demand`, its value from stockDemand), one entry per size,
 * so the statement's text is the same for every order and is prepared once.
 */
export function stockTaking(db: Db | Tx, demand: SQL | Placeholder): { ctes: WithSubquery[]; holds: SQL } {
  const wanted = db.$with('stock_wanted', {}).as(sql`select * from jsonb_to_recordset(${demand}::jsonb) as w(product_id int, size text, quantity int)`);
  const locked = db.$with('stock_locked', {}).as(
    sql`select s.product_id, s.size from ${productSizes} s join stock_wanted w on w.product_id = s.product_id and w.size = s.size order by s.product_id, s.size for update of s`,
  );
  const taken = db.$with('stock_taken', {}).as(
    sql`update ${productSizes} s set stock = s.stock - w.quantity from stock_wanted w, stock_locked l
        where s.product_id = w.product_id and s.size = w.size and l.product_id = s.product_id and l.size = s.size and s.stock >= w.quantity
        returning s.product_id`,
  );
  return { ctes: [wanted, locked, taken], holds: sql`(select case when count(*) = (select count(*) from stock_wanted) then true else stock_shortage() end from stock_taken)` };
}

/** stockTaking's `demand` parameter: one entry per size (two lines of one size are summed first, demandBySize). */
export function stockDemand(demand: readonly StockDemand[]): string {
  return JSON.stringify(demand.map((d) => ({ product_id: d.productId, size: d.size, quantity: d.quantity })));
}

/** Whether `error` is stockTaking's refusal. */
export function isStockShortage(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === 'J0001') return true;
  return false;
}

/** After a refusal: the first size (in the fixed order) that has fewer units than asked, or null. */
export async function shortageOf(db: Db | Tx, demand: readonly StockDemand[]): Promise<StockShortage | null> {
  const ordered = [...demand].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
  for (const d of ordered) {
    const [current] = await db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, d.productId), eq(productSizes.size, d.size)));
    const available = current?.stock ?? 0;
    if (available < d.quantity) return { productId: d.productId, size: d.size, available };
  }
  return null;
}

/** Puts units back; a product gone from the catalogue (null id) has none to take them. */
export async function releaseStock(db: Db | Tx, items: readonly { productId: number | null; size: string; quantity: number }[]): Promise<void> {
  for (const item of items) {
    if (item.productId === null) continue;
    await db
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + ${item.quantity}` })
      .where(and(eq(productSizes.productId, item.productId), eq(productSizes.size, item.size)));
  }
}

/**
 * Sets the sizes a product offers and their stock (the back office: the editor, bulk changes and
 * the stock file): sizes left out are removed when `exact`, else left as they are.
 */
export async function setStock(tx: Tx, productId: number, sizes: readonly { size: Size; stock: number }[], exact: boolean): Promise<void> {
  if (exact) {
    const keep = sizes.map((s) => s.size);
    await tx.delete(productSizes).where(and(eq(productSizes.productId, productId), keep.length ? notInArray(productSizes.size, keep) : undefined));
  }
  for (const { size, stock } of sizes) {
    await tx
      .insert(productSizes)
      .values({ productId, size, stock, sort: SIZES.indexOf(size) })
      .onConflictDoUpdate({ target: [productSizes.productId, productSizes.size], set: { stock } });
  }
  // The table's trigger announces a sale's change only when the page shows it (migration 0014);
  // an edit by staff is rare, so it announces every change.
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${`product_sizes:${productId}`})`);
}
