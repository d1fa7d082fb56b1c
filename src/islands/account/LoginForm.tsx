/**
 * The login form: email and password, links to reset the password and
 * to register. Signing in stores the token pair and loads the user info (stores/account.ts);
 * then the shopper goes where the `redirect` query says (a path on this site only) or to the
 * root, and the next page shows "Login succeeded / Welcome back, {name}" for 4500 ms.
 */
import { loginRequestSchema, type LoginRequest } from '../../domain/account.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { localePath, useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { LOGIN_NOTICE_MS, signIn } from '../../stores/account.ts';
import { showToastOnNextPage } from '../../stores/toasts.ts';
import { AccountForm, EmailField, PasswordField, SubmitButton } from './form.tsx';
import { useFailureText, useForm } from './useForm.ts';
import { afterLoginPath, withRedirect } from './navigation.ts';
import { useSearch } from './useSearch.ts';

export default withIslandI18n(LoginForm);

interface Values extends Record<string, unknown> {
  email: string;
  password: string;
}

function LoginForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const search = useSearch();

  const form = useForm<Values, LoginRequest>({
    initial: { email: '', password: '' },
    schema: loginRequestSchema,
    input: (values) => ({ username: values.email, password: values.password }),
    fieldOf: { username: 'email' },
    send: async (data) => {
      const result = await signIn(data.username, data.password);
      if (!result.ok) {
        form.setNotice({ kind: 'error', content: failureText(result.failure, t('account.login.failed')) });
        return;
      }
      form.holdBusy();
      showToastOnNextPage({ kind: 'success', title: t('account.login.succeeded'), text: t('account.login.welcomeBack', { name: result.value.userName }), durationMs: LOGIN_NOTICE_MS });
      location.assign(afterLoginPath(location.search, localePath(locale, '/')));
    },
  });

  return (
    <AccountForm form={form}>
      <EmailField id="login-email" {...form.field('email')} />
      <PasswordField id="login-password" label={t('account.fields.password')} autoComplete="current-password" required {...form.field('password')} />
      <SubmitButton form={form} label={t('account.login.submit')} busyLabel={t('account.login.submitting')} />
      <p className="account-links">
        <a href={withRedirect(localePath(locale, '/reset-password/'), search)}>{t('account.login.forgot')}</a>
        <span>
          {t('account.login.noAccount')} <a href={withRedirect(localePath(locale, '/register/'), search)}>{t('account.login.register')}</a>
        </span>
      </p>
    </AccountForm>
  );
}
