/**
 * My profile: email (a new one needs the current password,
 * and the shopper chooses whether unpaid orders take it too), first and last name, gender
 * (secrecy, male, female), birthday as day, month and year ("Invalid date" for 31 April or a
 * date to come) and the newsletter. Saving says "Edit Success".
 */
import { useEffect, useState } from 'react';
import { GENDERS, normaliseEmail, type Gender, type Profile } from '../../domain/account.model.ts';
import { profileRequestSchema, type ProfileRequest } from '../../domain/account.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { loadProfile, saveProfile } from '../../stores/account.ts';
import { $signedIn } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { BirthdayField } from './BirthdayField.tsx';
import { birthdayOf, birthdayParts, birthdayProblem, type BirthdayParts } from './birthday.ts';
import { AccountForm, CheckboxField, EmailField, NameFields, PasswordField, SubmitButton } from './form.tsx';
import { checkWith, useForm, useFormMessage, type FieldErrors } from './useForm.ts';
import { StatusLine } from '../StatusLine.tsx';

export default withIslandI18n(ProfileLoader);

function ProfileLoader({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; offline: boolean } | { status: 'ready'; profile: Profile }>({ status: 'loading' });

  const load = () => {
    // Signed out: the route guard is on its way to login; asking would only be refused.
    if (!$signedIn.get()) return;
    setState({ status: 'loading' });
    void loadProfile().then((result) => setState(result.ok ? { status: 'ready', profile: result.value } : { status: 'failed', offline: result.failure.kind === 'unreachable' }));
  };
  useEffect(load, []);

  if (state.status === 'loading') {
    return <StatusLine className="account-loading">{t('account.common.loading')}</StatusLine>;
  }
  if (state.status === 'failed') {
    return <LoadFailure offline={state.offline} message={t('account.profile.loadFailed')} retryLabel={t('account.common.retry')} onRetry={load} />;
  }
  return <ProfileForm locale={locale} profile={state.profile} />;
}

interface Values extends Record<string, unknown> {
  email: string;
  currentPassword: string;
  updateOrderEmail: boolean;
  firstName: string;
  lastName: string;
  gender: Gender;
  birthday: BirthdayParts;
  subscribe: boolean;
}

function ProfileForm({ locale, profile }: { locale: Locale; profile: Profile }) {
  const { t } = useTranslation();
  const translate = useFormMessage();
  const [savedEmail, setSavedEmail] = useState(profile.email);

  const emailChanged = (email: string) => normaliseEmail(email) !== savedEmail;

  const form = useForm<Values, ProfileRequest>({
    initial: {
      email: profile.email,
      currentPassword: '',
      updateOrderEmail: profile.updateOrderEmail,
      firstName: profile.firstName,
      lastName: profile.lastName,
      gender: profile.gender,
      birthday: birthdayParts(profile.birthday),
      subscribe: profile.subscribe,
    },
    validate: (values) => {
      const changing = emailChanged(values.email);
      const input = {
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        gender: values.gender,
        birthday: birthdayOf(values.birthday) ?? undefined,
        subscribe: values.subscribe,
        updateOrderEmail: values.updateOrderEmail,
        ...(changing ? { currentPassword: values.currentPassword } : {}),
      };
      const checked = checkWith<ProfileRequest, Values>(profileRequestSchema, input, translate);
      const errors: FieldErrors<Values> = 'errors' in checked ? { ...checked.errors } : {};
      // The schema knows real dates; "not after today" needs the shopper's today.
      const problem = birthdayProblem(values.birthday, new Date());
      if (problem) errors.birthday = t(`account.validation.${problem}`);
      else delete errors.birthday;
      if (changing && !values.currentPassword) errors.currentPassword = t('account.validation.currentPasswordRequired');
      return Object.values(errors).some(Boolean) || !('data' in checked) ? { errors } : checked;
    },
    send: async (data) => {
      const result = await saveProfile(data);
      if (result.ok) {
        setSavedEmail(result.value.email);
        form.setValues((values) => ({ ...values, email: result.value.email, currentPassword: '' }));
        showToast({ kind: 'success', text: t('account.profile.saved') });
        return;
      }
      const { failure } = result;
      if (failure.kind === 'rejected') form.showErrors({ currentPassword: t('account.profile.currentPasswordWrong') });
      else if (failure.kind === 'conflict') form.showErrors({ email: t('account.profile.emailTaken') });
      else form.showFailure(failure, t('account.common.generic'));
    },
  });
  const { values, errors } = form;

  return (
    <AccountForm form={form}>
      <EmailField id="profile-email" {...form.field('email')} />
      {emailChanged(values.email) ? (
        <PasswordField
          id="profile-current-password"
          label={t('account.fields.currentPassword')}
          autoComplete="current-password"
          required
          hint={t('account.profile.emailChangeHint')}
          {...form.field('currentPassword')}
        />
      ) : null}
      <CheckboxField id="profile-update-order-email" label={t('account.profile.updateOrderEmail')} checked={values.updateOrderEmail} onChecked={(checked) => form.set('updateOrderEmail', checked)} />
      <NameFields idPrefix="profile" field={form.field} />
      <fieldset className="account-fieldset">
        <legend>{t('account.fields.gender')}</legend>
        <div className="account-choices">
          {GENDERS.map((gender) => (
            <label key={gender} className="account-choice">
              <input type="radio" name="profile-gender" value={gender} checked={values.gender === gender} onChange={() => form.set('gender', gender)} />
              {t(`account.gender.${gender}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <BirthdayField
        id="profile-birthday"
        locale={locale}
        value={values.birthday}
        onPart={(part, value) => form.setValues((current) => ({ ...current, birthday: { ...current.birthday, [part]: value } }))}
        error={errors.birthday}
      />
      <CheckboxField id="profile-subscribe" label={t('account.profile.subscribe')} checked={values.subscribe} onChecked={(checked) => form.set('subscribe', checked)} />
      <SubmitButton form={form} label={t('account.profile.submit')} busyLabel={t('account.profile.submitting')} />
    </AccountForm>
  );
}
