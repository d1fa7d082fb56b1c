/**
 * The wishlist store (src/stores/wishlist.ts) against a mocked API: one question per hundred
 * products, hearts that change at once and go back on refusal, an answer about older state never
 * undoing a newer change; and the heart pressed while signed out (src/stores/wishlist-pending.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../support/deferred.ts';

vi.mock('../../../src/client/wishlist.ts', () => ({
  COLLECTED_QUERY_MAX: 100,
  changeWishlist: vi.fn(),
  queryCollected: vi.fn(),
  queryWishlist: vi.fn(),
}));

type Store = typeof import('../../../src/stores/wishlist.ts');
let store: Store;
let client: { changeWishlist: ReturnType<typeof vi.fn>; queryCollected: ReturnType<typeof vi.fn>; queryWishlist: ReturnType<typeof vi.fn> };

beforeEach(async () => {
  vi.resetModules();
  store = await import('../../../src/stores/wishlist.ts');
  client = (await import('../../../src/client/wishlist.ts')) as unknown as typeof client;
  vi.mocked(client.changeWishlist).mockReset();
  vi.mocked(client.queryCollected).mockReset();
  vi.mocked(client.queryWishlist).mockReset();
});

describe('which products are on the wishlist', () => {
  it('asks once per hundred products and records the answers, on and off', async () => {
    client.queryCollected.mockImplementation(async (ids: number[]) => ids.filter((id) => id % 50 === 0));
    store.markWishlisted([7]);
    const ids = Array.from({ length: 150 }, (_, i) => i + 1);
    await store.loadWishlisted([...ids, 1, 2]);
    expect(client.queryCollected).toHaveBeenCalledTimes(2);
    expect(client.queryCollected.mock.calls[0]![0]).toHaveLength(100);
    expect(client.queryCollected.mock.calls[1]![0]).toHaveLength(50);
    expect([...store.$wishlisted.get()].sort((a, b) => a - b)).toEqual([50, 100, 150]);
  });

  it('keeps what it knew when the question fails', async () => {
    store.markWishlisted([3]);
    client.queryCollected.mockRejectedValue(new Error('offline'));
    await store.loadWishlisted([3, 4]);
    expect([...store.$wishlisted.get()]).toEqual([3]);
  });

  it('lets a heart pressed while the question was out keep its newer state', async () => {
    const answer = deferred<number[]>();
    client.queryCollected.mockReturnValue(answer.promise);
    client.changeWishlist.mockResolvedValue({ productId: 5, collected: true });
    const loading = store.loadWishlisted([5, 6]);
    await store.setWishlisted(5, true);
    answer.resolve([6]);
    await loading;
    expect([...store.$wishlisted.get()].sort()).toEqual([5, 6]);
  });
});

describe('pressing a heart', () => {
  it('changes at once, then follows the server', async () => {
    const answer = deferred<{ productId: number; collected: boolean }>();
    client.changeWishlist.mockReturnValue(answer.promise);
    const pressing = store.setWishlisted(9, true);
    expect(store.$wishlisted.get().has(9)).toBe(true);
    expect(store.$wishlistBusy.get().has(9)).toBe(true);
    expect(client.changeWishlist).toHaveBeenCalledWith(9, 'add');
    answer.resolve({ productId: 9, collected: true });
    await expect(pressing).resolves.toBe(true);
    expect(store.$wishlistBusy.get().has(9)).toBe(false);
  });

  it('goes back when the server refuses', async () => {
    store.markWishlisted([9]);
    client.changeWishlist.mockRejectedValue(new Error('refused'));
    await expect(store.setWishlisted(9, false)).resolves.toBe(true);
    expect(client.changeWishlist).toHaveBeenCalledWith(9, 'remove');
    expect(store.$wishlisted.get().has(9)).toBe(true);
  });

  it('ignores a second press while the first is on its way', async () => {
    const answer = deferred<{ productId: number; collected: boolean }>();
    client.changeWishlist.mockReturnValue(answer.promise);
    const first = store.setWishlisted(4, true);
    await expect(store.setWishlisted(4, false)).resolves.toBeNull();
    answer.resolve({ productId: 4, collected: true });
    await first;
    expect(client.changeWishlist).toHaveBeenCalledTimes(1);
  });

  it('forgets everything on sign-out', () => {
    store.markWishlisted([1, 2]);
    store.forgetWishlist();
    expect(store.$wishlisted.get().size).toBe(0);
  });
});

describe('the wishlist page', () => {
  it('marks the products of a loaded page as on the list', async () => {
    client.queryWishlist.mockResolvedValue({ records: [{ id: 11 }, { id: 12 }], total: 2, current: 1, size: 24 });
    const result = await store.loadWishlistPage(1, 24);
    expect(result.ok).toBe(true);
    expect(client.queryWishlist).toHaveBeenCalledWith({ current: 1, size: 24 }, { silent: true });
    expect([...store.$wishlisted.get()]).toEqual([11, 12]);
  });
});

describe('a heart pressed while signed out', () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is completed once, back on the same page, within the time allowed', async () => {
    const pending = await import('../../../src/stores/wishlist-pending.ts');
    pending.rememberPendingWish(21, '/en-US/product/21/', 1_000);
    expect(pending.takePendingWish('/en-US/product/21/', 2_000)).toBe(21);
    expect(pending.takePendingWish('/en-US/product/21/', 2_000)).toBeNull();
  });

  it('is dropped on another page or after the sign-in took too long', async () => {
    const pending = await import('../../../src/stores/wishlist-pending.ts');
    pending.rememberPendingWish(21, '/en-US/product/21/', 0);
    expect(pending.takePendingWish('/en-US/', 10)).toBeNull();
    expect(pending.takePendingWish('/en-US/product/21/', 20)).toBeNull();
    pending.rememberPendingWish(21, '/en-US/product/21/', 0);
    expect(pending.takePendingWish('/en-US/product/21/', pending.PENDING_WISH_TTL_MS)).toBeNull();
    items.set('SOY_pendingWish', '{not json');
    expect(pending.takePendingWish('/en-US/product/21/', 1)).toBeNull();
  });
});
