/**
 * The route guard in the browser (the decision is domain/route-guard.ts). Loaded
 * only by pages that are not public (AppShell renders it for them). The page's `<html>` (or
 * `<body>`) says what it needs in `data-route-access` (`session`, `login`, `roles`) and
 * `data-route-roles`; its main content stays hidden (AppShell's styles) until this script
 * allows it, so a signed-out visitor never sees a flash of a private page before going to login.
 *
 * Protected pages keep listening: signing out here or in another tab sends them to login. The
 * login page decides once, so a sign-in on it can go where its redirect says.
 */
import { guardRedirectUrl, guardRoute, parsePageAccess } from '../domain/route-guard.ts';
import { isLocale, DEFAULT_LOCALE } from '../domain/locale.ts';
import { assetPath, localePath } from '../i18n/paths.ts';
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
  if (decision.action === 'allow') {
    html.setAttribute('data-route-ready', '');
    return;
  }
  // Login and the root are in the page's language; the 403 page is one bilingual page at the
  // site root. 'pending' (roles not loaded yet) stays: the subscription below decides later.
  const target = guardRedirectUrl(decision, { inLocale: (path) => localePath(locale, path), atRoot: assetPath });
  if (target !== null) location.replace(target);
}

if (pageAccess !== 'public') {
  apply();
  if (pageAccess !== 'login') {
    $session.listen(apply);
    $userRoles.listen(apply);
  }
}
