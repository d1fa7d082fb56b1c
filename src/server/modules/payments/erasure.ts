/** A customer's erasure: the payer's name and email PayPal told us go; amounts and ids stay. */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from './schema.ts';

export async function anonymisePayers(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(payments).set({ payerEmail: null, payerName: null }).where(inArray(payments.orderId, [...orderIds]));
}
