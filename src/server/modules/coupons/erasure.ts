/**
 * A customer's erasure: their coupon uses stay (a coupon's use count is accounting too) under
 * the anonymised email of their order (orders/erasure.ts's form), without the account.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { couponRedemptions } from './redemptions-schema.ts';

export async function anonymiseRedemptions(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(couponRedemptions)
    .set({ userId: null, email: sql`'erased-' || ${couponRedemptions.orderId} || '@erased.invalid'` })
    .where(inArray(couponRedemptions.orderId, [...orderIds]));
}
