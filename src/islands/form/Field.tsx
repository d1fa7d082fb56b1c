/**
 * One labelled field for every form of the shop (account, address, checkout, configurator): the
 * label, the control (drawn by the caller with the ids and states it is handed), a hint and an
 * error tied to the control by `aria-describedby` (`{id}-hint`, `{id}-error`), and
 * `aria-invalid` while wrong. The look (class names) is the form's; the wiring is one.
 */
import type { ReactNode } from 'react';

/** What the control takes from its field. */
export interface Described {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Each form's class names (their stylesheets: account.css, address.css, product.css). */
const LOOKS = {
  account: { field: 'account-field', hint: 'account-field-hint', error: 'account-field-error' },
  address: { field: 'af-field', hint: 'af-hint', error: 'af-error' },
  configurator: { field: 'field', hint: 'field-hint', error: 'field-error' },
} as const;
export type FieldLook = keyof typeof LOOKS;

export interface FieldProps {
  id: string;
  label: ReactNode;
  look: FieldLook;
  hint?: ReactNode;
  error?: ReactNode;
  /** A hint drawn elsewhere that describes this control too (the phone code's, below both phone fields). */
  sharedHintId?: string | undefined;
  /** The error's place stays in the page (empty while right), so a message appearing is announced. */
  liveError?: boolean;
  className?: string | undefined;
  children(described: Described): ReactNode;
}

/** The ids of a field's hint and error, as its control's `aria-describedby`. */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function Field({ id, label, look, hint, error, sharedHintId, liveError = false, className, children }: FieldProps) {
  const names = LOOKS[look];
  const hasError = Boolean(error);
  const described = [describedBy(id, Boolean(hint), hasError || liveError), sharedHintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[names.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': hasError ? true : undefined, 'aria-describedby': described })}
      {hint ? (
        <p id={`${id}-hint`} className={names.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} className={names.error} live={liveError} />
    </div>
  );
}

/** A field's error (`{id}-error`); with `live`, an empty announced place while there is none. */
export function FieldError({ id, error, className, live = false }: { id: string; error: ReactNode; className: string; live?: boolean }) {
  if (live) {
    return (
      <p id={`${id}-error`} className={className} aria-live="polite">
        {error}
      </p>
    );
  }
  return error ? (
    <p id={`${id}-error`} className={className}>
      {error}
    </p>
  ) : null;
}
