/**
 * A customer's erasure (the back office's customers screen): orders are kept for accounting, so
 * their personal fields are overwritten (email; name, company, street, city, postal code,
 * province and phone of the shipping address; the visitor id and the request digest that could
 * tie them to a browser or a guessed request) while amounts, lines, country and states stay.
 * Staff's notes and move notes on those orders keep their words with the customer's email and
 * names replaced; notes the customer wrote as staff keep their text under the pseudonym.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ERASED_NAME, scrubStaffTexts, type ErasureSubject } from '../../personal-data.ts';
import { orderNotes, orders, orderStatusEvents } from './schema.ts';

/** The orders that name the customer (by account or email); answers their ids. */
export async function anonymiseOrders(tx: Tx, who: { userId: number; email: string }): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    // Compared in lower case as the customers list counts a guest's orders (the checkout lower-cases
    // emails, rows written before it did or by other paths may not be).
    .where(or(eq(orders.userId, who.userId), sql`lower(${orders.email}) = ${who.email.toLowerCase()}`))
    .for('update');
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  await tx
    .update(orders)
    .set({
      userId: null,
      // Unique per order so nothing joins erased orders back together; .invalid never delivers.
      // coupons/erasure.ts writes the same form on the order's coupon use.
      email: sql`${ERASED_NAME}::text || '-' || ${orders.id} || '@erased.invalid'`,
      shippingAddress: sql`${orders.shippingAddress} || jsonb_build_object('firstName', ${ERASED_NAME}::text, 'lastName', '', 'company', '', 'address', ${ERASED_NAME}::text, 'address2', '', 'province', '', 'postalCode', '', 'city', ${ERASED_NAME}::text, 'phone', '', 'phoneCode', '')`,
      visitorId: null,
      requestHash: ERASED_NAME,
      updatedAt: new Date(),
    })
    .where(inArray(orders.id, ids));
  return ids;
}

/** The notes on the customer's orders, and the notes they wrote as staff, without their email or names. */
export async function scrubOrderNotes(tx: Tx, orderIds: readonly number[], who: ErasureSubject): Promise<void> {
  await scrubStaffTexts(tx, { table: orderNotes, id: 'id', orderId: 'orderId', text: 'text', authorId: 'authorId', authorEmail: 'authorEmail' }, orderIds, who);
  if (orderIds.length === 0) return;
  const events = await tx.select({ id: orderStatusEvents.id, note: orderStatusEvents.note }).from(orderStatusEvents).where(inArray(orderStatusEvents.orderId, [...orderIds]));
  for (const event of events) {
    const note = event.note === null ? null : who.scrub.text(event.note, true);
    if (note !== event.note) await tx.update(orderStatusEvents).set({ note }).where(eq(orderStatusEvents.id, event.id));
  }
}
