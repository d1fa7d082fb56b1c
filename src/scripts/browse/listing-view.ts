/**
 * A listing's static skeleton in the page (the grid, the "Showing 1-24 of 113" line, the pager,
 * the empty state and the error), found and read without drawing anything: the category page
 * needs no more until the shopper changes page or sort, and draws with listing-render.ts then.
 * Shared by the category and search scripts.
 */
import type { Locale } from '../../domain/locale.ts';
import { isLocale } from '../../domain/locale.ts';
import type { PagerLabels } from './pager.ts';

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

/** After the shopper changed page: bring the top of the results into view and put focus there. */
export function focusResults(view: ListingView): void {
  view.count.focus({ preventScroll: true });
  const top = view.root.getBoundingClientRect().top;
  if (top < 0 || top > innerHeight / 2) view.root.scrollIntoView({ block: 'start' });
}
