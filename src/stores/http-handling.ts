/**
 * Connects the HTTP layer's code handling (client/code-handler.ts) to this page's session,
 * toasts and logout dialog. Loaded on the first failed call by the hook that
 * `http-install.ts` installs on every page, so pages whose calls succeed never download it.
 */
import { createCodeHandler, createSharedRefresh, type RefreshResult } from '../client/code-handler.ts';
import { CLIENT_CODES, isApiError, isClientCode, isUnreachable, type ApiError } from '../client/errors.ts';
import type { HttpHooks } from '../client/http-hooks.ts';
import { showLogoutNotice } from './logout-dialog.ts';
import { resetSession, setSession, storedAccessToken, storedRefreshToken } from './session.ts';
import { toastError } from './toasts.ts';

/** Held while a tab refreshes, so two tabs never spend the same (rotating) refresh token. */
const REFRESH_LOCK = 'SOY_tokenRefresh';

async function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, run) : run();
}

/**
 * One token refresh, unshared: `refreshTokenPair` (client/auth.ts) with the stored refresh token; the new
 * pair replaces the stored one. If another tab rotated the pair (or signed out) while this one
 * waited for the lock, its result is used instead of spending a refresh token twice.
 */
export async function refreshSessionOnce(): Promise<RefreshResult> {
  const startedWith = storedRefreshToken();
  if (!startedWith) return { outcome: 'rejected' };
  return withRefreshLock(async (): Promise<RefreshResult> => {
    const refreshToken = storedRefreshToken();
    if (!refreshToken) return { outcome: 'rejected' };
    if (refreshToken !== startedWith) return { outcome: 'refreshed' };
    // Loaded on first use: most pages never refresh, so the shell does not carry the HTTP client.
    const { refreshTokenPair } = await import('../client/auth.ts');
    try {
      setSession(await refreshTokenPair(refreshToken));
      return { outcome: 'refreshed' };
    } catch (error) {
      if (isApiError(error) && isUnreachable(error)) return { outcome: 'unreachable', error };
      return { outcome: 'rejected' };
    }
  });
}

/** What an error toast says: the server's message, or our own words for failures the browser saw. */
export function errorToastMessage(error: ApiError): { text: string } | { textKey: string } {
  if (isClientCode(error.code)) return { textKey: `errors.${error.code === CLIENT_CODES.TIMEOUT || error.code === CLIENT_CODES.NETWORK ? error.code : 'generic'}` };
  return error.msg ? { text: error.msg } : { textKey: 'errors.generic' };
}

/** The hooks, with a fresh shared refresh (one per page; tests make one per case). */
export function createHttpHooks(): HttpHooks {
  return {
    accessToken: storedAccessToken,
    onError: createCodeHandler({
      refreshSession: createSharedRefresh(refreshSessionOnce),
      currentToken: storedAccessToken,
      resetSession,
      showModalLogout: (message) => void showLogoutNotice(message),
      showErrorToast: (error) => void toastError(errorToastMessage(error)),
    }),
  };
}

