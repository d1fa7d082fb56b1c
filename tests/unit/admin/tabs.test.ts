/** The tab bar's rules (specification: entity "Tab", state "Tabs"). */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/domain/account.model.ts';
import { permissionsOf } from '../../../src/domain/back-office/staff.model.ts';
import { resolvePath, staticTable, type RouteTable } from '../../../src/admin/state/route-table.ts';
import {
  activePath,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  documentTitle,
  keepTabs,
  nameTab,
  openTab,
  restoreTabs,
  routeTab,
  tabTitle,
  tabsToStore,
  type Tab,
  type TabsState,
} from '../../../src/admin/state/tabs.ts';

const tab = (id: string, fixed = false): Tab => ({ id, label: `admin.route.${id.slice(1)}`, routeKey: id.slice(1), routePath: id, fullPath: id, ...(fixed ? { fixedIndex: 0 } : {}) });
const HOME = tab('/dashboard', true);
const ids = (state: TabsState) => state.tabs.map((t) => t.id);

/** Home fixed, then /orders, /audit, /staff opened in that order (active: the last opened). */
function threeOpen(): TabsState {
  let state: TabsState = { tabs: [HOME], active: HOME.id };
  for (const id of ['/orders', '/audit', '/staff']) state = openTab(state, tab(id));
  return state;
}

describe('opening', () => {
  it('adds a tab once and makes it active; opening it again only activates it and keeps its new query', () => {
    const state = threeOpen();
    expect(ids(state)).toEqual(['/dashboard', '/orders', '/audit', '/staff']);
    expect(state.active).toBe('/staff');
    const again = openTab(state, { ...tab('/orders'), fullPath: '/orders?status=paid' });
    expect(ids(again)).toEqual(ids(state));
    expect(again.active).toBe('/orders');
    expect(activePath(again)).toBe('/orders?status=paid');
  });

  it('keeps fixed tabs first even when opened late', () => {
    const state = openTab({ tabs: [tab('/orders')], active: '/orders' }, HOME);
    expect(ids(state)).toEqual(['/dashboard', '/orders']);
  });
});

describe('closing', () => {
  it('closing the active tab moves to the last remaining one', () => {
    const state = openTab(threeOpen(), tab('/audit'));
    const closed = closeTab(state, '/audit');
    expect(ids(closed)).toEqual(['/dashboard', '/orders', '/staff']);
    expect(closed.active).toBe('/staff');
    expect(activePath(closed)).toBe('/staff');
  });

  it('closing another tab keeps the active one', () => {
    const closed = closeTab(threeOpen(), '/orders');
    expect(closed.active).toBe('/staff');
    expect(ids(closed)).toEqual(['/dashboard', '/audit', '/staff']);
  });

  it('never closes the fixed home tab', () => {
    const state = threeOpen();
    expect(closeTab(state, '/dashboard')).toBe(state);
    expect(ids(closeAll(state))).toEqual(['/dashboard']);
    expect(closeAll(state).active).toBe('/dashboard');
  });

  it('close others keeps that tab and the fixed ones, and shows that tab', () => {
    const closed = closeOthers(threeOpen(), '/orders');
    expect(ids(closed)).toEqual(['/dashboard', '/orders']);
    expect(closed.active).toBe('/orders');
  });

  it('close left and right keep the fixed tab; the active tab moves to the last one when it went', () => {
    const state = threeOpen();
    const left = closeLeft(state, '/audit');
    expect(ids(left)).toEqual(['/dashboard', '/audit', '/staff']);
    expect(left.active).toBe('/staff');
    const right = closeRight(left, '/audit');
    expect(ids(right)).toEqual(['/dashboard', '/audit']);
    expect(right.active).toBe('/audit');
    expect(ids(closeRight(state, '/dashboard'))).toEqual(['/dashboard']);
    expect(ids(closeLeft(state, '/staff'))).toEqual(['/dashboard', '/staff']);
  });

  it('ignores unknown ids', () => {
    const state = threeOpen();
    expect(closeTab(state, '/nope')).toBe(state);
    expect(closeLeft(state, '/nope')).toBe(state);
    expect(closeRight(state, '/nope')).toBe(state);
  });
});

