/**
 * The shopper's session: the token pair from login, kept in local storage under the SOY_ prefix
 * as the specification says (SOY_token, SOY_refreshToken, JSON values). Another tab's login or
 * logout reaches this one through storage events, which persistent atoms hear while something
 * subscribes to them (the page shell and the route guard do, on every page that has them).
 *
 * The session ends (docs/storefront.md "Page states") on logout, on a forced-logout code, on a
 * confirmed modal-logout dialog and when the token refresh is refused: all of them call
 * {@link resetSession}.
 */
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { getStored, isNonEmptyString, storageKey, storedCodec } from '../client/storage.ts';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

const TOKEN = 'token';
const REFRESH_TOKEN = 'refreshToken';

// Setting undefined removes the key, so a logout leaves nothing behind in storage.
export const $token = persistentAtom<string | undefined>(storageKey(TOKEN), undefined, { ...storedCodec(TOKEN, isNonEmptyString), listen: true });
export const $refreshToken = persistentAtom<string | undefined>(storageKey(REFRESH_TOKEN), undefined, {
  ...storedCodec(REFRESH_TOKEN, isNonEmptyString),
  listen: true,
});

/** The token pair while signed in, else null. */
export const $session = computed([$token, $refreshToken], (token, refreshToken): TokenPair | null =>
  token && refreshToken ? { token, refreshToken } : null,
);
export const $signedIn = computed($session, (session) => session !== null);

/**
 * The signed-in user's roles (docs/accounts-and-security.md "Roles"), once the user info is loaded;
 * null while unknown (signed out, or not loaded yet on this page). The route guard waits for them
 * on pages that require roles.
 */
export const $userRoles = atom<readonly string[] | null>(null);

export function setSession(pair: TokenPair): void {
  $token.set(pair.token);
  $refreshToken.set(pair.refreshToken);
}

/** Records the roles from the user info (accounts: after login and on pages that load it). */
export function setUserRoles(roles: readonly string[]): void {
  $userRoles.set([...roles]);
}

/** Logout, forced logout and failed refresh all end here (docs/storefront.md "Page states"). */
export function resetSession(): void {
  $token.set(undefined);
  $refreshToken.set(undefined);
  $userRoles.set(null);
}

/**
 * The access token as stored right now. Reads storage rather than `$token`, whose copy is only
 * kept current from other tabs while something subscribes to it.
 */
export function storedAccessToken(): string | null {
  return getStored(TOKEN, isNonEmptyString);
}

/** The refresh token as stored right now (see {@link storedAccessToken}). */
export function storedRefreshToken(): string | null {
  return getStored(REFRESH_TOKEN, isNonEmptyString);
}
