/**
 * Draws a listing's state (stores/listing.ts) into the page's static skeleton (listing-view.ts):
 * the grid, the "Showing 1-24 of 113" line, the pager, the empty state and the error. Shared by
 * the category and search scripts. The root's `data-state` mirrors the status, which styles use (a
 * dimmed grid while loading) and end-to-end tests wait on.
 */
import type { ListingState } from '../../stores/listing.ts';
import { $currency } from '../../stores/currency.ts';
import { $rates } from '../../stores/shop-config.ts';
import { interpolate } from '../../i18n/core.ts';
import { shownRange } from './listing-url.ts';
import { pageLocale, type ListingMessages, type ListingView } from './listing-view.ts';
import { renderPager } from './pager.ts';
import { renderCards } from './product-cards.ts';
import { showLoadFailure } from '../load-failure.ts';

export interface RenderOptions<Q> {
  messages: ListingMessages;
  /** See CardContext.mediaUrl. */
  mediaUrl(path: string): string;
  href(page: number): string;
  /** The count line for a finished load; defaults to "Showing x-y of n". */
  countText?(state: ListingState<Q>): string;
}

export function renderListing<Q>(view: ListingView, state: ListingState<Q>, options: RenderOptions<Q>): void {
  const { root, grid, count, pager, empty, error } = view;
  root.dataset['state'] = state.status;
  root.setAttribute('aria-busy', String(state.status === 'loading'));
  if (state.status === 'loading') {
    count.textContent = options.messages.loading;
    return;
  }
  const ctx = { locale: pageLocale(), currency: $currency.get(), rates: $rates.get(), mediaUrl: options.mediaUrl };
  renderCards(grid, view.template, state.records, ctx);
  grid.hidden = state.records.length === 0;
  // Unreachable: the network-error picture and words beside the Retry; other failures their own line.
  if (error && state.status === 'error') showLoadFailure(error, state.offline ?? false);
  else if (error) error.hidden = true;
  if (empty) empty.hidden = !(state.status === 'ready' && state.total === 0);
  const { from, to } = shownRange(state.page, state.size, state.total);
  count.textContent = options.countText ? options.countText(state) : state.records.length > 0 ? interpolate(options.messages.showing, { from, to, total: state.total }) : '';
  renderPager(pager, { page: state.page, total: state.status === 'ready' ? state.total : 0, size: state.size, href: options.href }, options.messages.pager);
}
