/**
 * The login page's reset-pwd module: email, "send code" with a resend countdown in seconds (the
 * server's `resendAfterSeconds`), the 6-digit code, the new password and its confirmation. After
 * the reset the shopper signs in again (the server ended every session of the account), so the
 * page goes to password login, keeping the `redirect`.
 */
import { resetPasswordRequestSchema, type ResetPasswordRequest } from '../../../domain/account.schema.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import { resetPassword, sendResetCode } from '../../../stores/account.ts';
import { showToastOnNextPage } from '../../../stores/toasts.ts';
import { CodeFields } from '../CodeFields.tsx';
import { AccountForm, NewPasswordPair, SubmitButton } from '../form.tsx';
import { useForm } from '../useForm.ts';
import { ModuleLink, useModules } from './modules.tsx';

interface Values extends Record<string, unknown> {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordModule() {
  const { t } = useTranslation();
  const modules = useModules();

  const form = useForm<Values, ResetPasswordRequest>({
    initial: { email: '', code: '', password: '', confirmPassword: '' },
    schema: resetPasswordRequestSchema,
    send: async (data) => {
      const result = await resetPassword(data);
      if (result.ok) {
        form.holdBusy();
        showToastOnNextPage({ kind: 'success', title: t('account.reset.succeeded'), text: t('account.reset.succeededHint') });
        location.assign(modules.href('pwd-login'));
        return;
      }
      form.showFailure(result.failure, t('account.reset.failed'));
    },
  });

  return (
    <AccountForm form={form}>
      <CodeFields idPrefix="reset" form={form} sendCode={sendResetCode} />
      <NewPasswordPair id="reset-password" confirmId="reset-confirm-password" field={form.field} />
      <SubmitButton form={form} label={t('account.reset.submit')} busyLabel={t('account.reset.submitting')} />
      <p className="account-links">
        <ModuleLink to="pwd-login">{t('account.reset.backToLogin')}</ModuleLink>
      </p>
    </AccountForm>
  );
}
