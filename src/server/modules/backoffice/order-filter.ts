/**
 * The orders table's filter, search and sort as SQL, shared by the list, the export and the
 * benchmark. Every condition reads columns of the orders row that the indexes of migration 0008
 * carry (docs/back-office.md "Orders table"), so a filter is checked inside the index walk;
 * search is by prefix so the expression indexes apply, never `%x%`.
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { OrderSortField } from '../../../domain/back-office/orders.model.ts';
import type { z } from 'zod';
import type { orderFilterShape } from '../../../domain/back-office/orders.schema.ts';
import { prefixPattern } from '../../db/like.ts';
import { orderNoStarting, orderNoSql, orders } from '../orders/index.ts';
import { DAY_MS } from '../../clock.ts';

type FilterShape = { [K in keyof typeof orderFilterShape]: z.output<(typeof orderFilterShape)[K]> };
export type OrderFilter = Partial<FilterShape>;


export const shipToNameSql = sql<string>`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName')`;
/**
 * An order number ("JS-..."), an email (has "@"), or else a name or the start of an email: first
 * name or "first last" by prefix, last name by prefix, email by prefix. Case does not matter.
 */
export function orderSearchCondition(query: string): SQL {
  const text = query.toLowerCase();
  if (/^js-/.test(text)) return orderNoStarting(query);
  if (text.includes('@')) return sql`lower(${orders.email}) like ${prefixPattern(text)}`;
  const pattern = prefixPattern(text);
  return or(sql`lower(${shipToNameSql}) like ${pattern}`, sql`lower(${orders.shippingAddress}->>'lastName') like ${pattern}`, sql`lower(${orders.email}) like ${pattern}`)!;
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
