/**
 * The state of a product listing as it lives in the URL (`?page=2&sort=price-asc` on category
 * pages, `?q=shirt&page=2` on search), and the page-number arithmetic the listings share. Pure:
 * used by the build (Astro pages) and by the browser scripts, and unit-tested.
 */
import { DEFAULT_PRODUCT_SORT, PAGE_MAX, isProductSort, type ProductSort } from '../../domain/catalogue.model.ts';
import { normaliseQuery } from '../../stores/search-history.ts';

export { normaliseQuery } from '../../stores/search-history.ts';

/** Products per category page; divisible by the grid's 2, 3 and 4 columns. */
export const CATEGORY_PAGE_SIZE = 24;

export interface ListingState {
  page: number;
  sort: ProductSort;
}

export interface SearchState {
  /** Normalised: trimmed, inner whitespace collapsed; '' when blank. */
  query: string;
  page: number;
}

function params(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search) : search;
}

/** A page number from the URL: digits only, 1 to {@link PAGE_MAX}; anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= PAGE_MAX ? page : 1;
}

export function parseSort(value: string | null | undefined): ProductSort {
  return isProductSort(value) ? value : DEFAULT_PRODUCT_SORT;
}

export function readListingState(search: string | URLSearchParams): ListingState {
  const p = params(search);
  return { page: parsePage(p.get('page')), sort: parseSort(p.get('sort')) };
}

/**
 * The query string for a listing state, defaults left out so page 1 in the recommended order is
 * the bare category URL (the one the build pre-rendered). '' or '?...'.
 */
export function listingSearch(state: ListingState): string {
  const p = new URLSearchParams();
  if (state.page > 1) p.set('page', String(state.page));
  if (state.sort !== DEFAULT_PRODUCT_SORT) p.set('sort', state.sort);
  const text = p.toString();
  return text ? `?${text}` : '';
}

export function sameListing(a: ListingState, b: ListingState): boolean {
  return a.page === b.page && a.sort === b.sort;
}

export function readSearchState(search: string | URLSearchParams): SearchState {
  const p = params(search);
  const query = normaliseQuery(p.get('q'));
  return { query, page: query ? parsePage(p.get('page')) : 1 };
}

export function searchSearch(state: SearchState): string {
  if (!state.query) return '';
  const p = new URLSearchParams({ q: state.query });
  if (state.page > 1) p.set('page', String(state.page));
  return `?${p.toString()}`;
}

/** How many pages `total` items make at `size` a page; at least 1, so an empty list has a page. */
export function pageCount(total: number, size: number): number {
  if (size <= 0) throw new RangeError('size must be positive');
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** 1-based positions of the first and last item on `page` (0 and 0 for an empty list). */
export function shownRange(page: number, size: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * size + 1, total);
  return { from, to: Math.min(page * size, total) };
}

export type PageLink = number | 'gap';

/**
 * Which page numbers a pager shows: always the first and the last, `radius` either side of the
 * current one, and a gap where pages are left out. A gap never stands for a single page (that
 * page is shown instead), so the pager keeps a steady width as the shopper moves along.
 */
export function pageWindow(current: number, count: number, radius = 1): PageLink[] {
  if (count <= 1) return [1];
  const page = Math.min(Math.max(current, 1), count);
  const wanted = new Set<number>([1, count]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= count) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: PageLink[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) out.push(p - 1);
    else if (p - previous > 2) out.push('gap');
    out.push(p);
    previous = p;
  }
  return out;
}
