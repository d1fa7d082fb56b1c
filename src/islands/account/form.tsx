/**
 * The account forms' fields: text, email, password (with show/hide), names, new password and its
 * confirmation, a checkbox, the form itself with its notice, and its submit button. Each is the
 * shared field (islands/form/Field.tsx) in the account look; the state is useForm.ts's.
 */
import { useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { NAME_MAX } from '../../domain/account.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FieldError as SharedFieldError } from '../form/Field.tsx';
import { useTypedBeforeHydration } from '../form/hydration.ts';
import type { BoundField, Form, FormNotice } from './useForm.ts';
import './account.css';

const ACCOUNT_LOOK = { field: 'account-field', hint: 'account-field-hint', error: 'account-field-error' };

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return <SharedFieldError id={id} error={error} className="account-field-error" />;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'> {
  id: string;
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Drawn beside the input, inside the field (a show-password or send-code button). */
  after?: ReactNode;
}

export function TextField({ id, label, value, onValue, error, hint, after, className, ...input }: TextFieldProps) {
  const row = useRef<HTMLDivElement | null>(null);
  useTypedBeforeHydration(row, (name, typed) => name === id && onValue(typed));
  return (
    <Field id={id} look={ACCOUNT_LOOK} label={label} hint={hint} error={error} className={className}>
      {(described) => (
        <div className="account-input-row" ref={row}>
          <input {...described} className="input" name={id} value={value} onChange={(event) => onValue(event.target.value)} {...input} />
          {after}
        </div>
      )}
    </Field>
  );
}

/** A required email field, set up so phones offer the right keyboard and leave the address as typed. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'inputMode' | 'autoCapitalize' | 'spellCheck' | 'required'>) {
  const { t } = useTranslation();
  return <TextField label={t('account.fields.email')} {...props} type="email" autoComplete="email" inputMode="email" autoCapitalize="off" spellCheck={false} required />;
}

/** A password field with a show/hide switch (there is no second field to catch a typo on sign-up). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'after'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      after={
        // A short word on the button (room for the input on a phone), the full name for screen readers.
        <button
          type="button"
          className="account-reveal"
          aria-label={t('account.fields.showPassword')}
          aria-pressed={shown}
          aria-controls={props.id}
          onClick={() => setShown((s) => !s)}
        >
          {t('account.fields.show')}
        </button>
      }
    />
  );
}

/** The two names, in their order on the page. */
const NAME_PARTS = [
  { name: 'firstName', id: 'first-name', autoComplete: 'given-name' },
  { name: 'lastName', id: 'last-name', autoComplete: 'family-name' },
] as const;

/** First and last name side by side (register, profile; both required). */
export function NameFields({
  idPrefix,
  field,
}: {
  /** The inputs are `{idPrefix}-first-name` and `{idPrefix}-last-name`. */
  idPrefix: string;
  field(name: (typeof NAME_PARTS)[number]['name']): BoundField<string>;
}) {
  const { t } = useTranslation();
  return (
    <div className="account-form-row">
      {NAME_PARTS.map((part) => (
        <TextField key={part.name} id={`${idPrefix}-${part.id}`} label={t(`account.fields.${part.name}`)} autoComplete={part.autoComplete} required maxLength={NAME_MAX} {...field(part.name)} />
      ))}
    </div>
  );
}

/** A new password (register, reset, change): required, with the 6-15 rule as its hint. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'after' | 'autoComplete' | 'required' | 'hint'>) {
  const { t } = useTranslation();
  return <PasswordField {...props} autoComplete="new-password" required hint={t('account.fields.passwordHint')} />;
}

/**
 * The new password and its confirmation (reset and change password). The rules
 * and messages are the form's schema's (`domain/account.schema.ts`); this draws the two fields.
 */
export function NewPasswordPair({ id, confirmId, field }: { id: string; confirmId: string; field(name: 'password' | 'confirmPassword'): BoundField<string> }) {
  const { t } = useTranslation();
  return (
    <>
      <NewPasswordField id={id} label={t('account.fields.newPassword')} {...field('password')} />
      <PasswordField id={confirmId} label={t('account.fields.confirmPassword')} autoComplete="new-password" required {...field('confirmPassword')} />
    </>
  );
}

export function CheckboxField({ id, label, checked, onChecked, hint }: { id: string; label: string; checked: boolean; onChecked(checked: boolean): void; hint?: ReactNode }) {
  return (
    <div className="account-check">
      <input id={id} name={id} type="checkbox" checked={checked} onChange={(event) => onChecked(event.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="account-field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** An account form: named by the page's heading (`#account-heading`: AccountLayout.astro, or the login page's island), its notice above the fields. */
export function AccountForm({ form, children }: { form: Pick<Form<never>, 'formRef' | 'onSubmit' | 'notice'>; children: ReactNode }) {
  return (
    <form ref={form.formRef} className="account-form" method="post" noValidate onSubmit={form.onSubmit} aria-labelledby="account-heading">
      <Notice notice={form.notice} />
      {children}
    </form>
  );
}

/** The form's own message (a refusal, a success), read out when it appears. */
export function Notice({ notice }: { notice: FormNotice | null }) {
  // Both live regions are always in the page, so what appears in them is announced.
  return (
    <>
      <div role="alert" className="account-notice-slot">
        {notice?.kind === 'error' ? <div className="account-notice account-notice--error">{notice.content}</div> : null}
      </div>
      <div role="status" className="account-notice-slot">
        {notice?.kind === 'success' ? <div className="account-notice account-notice--success">{notice.content}</div> : null}
      </div>
    </>
  );
}

export function SubmitButton({ form, label, busyLabel }: { form: Pick<Form<never>, 'busy' | 'ready'>; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button account-submit" disabled={form.busy || !form.ready}>
      {form.busy ? busyLabel : label}
    </button>
  );
}
