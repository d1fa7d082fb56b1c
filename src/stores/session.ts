/**
 * The shopper's session: the token pair from login, kept in local storage under the SOY_ prefix
 * as the specification says (SOY_token, SOY_refreshToken, JSON values). Another tab's login or
 * logout reaches this one through storage events (persistent atoms listen to them).
 */
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** A stored value that is not a JSON string reads as absent. */
function decodeToken(stored: string): string | undefined {
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    return undefined;
  }
}

// Setting undefined removes the key, so a logout leaves nothing behind in storage.
const tokenOptions = { encode: (value: string | undefined) => JSON.stringify(value), decode: decodeToken, listen: true };
export const $token = persistentAtom<string | undefined>('SOY_token', undefined, tokenOptions);
export const $refreshToken = persistentAtom<string | undefined>('SOY_refreshToken', undefined, tokenOptions);

/** The token pair while signed in, else null. */
export const $session = computed([$token, $refreshToken], (token, refreshToken): TokenPair | null =>
  token && refreshToken ? { token, refreshToken } : null,
);
export const $signedIn = computed($session, (session) => session !== null);

export function setSession(pair: TokenPair): void {
  $token.set(pair.token);
  $refreshToken.set(pair.refreshToken);
}

/** Logout, forced logout and failed refresh all end here (spec section 4). */
export function resetSession(): void {
  $token.set(undefined);
  $refreshToken.set(undefined);
}
