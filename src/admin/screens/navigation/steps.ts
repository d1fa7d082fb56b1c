/**
 * The navigation tree's keyboard moves (docs/back-office.md "Keyboard"): one step up or down among
 * its siblings, into the entry above it (as its last child), or out of its parent (just after it).
 * Each answers the server's move request, or null where the step goes nowhere or breaks the
 * tree's rules: no fourth level, never under itself (navMoveProblem), and an entry with products
 * keeps its parent (their tags name its ancestors; the server refuses it too).
 */
import { navMoveProblem, type NavPlace } from '../../../domain/back-office/navigation.model.ts';

export type NavStep = 'up' | 'down' | 'into' | 'out';
export const NAV_STEPS: readonly NavStep[] = ['up', 'down', 'into', 'out'];

/** Alt with an arrow, in the tree. */
export const NAV_STEP_KEYS: Record<string, NavStep> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'into', ArrowLeft: 'out' };

export interface NavSpot extends NavPlace {
  sort: number;
  /** Products whose tags name the entry. */
  products: number;
}

export interface NavMoveTo {
  parentId: number | null;
  /** Its place among its new siblings (itself left out), from 0. */
  index: number;
}

/** The entries under `parentId` in their order. */
export function siblingsUnder(nodes: readonly NavSpot[], parentId: number | null): NavSpot[] {
  return nodes.filter((node) => node.parentId === parentId).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export function navStep(nodes: readonly NavSpot[], id: number, step: NavStep): NavMoveTo | null {
  const node = nodes.find((entry) => entry.id === id);
  if (!node) return null;
  const siblings = siblingsUnder(nodes, node.parentId);
  const at = siblings.findIndex((entry) => entry.id === id);
  const allowed = (to: NavMoveTo) => (node.products === 0 && navMoveProblem(nodes, id, to.parentId) === null ? to : null);
  switch (step) {
    case 'up':
      return at > 0 ? { parentId: node.parentId, index: at - 1 } : null;
    case 'down':
      return at < siblings.length - 1 ? { parentId: node.parentId, index: at + 1 } : null;
    case 'into': {
      const above = siblings[at - 1];
      return above ? allowed({ parentId: above.id, index: siblingsUnder(nodes, above.id).length }) : null;
    }
    case 'out': {
      const parent = nodes.find((entry) => entry.id === node.parentId);
      if (!parent) return null;
      return allowed({ parentId: parent.parentId, index: siblingsUnder(nodes, parent.parentId).findIndex((entry) => entry.id === parent.id) + 1 });
    }
  }
}
