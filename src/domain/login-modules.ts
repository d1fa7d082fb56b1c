/**
 * The login page's modules (docs/storefront.md "Routes": `login` takes a `module` parameter,
 * password login by default): `/{locale}/login/?module=code-login&redirect=...`. The page hosts
 * each one; switching keeps the rest of the query (the `redirect` above all). The old addresses
 * `/register/` and `/reset-password/` are pages that send the browser to their module.
 */
import { REDIRECT_PARAM, safeRedirectPath } from './route-guard.ts';

export const LOGIN_MODULES = ['pwd-login', 'code-login', 'register', 'reset-pwd'] as const;
export type LoginModule = (typeof LOGIN_MODULES)[number];
export const DEFAULT_LOGIN_MODULE: LoginModule = 'pwd-login';
export const MODULE_PARAM = 'module';

/** The pages that were each one module before the login page hosted them, by their path below the locale. */
export const MODULE_PAGES = { '/register/': 'register', '/reset-password/': 'reset-pwd' } as const satisfies Record<string, LoginModule>;

export function isLoginModule(value: unknown): value is LoginModule {
  return (LOGIN_MODULES as readonly unknown[]).includes(value);
}

/** The module a login address's query names; the default for none or an unknown one. */
export function loginModuleOf(search: string): LoginModule {
  const named = new URLSearchParams(search).get(MODULE_PARAM);
  return isLoginModule(named) ? named : DEFAULT_LOGIN_MODULE;
}

/**
 * The login page's address (`loginPath`, already in its locale) opened on `module`, carrying the
 * `redirect` of `search` when it is a path on this site. The default module goes without a
 * `module` parameter, so the plain login address stays the one address of password login.
 */
export function loginModuleHref(loginPath: string, module: LoginModule, search: string): string {
  const params = new URLSearchParams();
  if (module !== DEFAULT_LOGIN_MODULE) params.set(MODULE_PARAM, module);
  const redirect = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (redirect && safeRedirectPath(redirect, '') !== '') params.set(REDIRECT_PARAM, redirect);
  const query = params.toString();
  return query ? `${loginPath}?${query}` : loginPath;
}
