/**
 * The login page's island (docs/storefront.md "Routes": `login` takes `module`, password login by
 * default): the heading and intro of the module shown, and its form. The built page shows the
 * default module; after hydration the address's `module` decides. Switching writes the address
 * (pushState, with the `redirect` kept) and the browser's Back goes to the module before.
 *
 * Password login is in this chunk, as the page's first paint; the other modules load when first
 * shown, so the page's script stays the size of the login form.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { Locale } from '../../../domain/locale.ts';
import { DEFAULT_LOGIN_MODULE, loginModuleHref, loginModuleOf, type LoginModule } from '../../../domain/login-modules.ts';
import { LOGIN_PATH } from '../../../domain/route-guard.ts';
import { localePath, useTranslation, withIslandI18n, type MessageKey } from '../../../i18n/react.tsx';
import { ModuleContext, type ModuleSwitch } from './modules.tsx';
import PasswordLoginModule from './PasswordLoginModule.tsx';

export default withIslandI18n(LoginPage);

interface ModuleEntry {
  form: ComponentType;
  title: MessageKey;
  heading: MessageKey;
  intro: MessageKey;
}

const MODULES: Record<LoginModule, ModuleEntry> = {
  'pwd-login': { form: PasswordLoginModule, title: 'account.login.title', heading: 'account.login.heading', intro: 'account.login.intro' },
  'code-login': { form: lazy(() => import('./CodeLoginModule.tsx')), title: 'account.codeLogin.title', heading: 'account.codeLogin.heading', intro: 'account.codeLogin.intro' },
  register: { form: lazy(() => import('./RegisterModule.tsx')), title: 'account.register.title', heading: 'account.register.heading', intro: 'account.register.intro' },
  'reset-pwd': { form: lazy(() => import('./ResetPasswordModule.tsx')), title: 'account.reset.title', heading: 'account.reset.heading', intro: 'account.reset.intro' },
};

function LoginPage({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [module, setModule] = useState<LoginModule>(DEFAULT_LOGIN_MODULE);
  // Read after hydration: the page was built without a query, and the first render must match it.
  const [search, setSearch] = useState('');
  useEffect(() => {
    const follow = () => {
      setModule(loginModuleOf(location.search));
      setSearch(location.search);
    };
    follow();
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);

  // The document's title follows the module ("Create an account | Jersey Shop").
  const shownTitle = useRef(t(MODULES[DEFAULT_LOGIN_MODULE].title));
  useEffect(() => {
    const next = t(MODULES[module].title);
    document.title = document.title.replace(shownTitle.current, next);
    shownTitle.current = next;
  }, [module, t]);

  const loginPath = localePath(locale, LOGIN_PATH);
  const go = useCallback(
    (next: LoginModule) => {
      const href = loginModuleHref(loginPath, next, location.search);
      history.pushState(null, '', href);
      setModule(next);
      setSearch(location.search);
      // The new module's heading takes focus, so a screen reader hears where it landed.
      requestAnimationFrame(() => document.getElementById('account-heading')?.focus());
    },
    [loginPath],
  );
  const switcher = useMemo<ModuleSwitch>(
    () => ({ root: localePath(locale, '/'), href: (to) => loginModuleHref(loginPath, to, search), go }),
    [locale, loginPath, search, go],
  );

  const entry = MODULES[module];
  const Form = entry.form;
  return (
    <ModuleContext.Provider value={switcher}>
      <h1 id="account-heading" tabIndex={-1}>
        {t(entry.heading)}
      </h1>
      <p className="account-intro">{t(entry.intro)}</p>
      <div className="login-module" data-login-module={module}>
        <Suspense fallback={<p className="account-loading">{t('account.common.loading')}</p>}>
          {/* A key per module: switching starts the new form empty. */}
          <Form key={module} />
        </Suspense>
      </div>
    </ModuleContext.Provider>
  );
}
