/**
 * The login page's pwd-login module (the default): email and password. Signing in stores the
 * token pair and loads the user info (stores/account.ts), then goes on as every sign-in does
 * (./signed-in.ts).
 */
import { loginRequestSchema, type LoginRequest } from '../../../domain/account.schema.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import { signIn } from '../../../stores/account.ts';
import { EmailField, PasswordField } from '../form.tsx';
import { SignInModule, useSignInForm } from './SignInModule.tsx';

interface Values extends Record<string, unknown> {
  email: string;
  password: string;
}

export default function PasswordLoginModule() {
  const { t } = useTranslation();
  const form = useSignInForm<Values, LoginRequest>({
    initial: { email: '', password: '' },
    schema: loginRequestSchema,
    input: (values) => ({ username: values.email, password: values.password }),
    fieldOf: { username: 'email' },
    signIn: (data) => signIn(data.username, data.password),
  });

  return (
    <SignInModule method="pwd-login" form={form}>
      <EmailField id="login-email" {...form.field('email')} />
      <PasswordField id="login-password" label={t('account.fields.password')} autoComplete="current-password" required {...form.field('password')} />
    </SignInModule>
  );
}
