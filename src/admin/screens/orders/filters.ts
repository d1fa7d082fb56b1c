/**
 * The orders table's state (filters as typed, page, sort) and the requests it makes: the list
 * call and the CSV export of exactly what the filter shows. Kept apart from the screen so the
 * mapping is tested on its own (tests/unit/admin/order-filters.test.ts).
 */
import type { z } from 'zod';
import { ORDER_SORT_FIELDS, type OrderSortField, type PaymentState } from '../../../domain/back-office/orders.model.ts';
import type { adminOrderExportRequestSchema, adminOrderListRequestSchema } from '../../../domain/back-office/orders.schema.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderStatus } from '../../../domain/orders.model.ts';
import type { YesNo } from '../../widgets/FilterBar.tsx';
import { firstPage, sortedPageRequest, withFilters, withSort, type Filters, type SortedTableState } from '../../widgets/sorted-table.ts';

/** What the filter form holds; dates are YYYY-MM-DD strings (the date picker's values formatted). */
export type OrderFilters = Filters<{ query: string; status: OrderStatus[]; from: string; to: string; currency: CurrencyCode; country: string; personalised: YesNo; payment: PaymentState }>;

export type OrderTableState = SortedTableState<OrderFilters, OrderSortField>;

export const INITIAL_TABLE: OrderTableState = firstPage('createdAt');

type ListRequest = z.input<typeof adminOrderListRequestSchema>;
type ExportRequest = z.input<typeof adminOrderExportRequestSchema>;

/** The filter part of a request: empty fields are left out, text trimmed, the country upper-cased. */
export function filterRequest(filters: OrderFilters): Omit<ExportRequest, 'sort' | 'order'> {
  const out: Omit<ExportRequest, 'sort' | 'order'> = {};
  const query = filters.query?.trim();
  if (query) out.query = query;
  if (filters.status && filters.status.length > 0) out.status = [...filters.status];
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  if (filters.currency) out.currency = filters.currency;
  const country = filters.country?.trim().toUpperCase();
  if (country) out.country = country;
  if (filters.personalised) out.personalised = filters.personalised === 'yes';
  if (filters.payment) out.payment = filters.payment;
  return out;
}

export function listRequest(state: OrderTableState): ListRequest {
  return sortedPageRequest(state, filterRequest);
}

/** The export takes the list's filter and order, without paging: the file is what the table shows. */
export function exportRequest(state: OrderTableState): ExportRequest {
  return { ...filterRequest(state.filters), sort: state.sort, order: state.order };
}

/** New filters start again at page one; the sort and page size stay. */
export const applyFilters: (state: OrderTableState, filters: OrderFilters) => OrderTableState = withFilters;

/** antd's sorter answer (field and 'ascend'/'descend'/undefined) as the table's sort; no order means back to newest first. */
export function applySort(state: OrderTableState, field: unknown, direction: 'ascend' | 'descend' | null | undefined): OrderTableState {
  return withSort(state, field, direction, ORDER_SORT_FIELDS, INITIAL_TABLE);
}

/** The production sheet's address for these orders (the route reads `orders`, comma separated). */
export function sheetPath(orderNos: readonly string[]): string {
  return `/production-sheet?orders=${orderNos.map(encodeURIComponent).join(',')}`;
}

/** The order numbers a production-sheet path names, as typed in the address (unknown ones the server refuses). */
export function sheetOrders(fullPath: string): string[] {
  const search = fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?')) : '';
  const raw = new URLSearchParams(search).get('orders') ?? '';
  return [...new Set(raw.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))];
}
