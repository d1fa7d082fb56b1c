/** The search store (src/stores/search.ts) against a stubbed search call: blank, results, error, history. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../src/domain/api/envelope.ts';
import type { ProductCard } from '../../../src/domain/catalogue.schema.ts';

const searchProducts = vi.fn<(query: { title: string; current: number; size: number }) => Promise<Page<ProductCard>>>();
vi.mock('../../../src/client/catalogue.ts', () => ({
  searchProducts: (query: { title: string; current: number; size: number }) => searchProducts(query),
  queryProductByTags: vi.fn(),
}));

const { $search, $searchHistory, $searching, clearSearchHistory, search } = await import('../../../src/stores/search.ts');

function card(id: number): ProductCard {
  return { id, title: `Shirt ${id}`, price: 7499, compareAtPrice: null, image: `/api/media/${id}.svg`, tags: [], sport: 'football', createdAt: '2026-01-01T00:00:00Z' };
}

beforeEach(() => {
  searchProducts.mockReset();
  clearSearchHistory();
});

describe('search store', () => {
  it('does nothing for a blank query but clear the results', async () => {
    searchProducts.mockResolvedValue({ records: [card(1)], total: 1, current: 1, size: 20 });
    await search('shirt');
    expect($search.get().records).toHaveLength(1);
    expect(await search('   ')).toBe(false);
    expect(searchProducts).toHaveBeenCalledTimes(1);
    expect($search.get()).toMatchObject({ query: null, records: [], total: 0, status: 'idle' });
    expect($searchHistory.get()).toEqual(['shirt']);
  });

  it('asks for 20 results a page, of the normalised query, and records it in the history', async () => {
    searchProducts.mockResolvedValue({ records: [card(21)], total: 21, current: 2, size: 20 });
    const done = search('  home   shirt ', 2);
    expect($searching.get()).toBe(true);
    await done;
    expect($searching.get()).toBe(false);
    expect(searchProducts).toHaveBeenCalledWith({ title: 'home shirt', current: 2, size: 20 });
    expect($search.get()).toMatchObject({ query: 'home shirt', page: 2, total: 21, status: 'ready' });
    expect($searchHistory.get()).toEqual(['home shirt']);
  });

  it('shows no results when the search fails', async () => {
    searchProducts.mockResolvedValueOnce({ records: [card(1)], total: 1, current: 1, size: 20 });
    await search('shirt');
    searchProducts.mockRejectedValueOnce(new Error('down'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await search('rugby');
    expect($search.get()).toMatchObject({ query: 'rugby', records: [], total: 0, status: 'error' });
  });

  it('shows the answer to the latest search when an earlier one answers last', async () => {
    let answerFirst: (page: Page<ProductCard>) => void = () => {};
    searchProducts.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    searchProducts.mockResolvedValueOnce({ records: [card(2)], total: 1, current: 1, size: 20 });
    const first = search('slow');
    await search('fast');
    answerFirst({ records: [card(1)], total: 1, current: 1, size: 20 });
    await first;
    expect($search.get()).toMatchObject({ query: 'fast', records: [card(2)] });
  });
});
