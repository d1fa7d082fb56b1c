/** What is already in an order's parcels (docs/back-office.md "Shipments"), read by the desks under the order's lock. */
import { inArray } from 'drizzle-orm';
import type { ParcelLine } from '../../../domain/shipments.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { shipmentItems, shipments } from './schema.ts';

/** What is already in parcels: per shipment of the order, its rows (none: the whole order). */
export async function parcelsOf(db: Db | Tx, orderIds: readonly number[]): Promise<Map<number, { items: ParcelLine[] }[]>> {
  const result = new Map<number, { items: ParcelLine[] }[]>();
  if (orderIds.length === 0) return result;
  const rows = await db.select({ id: shipments.id, orderId: shipments.orderId }).from(shipments).where(inArray(shipments.orderId, [...orderIds]));
  const held = rows.length ? await db.select().from(shipmentItems).where(inArray(shipmentItems.shipmentId, rows.map((r) => r.id))) : [];
  for (const row of rows) {
    const list = result.get(row.orderId) ?? [];
    list.push({ items: held.filter((h) => h.shipmentId === row.id).map((h) => ({ orderItemId: h.orderItemId, quantity: h.quantity })) });
    result.set(row.orderId, list);
  }
  return result;
}

