/** Where the team roster editor is opened from a link (docs/storefront.md "Team orders"). */
import type { Locale } from '../../domain/locale.ts';
import { localePath } from '../../i18n/paths.ts';
import { TEAM_PARAM } from '../cart/links.ts';

/** The product page's parameter naming a saved roster to open in the editor (the account's "My team rosters" links with it). */
export const ROSTER_PARAM = 'roster';

/** The product page with the shopper's saved roster `rosterId` opened in its editor: `/{locale}/product/<product id>/?roster=<id>`. */
export function savedRosterHref(locale: Locale, productId: number, rosterId: number): string {
  return localePath(locale, `/product/${productId}/?${ROSTER_PARAM}=${rosterId}`);
}

/**
 * Whether the product page's address (its `search`) opens the editor: the configurator's check,
 * which ships with every product page, so the editor's chunk reads which roster (rosterToOpen).
 */
export function opensRoster(search: string): boolean {
  return new RegExp(`[?&](${TEAM_PARAM}|${ROSTER_PARAM})=`).test(search);
}

/** What the product page's address (its `search`) asks the editor to open: a roster of the cart (`?team=`), a saved roster (`?roster=`), or nothing. */
export function rosterToOpen(search: string): { groupId: string; savedId: null } | { groupId: null; savedId: number } | null {
  const params = new URLSearchParams(search);
  const groupId = params.get(TEAM_PARAM);
  const savedId = Number(params.get(ROSTER_PARAM));
  if (groupId) return { groupId, savedId: null };
  return Number.isSafeInteger(savedId) && savedId > 0 ? { groupId: null, savedId } : null;
}
