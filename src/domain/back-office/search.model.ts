/**
 * The back office's global search (Ctrl/Cmd+K, docs/back-office.md "Header"): what it finds, kind
 * by kind. The request is in search.schema.ts.
 */
import { PERMISSIONS, type Permission } from './staff.model.ts';

/** The kinds in the order the palette groups them, each with the code that opens its screen. */
export const SEARCH_KINDS = ['order', 'customer', 'product', 'team', 'coupon'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A kind is searched only for callers holding this code: a caller never learns of what they cannot open. */
export const SEARCH_KIND_CODES: Readonly<Record<SearchKind, Permission>> = {
  order: PERMISSIONS.ORDER_VIEW,
  customer: PERMISSIONS.CUSTOMER_VIEW,
  product: PERMISSIONS.PRODUCT_VIEW,
  team: PERMISSIONS.TEAM_EDIT,
  coupon: PERMISSIONS.COUPON_EDIT,
};

/** At most this many results of each kind. */
export const SEARCH_LIMIT_PER_KIND = 5;

/**
 * Shorter queries than this find by prefix only (an order number's start, an email's, a name's, a
 * code's), on btree indexes; from this length any part, on trigram indexes (which need three characters).
 */
export const SEARCH_PART_MIN = 3;

export interface SearchResult {
  kind: SearchKind;
  /** Unique within its kind: the order number, the id, the coupon code. */
  key: string;
  title: string;
  /** A second line (an email, a handle, a tag), empty when there is none. */
  subtitle: string;
  /** The back-office path the result opens ("/orders/JS-…"). */
  path: string;
}
