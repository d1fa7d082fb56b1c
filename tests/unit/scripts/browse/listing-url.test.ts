/** URL state and page arithmetic of category and search listings (src/scripts/browse/listing-url.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PAGE_MAX, PRODUCT_SORTS, SEARCH_PAGE_SIZE } from '../../../../src/domain/catalogue.model.ts';
import { pageRequestSchema } from '../../../../src/domain/catalogue.schema.ts';
import {
  CATEGORY_PAGE_SIZE,
  listingSearch,
  pageCount,
  pageWindow,
  parsePage,
  parseSort,
  readListingState,
  readSearchState,
  searchSearch,
  shownRange,
} from '../../../../src/scripts/browse/listing-url.ts';

describe('listing constants', () => {
  it('page sizes fit the spec and the grid', () => {
    expect(SEARCH_PAGE_SIZE).toBe(20);
    expect(CATEGORY_PAGE_SIZE % 12).toBe(0);
  });
  it('the highest page the URL may ask for is the highest the API accepts', () => {
    expect(parsePage(String(PAGE_MAX))).toBe(PAGE_MAX);
    expect(pageRequestSchema.safeParse({ current: PAGE_MAX }).success).toBe(true);
    expect(pageRequestSchema.safeParse({ current: PAGE_MAX + 1 }).success).toBe(false);
  });
});

describe('category URL state', () => {
  it('reads page and sort, defaulting to page 1 in the recommended order', () => {
    expect(readListingState('?page=3&sort=price-asc')).toEqual({ page: 3, sort: 'price-asc' });
    expect(readListingState('')).toEqual({ page: 1, sort: 'recommended' });
    expect(readListingState(new URLSearchParams('sort=newest'))).toEqual({ page: 1, sort: 'newest' });
  });
  it('ignores pages and sorts that are not valid', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '', ' 2', '9999999', '100001']) expect(parsePage(bad)).toBe(1);
    expect(parsePage('100000')).toBe(100000);
    expect(parseSort('price')).toBe('recommended');
    expect(parseSort(null)).toBe('recommended');
  });
  it('writes the defaults as the bare URL, so page 1 is the pre-rendered page', () => {
    expect(listingSearch({ page: 1, sort: 'recommended' })).toBe('');
    expect(listingSearch({ page: 2, sort: 'recommended' })).toBe('?page=2');
    expect(listingSearch({ page: 1, sort: 'price-desc' })).toBe('?sort=price-desc');
    expect(listingSearch({ page: 4, sort: 'price-asc' })).toBe('?page=4&sort=price-asc');
  });
  it('round-trips every valid state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(...PRODUCT_SORTS), (page, sort) => {
        expect(readListingState(listingSearch({ page, sort }))).toEqual({ page, sort });
      }),
    );
  });
});

describe('search URL state', () => {
  it('normalises the query and keeps a page only with a query', () => {
    expect(readSearchState('?q=%20home%20%20shirt%20&page=2')).toEqual({ query: 'home shirt', page: 2 });
    expect(readSearchState('?q=%20%20&page=2')).toEqual({ query: '', page: 1 });
    expect(readSearchState('')).toEqual({ query: '', page: 1 });
  });
  it('writes the query (encoded) and a page after the first', () => {
    expect(searchSearch({ query: 'home shirt', page: 1 })).toBe('?q=home+shirt');
    expect(searchSearch({ query: 'a & b?', page: 3 })).toBe('?q=a+%26+b%3F&page=3');
    expect(readSearchState(searchSearch({ query: '球衣 & co', page: 3 }))).toEqual({ query: '球衣 & co', page: 3 });
    expect(searchSearch({ query: '', page: 5 })).toBe('');
  });
  it('round-trips any query', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), fc.integer({ min: 1, max: 999 }), (raw, page) => {
        const first = readSearchState(searchSearch({ query: raw.replace(/\s+/g, ' ').trim(), page }));
        expect(readSearchState(searchSearch(first))).toEqual(first);
      }),
    );
  });
});

describe('page arithmetic', () => {
  it('counts pages, with one page for an empty list', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(138, 20)).toBe(7);
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
  it('gives the positions shown on a page', () => {
    expect(shownRange(1, 24, 132)).toEqual({ from: 1, to: 24 });
    expect(shownRange(6, 24, 132)).toEqual({ from: 121, to: 132 });
    expect(shownRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps first, last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 11, 12]);
  });
  it('shows a single left-out page instead of a gap', () => {
    expect(pageWindow(4, 12)).toEqual([1, 2, 3, 4, 5, 'gap', 12]);
  });
  it('narrows to the current page with radius 0 (phones)', () => {
    expect(pageWindow(6, 12, 0)).toEqual([1, 'gap', 6, 'gap', 12]);
  });
  it('always includes first, last and current, in order, with no gap for a single page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 3 }), (a, b, radius) => {
        const count = Math.max(a, b);
        const current = Math.min(a, b);
        const window = pageWindow(current, count, radius);
        const pages = window.filter((p): p is number => p !== 'gap');
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(count);
        expect(pages).toContain(current);
        for (let i = 1; i < pages.length; i++) expect(pages[i]!).toBeGreaterThan(pages[i - 1]!);
        window.forEach((entry, i) => {
          if (entry !== 'gap') return;
          const before = window[i - 1] as number;
          const after = window[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
        expect(window.length).toBeLessThanOrEqual(2 * radius + 5);
      }),
    );
  });
});