describe('after a reload', () => {
  const USER = 7;
  const superTable = staticTable(permissionsOf([ROLES.SUPER]));
  const adminTable = staticTable(permissionsOf([ROLES.ADMIN]));
  const home = (table: RouteTable) => routeTab(table.home!, table.home!.path, table.home!.path, true);
  /** What the shell passes: a tab rebuilt from the table, or null when it no longer opens. */
  const reopenIn = (table: RouteTable) => (id: string, fullPath: string) => {
    const found = resolvePath(table, id);
    return found.kind === 'open' ? routeTab(found.match.route, id, fullPath) : null;
  };
  function stored(table: RouteTable): unknown {
    let state: TabsState = { tabs: [home(table)], active: '/dashboard' };
    for (const [id, full] of [
      ['/orders', '/orders?status=paid'],
      ['/audit', '/audit'],
      ['/orders/JS-7KQ4M-2XPHD', '/orders/JS-7KQ4M-2XPHD'],
    ] as const) {
      const found = resolvePath(table, id);
      if (found.kind === 'open') state = openTab(state, routeTab(found.match.route, id, full));
    }
    // As local storage hands it back.
    return JSON.parse(JSON.stringify(tabsToStore(USER, { ...state, active: '/orders' })));
  }

  it('brings the tabs back in their order, with their queries, titles and the active one', () => {
    const restored = restoreTabs(stored(superTable), USER, home(superTable), reopenIn(superTable));
    expect(ids(restored)).toEqual(['/dashboard', '/orders', '/audit', '/orders/JS-7KQ4M-2XPHD']);
    expect(restored.active).toBe('/orders');
    expect(activePath(restored)).toBe('/orders?status=paid');
    expect(restored.tabs[3]).toMatchObject({ label: 'admin.route.order-detail', routeKey: 'order-detail', routePath: '/orders/:orderNo' });
    expect(restored.tabs[0]!.fixedIndex).toBe(0);
  });

  it('drops a tab the user may no longer open, and then shows the home tab if it was active', () => {
    const saved = stored(superTable) as { active: string };
    const restored = restoreTabs({ ...saved, active: '/audit' }, USER, home(adminTable), reopenIn(adminTable));
    expect(ids(restored)).toEqual(['/dashboard', '/orders', '/orders/JS-7KQ4M-2XPHD']);
    expect(restored.active).toBe('/dashboard');
  });

  it('keeps the fixed home tab first even when the stored list had it elsewhere or not at all', () => {
    const saved = { userId: USER, tabs: [{ id: '/orders', fullPath: '/orders' }, { id: '/dashboard', fullPath: '/dashboard?range=7' }], active: '/orders' };
    const restored = restoreTabs(saved, USER, home(superTable), reopenIn(superTable));
    expect(ids(restored)).toEqual(['/dashboard', '/orders']);
    expect(restored.tabs[0]).toMatchObject({ fixedIndex: 0, fullPath: '/dashboard?range=7' });
    expect(ids(restoreTabs({ ...saved, tabs: [{ id: '/orders', fullPath: '/orders' }] }, USER, home(superTable), reopenIn(superTable)))).toEqual(['/dashboard', '/orders']);
  });

  it("never restores another user's tabs, nor anything unreadable", () => {
    const alone = { tabs: [home(superTable)], active: '/dashboard' };
    expect(restoreTabs(stored(superTable), USER + 1, home(superTable), reopenIn(superTable))).toEqual(alone);
    for (const junk of [null, 'tabs', [], { userId: USER }, { userId: USER, tabs: 'x' }]) {
      expect(restoreTabs(junk, USER, home(superTable), reopenIn(superTable))).toEqual(alone);
    }
  });

  it('skips entries that are not app paths or whose full path is another screen', () => {
    const saved = {
      userId: USER,
      tabs: [{ id: '//evil.example', fullPath: '//evil.example' }, { id: '/orders', fullPath: '/staff' }, { id: 'orders', fullPath: 'orders' }, { id: '/nowhere', fullPath: '/nowhere' }, 5, { id: '/staff', fullPath: '/staff?q=a' }],
      active: '/staff',
    };
    const restored = restoreTabs(saved, USER, home(superTable), reopenIn(superTable));
    expect(ids(restored)).toEqual(['/dashboard', '/staff']);
    expect(activePath(restored)).toBe('/staff?q=a');
  });

  it('keepTabs drops the tabs no longer allowed, never the fixed one', () => {
    const state = openTab(threeOpen(), tab('/audit'));
    const kept = keepTabs(state, (t) => t.id === '/orders');
    expect(ids(kept)).toEqual(['/dashboard', '/orders']);
    expect(kept.active).toBe('/orders');
    expect(keepTabs(state, () => true)).toBe(state);
  });
});

describe('titles', () => {
  // A translate function that shows what it was asked.
  const t = (key: string, values?: Record<string, unknown>) => (values ? `${key}(${JSON.stringify(values)})` : key);
  const product: Tab = { id: '/products/217', label: 'admin.route.product-editor', routeKey: 'product-editor', routePath: '/products/:id', fullPath: '/products/217' };

  it("says the route's title with its parameters until the screen names the tab, then the name", () => {
    let state: TabsState = openTab({ tabs: [HOME], active: HOME.id }, product);
    expect(tabTitle(state.tabs[1]!, t)).toBe('admin.route.product-editor({"id":"217"})');
    state = nameTab(state, '/products/217', '  Home shirt 2026 ');
    expect(tabTitle(state.tabs[1]!, t)).toBe('Home shirt 2026');
    expect(nameTab(state, '/products/217', 'Home shirt 2026')).toBe(state);
    expect(nameTab(state, '/nowhere', 'x')).toBe(state);
    expect(tabTitle(nameTab(state, '/products/217', null).tabs[1]!, t)).toBe('admin.route.product-editor({"id":"217"})');
    expect(tabTitle({ ...product, id: '/products/new', fullPath: '/products/new' }, t)).toBe('adminProducts.editor.newTitle');
    expect(nameTab(state, '/products/217', 'x'.repeat(500)).tabs[1]!.name).toHaveLength(80);
  });

  it('keeps the names through a reload, and the browser title says screen, back office and shop', () => {
    const named = nameTab(openTab({ tabs: [HOME], active: HOME.id }, product), '/products/217', 'Home shirt 2026');
    const stored = JSON.parse(JSON.stringify(tabsToStore(1, named)));
    const restored = restoreTabs(stored, 1, HOME, (id, fullPath) => ({ ...product, id, fullPath }));
    expect(restored.tabs[1]!.name).toBe('Home shirt 2026');
    const junk = restoreTabs({ ...stored, tabs: [{ id: '/products/217', fullPath: '/products/217', name: 42 }] }, 1, HOME, (id, fullPath) => ({ ...product, id, fullPath }));
    expect(junk.tabs[1]!.name).toBeUndefined();
    expect(documentTitle('Home shirt 2026', t)).toBe('Home shirt 2026 · admin.brandSuffix · admin.brand');
    expect(documentTitle(null, t)).toBe('admin.brandSuffix · admin.brand');
  });
});
