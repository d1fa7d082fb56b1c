/**
 * The route guard of docs/storefront.md "Routes", as a pure decision (pages are static, so a small
 * script applies it in the browser: islands/guard.ts):
 *
 * - a signed-in user who opens the login page goes to the root;
 * - a public route is open to everyone;
 * - any other route needs a token, else it goes to login with a redirect back to it;
 * - a route that lists roles needs one of them (R_SUPER passes everything), else 403;
 * - a route with no roles is open to every signed-in user.
 */

/** The super role (docs/accounts-and-security.md "Roles"): passes every role check. */
export const SUPER_ROLE = 'R_SUPER';

/** The login page's path inside a locale (`/<locale>/login/`). */
export const LOGIN_PATH = '/login/';
/** The 403 page's path at the site root: one page in both languages, not under a locale. */
export const FORBIDDEN_PATH = '/403/';
/** The login page's query parameter holding the page to return to. */
export const REDIRECT_PARAM = 'redirect';

/** Who may open a route: everyone, any signed-in user, or signed-in users with one of these roles. */
export type RouteAccess = 'public' | 'session' | readonly string[];

export interface GuardInput {
  access: RouteAccess;
  /** Whether a token is stored. */
  hasToken: boolean;
  /** The user's roles; null while not known (user info not loaded yet). */
  roles: readonly string[] | null;
  isLoginPage: boolean;
  /** The path and query of the page being opened, for the redirect back after login. */
  currentPath: string;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect-login'; redirect: string }
  | { action: 'redirect-root' }
  | { action: 'forbidden' }
  /** The route lists roles and the user's are not known yet: decide once they are. */
  | { action: 'pending' };

export function guardRoute(input: GuardInput): GuardDecision {
  if (input.isLoginPage && input.hasToken) return { action: 'redirect-root' };
  if (input.access === 'public') return { action: 'allow' };
  if (!input.hasToken) return { action: 'redirect-login', redirect: input.currentPath };
  if (input.access === 'session' || input.access.length === 0) return { action: 'allow' };
  if (input.roles === null) return { action: 'pending' };
  if (input.roles.includes(SUPER_ROLE)) return { action: 'allow' };
  return input.access.some((role) => input.roles!.includes(role)) ? { action: 'allow' } : { action: 'forbidden' };
}

/** How the caller turns page paths into URLs (its locale and the site's base path). */
export interface GuardUrls {
  /** A page inside the current locale, e.g. `/login/` → `/<base>/en-US/login/`. */
  inLocale(path: string): string;
  /** A page at the site root, e.g. `/403/` → `/<base>/403/`. */
  atRoot(path: string): string;
}

/** Where a decision sends the browser, or null when it stays (allowed, or still pending). */
export function guardRedirectUrl(decision: GuardDecision, urls: GuardUrls): string | null {
  switch (decision.action) {
    case 'redirect-login':
      return `${urls.inLocale(LOGIN_PATH)}?${new URLSearchParams({ [REDIRECT_PARAM]: decision.redirect })}`;
    case 'redirect-root':
      return urls.inLocale('/');
    case 'forbidden':
      return urls.atRoot(FORBIDDEN_PATH);
    case 'allow':
    case 'pending':
      return null;
  }
}

/**
 * What a page declares about itself (the layout's `access` prop): a route access, or `login` for
 * the login page (public, but a signed-in user is sent on).
 */
export type PageAccess = RouteAccess | 'login';

/** The `<html>` attributes the layout writes for the guard script; none for a public page. */
export function routeAccessAttributes(access: PageAccess = 'public'): Record<string, string> {
  if (access === 'public') return {};
  if (access === 'session' || access === 'login') return { 'data-route-access': access };
  return { 'data-route-access': 'roles', 'data-route-roles': access.join(' ') };
}

/** Reads those attributes back (missing or unknown: public). */
export function parsePageAccess(access: string | undefined, roles: string | undefined): PageAccess {
  if (access === 'session' || access === 'login') return access;
  if (access === 'roles') return (roles ?? '').split(/[\s,]+/).filter(Boolean);
  return 'public';
}

/**
 * The page to go to after login, from the login page's redirect query: a path on this site
 * (starting with a single `/`), else `fallback`, so the parameter cannot send anyone elsewhere.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // Control characters could smuggle a scheme or host past a browser's URL parser.
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return fallback;
  return value;
}
