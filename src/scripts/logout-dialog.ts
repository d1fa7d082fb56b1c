/**
 * Draws the modal logout notice (stores/logout-dialog.ts) in the AppShell's `<dialog>`:
 * `showModal()` makes the rest of the page inert and moves focus to the confirm button; Esc is
 * refused (both the `cancel` event and the key itself, since a browser may stop honouring a
 * cancelled `cancel` on repeated presses) and a backdrop click does nothing on a native dialog.
 * Confirming, or the dialog closing any other way, resets the session; focus then returns to
 * where it was.
 */
import { $logoutNotices, confirmLogoutNotice, type LogoutNotice } from '../stores/logout-dialog.ts';
import { appText } from './app-strings.ts';

export function mountLogoutDialog(dialog: HTMLDialogElement): void {
  const message = dialog.querySelector<HTMLElement>('[data-logout-message]');
  const confirm = dialog.querySelector<HTMLButtonElement>('[data-logout-confirm]');
  if (!message || !confirm) return;
  let current: LogoutNotice | null = null;
  let returnFocus: Element | null = null;

  dialog.addEventListener('cancel', (event) => event.preventDefault());
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') event.preventDefault();
  });
  const settle = () => {
    const notice = current;
    current = null;
    if (notice) confirmLogoutNotice(notice.id);
  };
  // The session ends in the click itself: the browser fires `close` a task after the dialog
  // has gone, and nothing may find the dialog gone and the tokens still stored. Confirming
  // closes the dialog through the subscription below, or shows the next notice in it.
  confirm.addEventListener('click', () => {
    settle();
    if (current === null && dialog.open) dialog.close();
  });
  dialog.addEventListener('close', () => {
    // A late `close`, of a dialog a newer notice has opened again, must not confirm that one.
    if (dialog.open) return;
    settle();
    // A further notice may have opened the dialog again; focus returns only once all are done.
    if (!dialog.open) {
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
      returnFocus = null;
    }
  });

  $logoutNotices.subscribe((notices) => {
    const first = notices[0] ?? null;
    if (!first) {
      current = null;
      if (dialog.open) dialog.close();
      return;
    }
    if (first.id === current?.id) return;
    current = first;
    message.textContent = first.message || appText('logout.fallback');
    if (!dialog.open) {
      returnFocus ??= document.activeElement;
      dialog.showModal();
      confirm.focus();
    }
  });
}
