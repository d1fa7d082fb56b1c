/** The menu search's filter and keyboard selection, and the audit screen's before/after rows. */
import { describe, expect, it } from 'vitest';
import { keptSelection, moveSelection, paletteGroups, paletteItems, searchMenu, type MenuEntry } from '../../../src/admin/state/menu-search.ts';
import type { SearchResult } from '../../../src/domain/back-office/search.model.ts';
import { diffValues } from '../../../src/admin/screens/audit/diff.ts';

const entries: MenuEntry[] = [
  { name: 'dashboard', title: 'Dashboard', path: '/dashboard' },
  { name: 'orders', title: 'Orders', path: '/orders' },
  { name: 'audit', title: '审计日志', path: '/audit' },
];

describe('searchMenu', () => {
  it('finds entries by title, ignoring case and spaces, in either language', () => {
    expect(searchMenu(entries, '  ORD ').map((e) => e.name)).toEqual(['orders']);
    expect(searchMenu(entries, '审计').map((e) => e.name)).toEqual(['audit']);
  });

  it('finds entries by path too', () => {
    expect(searchMenu(entries, '/aud').map((e) => e.name)).toEqual(['audit']);
  });

  it('finds nothing for an empty keyword or no match (the "no data" state)', () => {
    expect(searchMenu(entries, '   ')).toEqual([]);
    expect(searchMenu(entries, 'zzz')).toEqual([]);
  });
});

describe('moveSelection', () => {
  it('moves down and up, wrapping round; no results, no selection', () => {
    expect(moveSelection(0, 3, 1)).toBe(1);
    expect(moveSelection(2, 3, 1)).toBe(0);
    expect(moveSelection(0, 3, -1)).toBe(2);
    expect(moveSelection(0, 0, 1)).toBe(-1);
  });
});

describe('diffValues', () => {
  it('flattens nested values and marks the changed fields', () => {
    const rows = diffValues({ status: 'paid', shipment: { carrier: null } }, { status: 'shipped', shipment: { carrier: 'DHL' }, note: 'x' });
    expect(rows).toEqual([
      { field: 'status', before: '"paid"', after: '"shipped"', changed: true },
      { field: 'shipment.carrier', before: 'null', after: '"DHL"', changed: true },
      { field: 'note', before: undefined, after: '"x"', changed: true },
    ]);
  });

  it('shows unchanged fields unmarked, and nothing for two empty values', () => {
    expect(diffValues({ roles: ['R_ADMIN'] }, { roles: ['R_ADMIN', 'R_SUPER'] })).toEqual([
      { field: 'roles.0', before: '"R_ADMIN"', after: '"R_ADMIN"', changed: false },
      { field: 'roles.1', before: undefined, after: '"R_SUPER"', changed: true },
    ]);
    expect(diffValues(null, undefined)).toEqual([]);
  });
});

describe('the search palette’s list', () => {
  const found: SearchResult[] = [
    { kind: 'coupon', key: 'SUMMER10', title: 'SUMMER10', subtitle: '', path: '/coupons?query=SUMMER10' },
    { kind: 'order', key: 'JS-AB12C-DE34F', title: 'JS-AB12C-DE34F', subtitle: 'ada@example.com', path: '/orders/JS-AB12C-DE34F' },
    { kind: 'customer', key: '7', title: 'Ada Lovelace', subtitle: 'ada@example.com', path: '/customers/7' },
    { kind: 'order', key: 'JS-AB12C-XX99Z', title: 'JS-AB12C-XX99Z', subtitle: 'bob@example.com', path: '/orders/JS-AB12C-XX99Z' },
  ];

  it('lists the menu entries first, then the results grouped in the kinds’ order', () => {
    const items = paletteItems(searchMenu(entries, 'ord'), found);
    expect(items.map((item) => [item.group, item.path])).toEqual([
      ['menu', '/orders'],
      ['order', '/orders/JS-AB12C-DE34F'],
      ['order', '/orders/JS-AB12C-XX99Z'],
      ['customer', '/customers/7'],
      ['coupon', '/coupons?query=SUMMER10'],
    ]);
    const groups = paletteGroups(items);
    expect(groups.map((g) => [g.group, g.items.map((i) => i.index)])).toEqual([
      ['menu', [0]],
      ['order', [1, 2]],
      ['customer', [3]],
      ['coupon', [4]],
    ]);
  });

  it('keeps the selection on its item when results arrive, else selects the first', () => {
    const menuOnly = paletteItems(searchMenu(entries, 'o'), []);
    const withResults = paletteItems(searchMenu(entries, 'o'), found);
    expect(keptSelection(menuOnly[1]!.key, withResults)).toBe(1);
    const other = paletteItems([], found);
    expect(keptSelection(menuOnly[1]!.key, other)).toBe(0);
    expect(keptSelection(null, other)).toBe(0);
    expect(keptSelection(null, [])).toBe(-1);
  });
});
