/**
 * The back office's routes as data (docs/back-office.md): the app's router, menu, breadcrumb, menu
 * search and tabs read them, and the server answers the dynamic route mode's calls
 * (routeApi of domain/api/admin/route.ts: the constant routes, the user's routes, whether a route exists) from the same list,
 * so both modes give a user the same screens. Paths are below `/admin`.
 */
import { PERMISSIONS, type Permission } from './staff.model.ts';

export interface AdminRoute {
  /** Unique; the app maps it to its screen, tabs are keyed by it. */
  name: string;
  path: string;
  /** Key of the title in the `admin` message namespace (`route.<name>`). */
  titleKey: string;
  /** An icon name the app knows (admin/frame/icons.tsx). */
  icon?: string;
  /** Open without signing in (login and the error screens). */
  constant?: boolean;
  /** The code a caller must hold; none for screens every staff member sees. */
  permission?: Permission;
  hideInMenu?: boolean;
  /** For screens outside the menu: the entry highlighted while they show. */
  activeMenu?: string;
  /** Menu order, low first. */
  order: number;
}

export const HOME_ROUTE = 'dashboard';

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { name: 'login', path: '/login', titleKey: 'route.login', constant: true, hideInMenu: true, order: 0 },
  { name: '403', path: '/403', titleKey: 'route.403', constant: true, hideInMenu: true, order: 0 },
  { name: '404', path: '/404', titleKey: 'route.404', constant: true, hideInMenu: true, order: 0 },
  { name: '500', path: '/500', titleKey: 'route.500', constant: true, hideInMenu: true, order: 0 },
  { name: 'dashboard', path: '/dashboard', titleKey: 'route.dashboard', icon: 'dashboard', permission: PERMISSIONS.DASHBOARD_VIEW, order: 1 },
  { name: 'orders', path: '/orders', titleKey: 'route.orders', icon: 'orders', permission: PERMISSIONS.ORDER_VIEW, order: 2 },
  { name: 'new-order', path: '/new-order', titleKey: 'route.new-order', permission: PERMISSIONS.ORDER_CREATE, hideInMenu: true, activeMenu: 'orders', order: 2 },
  { name: 'order-detail', path: '/orders/:orderNo', titleKey: 'route.order-detail', permission: PERMISSIONS.ORDER_VIEW, hideInMenu: true, activeMenu: 'orders', order: 2 },
  { name: 'production-sheet', path: '/production-sheet', titleKey: 'route.production-sheet', icon: 'print', permission: PERMISSIONS.ORDER_SHEET, hideInMenu: true, activeMenu: 'orders', order: 2 },
  { name: 'returns', path: '/returns', titleKey: 'route.returns', icon: 'returns', permission: PERMISSIONS.RETURN_MANAGE, order: 2 },
  { name: 'tax-report', path: '/tax-report', titleKey: 'route.tax-report', icon: 'taxes', permission: PERMISSIONS.REPORT_TAX, order: 2 },
  { name: 'reports', path: '/reports', titleKey: 'route.reports', icon: 'reports', permission: PERMISSIONS.REPORT_SALES, order: 2 },
  { name: 'products', path: '/products', titleKey: 'route.products', icon: 'products', permission: PERMISSIONS.PRODUCT_VIEW, order: 3 },
  { name: 'product-editor', path: '/products/:id', titleKey: 'route.product-editor', permission: PERMISSIONS.PRODUCT_VIEW, hideInMenu: true, activeMenu: 'products', order: 3 },
  { name: 'teams', path: '/teams', titleKey: 'route.teams', icon: 'teams', permission: PERMISSIONS.TEAM_EDIT, order: 4 },
  { name: 'extras', path: '/extras', titleKey: 'route.extras', icon: 'extras', permission: PERMISSIONS.PRODUCT_EDIT, order: 4 },
  { name: 'navigation', path: '/navigation', titleKey: 'route.navigation', icon: 'navigation', permission: PERMISSIONS.NAV_EDIT, order: 4 },
  { name: 'customers', path: '/customers', titleKey: 'route.customers', icon: 'customers', permission: PERMISSIONS.CUSTOMER_VIEW, order: 5 },
  { name: 'customer-detail', path: '/customers/:userId', titleKey: 'route.customer-detail', permission: PERMISSIONS.CUSTOMER_VIEW, hideInMenu: true, activeMenu: 'customers', order: 5 },
  { name: 'reviews', path: '/reviews', titleKey: 'route.reviews', icon: 'reviews', permission: PERMISSIONS.REVIEW_MODERATE, order: 5 },
  { name: 'newsletter', path: '/newsletter', titleKey: 'route.newsletter', icon: 'newsletter', permission: PERMISSIONS.NEWSLETTER_MANAGE, order: 5 },
  { name: 'coupons', path: '/coupons', titleKey: 'route.coupons', icon: 'coupons', permission: PERMISSIONS.COUPON_EDIT, order: 5 },
  { name: 'pages', path: '/pages', titleKey: 'route.pages', icon: 'pages', permission: PERMISSIONS.PAGE_EDIT, order: 6 },
  { name: 'audit', path: '/audit', titleKey: 'route.audit', icon: 'audit', permission: PERMISSIONS.AUDIT_VIEW, order: 8 },
  { name: 'staff', path: '/staff', titleKey: 'route.staff', icon: 'staff', permission: PERMISSIONS.STAFF_MANAGE, order: 9 },
  { name: 'settings', path: '/settings', titleKey: 'route.settings', icon: 'settings', permission: PERMISSIONS.SETTINGS_EDIT, order: 10 },
  { name: 'api-tokens', path: '/api-tokens', titleKey: 'route.api-tokens', icon: 'api-tokens', permission: PERMISSIONS.STAFF_MANAGE, order: 11 },
];

export const CONSTANT_ROUTES: readonly AdminRoute[] = ADMIN_ROUTES.filter((route) => route.constant);

/** The screens a signed-in caller holding these codes may open, constant ones aside. */
export function routesFor(codes: readonly Permission[]): AdminRoute[] {
  const held = new Set(codes);
  if (held.size === 0) return [];
  return ADMIN_ROUTES.filter((route) => !route.constant && (!route.permission || held.has(route.permission)));
}

/** Where a caller lands after signing in: the dashboard, or their first screen without it. */
export function homeFor(codes: readonly Permission[]): string | null {
  const routes = routesFor(codes);
  return (routes.find((route) => route.name === HOME_ROUTE) ?? routes.find((route) => !route.hideInMenu))?.name ?? null;
}

/** What getUserRoutes answers: the routes a user may open. */
export interface UserRoutes {
  routes: AdminRoute[];
  /** The route name a user lands on. */
  home: string;
}
