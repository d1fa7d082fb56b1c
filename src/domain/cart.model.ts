/**
 * Cart lines: how a line's identity is made, and what the API answers. What a client may send is
 * in cart.schema.ts.
 */
import type { CurrencyCode } from './money.model.ts';
import { printKeyParts, printOfRequest, type Print, type PrintRecord } from './personalisation.ts';
import type { CartTotals } from './pricing.ts';
import type { Size } from './catalogue.schema.ts';
import type { NewCartLine } from './cart.schema.ts';

/** A line's configuration: product, size and its print (personalisation.ts), normalised so that equal choices give equal identities. */
export interface LineConfig extends Print {
  productId: number;
  size: Size;
}
/** The line a request asks for, with what its type does not print dropped (personalisation.ts, normalisePrint). */
export function normaliseLine(line: NewCartLine): LineConfig {
  return { productId: line.productId, size: line.size, ...printOfRequest(line) };
}
/** Two lines are the same line exactly when their identity keys are equal (docs/money-and-personalisation.md). */
export function lineKey(config: LineConfig): string {
  return [config.productId, config.size, ...printKeyParts(config)].join('|');
}
/** A cart line as the API answers it; its print's fields are those of every answered line (PrintRecord). */
export interface CartLineRecord extends PrintRecord {
  id: number;
  productId: number;
  name: string;
  image: string;
  /** Unit price in the cart's currency. */
  price: number;
  lineTotal: number;
  size: Size;
  /** The patch and add-on ids as the request sent them ("3,7"). */
  patch: string;
  addons: string;
  /** The chosen player, for Choose A Player. */
  player: { id: number; name: string; number: string } | null;
  quantity: number;
  /** Units left in this size, so the drawer can stop the plus button. */
  stock: number;
  /** The team roster this line is a row of (docs/storefront.md "Team orders"), or null. */
  group: CartGroup | null;
}

/** A line's team roster: the group's id, its team name and the row's place in the roster (from 0). */
export interface CartGroup {
  id: string;
  name: string;
  row: number;
}
export interface CartPage {
  records: CartLineRecord[];
  total: number;
  current: number;
  size: number;
  currency: CurrencyCode;
  summary: CartTotals;
}

/** What gathering lines by roster needs of a line: a cart line, or an order line (whose group has no row: its lines keep the roster's order). */
export interface GroupableLine {
  group: { id: string; name: string; row?: number } | null;
  quantity: number;
  lineTotal: number;
}

/** A stretch of a list of lines as it is shown: a line of its own, or a team roster's rows together (docs/storefront.md "Team orders"). */
export type CartSegment<L extends GroupableLine = CartLineRecord> =
  | { kind: 'line'; line: L }
  | { kind: 'group'; id: string; name: string; lines: L[]; itemCount: number; total: number };

/**
 * The lines in their order (a cart's, an order's), a roster's rows gathered into one segment where
 * its first row is (in their roster order where the lines know their row), with its shirts and its
 * total before the tier (which the whole cart's or order's quantity decides).
 */
export function cartSegments<L extends GroupableLine>(lines: readonly L[]): CartSegment<L>[] {
  const segments: CartSegment<L>[] = [];
  const groups = new Map<string, Extract<CartSegment<L>, { kind: 'group' }>>();
  for (const line of lines) {
    if (!line.group) {
      segments.push({ kind: 'line', line });
      continue;
    }
    let group = groups.get(line.group.id);
    if (!group) {
      group = { kind: 'group', id: line.group.id, name: line.group.name, lines: [], itemCount: 0, total: 0 };
      groups.set(line.group.id, group);
      segments.push(group);
    }
    group.lines.push(line);
    group.itemCount += line.quantity;
    group.total += line.lineTotal;
  }
  // A stable sort: lines without a row keep the order they came in.
  for (const group of groups.values()) group.lines.sort((a, b) => (a.group!.row ?? 0) - (b.group!.row ?? 0));
  return segments;
}

/**
 * A roster of up to this many rows starts open in the cart, the drawer and the checkout; a bigger
 * one starts closed, its summary saying what it holds, and its rows are drawn when it is first
 * opened: a phone draws 200 rows with their pictures and controls slowly, and a captain checking
 * the total needs none of them (docs/storefront.md "Team orders").
 */
export const OPEN_GROUP_ROWS_MAX = 20;

export function groupStartsOpen(rows: number): boolean {
  return rows <= OPEN_GROUP_ROWS_MAX;
}

/**
 * The pages a cart list call needs to hold every line: the cart answers at most `size` lines a
 * page, and a cart holds at most `linesMax` (more pages than that are never asked for).
 */
export function cartPageCount(first: Pick<CartPage, 'total' | 'size'>, linesMax: number): number {
  return Math.max(1, Math.min(Math.ceil(first.total / first.size), Math.ceil(linesMax / first.size)));
}

/**
 * Whether the pages of one reading describe the same cart: each page's call prices the whole
 * cart, so a change between the calls (another tab, a quantity) shows as a different count or
 * summary, and the pages must be read again.
 */
export function cartPagesAgree(pages: readonly CartPage[]): boolean {
  const [first] = pages;
  if (!first) return true;
  const same = (a: CartTotals, b: CartTotals) => a.itemCount === b.itemCount && a.subtotal === b.subtotal && a.total === b.total;
  return pages.every((p) => p.total === first.total && p.currency === first.currency && same(p.summary, first.summary));
}

/** The pages of one reading as one page holding every line in the cart's order (a line on two pages, once). */
export function mergeCartPages(pages: readonly CartPage[]): CartPage {
  const [first] = pages;
  if (!first) throw new Error('mergeCartPages needs a page');
  const seen = new Set<number>();
  const records = pages
    .flatMap((p) => p.records)
    .filter((line) => {
      if (seen.has(line.id)) return false;
      seen.add(line.id);
      return true;
    });
  return { ...first, records, current: 1, size: first.size * pages.length };
}
