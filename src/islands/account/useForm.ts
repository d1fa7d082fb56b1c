/**
 * The account forms' state: `useForm` validates on submit, then on every change once the shopper
 * has tried, moves focus to the first field in error, puts a refusal's field issues beside their
 * fields, and disables the submit button while sending. The fields are form.tsx's.
 *
 * No form library: this hook and the shared field (islands/form/) are all these forms need.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { useTranslation } from '../../i18n/react.tsx';
import { useHydrated } from '../form/hydration.ts';
import { serverFieldErrors } from '../form/server-issues.ts';
import type { AccountFailure } from '../../stores/account.ts';
import { firstIssuePerField, formMessage } from './messages.ts';

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

export type UseFormOptions<V, D> = {
  initial: V;
  /** Sends the checked data; may set a notice or field errors through the returned form. */
  send(data: D, values: V): Promise<void>;
} & (
  | {
      /** The form's rules: the request's schema, run on `input(values)` (the values themselves by default). */
      schema: ZodType<D>;
      input?(values: V): unknown;
      /** Renames the schema's fields to the form's (see {@link checkWith}). */
      fieldOf?: Record<string, keyof V & string>;
    }
  | {
      /** Checks of the form's own, for rules a schema cannot see. */
      validate(values: V): Checked<D, V>;
    }
);

/** One field's value, setter and message, to spread on it: `<TextField {...form.field('code')} />`. */
export interface BoundField<T> {
  value: T;
  onValue(value: T): void;
  error: string | undefined;
}

export interface Form<V> {
  values: V;
  errors: FieldErrors<V>;
  busy: boolean;
  /** True once hydrated: before that a submit would be a plain form post, so the button waits. */
  ready: boolean;
  notice: FormNotice | null;
  set<K extends keyof V>(name: K, value: V[K]): void;
  field<K extends keyof V & string>(name: K): BoundField<V[K]>;
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

export function useForm<V extends Record<string, unknown>, D>(options: UseFormOptions<V, D>): Form<V> {
  const { initial, send } = options;
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
  const validate = (current: V): Checked<D, V> =>
    'validate' in options ? options.validate(current) : checkWith<D, V>(options.schema, options.input ? options.input(current) : current, translate, options.fieldOf);

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

  const set: Form<V>['set'] = (name, value) => setValues((current) => ({ ...current, [name]: value }));
  return {
    values,
    errors,
    busy,
    ready,
    notice,
    set,
    field: (name) => ({ value: values[name], onValue: (value) => set(name, value), error: errors[name] }),
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
