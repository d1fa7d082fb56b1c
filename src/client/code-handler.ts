/**
 * The response codes of docs/api.md "Codes", as the HTTP layer's error hook:
 *
 * | kind (`classifyCode`) | handling |
 * |---|---|
 * | expired (9999, 9998, 3333) | one shared refresh (a second within 1 s reuses the first's result), then the call once more; a refused refresh resets the session |
 * | forced logout (8888, 8889) | reset the session, silently |
 * | modal logout (7777, 7778) | a modal dialog with the server's message; confirming it resets the session |
 * | anything else | an error toast (unless the call is silent) |
 *
 * In every case but a successful retry the caller still gets the ApiError, so its own state
 * (a spinner, a disabled button) ends. The session, toast and dialog come in as dependencies:
 * the HTTP layer knows no stores and no UI.
 */
import { classifyCode } from '../domain/api/envelope.ts';
import type { ApiError } from './errors.ts';
import type { ErrorContext, HttpHooks } from './http-hooks.ts';

/** docs/storefront.md "Constants": refreshes within this long of the last one share its result. */
export const REFRESH_SHARE_WINDOW_MS = 1000;

/**
 * What a refresh came to: a new pair is stored; the server refused (the session is over); or the
 * server could not be reached (nothing is known, so the session is kept and the call fails).
 */
export type RefreshResult = { outcome: 'refreshed' } | { outcome: 'rejected' } | { outcome: 'unreachable'; error: ApiError };

export interface CodeHandlerDeps {
  /** Refreshes the token pair; called through {@link createSharedRefresh}. */
  refreshSession(): Promise<RefreshResult>;
  /** The token stored now (another tab, or a refresh that just ended, may have changed it). */
  currentToken(): string | null;
  resetSession(): void;
  showModalLogout(message: string): void;
  showErrorToast(error: ApiError): void;
}

type OnError = NonNullable<HttpHooks['onError']>;

export function createCodeHandler(deps: CodeHandlerDeps): OnError {
  return async (error: ApiError, retry: () => Promise<unknown>, context: ErrorContext) => {
    switch (classifyCode(error.code)) {
      case 'expired': {
        // The refreshed token was refused too: the session cannot be saved.
        if (context.retried) {
          deps.resetSession();
          throw error;
        }
        // A newer token than the one this call carried is already stored: just use it.
        const current = deps.currentToken();
        const result: RefreshResult = current && current !== context.sentToken ? { outcome: 'refreshed' } : await deps.refreshSession();
        if (result.outcome === 'refreshed') return retry();
        if (result.outcome === 'unreachable') {
          if (!context.silent) deps.showErrorToast(result.error);
          throw result.error;
        }
        deps.resetSession();
        throw error;
      }
      case 'forced-logout':
        deps.resetSession();
        throw error;
      case 'modal-logout':
        deps.showModalLogout(error.msg);
        throw error;
      default:
        if (!context.silent) deps.showErrorToast(error);
        throw error;
    }
  };
}

/**
 * Makes every concurrent caller share one run of `refresh`, and callers within `windowMs` after
 * it ended reuse its result (docs/api.md "Codes": one refresh, shared within a 1-second window).
 * A `refresh` that throws counts as rejected.
 */
export function createSharedRefresh(
  refresh: () => Promise<RefreshResult>,
  options: { windowMs?: number; now?: () => number } = {},
): () => Promise<RefreshResult> {
  const windowMs = options.windowMs ?? REFRESH_SHARE_WINDOW_MS;
  const now = options.now ?? (() => Date.now());
  let running: Promise<RefreshResult> | null = null;
  let last: { endedAt: number; result: RefreshResult } | null = null;

  return () => {
    if (running) return running;
    if (last && now() - last.endedAt < windowMs) return Promise.resolve(last.result);
    running = refresh()
      .catch((): RefreshResult => ({ outcome: 'rejected' }))
      .then((result) => {
        last = { endedAt: now(), result };
        running = null;
        return result;
      });
    return running;
  };
}
