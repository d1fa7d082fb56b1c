/**
 * The orders table's filter, search and sort as SQL, shared by the list, the export and the
 * benchmark. Every condition reads columns of the orders row that the indexes of migration 0008
 * carry (docs/back-office.md "Orders table"), so a filter is checked inside the index walk;
 * search reads only indexed expressions: trigrams for any part of a number or an email, prefixes for names.
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { OrderSortField } from '../../../domain/back-office/orders.model.ts';
import type { z } from 'zod';
import type { orderFilterShape } from '../../../domain/back-office/orders.schema.ts';
import { containsPattern, prefixPattern } from '../../db/like.ts';
import { orderNoSql, orders } from '../orders/index.ts';
import { DAY_MS } from '../../clock.ts';

type FilterShape = { [K in keyof typeof orderFilterShape]: z.output<(typeof orderFilterShape)[K]> };
export type OrderFilter = Partial<FilterShape>;


export const shipToNameSql = sql<string>`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName')`;
/** The order number without its dashes ("JSH9PN7GMV4X"), as orders_order_no_trgm_idx holds it. */
const compactOrderNoSql = sql`replace(${orders.orderNo}, '-', '')`;

/**
 * Any part of an order number, as read out on the phone: with or without "JS" and the dashes,
 * spaces ignored, any case ("h9pn7 gmv", "JS-H9PN7-GM"); null when the text cannot be one.
 */
export function orderNoPart(query: string): string | null {
  const compact = query.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]+$/.test(compact) ? compact : null;
}

/**
 * Any part of an order number or of an email, or a name by prefix (first name or "first last",
 * last name). Case does not matter. The parts are `%x%` searches that the trigram indexes serve
 * (migration 0026); names stay prefixes on their btree indexes. Text with "@" is an email only.
 */
export function orderSearchCondition(query: string): SQL {
  const text = query.toLowerCase();
  const emailPart = sql`lower(${orders.email}) like ${containsPattern(text)}`;
  if (text.includes('@')) return emailPart;
  const pattern = prefixPattern(text);
  const part = orderNoPart(query);
  return or(
    ...(part ? [sql`${compactOrderNoSql} like ${containsPattern(part)}`] : []),
    emailPart,
    sql`lower(${shipToNameSql}) like ${pattern}`,
    sql`lower(${orders.shippingAddress}->>'lastName') like ${pattern}`,
  )!;
}

export function filterCondition(filter: OrderFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status?.length) where.push(inArray(orders.status, filter.status));
  if (filter.from) where.push(gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(orders.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS)));
  if (filter.currency) where.push(eq(orders.currency, filter.currency));
  if (filter.country) where.push(eq(orders.shipCountry, filter.country));
  if (filter.personalised !== undefined) where.push(eq(orders.personalised, filter.personalised));
  if (filter.payment) where.push(eq(orders.paymentState, filter.payment));
  if (filter.query) where.push(orderSearchCondition(filter.query));
  return where.length ? and(...where) : undefined;
}

/**
 * Each sort as the columns of the index that serves it (migration 0008), ending in a unique
 * column so that pages never overlap or skip rows that tie.
 */
const SORT_COLUMNS: Record<OrderSortField, (SQL | AnyColumn)[]> = {
  createdAt: [orders.createdAt, orders.id],
  total: [orders.totalEur, orders.id],
  orderNo: [orderNoSql],
  status: [orders.status, orders.createdAt, orders.id],
};

/** The sort's columns; `reversed` walks the same order from its other end (deep pages). */
export function orderBy(sort: OrderSortField, direction: 'asc' | 'desc', reversed = false): SQL[] {
  const by = (direction === 'asc') !== reversed ? asc : desc;
  return SORT_COLUMNS[sort].map((column) => by(column));
}
