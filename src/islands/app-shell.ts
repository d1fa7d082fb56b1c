/**
 * The page shell's behaviour, on every page (AppShell.astro): the HTTP layer's code handling
 * (token refresh, logouts, error toasts), the toasts, the modal logout dialog, the progress bar
 * and the build update check. Vanilla TypeScript and nanostores only, so that content pages
 * with no React can show a toast too.
 */
import { installHttpHandling } from '../stores/http-handling.ts';
import { $session } from '../stores/session.ts';
import { appShellRoot } from './app-strings.ts';
import { mountLogoutDialog } from './logout-dialog.ts';
import { mountProgressBar } from './progress-bar.ts';
import { mountToaster } from './toaster.ts';
import { startUpdateCheck } from './update-check.ts';

installHttpHandling();

// Subscribing keeps the session's persistent atoms listening to storage events, so a logout or
// login in another tab reaches this one (and everything here that follows the session).
$session.subscribe(() => {});

if (appShellRoot) {
  const polite = appShellRoot.querySelector<HTMLElement>('[data-toasts="polite"]');
  const assertive = appShellRoot.querySelector<HTMLElement>('[data-toasts="assertive"]');
  if (polite && assertive) mountToaster(polite, assertive);
  const dialog = appShellRoot.querySelector<HTMLDialogElement>('dialog[data-logout-dialog]');
  if (dialog) mountLogoutDialog(dialog);
  const bar = appShellRoot.querySelector<HTMLElement>('[data-progress]');
  if (bar) mountProgressBar(bar);
}
startUpdateCheck();
