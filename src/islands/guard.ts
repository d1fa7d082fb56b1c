/**
 * The route guard in the browser (spec section 2; the decision is domain/route-guard.ts). Loaded
 * only by pages that are not public (AppShell renders it for them). The page's `<html>` (or
 * `<body>`) says what it needs in `data-route-access` (`session`, `login`, `roles`) and
 * `data-route-roles`; its main content stays hidden (AppShell's styles) until this script
 * allows it, so a signed-out visitor never sees a flash of a private page before going to login.
 *
 * Protected pages keep listening: signing out here or in another tab sends them to login. The
 * login page decides once, so a sign-in on it can go where its redirect says.
 */
import { FORBIDDEN_PATH, LOGIN_PATH, REDIRECT_PARAM, guardRoute, parsePageAccess } from '../domain/route-guard.ts';
import { isLocale, DEFAULT_LOCALE } from '../domain/locale.ts';
import { localePath } from '../i18n/paths.ts';
import { $session, $userRoles } from '../stores/session.ts';

const html = document.documentElement;
const attribute = (name: string) => html.getAttribute(name) ?? document.body.getAttribute(name) ?? undefined;
const pageAccess = parsePageAccess(attribute('data-route-access'), attribute('data-route-roles'));
const locale = isLocale(html.lang) ? html.lang : DEFAULT_LOCALE;

function apply(): void {
  const decision = guardRoute({
    access: pageAccess === 'login' ? 'public' : pageAccess,
    hasToken: $session.get() !== null,
    roles: $userRoles.get(),
    isLoginPage: pageAccess === 'login',
    currentPath: location.pathname + location.search,
  });
  switch (decision.action) {
    case 'allow':
      html.setAttribute('data-route-ready', '');
      return;
    case 'redirect-login': {
      const query = new URLSearchParams({ [REDIRECT_PARAM]: decision.redirect });
      location.replace(`${localePath(locale, LOGIN_PATH)}?${query}`);
      return;
    }
    case 'redirect-root':
      location.replace(localePath(locale, '/'));
      return;
    case 'forbidden':
      location.replace(localePath(locale, FORBIDDEN_PATH));
      return;
    case 'pending':
      // Roles not loaded yet: the subscription below decides once they are.
      return;
  }
}

if (pageAccess !== 'public') {
  apply();
  if (pageAccess !== 'login') {
    $session.listen(apply);
    $userRoles.listen(apply);
  }
}
