/** The back office's orders table: a page of rows, and the CSV export of the same filter. */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { CODES, type Page } from '../../../domain/api/envelope.ts';
import type { AdminOrderRow, OrderSortField, PaymentState } from '../../../domain/back-office/orders.model.ts';
import type { CsvFile } from '../../../domain/back-office/csv.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { toDecimalString, type CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderStatus } from '../../../domain/orders.model.ts';
import type { Db } from '../../db/client.ts';
import { pageOf, pageWindow, type PageRequest } from '../../db/paging.ts';
import { fail } from '../../errors.ts';
import { msg, render } from '../../messages/index.ts';
import { taxDocuments } from '../invoices/index.ts';
import { orders } from '../orders/index.ts';
import { toCsv } from '../../csv.ts';
import { filterCondition, orderBy, shipToNameSql, type OrderFilter } from './order-filter.ts';

/** Filters whose last count is kept (the most recently used), to pick the end a page is walked from. */
const LAST_TOTALS_KEPT = 200;

/** More rows than this is a filter to narrow, not a file to make in one answer. */
export const EXPORT_MAX_ROWS = 20_000;

export interface OrderQuery extends OrderFilter {
  sort: OrderSortField;
  order: 'asc' | 'desc';
}

const rowColumns = {
  orderNo: orders.orderNo,
  status: orders.status,
  paymentState: orders.paymentState,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  email: orders.email,
  customerName: shipToNameSql,
  country: orders.shipCountry,
  currency: orders.currency,
  total: orders.total,
  totalEur: orders.totalEur,
  itemCount: orders.itemCount,
  personalised: orders.personalised,
};

/** An order's invoice or credit note numbers, oldest first, space-separated (an order changed after payment has more than one invoice). */
const documentNumbers = (kind: 'invoice' | 'credit_note') =>
  sql<string | null>`(select string_agg(${taxDocuments.number}, ' ' order by ${taxDocuments.id}) from ${taxDocuments} where ${and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, kind))})`;

/** What the export adds to a row: the order's frozen tax (docs/taxes.md) and its documents. */
const exportColumns = {
  taxTotal: orders.taxTotal,
  taxDisplay: orders.taxDisplay,
  taxMarket: orders.taxMarket,
  invoices: documentNumbers('invoice'),
  creditNotes: documentNumbers('credit_note'),
};

type ExportRow = AdminOrderRow & { taxTotal: number; taxDisplay: string; taxMarket: string | null; invoices: string | null; creditNotes: string | null };

type RowRecord = { [K in keyof typeof rowColumns]: unknown } & { createdAt: Date; paidAt: Date | null };

function rowOf(r: RowRecord): AdminOrderRow {
  return {
    orderNo: r.orderNo as string,
    status: r.status as OrderStatus,
    paymentState: r.paymentState as PaymentState,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    email: r.email as string,
    customerName: r.customerName as string,
    country: r.country as string,
    currency: r.currency as CurrencyCode,
    total: r.total as number,
    totalEur: Number(r.totalEur),
    itemCount: r.itemCount as number,
    personalised: r.personalised as boolean,
  };
}

export class OrderTable {
  private readonly db: Db;
  private readonly lastTotals = new Map<string, number>();

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * One page of rows. The page's ids come first from the orders table alone (an index-only walk,
   * even 100,000 rows deep), then only those rows are read whole. With `total` known, a page past
   * the middle is walked from the far end of the same order, so no page walks more than half.
   */
  async page(query: OrderQuery, page: PageRequest, total?: number): Promise<AdminOrderRow[]> {
    const { offset, limit } = pageWindow(page);
    const end = total === undefined ? offset + limit : Math.min(offset + limit, total);
    if (end <= offset) return [];
    const reversed = total !== undefined && offset > total - end;
    const found = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(filterCondition(query))
      .orderBy(...orderBy(query.sort, query.order, reversed))
      .limit(end - offset)
      .offset(reversed ? total! - end : offset);
    const ids = found.map((r) => r.id);
    if (reversed) ids.reverse();
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ ...rowColumns, id: orders.id })
      .from(orders)
      .where(inArray(orders.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => rowOf(byId.get(id) as RowRecord));
  }

  /** Every row the filter matches, in the query's order (the export), with its tax and documents. */
  async all(query: OrderQuery): Promise<ExportRow[]> {
    const rows = await this.db
      .select({ ...rowColumns, ...exportColumns })
      .from(orders)
      .where(filterCondition(query))
      .orderBy(...orderBy(query.sort, query.order));
    return rows.map((r) => ({ ...rowOf(r as RowRecord), taxTotal: r.taxTotal, taxDisplay: r.taxDisplay, taxMarket: r.taxMarket, invoices: r.invoices, creditNotes: r.creditNotes }));
  }

  /** How many orders the filter matches. */
  async count(filter: OrderFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(orders).where(filterCondition(filter));
    return row?.n ?? 0;
  }

  /**
   * The page is walked beside the count, from the end the filter's last count (kept per filter
   * in this process) says is nearer. Should the count have moved since, the page is walked again
   * with the count just made, so its rows are always the ones asked for.
   */
  async list(query: OrderQuery, page: PageRequest): Promise<Page<AdminOrderRow>> {
    const { sort: _sort, order: _order, ...filter } = query;
    const key = JSON.stringify(filter);
    const assumed = this.lastTotals.get(key);
    const [records, total] = await Promise.all([this.page(query, page, assumed), this.count(filter)]);
    this.lastTotals.delete(key);
    this.lastTotals.set(key, total);
    if (this.lastTotals.size > LAST_TOTALS_KEPT) this.lastTotals.delete(this.lastTotals.keys().next().value!);
    if (assumed !== undefined && assumed !== total) return pageOf(await this.page(query, page, total), total, page);
    return pageOf(records, total, page);
  }

  /** The filter's rows as CSV, headed in the caller's language. */
  async export(query: OrderQuery, locale: Locale, now: Date): Promise<CsvFile> {
    const total = await this.count(query);
    if (total > EXPORT_MAX_ROWS) throw fail(CODES.CONFLICT, msg('admin.exportTooLarge', { max: EXPORT_MAX_ROWS, matched: total }));
    const rows = await this.all(query);
    const header = EXPORT_COLUMNS.map((column) => render(msg(`admin.export.${column}`), locale));
    const lines = rows.map((r) => [
      r.orderNo,
      r.createdAt,
      r.paidAt,
      r.status,
      r.paymentState,
      r.email,
      r.customerName,
      r.country,
      r.currency,
      toDecimalString(r.total, r.currency),
      toDecimalString(r.totalEur, 'EUR'),
      r.itemCount,
      r.personalised ? 'yes' : 'no',
      toDecimalString(r.taxTotal, r.currency),
      r.taxTotal === 0 ? null : r.taxDisplay === 'inclusive' ? 'included' : 'added',
      r.taxMarket,
      r.invoices,
      r.creditNotes,
    ]);
    const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return { fileName: `orders-${stamp}.csv`, csv: toCsv(header, lines), rows: rows.length };
  }
}

const EXPORT_COLUMNS = [
  'orderNo',
  'createdAt',
  'paidAt',
  'status',
  'paymentState',
  'email',
  'customerName',
  'country',
  'currency',
  'total',
  'totalEur',
  'itemCount',
  'personalised',
  'taxTotal',
  'taxDisplay',
  'taxMarket',
  'invoiceNumbers',
  'creditNoteNumbers',
] as const;
