/**
 * The orders table's state (filters as typed, page, sort), the requests it makes (the list call
 * and the CSV export of exactly what the filter shows), and the same state as the address's query
 * (`?status=paid&q=ada&sort=total&order=asc&page=2`) and as a saved view. Kept apart from the
 * screen so the mappings are tested on their own (tests/unit/admin/order-filters.test.ts).
 */
import type { z } from 'zod';
import { ORDER_SORT_FIELDS, type OrderSortField, type PaymentState } from '../../../domain/back-office/orders.model.ts';
import { PAYMENT_STATES } from '../../../domain/back-office/orders.model.ts';
import type { OrderView, adminOrderExportRequestSchema, adminOrderListRequestSchema } from '../../../domain/back-office/orders.schema.ts';
import { CURRENCY_CODES, type CurrencyCode } from '../../../domain/money.model.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import type { YesNo } from '../../widgets/FilterBar.tsx';
import { SORTED_PAGE_SIZES, firstPage, sortedPageRequest, withFilters, withSort, type Filters, type SortedTableState } from '../../widgets/sorted-table.ts';

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
export function exportRequest(state: OrderTableState): ExportRequest & OrderView {
  return { ...filterRequest(state.filters), sort: state.sort, order: state.order };
}

/** New filters start again at page one; the sort and page size stay. */
export const applyFilters: (state: OrderTableState, filters: OrderFilters) => OrderTableState = withFilters;

/** antd's sorter answer (field and 'ascend'/'descend'/undefined) as the table's sort; no order means back to newest first. */
export function applySort(state: OrderTableState, field: unknown, direction: 'ascend' | 'descend' | null | undefined): OrderTableState {
  return withSort(state, field, direction, ORDER_SORT_FIELDS, INITIAL_TABLE);
}

/** The longest search the field takes (its maxLength); a longer `q` in an address is cut there. */
const QUERY_MAX = 100;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined);

/**
 * The table as the address's query gives it. What an address cannot mean (an unknown status, a
 * bad date, page 0) is left out rather than refused: a hand-edited or old link still opens the list.
 */
export function tableFromSearch(search: string): OrderTableState {
  const params = new URLSearchParams(search);
  const status = [...new Set((params.get('status') ?? '').split(','))].filter((value): value is OrderStatus => oneOf(ORDER_STATUSES, value) !== undefined);
  const from = params.get('from');
  const to = params.get('to');
  const country = params.get('country')?.trim().toUpperCase();
  const personalised = oneOf<YesNo>(['yes', 'no'], params.get('personalised'));
  const filters: OrderFilters = {};
  const query = params.get('q')?.trim().slice(0, QUERY_MAX);
  if (query) filters.query = query;
  if (status.length) filters.status = status;
  if (from && DAY.test(from)) filters.from = from;
  if (to && DAY.test(to)) filters.to = to;
  const currency = oneOf(CURRENCY_CODES, params.get('currency'));
  if (currency) filters.currency = currency;
  if (country && /^[A-Z]{2}$/.test(country)) filters.country = country;
  if (personalised) filters.personalised = personalised;
  const payment = oneOf(PAYMENT_STATES, params.get('payment'));
  if (payment) filters.payment = payment;
  const sort = oneOf(ORDER_SORT_FIELDS, params.get('sort')) ?? INITIAL_TABLE.sort;
  const order = oneOf(['asc', 'desc'], params.get('order')) ?? INITIAL_TABLE.order;
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    filters,
    sort,
    order,
    current: Number.isSafeInteger(page) && page > 1 ? page : 1,
    size: (SORTED_PAGE_SIZES as readonly number[]).includes(size) ? size : INITIAL_TABLE.size,
  };
}

/** The address's query for the table (no "?"): empty filters and the defaults (newest first, page 1, 20 rows) are left out, so the plain list is plain `/orders`. */
export function searchOfTable(state: OrderTableState): string {
  const filter = filterRequest(state.filters);
  const params = new URLSearchParams();
  if (filter.query) params.set('q', filter.query);
  if (filter.status) params.set('status', filter.status.join(','));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.currency) params.set('currency', filter.currency);
  if (filter.country) params.set('country', filter.country);
  if (filter.personalised !== undefined) params.set('personalised', filter.personalised ? 'yes' : 'no');
  if (filter.payment) params.set('payment', filter.payment);
  if (state.sort !== INITIAL_TABLE.sort || state.order !== INITIAL_TABLE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.current > 1) params.set('page', String(state.current));
  if (state.size !== INITIAL_TABLE.size) params.set('size', String(state.size));
  return params.toString();
}

/** What a saved view keeps of the table: its filters and sort, as the export asks for them. */
export const viewOfTable = exportRequest;

/** A saved view opened: its filters and sort, from page one; the page size the table has stays. */
export function tableOfView(view: Partial<OrderView>, size: number = INITIAL_TABLE.size): OrderTableState {
  const filters: OrderFilters = {};
  if (view.query) filters.query = view.query;
  if (view.status?.length) filters.status = [...view.status];
  if (view.from) filters.from = view.from;
  if (view.to) filters.to = view.to;
  if (view.currency) filters.currency = view.currency;
  if (view.country) filters.country = view.country;
  if (view.personalised !== undefined) filters.personalised = view.personalised ? 'yes' : 'no';
  if (view.payment) filters.payment = view.payment;
  return { filters, sort: view.sort ?? INITIAL_TABLE.sort, order: view.order ?? INITIAL_TABLE.order, current: 1, size };
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
