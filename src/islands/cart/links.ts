/** Where the cart's links go, under the locale and the site's base path. */
import type { Locale } from '../../domain/locale.ts';
import { localePath } from '../../i18n/paths.ts';

export function cartHref(locale: Locale): string {
  return localePath(locale, '/cart/');
}

export function homeHref(locale: Locale): string {
  return localePath(locale, '/');
}

export function productHref(locale: Locale, productId: number): string {
  return localePath(locale, `/product/${productId}/`);
}

/** The product page with a team roster of the cart reopened in its editor (`?team=<group id>`, docs/storefront.md "Team orders"). */
export function teamHref(locale: Locale, productId: number, groupId: string): string {
  return localePath(locale, `/product/${productId}/?${TEAM_PARAM}=${encodeURIComponent(groupId)}`);
}

/** The product page's parameter naming a cart roster to reopen. */
export const TEAM_PARAM = 'team';

/** The product page with the shopper's saved roster `rosterId` opened in its editor (`?roster=<id>`): the account's "My team rosters" links here. */
export function savedRosterHref(locale: Locale, productId: number, rosterId: number): string {
  return localePath(locale, `/product/${productId}/?${ROSTER_PARAM}=${rosterId}`);
}

/** The product page's parameter naming a saved roster to open in the team roster editor. */
export const ROSTER_PARAM = 'roster';

/**
 * docs/storefront.md "Routes": the cart checkout is `checkouts/cart` with `from=cart` and `items`,
 * a JSON list of the cart item ids (URL-encoded), e.g.
 * `/en-US/checkouts/cart/?from=cart&items=%5B3%2C1%5D`.
 */
export function checkoutHref(locale: Locale, lineIds: readonly number[]): string {
  return localePath(locale, `/checkouts/cart?from=cart&items=${encodeURIComponent(JSON.stringify(lineIds))}`);
}
