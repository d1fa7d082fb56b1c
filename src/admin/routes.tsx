/**
 * The app's routes: each screen as its own lazy chunk, the route mode of the build
 * (PUBLIC_ADMIN_ROUTE_MODE) and the table of what the signed-in user may open
 * (state/route-table.ts: the built-in routes in static mode, the server's in dynamic mode), and
 * what the menu, breadcrumb, menu search and tabs need of it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, lazy, useContext, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { call } from '../client/http.ts';
import type { UserInfo } from '../domain/account.model.ts';
import { CONSTANT_ROUTES, type AdminRoute } from '../domain/back-office/routes.model.ts';
import { routeApi } from '../domain/api/admin/route.ts';
import type { MessageKey } from '../i18n/core.ts';
import { queryKey } from './api.ts';
import { constantTable, dynamicTable, routeModeOf, staticTable, type HasScreen, type PathVerdict, type RouteTable } from './state/route-table.ts';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * One chunk per screen folder, named after its route (`screens/orders/OrdersScreen.tsx` is `orders`):
 * a screen's code loads the first time it is opened, and a new screen is a new folder, not a line here.
 */
const SCREEN_MODULES = import.meta.glob<{ default: ComponentType }>('./screens/*/*Screen*.tsx');

export const SCREENS: Record<string, Screen> = Object.fromEntries(Object.entries(SCREEN_MODULES).map(([file, load]) => [file.split('/')[2]!, lazy(load)]));

export const hasScreen: HasScreen = (name) => Object.hasOwn(SCREENS, name);

/** Fixed at build time: static (the default) or dynamic. */
export const ROUTE_MODE = routeModeOf(import.meta.env.PUBLIC_ADMIN_ROUTE_MODE);
const DYNAMIC = ROUTE_MODE === 'dynamic';

/** The menu's first level: the template's mix layouts show these apart from their entries. */
export const MENU_GROUPS: readonly { key: string; titleKey: MessageKey; icon: string; routes: readonly string[] }[] = [
  { key: 'operations', titleKey: 'admin.menu.operations', icon: 'operations', routes: ['dashboard', 'orders', 'returns', 'tax-report', 'reports'] },
  { key: 'catalogue', titleKey: 'admin.menu.catalogue', icon: 'catalogue', routes: ['products', 'teams', 'extras', 'navigation'] },
  { key: 'customers', titleKey: 'admin.menu.customers', icon: 'customers', routes: ['customers', 'reviews', 'newsletter'] },
  { key: 'marketing', titleKey: 'admin.menu.marketing', icon: 'marketing', routes: ['coupons', 'pages'] },
  { key: 'system', titleKey: 'admin.menu.system', icon: 'system', routes: ['audit', 'staff', 'staff-roles', 'settings'] },
  { key: 'integrations', titleKey: 'admin.menu.integrations', icon: 'integrations', routes: ['api-tokens', 'webhooks'] },
];

/** The group a route's menu entry is in (screens outside the menu: their `activeMenu`'s). */
export function groupOf(route: AdminRoute): string | undefined {
  const name = route.activeMenu ?? route.name;
  return MENU_GROUPS.find((group) => group.routes.includes(name))?.key;
}

/** The routes open without signing in (login, 403, 404, 500); null while dynamic mode asks for them. */
export function useConstantRoutes(): readonly AdminRoute[] | null {
  const answer = useQuery({
    queryKey: queryKey(routeApi.constantRoutes),
    queryFn: ({ signal }) => call(routeApi.constantRoutes, undefined, { signal, silent: true }),
    enabled: DYNAMIC,
    staleTime: Infinity,
  });
  const fixed = useMemo(() => CONSTANT_ROUTES.filter((route) => hasScreen(route.name)), []);
  if (!DYNAMIC) return fixed;
  if (answer.isPending) return null;
  return constantTable(answer.data, hasScreen);
}

/** The signed-in user's route table: from their codes (static) or from getUserRoutes (dynamic). */
export function useUserRouteTable(user: UserInfo | undefined): { table: RouteTable | null; failed: boolean } {
  const answer = useQuery({
    queryKey: [...queryKey(routeApi.userRoutes), user?.userId],
    queryFn: ({ signal }) => call(routeApi.userRoutes, undefined, { signal }),
    enabled: DYNAMIC && user !== undefined,
    staleTime: 5 * 60_000,
  });
  const fixed = useMemo(() => (user ? staticTable(user.buttons) : null), [user]);
  const fetched = useMemo(() => (answer.data ? dynamicTable(answer.data, hasScreen) : null), [answer.data]);
  if (!DYNAMIC) return { table: fixed, failed: false };
  return { table: fetched, failed: answer.isError };
}

/**
 * What the content area shows for a route the table does not open. Static mode: 403. Dynamic mode
 * asks `isRouteExist` first: when the server says the user may open it after all (a role granted
 * since the table was read), the table is read again, once, and the route opens.
 */
export function useForbidden(verdict: PathVerdict): 'checking' | 'forbidden' | null {
  const client = useQueryClient();
  const name = DYNAMIC && verdict.kind === 'forbidden' ? verdict.name : null;
  const exists = useQuery({
    queryKey: queryKey(routeApi.isRouteExist, { routeName: name ?? '' }),
    queryFn: ({ signal }) => call(routeApi.isRouteExist, { routeName: name! }, { signal, silent: true }),
    enabled: name !== null,
  });
  const [reread, setReread] = useState<string | null>(null);
  useEffect(() => {
    if (name === null || exists.data !== true || reread === name) return;
    void client.invalidateQueries({ queryKey: queryKey(routeApi.userRoutes) }).finally(() => setReread(name));
  }, [client, name, exists.data, reread]);
  if (verdict.kind !== 'forbidden') return null;
  if (name !== null && (exists.isPending || (exists.data === true && reread !== name))) return 'checking';
  return 'forbidden';
}

export const RouteTableContext = createContext<RouteTable | null>(null);

/** The signed-in user's table; only inside the shell. */
export function useRouteTable(): RouteTable {
  const table = useContext(RouteTableContext);
  if (!table) throw new Error('useRouteTable outside the shell');
  return table;
}
