/**
 * What every account form shares (and the address forms can use): labelled fields whose hint
 * and error are tied to the control (`aria-describedby`, `aria-invalid`), a form-level notice,
 * and `useForm`, which validates on submit, then on every change once the shopper has tried,
 * moves focus to the first field in error, and disables the submit button while sending.
 *
 * No form library: four small components and one hook are all these forms need.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { NAME_MAX } from '../../domain/account.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useHydrated, useTypedBeforeHydration } from '../form/hydration.ts';
import type { AccountFailure } from '../../stores/account.ts';
import { firstIssuePerField, formMessage, serverFieldErrors } from './messages.ts';
import './account.css';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** A validation's result: the data to send, or messages (in the page's language) by field. */
export type Checked<D, V> = { data: D } | { errors: FieldErrors<V> };

export interface FormNotice {
  kind: 'error' | 'success';
  content: ReactNode;
}

/** Turns schema and server messages into the page's language (`account.validation`). */
export function useFormMessage(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const found = formMessage(message);
      return 'text' in found ? found.text : t(`account.validation.${found.key}`, found.values ?? {});
    },
    [t],
  );
}

/**
 * Runs `schema` on `input` and gives the data, or the first message per field, translated.
 * `fieldOf` renames the schema's fields to the form's (the login's `username` is its email).
 */
export function checkWith<D, V>(schema: ZodType<D>, input: unknown, translate: (message: string) => string, fieldOf: Record<string, keyof V & string> = {}): Checked<D, V> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors<V> = {};
  for (const [field, message] of Object.entries(firstIssuePerField(parsed.error.issues))) {
    errors[fieldOf[field] ?? (field as keyof V & string)] = translate(message);
  }
  return { errors };
}

/** What a failed call says to the shopper: `fallback` for a refusal, or the cause when it is known. */
export function useFailureText(): (failure: AccountFailure, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (failure: AccountFailure, fallback: string) => {
      if (failure.kind === 'throttled') return t('account.common.tooMany');
      if (failure.kind === 'unreachable') return t('account.common.unreachable');
      return fallback;
    },
    [t],
  );
}

/** The fields a server's 1001 answer names, translated. */
function serverErrors<V>(failure: AccountFailure, translate: (message: string) => string): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  if (failure.kind !== 'invalid') return errors;
  for (const [field, message] of Object.entries(serverFieldErrors(failure.issues))) errors[field as keyof V & string] = translate(message);
  return errors;
}

export interface UseFormOptions<V, D> {
  initial: V;
  validate(values: V): Checked<D, V>;
  /** Sends the checked data; may set a notice or field errors through the returned form. */
  send(data: D, values: V): Promise<void>;
}

