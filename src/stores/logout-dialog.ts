/**
 * The modal logout of docs/api.md "Codes" (codes 7777, 7778): a dialog shows the server's message
 * with a confirm button; it cannot be dismissed by a backdrop click or Esc, and confirming (or the
 * dialog closing any other way) resets the session. A message already on screen is not shown a
 * second time, so ten failing calls give one dialog. Drawn by islands/logout-dialog.ts.
 */
import { atom } from 'nanostores';
import { resetSession } from './session.ts';

export interface LogoutNotice {
  id: number;
  /** The server's message; empty means "use our own wording". */
  message: string;
}

/** Notices waiting, the first on screen. */
export const $logoutNotices = atom<readonly LogoutNotice[]>([]);

let nextId = 1;

/** Queues a notice unless the same message is already waiting or shown. Returns whether it was added. */
export function showLogoutNotice(message: string): boolean {
  const current = $logoutNotices.get();
  if (current.some((notice) => notice.message === message)) return false;
  $logoutNotices.set([...current, { id: nextId++, message }]);
  return true;
}

/** The shopper confirmed (or closed) the notice: the session ends. */
export function confirmLogoutNotice(id: number): void {
  const current = $logoutNotices.get();
  if (!current.some((notice) => notice.id === id)) return;
  $logoutNotices.set(current.filter((notice) => notice.id !== id));
  resetSession();
}
