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

/** A form's class names for the field, its hint and its error (each form's stylesheet has them). */
export interface FieldLook {
  field: string;
  hint: string;
  error: string;
}

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

export function Field({ id, label, look, hint, error, sharedHintId, liveError, className, children }: FieldProps) {
  const described = [hint && `${id}-hint`, (error || liveError) && `${id}-error`, sharedHintId].filter(Boolean).join(' ');
  return (
    <div className={className ? `${look.field} ${className}` : look.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className={look.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} className={look.error} live={liveError} />
    </div>
  );
}

/** A field's error (`{id}-error`); with `live`, an empty announced place while there is none. */
export function FieldError({ id, error, className, live }: { id: string; error: ReactNode; className: string; live?: boolean | undefined }) {
  return live || error ? (
    <p id={`${id}-error`} className={className} aria-live={live ? 'polite' : undefined}>
      {error}
    </p>
  ) : null;
}
