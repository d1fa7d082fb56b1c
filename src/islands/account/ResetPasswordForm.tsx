/**
 * Reset password: email, "send code" with a
 * resend countdown in seconds (the server's `resendAfterSeconds`), the 6-digit code, the new
 * password and its confirmation. After the reset the shopper signs in again (the server ended
 * every session of the account), so the page goes to login.
 */
import { useEffect, useState } from 'react';
import { emailSchema, resetPasswordRequestSchema, type ResetPasswordRequest } from '../../domain/account.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { localePath, useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { resetPassword, sendResetCode } from '../../stores/account.ts';
import { showToastOnNextPage } from '../../stores/toasts.ts';
import { AccountForm, EmailField, NewPasswordPair, SubmitButton, TextField } from './form.tsx';
import { useFailureText, useForm, useFormMessage } from './useForm.ts';
import { withRedirect } from './navigation.ts';
import { resendDeadline, secondsLeft } from './resend.ts';
import { useSearch } from './useSearch.ts';

export default withIslandI18n(ResetPasswordForm);

interface Values extends Record<string, unknown> {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Seconds until another code may be asked for, ticking down to 0 from `deadline`. */
function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : secondsLeft(deadline, now);
}

function ResetPasswordForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const translate = useFormMessage();
  const failureText = useFailureText();
  const search = useSearch();
  const [sending, setSending] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const wait = useSecondsLeft(deadline);

  const form = useForm<Values, ResetPasswordRequest>({
    initial: { email: '', code: '', password: '', confirmPassword: '' },
    schema: resetPasswordRequestSchema,
    send: async (data) => {
      const result = await resetPassword(data);
      if (result.ok) {
        form.holdBusy();
        showToastOnNextPage({ kind: 'success', title: t('account.reset.succeeded'), text: t('account.reset.succeededHint') });
        location.assign(withRedirect(localePath(locale, '/login/'), location.search));
        return;
      }
      form.showFailure(result.failure, t('account.reset.failed'));
    },
  });
  const { values, errors } = form;

  const sendCode = async () => {
    const email = emailSchema.safeParse(values.email);
    if (!email.success) {
      form.showErrors({ ...errors, email: translate(email.error.issues[0]?.message ?? '') });
      return;
    }
    form.showErrors({ ...errors, email: undefined }, false);
    form.setNotice(null);
    setSending(true);
    const result = await sendResetCode(email.data);
    setSending(false);
    if (result.ok) {
      setDeadline(resendDeadline(Date.now(), result.value.resendAfterSeconds));
      form.setNotice({ kind: 'success', content: t('account.reset.codeSent') });
      document.getElementById('reset-code')?.focus();
    } else {
      form.setNotice({ kind: 'error', content: failureText(result.failure, t('account.reset.codeNotSent')) });
    }
  };

  const codeButtonLabel = sending
    ? t('account.reset.sendingCode')
    : wait > 0
      ? t('account.reset.resendIn', { count: wait })
      : t(deadline === null ? 'account.reset.sendCode' : 'account.reset.resendCode');

  return (
    <AccountForm form={form}>
      <EmailField
        id="reset-email"
        {...form.field('email')}
        after={
          <button type="button" className="account-side-button" disabled={!form.ready || sending || wait > 0} onClick={() => void sendCode()} data-send-code>
            {codeButtonLabel}
          </button>
        }
      />
      <TextField
        id="reset-code"
        label={t('account.fields.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        required
        hint={t('account.reset.codeHint')}
        {...form.field('code')}
      />
      <NewPasswordPair id="reset-password" confirmId="reset-confirm-password" field={form.field} />
      <SubmitButton form={form} label={t('account.reset.submit')} busyLabel={t('account.reset.submitting')} />
      <p className="account-links">
        <a href={withRedirect(localePath(locale, '/login/'), search)}>{t('account.reset.backToLogin')}</a>
      </p>
    </AccountForm>
  );
}
