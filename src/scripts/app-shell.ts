/**
 * The page shell's behaviour, on every page (AppShell.astro): the HTTP layer's code handling
 * (token refresh, logouts, error toasts), the toasts, the modal logout dialog, the progress bar
 * and the build update check. Vanilla TypeScript and nanostores only, so that content pages
 * with no React can show a toast too.
 */
import { installHttpHandling } from '../stores/http-install.ts';
import { $logoutNotices } from '../stores/logout-dialog.ts';
import { $session } from '../stores/session.ts';
import { $toasts, showToast, takeToastsFromLastPage } from '../stores/toasts.ts';
import { appShellRoot } from './app-strings.ts';
import { mountProgressBar } from './progress-bar.ts';
import { startUpdateCheck } from './update-check.ts';
import { whenIdle } from './when-idle.ts';

installHttpHandling();

// Subscribing keeps the session's persistent atoms listening to storage events, so a logout or
// login in another tab reaches this one (and everything here that follows the session).
whenIdle(() => $session.subscribe(() => {}));

/**
 * Loads a renderer the first time its store has something to show: most pages never show a
 * toast or a logout dialog, so they never download the code that draws them. Returns a function
 * that loads it now (once), for a caller that must wait until it is drawn.
 */
function drawWhenNeeded(store: { subscribe(listener: (value: readonly unknown[]) => void): () => void }, load: () => Promise<void>): () => Promise<void> {
  let loaded: Promise<void> | null = null;
  const ensure = () => (loaded ??= load());
  store.subscribe((items) => {
    if (items.length > 0) void ensure();
  });
  return ensure;
}

if (appShellRoot) {
  const polite = appShellRoot.querySelector<HTMLElement>('[data-toasts="polite"]');
  const assertive = appShellRoot.querySelector<HTMLElement>('[data-toasts="assertive"]');
  if (polite && assertive) {
    const drawToasts = drawWhenNeeded($toasts, async () => (await import('./toaster.ts')).mountToaster(polite, assertive));
    // A notice the last page left ("Login succeeded") starts its time once it can be seen.
    const carried = takeToastsFromLastPage();
    if (carried.length > 0) void drawToasts().then(() => carried.forEach((toast) => showToast(toast)));
  }
  const dialog = appShellRoot.querySelector<HTMLDialogElement>('dialog[data-logout-dialog]');
  if (dialog) drawWhenNeeded($logoutNotices, async () => (await import('./logout-dialog.ts')).mountLogoutDialog(dialog));
  const bar = appShellRoot.querySelector<HTMLElement>('[data-progress]');
  // The bar starts on a click that leaves the page: the first one wires it in time (when-idle.ts).
  if (bar) whenIdle(() => mountProgressBar(bar));
}
whenIdle(startUpdateCheck);
