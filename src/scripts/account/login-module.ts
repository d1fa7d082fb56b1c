/**
 * The login page's module before its island hydrates (domain/login-modules.ts), and the old
 * module pages:
 * - on `/{locale}/register/` and `/{locale}/reset-password/` (a link `[data-login-module-redirect]`
 *   to their module), the browser goes on to the login page's module, keeping the `redirect`
 *   query. A page rather than a host rule, so every host (the shop's server, nginx, a static
 *   host) answers the old addresses alike;
 * - on the login page with another module named, `<html data-login-module>` hides the built
 *   default form until the island shows the named one (login.astro's style), so it never flashes;
 *   and the built links between modules get the address's `redirect` (the island draws the same
 *   once hydrated), so a click before then keeps it too.
 */
import { DEFAULT_LOGIN_MODULE, isLoginModule, loginModuleHref, loginModuleOf } from '../../domain/login-modules.ts';

const redirect = document.querySelector<HTMLAnchorElement>('[data-login-module-redirect]');
if (redirect) {
  const module = redirect.dataset.loginModuleRedirect;
  const loginPath = new URL(redirect.href).pathname;
  if (isLoginModule(module)) location.replace(loginModuleHref(loginPath, module, location.search));
} else {
  const module = loginModuleOf(location.search);
  if (module !== DEFAULT_LOGIN_MODULE) document.documentElement.dataset.loginModule = module;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-module-link]')) {
    const to = link.dataset.moduleLink;
    if (isLoginModule(to)) link.href = loginModuleHref(location.pathname, to, location.search);
  }
}
