/** The back office's route modes: the table of what a user may open, static or from the server. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/domain/account.model.ts';
import { ADMIN_ROUTES, CONSTANT_ROUTES, homeFor, routesFor, type AdminRoute } from '../../../src/domain/back-office/routes.model.ts';
import { permissionsOf } from '../../../src/domain/back-office/staff.model.ts';
import { constantTable, dynamicTable, menuEntries, resolvePath, routeModeOf, staticTable, type RouteTable } from '../../../src/admin/state/route-table.ts';

const everyScreen = () => true;
const names = (routes: readonly AdminRoute[]) => routes.map((route) => route.name);
/** What the server's getUserRoutes answers for these roles (src/server/modules/staff/routes.ts). */
const serverAnswer = (roles: string[]) => ({ routes: routesFor(permissionsOf(roles)), home: homeFor(permissionsOf(roles)) ?? '403' });

describe('the screens', () => {
  it('are found by their folder: one *Screen*.tsx in a folder named after each route, and no folder without a route', () => {
    // src/admin/routes.tsx lazy-loads screens/<route name>/*Screen*.tsx by glob: this is what it relies on.
    const screens = new URL('../../../src/admin/screens/', import.meta.url);
    const folders = readdirSync(screens, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) => readdirSync(new URL(`${entry.name}/`, screens)).filter((file) => /Screen.*\.tsx$/.test(file)).length === 1)
      .map((entry) => entry.name);
    expect(folders.toSorted()).toEqual(names(ADMIN_ROUTES).toSorted());
  });
});

describe('routeModeOf', () => {
  it('is dynamic only when the build says so, static otherwise', () => {
    expect(routeModeOf('dynamic')).toBe('dynamic');
    expect(routeModeOf('static')).toBe('static');
    expect(routeModeOf(undefined)).toBe('static');
    expect(routeModeOf('Dynamic')).toBe('static');
  });
});

describe('the two modes', () => {
  it.each([[[ROLES.SUPER]], [[ROLES.ADMIN]], [[ROLES.CUSTOMER]]])('give %j the same screens and home', (roles) => {
    const fixed = staticTable(permissionsOf(roles));
    const fetched = dynamicTable(serverAnswer(roles), everyScreen);
    expect(names(fetched.routes)).toEqual(names(fixed.routes));
    expect(fetched.home?.name).toBe(fixed.home?.name);
  });

  it('static: an admin lands on the dashboard and has no audit or staff screens', () => {
    const table = staticTable(permissionsOf([ROLES.ADMIN]));
    expect(table.home?.name).toBe('dashboard');
    expect(names(table.routes)).toEqual(expect.arrayContaining(['dashboard', 'orders', 'order-detail', 'production-sheet']));
    expect(names(table.routes)).not.toContain('audit');
    expect(names(table.routes)).not.toContain('staff');
  });

  it('static: without the dashboard the first menu screen is home; without codes there is none', () => {
    expect(staticTable(['order:view']).home?.name).toBe('orders');
    expect(staticTable([])).toEqual({ routes: [], home: null });
  });
});

describe('dynamicTable', () => {
  const orders = ADMIN_ROUTES.find((route) => route.name === 'orders')!;
  const dashboard = ADMIN_ROUTES.find((route) => route.name === 'dashboard')!;

  it('takes the routes and home the server answers, nothing from the built-in table', () => {
    const table = dynamicTable({ routes: [orders], home: 'orders' }, everyScreen);
    expect(names(table.routes)).toEqual(['orders']);
    expect(table.home?.name).toBe('orders');
    expect(resolvePath(table, '/dashboard')).toEqual({ kind: 'forbidden', name: 'dashboard' });
  });

  it('leaves out routes this app has no screen for, constant routes and malformed entries', () => {
    const answer = {
      routes: [dashboard, { ...orders, name: 'reports', path: '/reports' }, CONSTANT_ROUTES[0]!, { name: 'broken' } as AdminRoute],
      home: 'dashboard',
    };
    const table = dynamicTable(answer, (name) => name !== 'reports');
    expect(names(table.routes)).toEqual(['dashboard']);
  });

  it('has no home when the server names one it did not give (403 for a user without screens)', () => {
    expect(dynamicTable({ routes: [], home: '403' }, everyScreen).home).toBeNull();
    expect(dynamicTable({ routes: [orders], home: 'dashboard' }, everyScreen).home).toBeNull();
  });

  it("orders the menu by the routes' order, a route without one last", () => {
    const { order: _order, ...unordered } = { ...dashboard, name: 'audit', path: '/audit' };
    const table = dynamicTable({ routes: [unordered as AdminRoute, orders, dashboard], home: 'dashboard' }, everyScreen);
    expect(names(menuEntries(table))).toEqual(['dashboard', 'orders', 'audit']);
  });
});

describe('constantTable', () => {
  it("takes the server's constant routes, and falls back to the built-in ones without an answer", () => {
    const login = CONSTANT_ROUTES.find((route) => route.name === 'login')!;
    expect(names(constantTable([login], everyScreen))).toEqual(['login']);
    expect(names(constantTable(null, everyScreen))).toEqual(names(CONSTANT_ROUTES));
    expect(names(constantTable([], everyScreen))).toEqual(names(CONSTANT_ROUTES));
  });

  it("refuses a route not marked constant: only the server's constant list opens without signing in", () => {
    const dashboard = ADMIN_ROUTES.find((route) => route.name === 'dashboard')!;
    expect(names(constantTable([dashboard, CONSTANT_ROUTES[1]!], everyScreen))).toEqual([CONSTANT_ROUTES[1]!.name]);
  });
});

describe('resolvePath', () => {
  const admin: RouteTable = staticTable(permissionsOf([ROLES.ADMIN]));

  it('opens a screen of the table with its parameters', () => {
    expect(resolvePath(admin, '/orders/JS-7KQ4M-2XPHD')).toEqual({ kind: 'open', match: { route: expect.objectContaining({ name: 'order-detail' }), params: { orderNo: 'JS-7KQ4M-2XPHD' } } });
  });

  it('names a screen of the app the table does not open, and tells an unknown path apart', () => {
    expect(resolvePath(admin, '/staff')).toEqual({ kind: 'forbidden', name: 'staff' });
    expect(resolvePath(admin, '/nowhere')).toEqual({ kind: 'missing' });
    // A constant route is never a shell screen.
    expect(resolvePath(admin, '/login')).toEqual({ kind: 'missing' });
  });
});