export interface Form<V> {
  values: V;
  errors: FieldErrors<V>;
  busy: boolean;
  /** True once hydrated: before that a submit would be a plain form post, so the button waits. */
  ready: boolean;
  notice: FormNotice | null;
  set<K extends keyof V>(name: K, value: V[K]): void;
  setValues(next: (values: V) => V): void;
  setNotice(notice: FormNotice | null): void;
  /** Shows errors (from the server, or one field's own check) beside their fields; focuses the first unless told not to. */
  showErrors(errors: FieldErrors<V>, focus?: boolean): void;
  /** A refused send: the fields a 1001 answer names beside them, else `fallback` (or the known cause) as the notice. */
  showFailure(failure: AccountFailure, fallback: string): void;
  /** Back to `initial` (or `values`), with no messages, as if untouched. */
  reset(values?: V): void;
  /** Keeps the submit button disabled after sending (the page is about to change). */
  holdBusy(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  formRef: React.RefObject<HTMLFormElement | null>;
}

const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

export function useForm<V extends Record<string, unknown>, D>({ initial, validate, send }: UseFormOptions<V, D>): Form<V> {
  const [values, setValuesState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const tried = useRef(false);
  const held = useRef(false);
  const focusPending = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const translate = useFormMessage();
  const failureText = useFailureText();

  // After errors are drawn, the first field in error takes focus (its message is read with it).
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  // The latest values, so two changes in one event both count.
  const latest = useRef(initial);
  const setValues = useCallback(
    (next: (values: V) => V) => {
      const updated = next(latest.current);
      latest.current = updated;
      setValuesState(updated);
      // Once the shopper has tried to send, messages follow their corrections as they type.
      if (tried.current) {
        const checked = validate(updated);
        setErrors('errors' in checked ? checked.errors : {});
      }
    },
    [validate],
  );

  const showErrors = useCallback((next: FieldErrors<V>, focus = true) => {
    focusPending.current = focus && hasErrors(next);
    setErrors(next);
  }, []);

  const showFailure = (failure: AccountFailure, fallback: string) => {
    const fields = serverErrors<V>(failure, translate);
    if (Object.keys(fields).length > 0) showErrors(fields);
    else setNotice({ kind: 'error', content: failureText(failure, fallback) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    tried.current = true;
    setNotice(null);
    const checked = validate(values);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    void send(checked.data, values).finally(() => {
      if (!held.current) setBusy(false);
    });
  };

  return {
    values,
    errors,
    busy,
    ready,
    notice,
    set: (name, value) => setValues((current) => ({ ...current, [name]: value })),
    setValues,
    setNotice,
    showErrors,
    showFailure,
    reset: (next = initial) => {
      tried.current = false;
      latest.current = next;
      setValuesState(next);
      setErrors({});
    },
    holdBusy: () => {
      held.current = true;
    },
    onSubmit,
    formRef,
  };
}

/** Ids of a field's hint and error, and the `aria-describedby` naming those shown. */
function described(id: string, hint: ReactNode, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="account-field-error">
      {error}
    </p>
  ) : null;
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
    <div className={`account-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="account-input-row" ref={row}>
        <input
          id={id}
          name={id}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described(id, hint, error)}
          {...input}
        />
        {after}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="account-field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A required email field, set up so phones offer the right keyboard and leave the address as typed. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'autoCapitalize' | 'spellCheck' | 'required'>) {
  return <TextField {...props} type="email" autoComplete="email" inputMode="email" autoCapitalize="off" spellCheck={false} required />;
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

export interface NameValues {
  firstName: string;
  lastName: string;
}

/** First and last name side by side (register, profile; spec section 5: both required). */
export function NameFields({
  idPrefix,
  values,
  errors,
  onValue,
}: {
  /** The inputs are `{idPrefix}-first-name` and `{idPrefix}-last-name`. */
  idPrefix: string;
  values: NameValues;
  errors: FieldErrors<NameValues>;
  onValue(name: keyof NameValues, value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="account-form-row">
      <TextField
        id={`${idPrefix}-first-name`}
        label={t('account.fields.firstName')}
        autoComplete="given-name"
        required
        maxLength={NAME_MAX}
        value={values.firstName}
        onValue={(value) => onValue('firstName', value)}
        error={errors.firstName}
      />
      <TextField
        id={`${idPrefix}-last-name`}
        label={t('account.fields.lastName')}
        autoComplete="family-name"
        required
        maxLength={NAME_MAX}
        value={values.lastName}
        onValue={(value) => onValue('lastName', value)}
        error={errors.lastName}
      />
    </div>
  );
}

/** A new password (register, reset, change): required, with the spec's 6-15 rule as its hint. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'after' | 'autoComplete' | 'required' | 'hint'>) {
  const { t } = useTranslation();
  return <PasswordField {...props} autoComplete="new-password" required hint={t('account.fields.passwordHint')} />;
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * The new password and its confirmation (reset and change password; spec section 5). The rules
 * and messages are the form's schema's (`domain/account.ts`); this draws the two fields.
 */
export function NewPasswordPair({
  id,
  confirmId,
  values,
  errors,
  onValue,
}: {
  id: string;
  confirmId: string;
  values: NewPasswordValues;
  errors: FieldErrors<NewPasswordValues>;
  onValue(name: keyof NewPasswordValues, value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NewPasswordField id={id} label={t('account.fields.newPassword')} value={values.password} onValue={(value) => onValue('password', value)} error={errors.password} />
      <PasswordField
        id={confirmId}
        label={t('account.fields.confirmPassword')}
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onValue={(value) => onValue('confirmPassword', value)}
        error={errors.confirmPassword}
      />
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
