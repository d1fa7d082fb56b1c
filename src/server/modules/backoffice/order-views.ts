/**
 * Saved views of the orders table (docs/back-office.md "Orders table"): a staff member names the
 * filters and sort they use, and opens, renames or deletes them. Each view is its owner's alone:
 * another staff member's id answers "not found", as if it did not exist.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { ORDER_VIEWS_MAX, type OrderView, type SavedOrderView } from '../../../domain/back-office/orders.schema.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { orderViews } from './schema.ts';

type Row = typeof orderViews.$inferSelect;

function toSaved(row: Row): SavedOrderView {
  return { id: row.id, name: row.name, view: row.view, updatedAt: row.updatedAt.toISOString() };
}

export class OrderViewStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The staff member's views by name. */
  async list(staffId: number): Promise<SavedOrderView[]> {
    const rows = await this.db.select().from(orderViews).where(eq(orderViews.staffId, staffId)).orderBy(asc(sql`lower(${orderViews.name})`), asc(orderViews.id));
    return rows.map(toSaved);
  }

  /** A new view; the name (already trimmed and 1-60 characters by the request schema) must be new to this staff member, in any case. */
  async save(staffId: number, name: string, view: OrderView): Promise<SavedOrderView> {
    // A bound on what one person stores, not a rule: two saves at once may pass it by one.
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(orderViews).where(eq(orderViews.staffId, staffId));
    if (count!.n >= ORDER_VIEWS_MAX) throw fail(CODES.CONFLICT, msg('orderView.savedMax', { max: ORDER_VIEWS_MAX }));
    return named(name, async () => {
      const [row] = await this.db.insert(orderViews).values({ staffId, name, view }).returning();
      return toSaved(row!);
    });
  }

  async rename(staffId: number, id: number, name: string): Promise<SavedOrderView> {
    return named(name, async () => {
      const [row] = await this.db
        .update(orderViews)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(orderViews.id, id), eq(orderViews.staffId, staffId)))
        .returning();
      if (!row) throw notFound('orderView');
      return toSaved(row);
    });
  }

  async remove(staffId: number, id: number): Promise<{ deleted: number }> {
    const deleted = await this.db.delete(orderViews).where(and(eq(orderViews.id, id), eq(orderViews.staffId, staffId))).returning({ id: orderViews.id });
    if (deleted.length === 0) throw notFound('orderView');
    return { deleted: 1 };
  }
}

/** Runs a write that names a view; the owner's other view of that name (the table's unique index) refuses it as a field error. */
async function named(name: string, write: () => Promise<SavedOrderView>): Promise<SavedOrderView> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidFields({ path: 'body.name', problem: msg('orderView.nameTaken', { name }) });
    throw error;
  }
}
