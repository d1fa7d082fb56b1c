/**
 * The login page's register module: first name, last name, email, password, newsletter opt-in.
 * The server signs nobody in on registration, so the page signs in with the same email and
 * password right after; a refusal then means the email already had an account, whose owner the
 * server has mailed, and the page says where to go from there.
 */
import { registerRequestSchema, type RegisterRequest } from '../../../domain/account.schema.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import { registerAndSignIn } from '../../../stores/account.ts';
import { AccountForm, CheckboxField, EmailField, NameFields, NewPasswordField, SubmitButton } from '../form.tsx';
import { useForm } from '../useForm.ts';
import { ModuleLink } from './modules.tsx';
import { useAfterSignIn } from './signed-in.ts';

interface Values extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  subscribe: boolean;
}

export default function RegisterModule() {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn('register');

  const form = useForm<Values, RegisterRequest>({
    initial: { firstName: '', lastName: '', email: '', password: '', subscribe: false },
    schema: registerRequestSchema,
    send: async (data) => {
      const result = await registerAndSignIn(data);
      if (result.ok) {
        form.holdBusy();
        afterSignIn(result.value);
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
                <ModuleLink to="pwd-login">{t('account.register.login')}</ModuleLink> · <ModuleLink to="reset-pwd">{t('account.login.forgot')}</ModuleLink>
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
          {t('account.register.haveAccount')} <ModuleLink to="pwd-login">{t('account.register.login')}</ModuleLink>
        </span>
      </p>
    </AccountForm>
  );
}
