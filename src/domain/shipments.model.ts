/**
 * Parcels (docs/back-office.md "Shipments"): what each parcel of an order holds, what is left to
 * ship, and the bulk-ship CSV read into rows. Pure and zod-free: the back office's dialogs and the
 * server's ShipmentDesk use the same rules.
 */
import { carrierOf } from './carriers.ts';
import { csvTable } from './back-office/products.model.ts';
import { normaliseOrderNo } from './order-numbers.ts';

/** A line and a quantity put in a parcel. */
export interface ParcelLine {
  orderItemId: number;
  quantity: number;
}

/** Most lines one parcel may list (an order has far fewer). */
export const PARCEL_LINES_MAX = 50;
/** Tracking numbers as the ship form takes them (orders.schema.ts adminMoveRequestSchema). */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/**
 * What is not yet in a parcel, per order line id. A parcel without lines (the whole-order "ship"
 * move, and every shipment before split parcels) holds everything, so nothing is left after it.
 */
export function unshippedOf(lines: readonly { id: number; quantity: number }[], parcels: readonly { items: readonly ParcelLine[] }[]): Map<number, number> {
  const left = new Map(lines.map((line) => [line.id, line.quantity]));
  if (parcels.some((parcel) => parcel.items.length === 0)) return new Map(lines.map((line) => [line.id, 0]));
  for (const parcel of parcels) for (const item of parcel.items) left.set(item.orderItemId, Math.max(0, (left.get(item.orderItemId) ?? 0) - item.quantity));
  return left;
}

/** True when nothing is left to ship. */
export function allShipped(left: ReadonlyMap<number, number>): boolean {
  return [...left.values()].every((n) => n === 0);
}

export type ParcelProblem = { kind: 'unknown-line'; orderItemId: number } | { kind: 'over-shipped'; orderItemId: number; left: number } | { kind: 'nothing-left' } | { kind: 'duplicate-line'; orderItemId: number };

/** Why these lines cannot go in a parcel now (the first reason), or null. */
export function parcelProblem(left: ReadonlyMap<number, number>, lines: readonly ParcelLine[]): ParcelProblem | null {
  if (allShipped(left)) return { kind: 'nothing-left' };
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.orderItemId)) return { kind: 'duplicate-line', orderItemId: line.orderItemId };
    seen.add(line.orderItemId);
    const open = left.get(line.orderItemId);
    if (open === undefined) return { kind: 'unknown-line', orderItemId: line.orderItemId };
    if (line.quantity > open) return { kind: 'over-shipped', orderItemId: line.orderItemId, left: open };
  }
  return null;
}

/** Every line with something left, at what is left: the rest of the order in one parcel. */
export function restOf(left: ReadonlyMap<number, number>): ParcelLine[] {
  return [...left].filter(([, n]) => n > 0).map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
}

// ---------- the bulk-ship CSV ----------

/**
 * The columns, found by the header's names (any order, any case). `order_no`, `carrier` and
 * `tracking_number` are required; `tracking_url` and `lines` may be absent or empty. `lines` is
 * `orderItemId:quantity` pairs separated by `;` (`1041:1;1042:2`); empty means everything not yet
 * shipped. The line ids are the order's line ids (the order detail shows them).
 */
export const SHIP_CSV_COLUMNS = ['order_no', 'carrier', 'tracking_number', 'tracking_url', 'lines'] as const;
export const SHIP_CSV_EXAMPLE = 'order_no,carrier,tracking_number,tracking_url,lines\r\nJS-7KQ4M-2XPHD,DHL,JD014600003SE,,\r\nJS-9RT3B-4WNCA,UPS,1Z999AA10123456784,,1041:1;1042:2\r\n';
/** Most rows one file may hold. */
export const SHIP_CSV_MAX_ROWS = 500;

export interface ShipCsvRow {
  line: number;
  orderNo: string;
  /** The carrier's name as the shop knows it (domain/carriers.ts), whatever spelling the file used. */
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** Null: everything not yet shipped. */
  lines: ParcelLine[] | null;
}

