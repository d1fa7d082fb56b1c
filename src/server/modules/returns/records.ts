/**
 * What the returns module answers of its rows: the shopper's records and the order's returnable
 * lines, read through whichever connection the caller holds (the pool, or its transaction).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale.ts';
import { orderNoFromBytes } from '../../../domain/orders.model.ts';
import { RETURN_NO_PREFIX, type EarlierRequestLine, type ReturnLineRecord, type ReturnRecord } from '../../../domain/returns.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pick } from '../../messages/localise.ts';
import { orderItems, orderStatusEvents, orders, type ItemRow } from '../orders/index.ts';
import { returnPhotos, returnRequestLines, returnRequests } from './schema.ts';

export type RequestRow = typeof returnRequests.$inferSelect;

/** "RT-7KQ4M-2XPHD": random like order numbers, in their alphabet. */
export function newReturnNo(): string {
  for (;;) {
    const orderNo = orderNoFromBytes(randomBytes(32));
    if (orderNo) return `${RETURN_NO_PREFIX}${orderNo.slice(orderNo.indexOf('-'))}`;
  }
}

/** When the order was delivered: its latest move to delivered, or null. */
export async function deliveredAt(db: Db | Tx, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusEvents.at })
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.toStatus, 'delivered')))
    .orderBy(desc(orderStatusEvents.at))
    .limit(1);
  return row?.at ?? null;
}

/** Every line of the order's earlier requests, with its request's kind and state. */
export async function earlierLines(db: Db | Tx, orderId: number): Promise<EarlierRequestLine[]> {
  return db
    .select({ orderItemId: returnRequestLines.orderItemId, quantity: returnRequestLines.quantity, kind: returnRequests.kind, status: returnRequests.status })
    .from(returnRequestLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.requestId))
    .where(eq(returnRequests.orderId, orderId));
}

export function printOf(item: Pick<ItemRow, 'customName' | 'customNumber'>): string | null {
  const text = [item.customName, item.customNumber].filter(Boolean).join(' ');
  return text || null;
}

/** The records of these requests (one order's or one), oldest first, lines and photo ids with them. */
export async function recordsOf(db: Db | Tx, rows: readonly RequestRow[], locale: Locale): Promise<ReturnRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, photos, replacements] = await Promise.all([
    db
      .select({ requestId: returnRequestLines.requestId, quantity: returnRequestLines.quantity, restock: returnRequestLines.restock, item: orderItems })
      .from(returnRequestLines)
      .innerJoin(orderItems, eq(orderItems.id, returnRequestLines.orderItemId))
      .where(inArray(returnRequestLines.requestId, ids))
      .orderBy(asc(orderItems.id)),
    db.select({ id: returnPhotos.id, requestId: returnPhotos.requestId }).from(returnPhotos).where(inArray(returnPhotos.requestId, ids)).orderBy(asc(returnPhotos.id)),
    (() => {
      const replacementIds = rows.map((r) => r.replacementOrderId).filter((id): id is number => id !== null);
      return replacementIds.length ? db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, replacementIds)) : Promise.resolve([]);
    })(),
  ]);
  return rows.map((row) => ({
    returnNo: row.returnNo,
    kind: row.kind,
    status: row.status,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    decisionNote: row.decisionNote,
    resolution: row.resolution,
    replacementOrderNo: replacements.find((o) => o.id === row.replacementOrderId)?.orderNo ?? null,
    lines: lines
      .filter((l) => l.requestId === row.id)
      .map(
        (l): ReturnLineRecord => ({
          orderItemId: l.item.id,
          title: pick(l.item.title, locale),
          size: l.item.size,
          quantity: l.quantity,
          personalised: l.item.personalised,
          print: printOf(l.item),
          restock: l.restock,
        }),
      ),
    photoIds: photos.filter((p) => p.requestId === row.id).map((p) => p.id),
  }));
}

/** A request of the order by its number, locked when `lock` (inside the caller's transaction). */
export async function requestOf(db: Db | Tx, returnNo: string, lock = false): Promise<RequestRow | null> {
  const query = db.select().from(returnRequests).where(eq(returnRequests.returnNo, returnNo));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Units of the order's lines that returns put back in stock when received (restock chosen), by
 * order line id: the refund desk leaves them out of what a refund may still restock (payments'
 * ReturnedStock port, app.ts).
 */
export async function restockedByReturnsTx(db: Db | Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ orderItemId: returnRequestLines.orderItemId, quantity: returnRequestLines.quantity })
    .from(returnRequestLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.requestId))
    .where(and(eq(returnRequests.orderId, orderId), eq(returnRequestLines.restock, true)));
  const back = new Map<number, number>();
  for (const row of rows) back.set(row.orderItemId, (back.get(row.orderItemId) ?? 0) + row.quantity);
  return back;
}
