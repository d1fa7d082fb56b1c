/**
 * The words a listing's script draws with (scripts/browse/listing-view.ts reads them from the
 * page's `data-messages`): the count line and the pager, the same on category and search pages;
 * only the loading line differs.
 */
import type { TFunction } from '../../i18n/index.ts';
import type { ListingMessages } from '../../scripts/browse/listing-view.ts';

export function listingMessages(t: TFunction, loading: string): ListingMessages {
  return {
    showing: t('browse.listing.showing'),
    loading,
    pager: { nav: t('browse.listing.pages'), previous: t('browse.listing.previous'), next: t('browse.listing.next'), page: t('browse.listing.page') },
  };
}
