/**
 * The register form: first name, last name,
 * email, password, newsletter opt-in. The server signs nobody in on registration, so the page
 * signs in with the same email and password right after; a refusal then means the email already
 * had an account, whose owner the server has mailed, and the page says where to go from there.
 */
import { registerRequestSchema, type RegisterRequest } from '../../domain/account.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { localePath, useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { LOGIN_NOTICE_MS, registerAndSignIn } from '../../stores/account.ts';
import { showToastOnNextPage } from '../../stores/toasts.ts';
import { AccountForm, CheckboxField, EmailField, NameFields, NewPasswordField, SubmitButton } from './form.tsx';
import { useForm } from './useForm.ts';
import { afterLoginPath, withRedirect } from './navigation.ts';
import { useSearch } from './useSearch.ts';

export default withIslandI18n(RegisterForm);

interface Values extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  subscribe: boolean;
}

function RegisterForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const search = useSearch();
  const loginHref = withRedirect(localePath(locale, '/login/'), search);

  const form = useForm<Values, RegisterRequest>({
    initial: { firstName: '', lastName: '', email: '', password: '', subscribe: false },
    schema: registerRequestSchema,
    send: async (data) => {
      const result = await registerAndSignIn(data);
      if (result.ok) {
        form.holdBusy();
        showToastOnNextPage({ kind: 'success', title: t('account.register.succeeded'), text: t('account.register.welcome', { name: result.value.userName }), durationMs: LOGIN_NOTICE_MS });
        location.assign(afterLoginPath(location.search, localePath(locale, '/')));
        return;
      }
      const { failure } = result;
      if (failure.kind === 'conflict') {
        form.setNotice({
          kind: 'error',
          content: (
            <>
              <p>{t('account.register.taken')}</p>
              <p>
                <a href={loginHref}>{t('account.register.login')}</a> · <a href={localePath(locale, '/reset-password/')}>{t('account.login.forgot')}</a>
              </p>
            </>
          ),
        });
        return;
      }
      form.showFailure(failure, t('account.register.failed'));
    },
  });

  return (
    <AccountForm form={form}>
      <NameFields idPrefix="register" field={form.field} />
      <EmailField id="register-email" {...form.field('email')} />
      <NewPasswordField id="register-password" label={t('account.fields.password')} {...form.field('password')} />
      <CheckboxField id="register-subscribe" label={t('account.register.subscribe')} checked={form.values.subscribe} onChecked={(checked) => form.set('subscribe', checked)} />
      <SubmitButton form={form} label={t('account.register.submit')} busyLabel={t('account.register.submitting')} />
      <p className="account-links">
        <span>
          {t('account.register.haveAccount')} <a href={loginHref}>{t('account.register.login')}</a>
        </span>
      </p>
    </AccountForm>
  );
}
