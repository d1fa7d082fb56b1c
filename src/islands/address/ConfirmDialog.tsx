/**
 * A yes/no question in a modal `<dialog>` (the address book's "Are you sure remove this
 * address?"): `showModal()` makes the page behind inert, focus starts on "No" (the answer that
 * changes nothing), Esc and a click beside the box answer "No". The browser gives focus back to
 * where it was when the dialog closes; a caller whose trigger is gone afterwards moves it on.
 */
import { useEffect, useId, useRef, type MouseEvent } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  yes: string;
  no: string;
  onAnswer(yes: boolean): void;
}

export function ConfirmDialog({ open, title, message, yes, no, onAnswer }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const noButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      noButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the dialog element itself (not its content) is on the dimmed page around it.
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onAnswer(false);
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog ab-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
      onClick={onBackdrop}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-message`}>{message}</p>
      <div className="confirm-dialog-actions">
        <button ref={noButton} type="button" className="af-button af-button-ghost" onClick={() => onAnswer(false)}>
          {no}
        </button>
        <button type="button" className="af-button af-button-danger" onClick={() => onAnswer(true)}>
          {yes}
        </button>
      </div>
    </dialog>
  );
}
