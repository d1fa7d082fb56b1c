/**
 * A customer's erasure: the payer's name and email PayPal told us go; amounts and ids stay. Refund
 * reasons on their orders keep their words without the customer's email or names; refunds the
 * customer made as staff keep their record under the pseudonym.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { staffRowsOf, wroteIt, type ErasureSubject } from '../../personal-data.ts';
import { payments, refunds } from './schema.ts';

export async function anonymisePayers(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(payments).set({ payerEmail: null, payerName: null }).where(inArray(payments.orderId, [...orderIds]));
}

export async function scrubRefunds(tx: Tx, orderIds: readonly number[], who: ErasureSubject): Promise<void> {
  const rows = await tx
    .select({ id: refunds.id, orderId: refunds.orderId, reason: refunds.reason, byId: refunds.byId, byEmail: refunds.byEmail })
    .from(refunds)
    .where(staffRowsOf(who, { id: refunds.byId, email: refunds.byEmail }, refunds.orderId, orderIds))
    .for('update');
  for (const row of rows) {
    const theirs = wroteIt(who, row.byId, row.byEmail);
    const reason = who.scrub.text(row.reason, orderIds.includes(row.orderId));
    if (!theirs && reason === row.reason) continue;
    await tx
      .update(refunds)
      .set({ reason, ...(theirs ? { byId: null, byEmail: who.pseudonym } : {}) })
      .where(eq(refunds.id, row.id));
  }
}
