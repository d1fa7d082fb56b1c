/**
 * The app's routes: the shared route table (src/domain/admin-routes.model.ts, static mode) with
 * each screen as its own lazy chunk, and what the menu, breadcrumb, menu search and tabs need.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { ADMIN_ROUTES, HOME_ROUTE, type AdminRoute } from '../domain/admin-routes.model.ts';
import type { MessageKey } from '../i18n/core.ts';

type Screen = LazyExoticComponent<ComponentType>;

/** One chunk per screen folder; a screen's code loads the first time it is opened. */
export const SCREENS: Record<string, Screen> = {
  login: lazy(() => import('./screens/login/index.tsx')),
  '403': lazy(() => import('./screens/403/index.tsx')),
  '404': lazy(() => import('./screens/404/index.tsx')),
  '500': lazy(() => import('./screens/500/index.tsx')),
  dashboard: lazy(() => import('./screens/dashboard/index.tsx')),
  orders: lazy(() => import('./screens/orders/index.tsx')),
  'order-detail': lazy(() => import('./screens/order-detail/index.tsx')),
  'production-sheet': lazy(() => import('./screens/production-sheet/index.tsx')),
  audit: lazy(() => import('./screens/audit/index.tsx')),
  staff: lazy(() => import('./screens/staff/index.tsx')),
};

export interface RouteMatch {
  route: AdminRoute;
  params: Record<string, string>;
}

/** The route of an app path (below `/admin`), or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of ADMIN_ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: Object.fromEntries(Object.entries(match.params).filter((e): e is [string, string] => typeof e[1] === 'string')) };
  }
  return null;
}

export function routeByName(name: string): AdminRoute | undefined {
  return ADMIN_ROUTES.find((route) => route.name === name);
}

export function titleKey(route: AdminRoute): MessageKey {
  return `admin.${route.titleKey}` as MessageKey;
}

/** Where the home tab points. */
export const HOME = routeByName(HOME_ROUTE)!;

/** The screens of these permission codes, as the menu lists them (staff see only what they may open). */
export function menuRoutes(buttons: readonly string[]): AdminRoute[] {
  const held = new Set(buttons);
  return ADMIN_ROUTES.filter((route) => !route.constant && !route.hideInMenu && (!route.permission || held.has(route.permission))).sort((a, b) => a.order - b.order);
}

/** Whether a signed-in user with these codes may open the route. */
export function mayOpen(route: AdminRoute, buttons: readonly string[]): boolean {
  return route.constant === true || !route.permission || buttons.includes(route.permission);
}

/** The menu's first level: the template's mix layouts show these apart from their entries. */
export const MENU_GROUPS: readonly { key: string; titleKey: MessageKey; icon: string; routes: readonly string[] }[] = [
  { key: 'operations', titleKey: 'admin.menu.operations', icon: 'operations', routes: ['dashboard', 'orders'] },
  { key: 'system', titleKey: 'admin.menu.system', icon: 'system', routes: ['audit', 'staff'] },
];

/** The group a route's menu entry is in (screens outside the menu: their `activeMenu`'s). */
export function groupOf(route: AdminRoute): string | undefined {
  const name = route.activeMenu ?? route.name;
  return MENU_GROUPS.find((group) => group.routes.includes(name))?.key;
}
