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
import { orderNoSql, orderNoStarting, orders } from '../orders/index.ts';
import { DAY_MS } from '../../clock.ts';

type FilterShape = { [K in keyof typeof orderFilterShape]: z.output<(typeof orderFilterShape)[K]> };
export type OrderFilter = Partial<FilterShape>;


export const shipToNameSql = sql<string>`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName')`;
/** The order number without its dashes ("JSH9PN7GMV4X"), as orders_order_no_trgm_idx holds it. */
const compactOrderNoSql = sql`replace(${orders.orderNo}, '-', '')`;

/**
 * Fewer characters than this search by prefix only: trigram indexes need three, and a part of one
 * or two characters ("a") would match most orders anyway.
 */
export const PART_SEARCH_MIN = 3;

/**
 * An order number as typed or read out on the phone: capitals, without spaces and dashes
 * ("h9pn7 gmv" is "H9PN7GMV", "JS-H9PN7-G" is "JSH9PN7G"); null when the text cannot be part of one.
 */
export function orderNoPart(query: string): string | null {
  const compact = query.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]+$/.test(compact) ? compact : null;
}

/**
 * Any part of an order number (with or without "JS" and its dashes) or of an email, or a name by
 * prefix (first name or "first last", last name); case does not matter. The parts are `%x%`
 * searches that the trigram indexes of migration 0026 serve; names stay prefixes on their btree
 * indexes. Text with "@" is an email only. Under PART_SEARCH_MIN characters, numbers and emails
 * match by prefix too.
 */
export function orderSearchCondition(query: string): SQL {
  const text = query.toLowerCase();
  const short = text.length < PART_SEARCH_MIN;
  const emailPart = sql`lower(${orders.email}) like ${short ? prefixPattern(text) : containsPattern(text)}`;
  if (text.includes('@')) return emailPart;
  const pattern = prefixPattern(text);
  const numberPart = orderNumberCondition(query);
  return or(...(numberPart ? [numberPart] : []), emailPart, sql`lower(${shipToNameSql}) like ${pattern}`, sql`lower(${orders.shippingAddress}->>'lastName') like ${pattern}`)!;
}

/**
 * Orders whose number holds what staff typed: any part from PART_SEARCH_MIN characters (trigrams),
 * the number's start below; null when the text cannot be part of a number.
 */
export function orderNumberCondition(query: string): SQL | null {
  const number = orderNoPart(query);
  if (!number) return null;
  return query.length < PART_SEARCH_MIN ? orderNoStarting(query) : sql`${compactOrderNoSql} like ${containsPattern(number)}`;
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
