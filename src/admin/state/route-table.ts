/**
 * What a signed-in staff member may open and where they land, in either route mode
 * (docs/back-office.md "Route modes"): static reads the route table built into the app
 * (domain/back-office/routes.model.ts) with the user's permission codes; dynamic takes the routes and
 * home the server answers (`routeApi.constantRoutes`, `routeApi.userRoutes`). Either way the app
 * only offers routes it has a screen for. Pure functions; routes.tsx holds the React side.
 */
import { matchPath } from 'react-router';
import { ADMIN_ROUTES, CONSTANT_ROUTES, HOME_ROUTE, type AdminRoute } from '../../domain/back-office/routes.model.ts';
import type { UserRoutes } from '../../domain/back-office/routes.model.ts';
import type { MessageKey } from '../../i18n/core.ts';

export const ROUTE_MODES = ['static', 'dynamic'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];

/** The build's setting (PUBLIC_ADMIN_ROUTE_MODE); anything but `dynamic` is the static default. */
export function routeModeOf(value: unknown): RouteMode {
  return value === 'dynamic' ? 'dynamic' : 'static';
}

export interface RouteTable {
  /** The screens the user may open (constant routes aside). */
  routes: readonly AdminRoute[];
  /** The route of the fixed home tab and of `/`; null: nothing to land on (the 403 screen). */
  home: AdminRoute | null;
}

export interface RouteMatch {
  route: AdminRoute;
  params: Record<string, string>;
}

/** A route's title in the `admin` message namespace. */
export function titleKey(route: AdminRoute): MessageKey {
  return `admin.${route.titleKey}` as MessageKey;
}

/** Which screens this build has: a route without one is never offered. */
export type HasScreen = (name: string) => boolean;

/** The first route of the list matching an app path (below `/admin`), with its parameters. */
export function matchIn(routes: readonly AdminRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: Object.fromEntries(Object.entries(match.params).filter((e): e is [string, string] => typeof e[1] === 'string')) };
  }
  return null;
}

/** The dashboard, or the first screen in the menu when the user lacks it. */
function landing(routes: readonly AdminRoute[]): AdminRoute | null {
  return routes.find((route) => route.name === HOME_ROUTE) ?? routes.find((route) => !route.hideInMenu) ?? null;
}

/** Static mode: the built-in table, the routes these permission codes open. */
export function staticTable(buttons: readonly string[]): RouteTable {
  const held = new Set(buttons);
  const routes = ADMIN_ROUTES.filter((route) => !route.constant && (!route.permission || held.has(route.permission)));
  return { routes, home: landing(routes) };
}

/** Each entry an object with the fields the app reads; a server of another version may answer less. */
function isRoute(value: unknown): value is AdminRoute {
  if (typeof value !== 'object' || value === null) return false;
  const route = value as Partial<AdminRoute>;
  return typeof route.name === 'string' && typeof route.path === 'string' && route.path.startsWith('/') && typeof route.titleKey === 'string';
}

const withOrder = (route: AdminRoute): AdminRoute => (typeof route.order === 'number' ? route : { ...route, order: Number.MAX_SAFE_INTEGER });

/**
 * Dynamic mode: the server's answer of getUserRoutes. Routes without a screen here are left out;
 * the home is the named route when it is among them, else none (the server names `403` for a
 * user without any screen).
 */
export function dynamicTable(answer: UserRoutes, hasScreen: HasScreen): RouteTable {
  const routes = (Array.isArray(answer.routes) ? answer.routes : []).filter((route) => isRoute(route) && !route.constant && hasScreen(route.name)).map(withOrder);
  return { routes, home: routes.find((route) => route.name === answer.home) ?? null };
}

/**
 * The routes open without signing in. Dynamic mode takes getConstantRoutes' answer; without an
 * answer (the call failed) the built-in ones stand in, so the 500 screen can still show.
 */
export function constantTable(answer: readonly unknown[] | null | undefined, hasScreen: HasScreen): AdminRoute[] {
  const routes = (answer ?? []).filter((route): route is AdminRoute => isRoute(route) && route.constant === true && hasScreen(route.name));
  return routes.length > 0 ? routes : CONSTANT_ROUTES.filter((route) => hasScreen(route.name));
}

/**
 * What an app path is for this user: a screen they may open; a screen of the app they may not
 * open (by the table they have: dynamic mode asks the server once more before it says 403, since
 * their roles may have changed since the table was read); or no screen at all (404).
 */
export type PathVerdict = { kind: 'open'; match: RouteMatch } | { kind: 'forbidden'; name: string } | { kind: 'missing' };

const APP_SCREENS = ADMIN_ROUTES.filter((route) => !route.constant);

export function resolvePath(table: RouteTable, pathname: string): PathVerdict {
  const open = matchIn(table.routes, pathname);
  if (open) return { kind: 'open', match: open };
  // A path names a route through the app's own table: the server's routes come by name.
  const known = matchIn(APP_SCREENS, pathname);
  return known ? { kind: 'forbidden', name: known.route.name } : { kind: 'missing' };
}

/** The menu's entries: the table's routes shown in the menu, in menu order. */
export function menuEntries(table: RouteTable): AdminRoute[] {
  return table.routes.filter((route) => !route.hideInMenu).sort((a, b) => a.order - b.order);
}

export function routeNamed(table: RouteTable, name: string): AdminRoute | undefined {
  return table.routes.find((route) => route.name === name);
}
