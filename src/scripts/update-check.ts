/**
 * Starts the build update check (stores/build-update.ts) on a page that carries its build time,
 * comparing it with the served copy of this same page: after a catalogue change only the pages
 * that show it are rebuilt (docs/site-builds.md), so the index's build time says nothing about
 * this page, and a page left as it was must not offer a refresh that changes nothing. Shows its notification as a toast that stays until closed: "Refresh immediately" reloads,
 * "Later" (or the close button) dismisses it until the next check.
 */
import { BUILD_TIME_META_NAME, createUpdateChecker, servedBuildTime } from '../stores/build-update.ts';
import { showToast } from '../stores/toasts.ts';

export function startUpdateCheck(): void {
  const own = document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_TIME_META_NAME}"]`)?.content;
  if (!own) return;
  const checker = createUpdateChecker({
    pageBuildTime: own,
    fetchServedBuildTime: () => servedBuildTime(location.pathname),
    isVisible: () => document.visibilityState === 'visible',
    notify: (closed) =>
      void showToast({
        kind: 'info',
        textKey: 'update.message',
        durationMs: null,
        actions: [{ labelKey: 'update.refresh', run: () => location.reload() }, { labelKey: 'update.later' }],
        onClose: closed,
      }),
  });
  document.addEventListener('visibilitychange', () => checker.visibilityChanged());
  checker.start();
}
