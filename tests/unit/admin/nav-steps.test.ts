import { describe, expect, it } from 'vitest';
import { navStep, type NavSpot } from '../../../src/admin/screens/navigation/steps.ts';

// football (1): premier (2): arsenal (3), chelsea (4); laliga (5). basketball (6): nba (7). tennis (8)
const tree: NavSpot[] = [
  { id: 6, parentId: null, sort: 1, products: 0 },
  { id: 1, parentId: null, sort: 0, products: 0 },
  { id: 8, parentId: null, sort: 2, products: 0 },
  { id: 5, parentId: 1, sort: 1, products: 0 },
  { id: 2, parentId: 1, sort: 0, products: 0 },
  { id: 3, parentId: 2, sort: 0, products: 0 },
  { id: 4, parentId: 2, sort: 1, products: 0 },
  { id: 7, parentId: 6, sort: 0, products: 0 },
];

describe('navStep', () => {
  it('moves up and down among its siblings in their order, not past the ends', () => {
    expect(navStep(tree, 6, 'up')).toEqual({ parentId: null, index: 0 });
    expect(navStep(tree, 6, 'down')).toEqual({ parentId: null, index: 2 });
    expect(navStep(tree, 1, 'up')).toBeNull();
    expect(navStep(tree, 8, 'down')).toBeNull();
    expect(navStep(tree, 4, 'up')).toEqual({ parentId: 2, index: 0 });
  });

  it('moves into the entry above as its last child', () => {
    expect(navStep(tree, 5, 'into')).toEqual({ parentId: 2, index: 2 });
    expect(navStep(tree, 8, 'into')).toEqual({ parentId: 6, index: 1 });
    expect(navStep(tree, 2, 'into')).toBeNull();
  });

  it('refuses a step into that would make a fourth level', () => {
    expect(navStep(tree, 4, 'into')).toBeNull();
    // Basketball with nba under it fits under football (three levels); with a third level of its own it would make a fourth.
    expect(navStep(tree, 6, 'into')).toEqual({ parentId: 1, index: 2 });
    expect(navStep([...tree, { id: 9, parentId: 7, sort: 0, products: 0 }], 6, 'into')).toBeNull();
  });

  it('keeps an entry with products under its parent, while it may still change places there', () => {
    const stocked = tree.map((node) => (node.id === 4 ? { ...node, products: 3 } : node));
    expect(navStep(stocked, 4, 'out')).toBeNull();
    expect(navStep(stocked, 4, 'up')).toEqual({ parentId: 2, index: 0 });
  });

  it('moves out of its parent to just after it; a top entry has nowhere out', () => {
    expect(navStep(tree, 3, 'out')).toEqual({ parentId: 1, index: 1 });
    expect(navStep(tree, 7, 'out')).toEqual({ parentId: null, index: 2 });
    expect(navStep(tree, 1, 'out')).toBeNull();
    expect(navStep(tree, 99, 'up')).toBeNull();
  });
});
