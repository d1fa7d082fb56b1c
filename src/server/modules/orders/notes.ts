/** Staff's internal notes on an order (never shown to the shopper): the orders module writes its own table. */
import { asc, inArray } from 'drizzle-orm';
import type { AdminNote } from '../../../domain/back-office/orders.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderNotes } from './schema.ts';

type NoteRow = typeof orderNotes.$inferSelect;

function noteOf(row: NoteRow): AdminNote {
  return { id: row.id, at: row.at.toISOString(), authorEmail: row.authorEmail, text: row.text };
}

export const OrderNotes = {
  async add(tx: Tx, orderId: number, author: { id: number | null; email: string }, text: string): Promise<AdminNote> {
    const [row] = await tx.insert(orderNotes).values({ orderId, authorId: author.id, authorEmail: author.email, text }).returning();
    return noteOf(row!);
  },

  /** Oldest first, per order. */
  async of(db: Db, orderIds: number[]): Promise<Map<number, AdminNote[]>> {
    const result = new Map<number, AdminNote[]>();
    if (orderIds.length === 0) return result;
    const rows = await db.select().from(orderNotes).where(inArray(orderNotes.orderId, orderIds)).orderBy(asc(orderNotes.at), asc(orderNotes.id));
    for (const row of rows) result.set(row.orderId, [...(result.get(row.orderId) ?? []), noteOf(row)]);
    return result;
  },
};
