/**
 * A customer's erasure: the payer's name and email PayPal told us go; amounts and ids stay. Refund
 * reasons on their orders keep their words without the customer's email or names; refunds the
 * customer made as staff keep their record under the pseudonym.
 */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { scrubStaffTexts, type ErasureSubject } from '../../personal-data.ts';
import { payments, refunds } from './schema.ts';

export async function anonymisePayers(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(payments).set({ payerEmail: null, payerName: null }).where(inArray(payments.orderId, [...orderIds]));
}

export function scrubRefunds(tx: Tx, orderIds: readonly number[], who: ErasureSubject): Promise<void> {
  return scrubStaffTexts(tx, { table: refunds, id: 'id', orderId: 'orderId', text: 'reason', authorId: 'byId', authorEmail: 'byEmail' }, orderIds, who);
}
