/**
 * What the two ways of signing in (password, mailed code) share: a form whose answer goes on as
 * every sign-in does (./signed-in.ts), and the module around their fields (the switch to the other
 * way, the sign-in button, the links).
 */
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { UserInfo } from '../../../domain/account.model.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Outcome } from '../../../stores/account.ts';
import { AccountForm, SubmitButton } from '../form.tsx';
import { useForm, type Form } from '../useForm.ts';
import { LoginLinks, MethodSwitch } from './LoginLinks.tsx';
import { useSignInOutcome } from './signed-in.ts';

interface SignInFormOptions<V, D> {
  initial: V;
  schema: ZodType<D>;
  input?(values: V): unknown;
  fieldOf?: Record<string, keyof V & string>;
  /** Opens the session with the checked data. */
  signIn(data: D): Promise<Outcome<UserInfo>>;
}

export function useSignInForm<V extends Record<string, unknown>, D>({ signIn, ...options }: SignInFormOptions<V, D>): Form<V> {
  const signedIn = useSignInOutcome();
  const form = useForm<V, D>({ ...options, send: async (data): Promise<void> => signedIn(form, await signIn(data)) });
  return form;
}

export function SignInModule<V>({ method, form, children }: { method: 'pwd-login' | 'code-login'; form: Form<V>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <MethodSwitch current={method} />
      <AccountForm form={form}>
        {children}
        <SubmitButton form={form} label={t('account.login.submit')} busyLabel={t('account.login.submitting')} />
        <LoginLinks />
      </AccountForm>
    </>
  );
}
