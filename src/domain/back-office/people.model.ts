/**
 * The back office's teams, navigation, customers, reviews and newsletter (docs/back-office.md
 * "Teams, navigation, customers, reviews and the newsletter"): the answers' types and the pure
 * rules of the navigation tree. Zod-free, safe in any bundle; the requests are in people.schema.ts.
 */
import type { Localised } from '../locale.ts';

/** The navigation has sport, league and team levels; a fourth is refused. */
export const NAV_MAX_LEVEL = 3;

export interface AdminTeamRow {
  id: number;
  tag: string;
  name: Localised;
  sport: string;
  leagueTag: string;
  players: number;
  products: number;
}

export interface AdminSquadPlayer {
  id: number;
  name: string;
  number: string;
}

/** A patch as it stands for one team: `via` says why it applies (none: it does not). */
export interface AdminTeamPatch {
  id: number;
  name: Localised;
  price: number;
  /** `team`: the team's own tag lists it (a staff member may remove it); `league`: the team's league does (edited on the patch). */
  via: 'team' | 'league' | null;
}

export interface AdminTeamDetail extends Omit<AdminTeamRow, 'players'> {
  squad: AdminSquadPlayer[];
  patches: AdminTeamPatch[];
}

export interface AdminNavNode {
  id: number;
  tag: string;
  title: Localised;
  parentId: number | null;
  level: number;
  sort: number;
  /** Active or not, the products whose tags name this node. */
  products: number;
  children: AdminNavNode[];
}

/** What the customers list shows of anyone's orders. */
export interface CustomerFigures {
  /** Every order, whatever its state (an account's include those it placed as a guest with its email). */
  orders: number;
  /** The totals of its paid orders (paid, in production, shipped, delivered) in EUR minor units at each order's locked rate, refunds not taken off. */
  spentEur: number;
  lastOrderAt: string | null;
}

export const CUSTOMER_KINDS = ['registered', 'guest'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** An account. */
export interface AdminCustomerRow extends CustomerFigures {
  kind: 'registered';
  userId: number;
  email: string;
  name: string;
  roles: string[];
  status: 'active' | 'disabled';
  createdAt: string;
}

/**
 * A guest: an email that placed orders without an account (lower-cased), named as on its latest
 * order. An email that has an account is that account's row, never a guest's.
 */
export interface AdminGuestRow extends CustomerFigures {
  kind: 'guest';
  userId: null;
  email: string;
  name: string;
  /** Its first order. */
  createdAt: string;
}

export type AdminCustomerListRow = AdminCustomerRow | AdminGuestRow;

/** A guest's orders (the customers screen's guest detail), newest first. */
export interface AdminGuestDetail extends AdminGuestRow {
  newsletter: boolean;
  orderList: AdminCustomerOrder[];
}

export interface AdminCustomerOrder {
  orderNo: string;
  status: string;
  paymentState: string;
  currency: string;
  total: number;
  createdAt: string;
}

export interface AdminCustomerAddress {
  id: number;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
  isDefault: boolean;
}

export interface AdminCustomerDetail extends AdminCustomerRow {
  locale: string;
  newsletter: boolean;
  addresses: AdminCustomerAddress[];
  orderList: AdminCustomerOrder[];
}

/** Everything the shop holds on one customer (the data export); never a password hash. */
export interface CustomerDataExport {
  exportedAt: string;
  account: Record<string, unknown>;
  addresses: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  reviews: Record<string, unknown>[];
  wishlist: Record<string, unknown>[];
  newsletter: Record<string, unknown> | null;
}

export interface ErasureAnswer {
  userId: number;
  ordersAnonymised: number;
}

export type ReviewState = 'visible' | 'hidden';

export interface AdminReviewRow {
  id: number;
  productId: number;
  productTitle: string;
  authorName: string;
  rating: number;
  content: string;
  state: ReviewState;
  /** Why it was last hidden or shown again. */
  reason: string | null;
  createdAt: string;
}

export interface AdminSubscriber {
  id: number;
  email: string;
  source: string;
  /** The account with this email, if any. */
  userId: number | null;
  createdAt: string;
}

/** The navigation as a flat list, for the tree rules. */
export interface NavPlace {
  id: number;
  parentId: number | null;
}

function childrenOf(nodes: readonly NavPlace[], id: number | null): NavPlace[] {
  return nodes.filter((node) => node.parentId === id);
}

/** Levels from `id` down to its deepest descendant: 1 for a leaf. */
export function subtreeHeight(nodes: readonly NavPlace[], id: number): number {
  const below = childrenOf(nodes, id);
  return 1 + (below.length ? Math.max(...below.map((child) => subtreeHeight(nodes, child.id))) : 0);
}

/** The level a node at `parentId` would have (1 at the top). */
export function levelUnder(nodes: readonly NavPlace[], parentId: number | null): number {
  let level = 1;
  for (let at = parentId; at !== null; level++) {
    const parent = nodes.find((node) => node.id === at);
    if (!parent) break;
    at = parent.parentId;
  }
  return level;
}

/**
 * Why `id` cannot move under `parentId`, or null when it can: not into itself or below itself
 * (a cycle), and not so deep that it or a node under it would sit on a fourth level.
 */
export function navMoveProblem(nodes: readonly NavPlace[], id: number, parentId: number | null): 'cycle' | 'tooDeep' | null {
  for (let at = parentId; at !== null; ) {
    if (at === id) return 'cycle';
    at = nodes.find((node) => node.id === at)?.parentId ?? null;
  }
  return levelUnder(nodes, parentId) - 1 + subtreeHeight(nodes, id) > NAV_MAX_LEVEL ? 'tooDeep' : null;
}

/** The siblings' ids in their new order with `id` placed at `index` (clamped) among them. */
export function placeAmong(siblingIds: readonly number[], id: number, index: number): number[] {
  const others = siblingIds.filter((sibling) => sibling !== id);
  const at = Math.max(0, Math.min(index, others.length));
  return [...others.slice(0, at), id, ...others.slice(at)];
}
