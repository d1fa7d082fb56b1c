/**
 * What the HTTP layer lets the rest of the page plug in, without importing the HTTP client:
 * the session's token and code handling (installed by `stores/http-install.ts`), and a count of
 * calls in flight (the progress bar follows it). No imports, so the page shell stays small on
 * pages that never call the API.
 */
import type { ApiError } from './errors.ts';

/** What the error hook knows about the failed call. */
export interface ErrorContext {
  /** This failure is the answer to the one retry after a token refresh: do not refresh again. */
  retried: boolean;
  /** The caller asked for no error toast (a background call). Session codes are still handled. */
  silent: boolean;
  /** The bearer token the failed request carried (null when it went out anonymous). */
  sentToken: string | null;
}

export interface HttpHooks {
  /** The bearer token for the main service, or null when signed out. Read once per request. */
  accessToken?: () => string | null | undefined;
  /**
   * Sees every failure (except cancellations) before the caller does. It may call `retry` once
   * (after refreshing an expired token), reset the session or show a toast; it returns the
   * retried result or throws. The retry's own failure comes back here with `retried: true`, and
   * its `retry` then only rethrows, so a failing refresh cannot loop.
   */
  onError?: (error: ApiError, retry: () => Promise<unknown>, context: ErrorContext) => Promise<unknown>;
}

let hooks: HttpHooks = {};

export function setHttpHooks(next: HttpHooks): void {
  hooks = next;
}

export function getHttpHooks(): HttpHooks {
  return hooks;
}

type PendingListener = (pending: number) => void;
let pending = 0;
const pendingListeners = new Set<PendingListener>();

/** Calls in flight that the shopper waits for (background calls are not counted). */
export function pendingRequests(): number {
  return pending;
}

/** Calls `listener` with the new count whenever it changes; returns the unsubscribe function. */
export function onPendingChange(listener: PendingListener): () => void {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
}

/** Counts one call in flight; the returned function (idempotent) ends it. */
export function trackRequest(): () => void {
  setPending(pending + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    setPending(pending - 1);
  };
}

function setPending(next: number): void {
  pending = next;
  for (const listener of pendingListeners) listener(pending);
}
