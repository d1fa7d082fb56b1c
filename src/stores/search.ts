/**
 * The search page's state (docs/storefront.md "Page states", "Constants"): query, results, page
 * (size 20), total and history. A blank or whitespace-only search does nothing but clear the
 * results; a failed search shows no results; every search that runs goes to the front of the
 * history.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { createListing, searchFetcher } from './listing.ts';
import { SEARCH_PAGE_SIZE } from '../domain/catalogue.model.ts';
import { addToHistory, decodeHistory, encodeHistory, normaliseQuery, removeFromHistory, SEARCH_HISTORY_KEY } from './search-history.ts';

export const $searchHistory = persistentAtom<string[]>(SEARCH_HISTORY_KEY, [], {
  encode: encodeHistory,
  decode: decodeHistory,
});

const listing = createListing<string>(searchFetcher, { size: SEARCH_PAGE_SIZE });

/** query (null when cleared), page, size, records, total, status. */
export const $search = listing.$state;

/** True while a search is on its way: the form's submit stays disabled. */
export const $searching = computed($search, (state) => state.status === 'loading');

/**
 * Runs a search for `raw` (normalised first) and shows page `page` of its results. Blank input
 * clears the results and returns false without calling the server.
 */
export async function search(raw: string, page = 1): Promise<boolean> {
  const query = normaliseQuery(raw);
  if (!query) {
    clearSearch();
    return false;
  }
  $searchHistory.set(addToHistory($searchHistory.get(), query));
  await listing.load(query, page);
  return true;
}

export function clearSearch(): void {
  listing.reset();
}

export function forgetSearch(query: string): void {
  $searchHistory.set(removeFromHistory($searchHistory.get(), query));
}

export function clearSearchHistory(): void {
  $searchHistory.set([]);
}
