/**
 * The page shell's behaviour, on every page (AppShell.astro): the HTTP layer's code handling
 * (token refresh, logouts, error toasts), the toasts, the modal logout dialog, the progress bar
 * and the build update check. Vanilla TypeScript and nanostores only, so that content pages
 * with no React can show a toast too.
 */
import { installHttpHandling } from '../stores/http-install.ts';
import { $logoutNotices } from '../stores/logout-dialog.ts';
import { $session } from '../stores/session.ts';
import { $toasts, showToastsFromLastPage } from '../stores/toasts.ts';
import { appShellRoot } from './app-strings.ts';
import { mountProgressBar } from './progress-bar.ts';
import { startUpdateCheck } from './update-check.ts';

installHttpHandling();

// Subscribing keeps the session's persistent atoms listening to storage events, so a logout or
// login in another tab reaches this one (and everything here that follows the session).
$session.subscribe(() => {});

/**
 * Loads a renderer the first time its store has something to show: most pages never show a
 * toast or a logout dialog, so they never download the code that draws them.
 */
function drawWhenNeeded(store: { subscribe(listener: (value: readonly unknown[]) => void): () => void }, load: () => Promise<void>): void {
  let loading = false;
  store.subscribe((items) => {
    if (loading || items.length === 0) return;
    loading = true;
    void load();
  });
}

if (appShellRoot) {
  const polite = appShellRoot.querySelector<HTMLElement>('[data-toasts="polite"]');
  const assertive = appShellRoot.querySelector<HTMLElement>('[data-toasts="assertive"]');
  if (polite && assertive) drawWhenNeeded($toasts, async () => (await import('./toaster.ts')).mountToaster(polite, assertive));
  showToastsFromLastPage();
  const dialog = appShellRoot.querySelector<HTMLDialogElement>('dialog[data-logout-dialog]');
  if (dialog) drawWhenNeeded($logoutNotices, async () => (await import('./logout-dialog.ts')).mountLogoutDialog(dialog));
  const bar = appShellRoot.querySelector<HTMLElement>('[data-progress]');
  if (bar) mountProgressBar(bar);
}
startUpdateCheck();
