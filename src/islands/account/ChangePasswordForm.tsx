/**
 * Change password: the new password and its
 * confirmation. The signed-in session is the proof (the server ends the shopper's other
 * sessions and mails them); this one stays signed in. Saving says "Edit Success".
 */
import { changePasswordRequestSchema, type ChangePasswordRequest } from '../../domain/account.schema.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { changePassword } from '../../stores/account.ts';
import { showToast } from '../../stores/toasts.ts';
import { AccountForm, NewPasswordPair, SubmitButton } from './form.tsx';
import { useForm } from './useForm.ts';

export default withIslandI18n(ChangePasswordForm);

interface Values extends Record<string, unknown> {
  password: string;
  confirmPassword: string;
}

function ChangePasswordForm() {
  const { t } = useTranslation();

  const form = useForm<Values, ChangePasswordRequest>({
    initial: { password: '', confirmPassword: '' },
    schema: changePasswordRequestSchema,
    send: async (data) => {
      const result = await changePassword(data);
      if (result.ok) {
        form.reset();
        showToast({ kind: 'success', text: t('account.password.saved') });
        return;
      }
      form.showFailure(result.failure, t('account.common.generic'));
    },
  });

  return (
    <AccountForm form={form}>
      <NewPasswordPair id="password-new" confirmId="password-confirm" field={form.field} />
      <SubmitButton form={form} label={t('account.password.submit')} busyLabel={t('account.password.submitting')} />
    </AccountForm>
  );
}
