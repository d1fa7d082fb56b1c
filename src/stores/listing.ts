/**
 * A product listing shown one numbered page at a time (category pages, search results): the
 * records of the page on screen, the total, and whether a page is loading or failed. Loading a
 * page cancels the one still on its way, so a shopper clicking quickly through pages, or going
 * Back, always ends on the page they last asked for.
 */
import { map, type MapStore } from 'nanostores';
import { isApiError } from '../client/http.ts';
import { queryProductByTags, searchProducts } from '../client/catalogue.ts';
import type { Page } from '../domain/api/envelope.ts';
import type { ProductCard, ProductSort } from '../domain/catalogue.schema.ts';

import { unreachable } from './failures.ts';

export { mediaUrl } from '../client/http.ts';

export type ListingStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ListingState<Q> {
  /** What the records answer (a search text, a sort order); null before the first load. */
  query: Q | null;
  page: number;
  size: number;
  records: ProductCard[];
  total: number;
  status: ListingStatus;
  /** The failed load never reached the shop (the search page shows the network-error state). */
  offline?: boolean;
}

/** Fetches one page of a listing. */
export type ListingFetcher<Q> = (query: Q, page: number, size: number, signal: AbortSignal) => Promise<Page<ProductCard>>;

export interface Listing<Q> {
  $state: MapStore<ListingState<Q>>;
  /** Loads `page` of `query`; resolves once it is shown (or superseded, or failed). */
  load(query: Q, page: number): Promise<void>;
  /** Back to no results, cancelling any load. */
  reset(): void;
  cancel(): void;
}

export function createListing<Q>(fetchPage: ListingFetcher<Q>, options: { size: number; initial?: { query: Q; page: Page<ProductCard> } }): Listing<Q> {
  const { size, initial } = options;
  const $state = map<ListingState<Q>>(
    initial
      ? { query: initial.query, page: initial.page.current, size, records: initial.page.records, total: initial.page.total, status: 'ready' }
      : { query: null, page: 1, size, records: [], total: 0, status: 'idle' },
  );
  let inFlight: AbortController | null = null;

  function cancel() {
    inFlight?.abort();
    inFlight = null;
  }

  async function load(query: Q, page: number) {
    cancel();
    const controller = new AbortController();
    inFlight = controller;
    $state.set({ ...$state.get(), query, page, status: 'loading' });
    try {
      const result = await fetchPage(query, page, size, controller.signal);
      if (controller.signal.aborted) return;
      $state.set({ query, page, size, records: result.records, total: result.total, status: 'ready' });
    } catch (error) {
      if (controller.signal.aborted) return;
      // A failed listing shows no results (docs/storefront.md). The request id is what support needs.
      console.warn('Loading products failed', isApiError(error) ? `${error.code} ${error.msg} (request ${error.requestId})` : error);
      $state.set({ query, page, size, records: [], total: 0, status: 'error', offline: unreachable(error) });
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  function reset() {
    cancel();
    $state.set({ query: null, page: 1, size, records: [], total: 0, status: 'idle' });
  }

  return { $state, load, reset, cancel };
}

/** Pages of the products under a navigation tag (and the tags below it), in a chosen order. */
export function categoryFetcher(tag: string): ListingFetcher<ProductSort> {
  return (sort, current, size, signal) => queryProductByTags({ tags: [tag], current, size, sort }, { signal });
}

/** Pages of search results for a query. */
export const searchFetcher: ListingFetcher<string> = (title, current, size, signal) => searchProducts({ title, current, size }, { signal });
