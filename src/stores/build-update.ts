/**
 * The build update check (docs/storefront.md "Page states"): every {@link UPDATE_CHECK_INTERVAL_MS}
 * while the page is visible, the build time of the served copy of this page is compared with this
 * page's own; when they differ the shopper is offered a reload (Refresh immediately / Later).
 * Hidden pages do not check; a page that becomes visible checks at once if a check fell due while
 * it was hidden. After the notification is closed, the next check may show it again.
 */
import { fetchServedBuildTime } from '../client/build-info.ts';

/** docs/storefront.md "Constants". */
export const UPDATE_CHECK_INTERVAL_MS = 180_000;

export interface UpdateCheckerOptions {
  /** This page's build time (its `<meta name="build-time">`). */
  pageBuildTime: string;
  /** The served index page's build time; null when it cannot be told. */
  fetchServedBuildTime: () => Promise<string | null>;
  isVisible: () => boolean;
  /** Shows the notification; `closed` must be called when it goes away. */
  notify: (closed: () => void) => void;
  intervalMs?: number;
  now?: () => number;
}

export interface UpdateChecker {
  /** Starts the schedule (the first check one interval after start). */
  start(): void;
  /** To be called on every `visibilitychange`. */
  visibilityChanged(): void;
  stop(): void;
}

export function createUpdateChecker(options: UpdateCheckerOptions): UpdateChecker {
  const intervalMs = options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS;
  const now = options.now ?? (() => Date.now());
  let lastCheck = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  let notified = false;
  let stopped = true;

  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || checking || !options.isVisible()) return;
    timer = setTimeout(check, Math.max(0, lastCheck + intervalMs - now()));
  }

  async function check(): Promise<void> {
    timer = undefined;
    checking = true;
    lastCheck = now();
    try {
      const served = await options.fetchServedBuildTime();
      if (!stopped && !notified && served !== null && served !== options.pageBuildTime) {
        notified = true;
        options.notify(() => {
          notified = false;
        });
      }
    } catch {
      // A failed check is not news: the next one will tell.
    } finally {
      checking = false;
      schedule();
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      lastCheck = now();
      schedule();
    },
    visibilityChanged: schedule,
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The meta name, so the page shell can read this page's own build time. */
export { BUILD_TIME_META_NAME, parseBuildTime } from '../client/build-info.ts';

/** The build time of the page at `pageUrl` as served now (with `?t=<now>` against caches). */
export function servedBuildTime(pageUrl: string): Promise<string | null> {
  return fetchServedBuildTime(pageUrl, Date.now());
}
