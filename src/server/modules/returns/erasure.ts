/**
 * A customer's erasure (backoffice's customer-desk.ts): their returns' and claims' personal data
 * goes in the erasure's transaction: what they wrote (the description) reads "erased", their
 * photos are deleted, and staff's instructions or reasons keep their words without the
 * customer's email or names. Numbers, states, lines and resolutions stay (the refund and the
 * replacement they led to are accounting).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ERASED_NAME, type ErasureSubject } from '../../personal-data.ts';
import { returnPhotos, returnRequests } from './schema.ts';

/** Answers how many requests were erased. */
export async function eraseReturns(tx: Tx, orderIds: readonly number[], who: ErasureSubject): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await tx
    .select({ id: returnRequests.id, decisionNote: returnRequests.decisionNote })
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, [...orderIds]))
    .for('update');
  if (rows.length === 0) return 0;
  await tx.delete(returnPhotos).where(
    inArray(
      returnPhotos.requestId,
      rows.map((r) => r.id),
    ),
  );
  for (const row of rows) {
    await tx
      .update(returnRequests)
      .set({ description: ERASED_NAME, decisionNote: row.decisionNote === null ? null : who.scrub.text(row.decisionNote, true), updatedAt: new Date() })
      .where(eq(returnRequests.id, row.id));
  }
  return rows.length;
}
