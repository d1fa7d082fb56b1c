/** The token refresh, apart from the other account calls (`account.ts`) so the page shell loads only this. */
import { accountsApi } from '../domain/api/accounts.ts';
import { call, type RequestOptions } from './http.ts';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/**
 * `{refreshToken}` → a new pair that replaces the stored one. Sent bare
 * (no bearer, no code handling): an expired answer here means the session is over, not that
 * another refresh should run.
 */
export async function refreshTokenPair(refreshToken: string, options: Pick<RequestOptions, 'signal' | 'locale'> = {}): Promise<TokenPair> {
  // Checked, not trusted: a pair missing here would sign the page out later and more confusingly.
  const pair: Partial<TokenPair> | null = await call(accountsApi.refreshToken, { refreshToken }, { ...options, bare: true, silent: true });
  if (!pair || typeof pair.token !== 'string' || !pair.token || typeof pair.refreshToken !== 'string' || !pair.refreshToken) {
    throw new TypeError('The token refresh answered without a token pair');
  }
  return { token: pair.token, refreshToken: pair.refreshToken };
}
