/** The navigation tree's pure rules (domain/back-office/navigation.model.ts): depth, cycles and reordering. */
import { describe, expect, it } from 'vitest';
import { levelUnder, navMoveProblem, placeAmong, subtreeHeight, type NavPlace } from '../../../../src/domain/back-office/navigation.model.ts';

// football > (premier > (lions, hawks), cup), rugby > nations, f1 (a sport alone)
const TREE: NavPlace[] = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 2 },
  { id: 5, parentId: 1 },
  { id: 6, parentId: null },
  { id: 7, parentId: 6 },
  { id: 8, parentId: null },
];

describe('subtreeHeight and levelUnder', () => {
  it('counts the levels from a node down', () => {
    expect(subtreeHeight(TREE, 3)).toBe(1);
    expect(subtreeHeight(TREE, 2)).toBe(2);
    expect(subtreeHeight(TREE, 1)).toBe(3);
    expect(subtreeHeight(TREE, 8)).toBe(1);
  });

  it('answers the level a new child of a parent would have', () => {
    expect(levelUnder(TREE, null)).toBe(1);
    expect(levelUnder(TREE, 1)).toBe(2);
    expect(levelUnder(TREE, 2)).toBe(3);
    expect(levelUnder(TREE, 3)).toBe(4);
  });
});

describe('navMoveProblem', () => {
  it('allows moves that stay within three levels', () => {
    expect(navMoveProblem(TREE, 3, 5)).toBeNull(); // a team to another league
    expect(navMoveProblem(TREE, 5, 6)).toBeNull(); // a league to another sport
    expect(navMoveProblem(TREE, 2, 6)).toBeNull(); // a league with teams to another sport
    expect(navMoveProblem(TREE, 7, null)).toBeNull(); // a league up to a sport
    expect(navMoveProblem(TREE, 8, 6)).toBeNull(); // a lone sport under another sport
    expect(navMoveProblem(TREE, 6, 1)).toBeNull(); // a sport with one level under it becomes a league with teams
    expect(navMoveProblem(TREE, 2, 1)).toBeNull(); // a reorder among its siblings
  });

  it('refuses a fourth level, wherever it would appear', () => {
    expect(navMoveProblem(TREE, 8, 3)).toBe('tooDeep'); // under a team
    expect(navMoveProblem(TREE, 2, 5)).toBe('tooDeep'); // a league with teams under a league
    expect(navMoveProblem(TREE, 1, 6)).toBe('tooDeep'); // a sport three levels deep under another sport
  });

  it('refuses a node under itself or under its own descendants', () => {
    expect(navMoveProblem(TREE, 1, 1)).toBe('cycle');
    expect(navMoveProblem(TREE, 1, 2)).toBe('cycle');
    expect(navMoveProblem(TREE, 2, 3)).toBe('cycle');
  });
});

describe('placeAmong', () => {
  it('puts the node at its index among the others, clamped to the ends', () => {
    expect(placeAmong([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(placeAmong([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(placeAmong([1, 2, 3], 1, 99)).toEqual([2, 3, 1]);
    expect(placeAmong([1, 2], 9, 1)).toEqual([1, 9, 2]);
    expect(placeAmong([], 9, 5)).toEqual([9]);
  });
});