export type ShipCsvIssueKind = 'header' | 'empty' | 'tooMany' | 'columns' | 'orderNo' | 'carrier' | 'trackingNumber' | 'trackingUrl' | 'lines' | 'duplicate';
export interface ShipCsvIssue {
  line: number;
  issue: ShipCsvIssueKind;
  value?: string;
  /** The row's order number, when it could be read, for the table. */
  orderNo?: string;
}

function readLines(text: string): ParcelLine[] | null | 'bad' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const lines: ParcelLine[] = [];
  for (const part of trimmed.split(/[;|]/)) {
    const match = /^\s*(\d{1,10})\s*[:x×]\s*(\d{1,2})\s*$/.exec(part);
    if (!match) return 'bad';
    const quantity = Number(match[2]);
    if (quantity < 1 || Number(match[1]) > 2_147_483_647) return 'bad';
    lines.push({ orderItemId: Number(match[1]), quantity });
  }
  return lines.length > PARCEL_LINES_MAX ? 'bad' : lines;
}

function readUrl(text: string): string | null | 'bad' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed.length > 500) return 'bad';
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? trimmed : 'bad';
  } catch {
    return 'bad';
  }
}

/**
 * The file's rows, and every row that is wrong on its face and why (the server adds what only the
 * database knows: an unknown order, a state that cannot ship, a line over-shipped). A row is
 * refused on its own: the good rows still ship.
 */
export function readShipCsv(text: string): { rows: ShipCsvRow[]; issues: ShipCsvIssue[] } {
  const table = csvTable(text, SHIP_CSV_COLUMNS, ['order_no', 'carrier', 'tracking_number'], SHIP_CSV_MAX_ROWS, (name) => name.trim().toLowerCase().replace(/[\s-]+/g, '_'));
  if ('stop' in table) return { rows: [], issues: [table.stop] };
  const { data, width, at } = table;
  const rows: ShipCsvRow[] = [];
  const issues: ShipCsvIssue[] = [];
  const seen = new Set<string>();
  const field = (fields: string[], index: number) => (index < 0 ? '' : (fields[index] ?? '').trim());
  for (const { line, fields } of data) {
    if (fields.length > width) {
      issues.push({ line, issue: 'columns' });
      continue;
    }
    const typed = field(fields, at.order_no);
    const orderNo = normaliseOrderNo(typed);
    const carrierName = field(fields, at.carrier);
    const trackingNumber = field(fields, at.tracking_number);
    const carrier = carrierOf(carrierName);
    const url = readUrl(field(fields, at.tracking_url));
    const lines = readLines(field(fields, at.lines));
    const key = `${orderNo}|${trackingNumber.toUpperCase()}`;
    if (!orderNo) issues.push({ line, issue: 'orderNo', value: typed });
    else if (!carrier) issues.push({ line, issue: 'carrier', value: carrierName, orderNo });
    else if (!TRACKING_NUMBER_PATTERN.test(trackingNumber)) issues.push({ line, issue: 'trackingNumber', value: trackingNumber, orderNo });
    else if (url === 'bad') issues.push({ line, issue: 'trackingUrl', value: field(fields, at.tracking_url), orderNo });
    else if (lines === 'bad') issues.push({ line, issue: 'lines', value: field(fields, at.lines), orderNo });
    else if (seen.has(key)) issues.push({ line, issue: 'duplicate', value: `${orderNo} ${trackingNumber}`, orderNo });
    else {
      seen.add(key);
      rows.push({ line, orderNo, carrier: carrier.name, trackingNumber, trackingUrl: url, lines });
    }
  }
  return { rows, issues };
}

// ---------- answers ----------

/** One row of the bulk-ship dry run, or of its outcome: what it ships, or why it does not. */
export interface ShipCsvResult {
  line: number;
  orderNo: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  /** What the parcel holds: each line's name, size and quantity (empty while the row is refused). */
  lines: { orderItemId: number; name: string; size: string; quantity: number }[];
  /** The order's state after this row (partially_shipped or shipped). */
  then: 'partially_shipped' | 'shipped' | null;
  error: string | null;
}
export interface ShipCsvAnswer {
  /** False for the dry run: nothing was written. */
  applied: boolean;
  rows: ShipCsvResult[];
  /** Rows that ship (dry run) or shipped. */
  good: number;
  bad: number;
  /** Orders the rows ship: one mail each. */
  orders: number;
}
