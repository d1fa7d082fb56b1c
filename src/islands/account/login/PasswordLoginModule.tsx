/**
 * The login page's pwd-login module (the default): email and password. Signing in stores the
 * token pair and loads the user info (stores/account.ts), then goes on as every sign-in does
 * (./signed-in.ts).
 */
import { loginRequestSchema, type LoginRequest } from '../../../domain/account.schema.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import { signIn } from '../../../stores/account.ts';
import { AccountForm, EmailField, PasswordField, SubmitButton } from '../form.tsx';
import { useForm } from '../useForm.ts';
import { LoginLinks, MethodSwitch } from './LoginLinks.tsx';
import { useSignInOutcome } from './signed-in.ts';

interface Values extends Record<string, unknown> {
  email: string;
  password: string;
}

export default function PasswordLoginModule() {
  const { t } = useTranslation();
  const signedIn = useSignInOutcome();

  const form = useForm<Values, LoginRequest>({
    initial: { email: '', password: '' },
    schema: loginRequestSchema,
    input: (values) => ({ username: values.email, password: values.password }),
    fieldOf: { username: 'email' },
    send: async (data): Promise<void> => signedIn(form, await signIn(data.username, data.password)),
  });

  return (
    <>
      <MethodSwitch current="pwd-login" />
      <AccountForm form={form}>
        <EmailField id="login-email" {...form.field('email')} />
        <PasswordField id="login-password" label={t('account.fields.password')} autoComplete="current-password" required {...form.field('password')} />
        <SubmitButton form={form} label={t('account.login.submit')} busyLabel={t('account.login.submitting')} />
        <LoginLinks />
      </AccountForm>
    </>
  );
}
