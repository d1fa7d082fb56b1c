/**
 * The login page's code-login module: email, "send code" (a 6-digit code by mail under the reset
 * code's rules), the code, and sign in. Signing in then goes as with the password
 * (stores/account.ts `signInWithCode`, ./signed-in.ts).
 */
import { codeLoginRequestSchema, type CodeLoginRequest } from '../../../domain/account.schema.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import { sendLoginCode, signInWithCode } from '../../../stores/account.ts';
import { CodeFields } from '../CodeFields.tsx';
import { AccountForm, SubmitButton } from '../form.tsx';
import { useForm } from '../useForm.ts';
import { LoginLinks, MethodSwitch } from './LoginLinks.tsx';
import { useSignInOutcome } from './signed-in.ts';

interface Values extends Record<string, unknown> {
  email: string;
  code: string;
}

export default function CodeLoginModule() {
  const { t } = useTranslation();
  const signedIn = useSignInOutcome();

  const form = useForm<Values, CodeLoginRequest>({
    initial: { email: '', code: '' },
    schema: codeLoginRequestSchema,
    send: async (data): Promise<void> => signedIn(form, await signInWithCode(data.email, data.code)),
  });

  return (
    <>
      <MethodSwitch current="code-login" />
      <AccountForm form={form}>
        <CodeFields idPrefix="code-login" form={form} sendCode={sendLoginCode} />
        <SubmitButton form={form} label={t('account.login.submit')} busyLabel={t('account.login.submitting')} />
        <LoginLinks />
      </AccountForm>
    </>
  );
}
