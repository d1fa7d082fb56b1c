/** The ways between the login page's modules that both sign-in modules show. */
import { useTranslation } from '../../../i18n/react.tsx';
import { ModuleLink } from './modules.tsx';

/** Password or mailed code: the two ways of signing in, side by side above the form. */
export function MethodSwitch({ current }: { current: 'pwd-login' | 'code-login' }) {
  const { t } = useTranslation();
  return (
    <nav className="login-methods" aria-label={t('account.login.methods')}>
      <ModuleLink to="pwd-login" current={current === 'pwd-login'}>
        {t('account.login.withPassword')}
      </ModuleLink>
      <ModuleLink to="code-login" current={current === 'code-login'}>
        {t('account.login.withCode')}
      </ModuleLink>
    </nav>
  );
}

/** Below a sign-in form: reset the password, or create an account. */
export function LoginLinks() {
  const { t } = useTranslation();
  return (
    <p className="account-links">
      <ModuleLink to="reset-pwd">{t('account.login.forgot')}</ModuleLink>
      <span>
        {t('account.login.noAccount')} <ModuleLink to="register">{t('account.login.register')}</ModuleLink>
      </span>
    </p>
  );
}
