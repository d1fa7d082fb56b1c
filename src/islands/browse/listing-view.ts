/**
 * Draws a listing's state (stores/listing.ts) into the page's static skeleton: the grid, the
 * "Showing 1-24 of 113" line, the pager, the empty state and the error. Shared by the category
 * and search scripts. The root's `data-state` mirrors the status, which styles use (a dimmed grid
 * while loading) and end-to-end tests wait on.
 */
import type { ListingState } from '../../stores/listing.ts';
import { $currency } from '../../stores/currency.ts';
import type { Locale } from '../../domain/locale.ts';
import { isLocale } from '../../domain/locale.ts';
import { shownRange } from './listing-url.ts';
import { renderPager, type PagerLabels } from './pager.ts';
import { interpolate } from '../../i18n/core.ts';
import { renderCards } from './product-cards.ts';

export interface ListingMessages {
  showing: string;
  loading: string;
  pager: PagerLabels;
}

export interface ListingView {
  root: HTMLElement;
  grid: HTMLElement;
  template: HTMLTemplateElement;
  count: HTMLElement;
  pager: HTMLElement;
  empty: HTMLElement | null;
  error: HTMLElement | null;
}

/** The skeleton's parts under `root`, or null when the page lacks one (then nothing is wired). */
export function findView(root: HTMLElement): ListingView | null {
  const grid = root.querySelector<HTMLElement>('[data-product-grid]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-card-template]');
  const count = root.querySelector<HTMLElement>('[data-listing-count]');
  const pager = root.querySelector<HTMLElement>('[data-pager]');
  if (!grid || !template || !count || !pager) return null;
  return { root, grid, template, count, pager, empty: root.querySelector('[data-listing-empty]'), error: root.querySelector('[data-listing-error]') };
}

export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : 'en-US';
}

/** Reads the JSON a page put in `data-messages`. */
export function readMessages<T>(root: HTMLElement): T {
  return JSON.parse(root.dataset['messages'] ?? '{}') as T;
}

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
  const ctx = { locale: pageLocale(), currency: $currency.get(), mediaUrl: options.mediaUrl };
  renderCards(grid, view.template, state.records, ctx);
  grid.hidden = state.records.length === 0;
  if (error) error.hidden = state.status !== 'error';
  if (empty) empty.hidden = !(state.status === 'ready' && state.total === 0);
  const { from, to } = shownRange(state.page, state.size, state.total);
  count.textContent = options.countText ? options.countText(state) : state.records.length > 0 ? interpolate(options.messages.showing, { from, to, total: state.total }) : '';
  renderPager(pager, { page: state.page, total: state.status === 'ready' ? state.total : 0, size: state.size, href: options.href }, options.messages.pager);
}

/** After the shopper changed page: bring the top of the results into view and put focus there. */
export function focusResults(view: ListingView): void {
  view.count.focus({ preventScroll: true });
  const top = view.root.getBoundingClientRect().top;
  if (top < 0 || top > innerHeight / 2) view.root.scrollIntoView({ block: 'start' });
}
