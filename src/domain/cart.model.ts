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
