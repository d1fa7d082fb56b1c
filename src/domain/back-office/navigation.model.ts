/**
 * The back office's navigation tree (docs/back-office.md "Teams, navigation, customers, reviews
 * and the newsletter"): what its calls answer and the tree's pure rules. Zod-free, safe in any
 * bundle; the requests are in navigation.schema.ts.
 */
import type { Localised } from '../locale.ts';

/** The navigation has sport, league and team levels; a fourth is refused. */
export const NAV_MAX_LEVEL = 3;

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
