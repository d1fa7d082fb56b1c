/** The menu search's filter and keyboard selection, and the audit screen's before/after rows. */
import { describe, expect, it } from 'vitest';
import { moveSelection, searchMenu, type MenuEntry } from '../../../src/admin/state/menu-search.ts';
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
