/**
 * The orders table's state (filters as typed, page, sort) and the requests it makes: the list
 * call and the CSV export of exactly what the filter shows. Kept apart from the screen so the
 * mapping is tested on its own (tests/unit/admin/order-filters.test.ts).
 */
import type { z } from 'zod';
import type { OrderSortField, PaymentState } from '../../../domain/back-office/admin.model.ts';
import type { adminOrderExportRequestSchema, adminOrderListRequestSchema } from '../../../domain/back-office/admin.schema.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderStatus } from '../../../domain/orders.model.ts';

export const ORDERS_PAGE_SIZES = [20, 50, 100] as const;

/** What the filter form holds; dates are YYYY-MM-DD strings (the date picker's values formatted). */
export interface OrderFilters {
  query?: string | undefined;
  status?: OrderStatus[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  currency?: CurrencyCode | undefined;
  country?: string | undefined;
  /** 'yes' / 'no' from the select; empty for either. */
  personalised?: 'yes' | 'no' | undefined;
  payment?: PaymentState | undefined;
}

export interface OrderTableState {
  filters: OrderFilters;
  current: number;
  size: number;
  sort: OrderSortField;
  order: 'asc' | 'desc';
}

export const INITIAL_TABLE: OrderTableState = { filters: {}, current: 1, size: 20, sort: 'createdAt', order: 'desc' };

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
  return { ...filterRequest(state.filters), current: state.current, size: state.size, sort: state.sort, order: state.order };
}

/** The export takes the list's filter and order, without paging: the file is what the table shows. */
export function exportRequest(state: OrderTableState): ExportRequest {
  return { ...filterRequest(state.filters), sort: state.sort, order: state.order };
}

/** New filters start again at page one; the sort and page size stay. */
export function applyFilters(state: OrderTableState, filters: OrderFilters): OrderTableState {
  return { ...state, filters, current: 1 };
}

/** antd's sorter answer (field and 'ascend'/'descend'/undefined) as the table's sort; no order means back to newest first. */
export function applySort(state: OrderTableState, field: unknown, direction: 'ascend' | 'descend' | null | undefined): OrderTableState {
  const known: readonly string[] = ['createdAt', 'total', 'orderNo', 'status'];
  if (!direction || typeof field !== 'string' || !known.includes(field)) return { ...state, sort: 'createdAt', order: 'desc', current: 1 };
  return { ...state, sort: field as OrderSortField, order: direction === 'ascend' ? 'asc' : 'desc', current: 1 };
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
