/** Rows of the shop's database as integration tests check them after a call. */
import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema.ts';
import type { TestShop } from '../integration/harness.ts';

/** The `orders` row of `orderNo` (the test fails on a missing one when it reads a field). */
export async function orderRow(shop: TestShop, orderNo: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row!;
}
