/**
 * The email with its "send code" button and the 6-digit code field, shared by the reset-password
 * and code-login modules (one code machinery on the server, docs/accounts-and-security.md "Mailed
 * codes"): the button checks the email, asks for a code, then counts down the server's
 * `resendAfterSeconds` before it may ask again (resend.ts).
 */
import { useEffect, useState } from 'react';
import type { SendCodeAnswer } from '../../domain/account.model.ts';
import { emailSchema } from '../../domain/account.schema.ts';
import { useTranslation } from '../../i18n/react.tsx';
import type { Outcome } from '../../stores/account.ts';
import { EmailField, TextField } from './form.tsx';
import { resendDeadline, secondsLeft } from './resend.ts';
import { useFailureText, useFormMessage, type Form } from './useForm.ts';

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

export function CodeFields<V extends { email: string; code: string }>({
  idPrefix,
  form,
  sendCode,
}: {
  /** The inputs are `{idPrefix}-email` and `{idPrefix}-code`. */
  idPrefix: string;
  form: Form<V>;
  sendCode(email: string): Promise<Outcome<SendCodeAnswer>>;
}) {
  const { t } = useTranslation();
  const translate = useFormMessage();
  const failureText = useFailureText();
  const [sending, setSending] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const wait = useSecondsLeft(deadline);
  const codeId = `${idPrefix}-code`;

  const send = async () => {
    const email = emailSchema.safeParse(form.values.email);
    if (!email.success) {
      form.showErrors({ ...form.errors, email: translate(email.error.issues[0]?.message ?? '') });
      return;
    }
    form.showErrors({ ...form.errors, email: undefined }, false);
    form.setNotice(null);
    setSending(true);
    const result = await sendCode(email.data);
    setSending(false);
    if (result.ok) {
      setDeadline(resendDeadline(Date.now(), result.value.resendAfterSeconds));
      form.setNotice({ kind: 'success', content: t('account.reset.codeSent') });
      document.getElementById(codeId)?.focus();
    } else {
      form.setNotice({ kind: 'error', content: failureText(result.failure, t('account.reset.codeNotSent')) });
    }
  };

  const label = sending
    ? t('account.reset.sendingCode')
    : wait > 0
      ? t('account.reset.resendIn', { count: wait })
      : t(deadline === null ? 'account.reset.sendCode' : 'account.reset.resendCode');

  return (
    <>
      <EmailField
        id={`${idPrefix}-email`}
        {...form.field('email')}
        after={
          <button type="button" className="account-side-button" disabled={!form.ready || sending || wait > 0} onClick={() => void send()} data-send-code>
            {label}
          </button>
        }
      />
      <TextField
        id={codeId}
        label={t('account.fields.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        required
        hint={t('account.reset.codeHint')}
        {...form.field('code')}
      />
    </>
  );
}
