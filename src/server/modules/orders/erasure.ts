/**
 * A customer's erasure (the back office's customers screen): orders are kept for accounting, so
 * their personal fields are overwritten (email; name, company, street, city, postal code,
 * province and phone of the shipping address) while amounts, lines, country and states stay.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from './schema.ts';

/** What erased personal fields read as. */
export const ERASED = 'erased';

/** The orders that name the customer (by account or email); answers their ids. */
export async function anonymiseOrders(tx: Tx, who: { userId: number; email: string }): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(or(eq(orders.userId, who.userId), eq(orders.email, who.email)))
    .for('update');
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  await tx
    .update(orders)
    .set({
      userId: null,
      // Unique per order so nothing joins erased orders back together; .invalid never delivers.
      // coupons/erasure.ts writes the same form on the order's coupon use.
      email: sql`${ERASED}::text || '-' || ${orders.id} || '@erased.invalid'`,
      shippingAddress: sql`${orders.shippingAddress} || jsonb_build_object('firstName', ${ERASED}::text, 'lastName', '', 'company', '', 'address', ${ERASED}::text, 'address2', '', 'province', '', 'postalCode', '', 'city', ${ERASED}::text, 'phone', '', 'phoneCode', '')`,
      updatedAt: new Date(),
    })
    .where(inArray(orders.id, ids));
  return ids;
}
