/**
 * What every way of signing in does once the session is open (docs/storefront.md "Page states"):
 * the next page shows "Login succeeded / Welcome back, {name}" for 4500 ms, and the shopper goes
 * where the `redirect` query says (a path on this site only) or to the shop's root.
 */
import type { UserInfo } from '../../../domain/account.model.ts';
import type { Outcome } from '../../../stores/account.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import { LOGIN_NOTICE_MS } from '../../../stores/account.ts';
import { showToastOnNextPage } from '../../../stores/toasts.ts';
import { afterLoginPath } from '../navigation.ts';
import { useFailureText, type Form } from '../useForm.ts';
import { useModules } from './modules.tsx';

export function useAfterSignIn(kind: 'login' | 'register' = 'login'): (user: UserInfo) => void {
  const { t } = useTranslation();
  const { root } = useModules();
  return (user) => {
    const [title, text] =
      kind === 'register' ? [t('account.register.succeeded'), t('account.register.welcome', { name: user.userName })] : [t('account.login.succeeded'), t('account.login.welcomeBack', { name: user.userName })];
    showToastOnNextPage({ kind: 'success', title, text, durationMs: LOGIN_NOTICE_MS });
    location.assign(afterLoginPath(location.search, root));
  };
}

/** A sign-in form's answer (password or code): "Login failed" (or the known cause) on the form, else on as above. */
export function useSignInOutcome(): (form: Pick<Form<never>, 'setNotice' | 'holdBusy'>, result: Outcome<UserInfo>) => void {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const afterSignIn = useAfterSignIn();
  return (form, result) => {
    if (!result.ok) {
      form.setNotice({ kind: 'error', content: failureText(result.failure, t('account.login.failed')) });
      return;
    }
    form.holdBusy();
    afterSignIn(result.value);
  };
}
