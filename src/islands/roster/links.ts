/** Where the team roster editor is opened from a link (docs/storefront.md "Team orders"). */
import type { Locale } from '../../domain/locale.ts';
import { localePath } from '../../i18n/paths.ts';

/** The product page's parameter naming a saved roster to open in the editor (the account's "My team rosters" links with it). */
export const ROSTER_PARAM = 'roster';

/** The product page with the shopper's saved roster `rosterId` opened in its editor: `/{locale}/product/<product id>/?roster=<id>`. */
export function savedRosterHref(locale: Locale, productId: number, rosterId: number): string {
  return localePath(locale, `/product/${productId}/?${ROSTER_PARAM}=${rosterId}`);
}
