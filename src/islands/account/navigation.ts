/**
 * Where the account pages send the shopper: after signing in, the page the login's `redirect`
 * query names (a path on this site only), else the shop's root as docs/storefront.md "Page states"
 * has it.
 */
import { REDIRECT_PARAM, safeRedirectPath } from '../../domain/route-guard.ts';

/** The page to open after signing in, from the login page's query string. */
export function afterLoginPath(search: string, root: string): string {
  return safeRedirectPath(new URLSearchParams(search).get(REDIRECT_PARAM), root);
}
