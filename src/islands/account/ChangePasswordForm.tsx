/**
 * Change password: the new password and its
 * confirmation. The signed-in session is the proof (the server ends the shopper's other
 * sessions and mails them); this one stays signed in. Saving says "Edit Success".
 */
import { changePasswordRequestSchema, type ChangePasswordRequest } from '../../domain/account.schema.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { changePassword } from '../../stores/account.ts';
import { showToast } from '../../stores/toasts.ts';
import { AccountI18n, type AccountIslandProps } from './AccountI18n.tsx';
import { NewPasswordPair, Notice, SubmitButton } from './form.tsx';
import { checkWith, useForm, useFormMessage } from './useForm.ts';

export default function ChangePasswordIsland(props: AccountIslandProps) {
  return (
    <AccountI18n {...props}>
      <ChangePasswordForm />
    </AccountI18n>
  );
}

interface Values extends Record<string, unknown> {
  password: string;
  confirmPassword: string;
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const translate = useFormMessage();

  const form = useForm<Values, ChangePasswordRequest>({
    initial: { password: '', confirmPassword: '' },
    validate: (values) => checkWith<ChangePasswordRequest, Values>(changePasswordRequestSchema, values, translate),
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
  const { values, errors } = form;

  return (
    <form ref={form.formRef} className="account-form" method="post" noValidate onSubmit={form.onSubmit} aria-labelledby="account-heading">
      <Notice notice={form.notice} />
      <NewPasswordPair id="password-new" confirmId="password-confirm" values={values} errors={errors} onValue={form.set} />
      <SubmitButton form={form} label={t('account.password.submit')} busyLabel={t('account.password.submitting')} />
    </form>
  );
}
