/**
 * Stock: the one place units leave product_sizes (an order placed) and come back (an order
 * cancelled before it shipped), and where the back office sets them (setStock). All run inside
 * the caller's transaction, so the order and its stock move together or not at all.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
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
 * Takes `quantity` units of each size by conditional updates that never go below zero, in a fixed
 * order (product, size) so that parallel checkouts never deadlock. Answers the first size that
 * has too few (the caller aborts its transaction, which puts back what was taken), or null.
 */
export async function reserveStock(tx: Tx, demand: readonly StockDemand[]): Promise<StockShortage | null> {
  const ordered = [...demand].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
  for (const d of ordered) {
    const [reserved] = await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} - ${d.quantity}` })
      .where(and(eq(productSizes.productId, d.productId), eq(productSizes.size, d.size), sql`${productSizes.stock} >= ${d.quantity}`))
      .returning({ stock: productSizes.stock });
    if (!reserved) {
      const [current] = await tx.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, d.productId), eq(productSizes.size, d.size)));
      return { productId: d.productId, size: d.size, available: current?.stock ?? 0 };
    }
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
