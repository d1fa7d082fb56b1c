/**
 * The cart store (src/stores/cart.ts) against a mocked API: the drawer states of docs/storefront.md
 * "Page states", busy lines, reloads after changes, on currency changes and on changes made
 * elsewhere, and "a failed update reloads" (docs/storefront.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import type { CartLineRecord, CartPage } from '../../../src/domain/cart.model.ts';
import type { CurrencyCode } from '../../../src/domain/money.model.ts';
import { deferred } from '../../support/deferred.ts';

vi.mock('../../../src/client/cart.ts', () => ({
  queryCartItemList: vi.fn(),
  saveCartItemList: vi.fn(),
  deleteCartItems: vi.fn(),
  queryCartCount: vi.fn(),
}));
vi.mock('../../../src/client/shop.ts', () => ({
  queryShopConfig: vi.fn(),
}));

type Store = typeof import('../../../src/stores/cart.ts');
type Client = typeof import('../../../src/client/cart.ts');
type Http = typeof import('../../../src/client/http.ts');
type Currency = typeof import('../../../src/stores/currency.ts');

let store: Store;
let client: { [K in keyof Client]: ReturnType<typeof vi.fn> };
let shop: { queryShopConfig: ReturnType<typeof vi.fn> };
let http: Http;
let currency: Currency;

function line(id: number, quantity: number, overrides: Partial<CartLineRecord> = {}): CartLineRecord {
  return {
    id,
    productId: id,
    name: `Shirt ${id}`,
    image: `/api/media/shirt/${id}.svg`,
    price: 5000,
    lineTotal: 5000 * quantity,
    size: 'M',
    patch: '',
    patches: [],
    addons: '',
    addonItems: [],
    customType: 1,
    squadList: null,
    player: null,
    customName: null,
    customNumber: null,
    premiumNameOption: 'Standard',
    premiumNumberOption: 'Standard',
    quantity,
    personalised: false,
    stock: 20,
    group: null,
    ...overrides,
  };
}

function page(records: CartLineRecord[], code: CurrencyCode = 'EUR'): CartPage {
  const itemCount = records.reduce((n, r) => n + r.quantity, 0);
  const subtotal = records.reduce((n, r) => n + r.lineTotal, 0);
  return {
    records,
    total: records.length,
    current: 1,
    size: 100,
    currency: code,
    summary: { currency: code, itemCount, subtotal, discountPercent: 0, discount: 0, total: subtotal },
  };
}

/** Lets every settled promise's handlers run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let cartUpdatedEvents = 0;

beforeEach(async () => {
  vi.resetModules();
  // The store talks to window (events) and, through notifyCartUpdated, to localStorage.
  const win = new EventTarget();
  win.addEventListener('cart-updated', () => cartUpdatedEvents++);
  const storage = new Map<string, string>();
  vi.stubGlobal('window', win);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
  cartUpdatedEvents = 0;
  client = (await import('../../../src/client/cart.ts')) as unknown as typeof client;
  shop = (await import('../../../src/client/shop.ts')) as unknown as typeof shop;
  http = await import('../../../src/client/http.ts');
  currency = await import('../../../src/stores/currency.ts');
  store = await import('../../../src/stores/cart.ts');
  shop.queryShopConfig.mockResolvedValue({
    baseCurrency: 'EUR',
    discountTiers: [
      { minItems: 3, percent: 10 },
      { minItems: 5, percent: 20 },
    ],
    freeShippingThreshold: 4500,
    maxLineQuantity: 99,
    currencies: [{ code: 'EUR', name: 'Euro', symbol: '€', flag: '', ratePerUsdX100: 92 }, { code: 'GBP', name: 'British Pound', symbol: '£', flag: '', ratePerUsdX100: 80 }],
    ratesSetOn: '2026-11-26',
    ratesSource: '',
    banner: { enabled: true, message: { 'en-US': '', 'zh-CN': '' }, countdownTo: null },
  });
  client.queryCartCount.mockResolvedValue(0);
});

afterEach(() => {
  // The persistent stores let go of `window` a second after their last listener (nanostores'
  // unmount delay): unmounted now, while the stubbed window is still there, their timer cannot
  // reach a window already taken away (an uncaught error that failed the run now and then).
  cleanStores(currency.$currency, store.$couponCode);
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('drawer states (docs/storefront.md "Page states")', () => {
  it('goes closed -> loading -> listing, and back to closed when nobody watches', async () => {
    const answer = deferred<CartPage>();
    client.queryCartItemList.mockReturnValueOnce(answer.promise);
    expect(store.$cart.get().status).toBe('closed');

    const stop = store.watchCart();
    expect(store.$cart.get().status).toBe('loading');
    expect(client.queryCartItemList).toHaveBeenCalledWith({ current: 1, size: 100, currency: 'EUR' }, expect.objectContaining({ signal: expect.any(AbortSignal) }));

    answer.resolve(page([line(1, 2)]));
    await flush();
    expect(store.$cart.get().status).toBe('listing');
    expect(store.$cart.get().page?.records.map((r) => r.id)).toEqual([1]);

    stop();
    expect(store.$cart.get()).toMatchObject({ status: 'closed', page: null });
  });

  it('goes loading -> empty for a cart without lines', async () => {
    client.queryCartItemList.mockResolvedValueOnce(page([]));
    store.watchCart();
    expect(store.$cart.get().status).toBe('loading');
    await flush();
    expect(store.$cart.get().status).toBe('empty');
  });

  it('stays open while a second watcher remains, and loads again from loading on the next open', async () => {
    client.queryCartItemList.mockResolvedValue(page([line(1, 1)]));
    const stopDrawer = store.watchCart();
    const stopPage = store.watchCart();
    await flush();
    expect(client.queryCartItemList).toHaveBeenCalledTimes(1);
    stopDrawer();
    stopDrawer(); // a second call must not count twice
    expect(store.$cart.get().status).toBe('listing');
    stopPage();
    expect(store.$cart.get().status).toBe('closed');

    store.watchCart();
    expect(store.$cart.get().status).toBe('loading');
    await flush();
    expect(store.$cart.get().status).toBe('listing');
  });

  it('offers a retry when the first load fails, instead of claiming the cart is empty', async () => {
    client.queryCartItemList.mockRejectedValueOnce(new http.ApiError({ code: 'NETWORK', msg: 'Could not reach the server', requestId: 'r1' }));
    store.watchCart();
    await flush();
    expect(store.$cart.get().status).toBe('error');
    expect(store.$cart.get().error).toMatchObject({ kind: 'load', code: 'NETWORK', message: 'Could not reach the server' });

    client.queryCartItemList.mockResolvedValueOnce(page([line(1, 1)]));
    await store.reloadCart();
    expect(store.$cart.get().status).toBe('listing');
  });

  it('ignores an answer that arrives after the drawer closed', async () => {
    const answer = deferred<CartPage>();
    client.queryCartItemList.mockReturnValueOnce(answer.promise);
    const stop = store.watchCart();
    const signal = client.queryCartItemList.mock.calls[0]![1].signal as AbortSignal;
    stop();
    expect(signal.aborted).toBe(true);
    answer.resolve(page([line(1, 1)]));
    await flush();
    expect(store.$cart.get()).toMatchObject({ status: 'closed', page: null });
  });

  it('shows only the newest of two overlapping loads', async () => {
    const first = deferred<CartPage>();
    const second = deferred<CartPage>();
    client.queryCartItemList.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    store.watchCart();
    const reloaded = store.reloadCart();
    second.resolve(page([line(2, 2)]));
    first.resolve(page([line(1, 1)]));
    await reloaded;
    await flush();
    expect(store.$cart.get().page?.records.map((r) => r.id)).toEqual([2]);
  });
});

describe('changing a line', () => {
  async function openWith(records: CartLineRecord[]) {
    client.queryCartItemList.mockResolvedValueOnce(page(records));
    store.watchCart();
    await flush();
    expect(store.$cart.get().status).toBe('listing');
  }

  it('keeps the line busy until the server answered and the cart reloaded, then tells the page', async () => {
    await openWith([line(1, 2), line(2, 1)]);
    const saved = deferred<{ ids: number[] }>();
    const reloaded = deferred<CartPage>();
    client.saveCartItemList.mockReturnValueOnce(saved.promise);
    client.queryCartItemList.mockReturnValueOnce(reloaded.promise);

    const done = store.setQuantity(1, 3);
    expect(client.saveCartItemList).toHaveBeenCalledWith([{ id: 1, quantity: 3 }]);
    expect([...store.$cart.get().busyIds]).toEqual([1]);

    saved.resolve({ ids: [1] });
    await flush();
    // The server said yes, but the figures shown are still the old ones: stay busy.
    expect(store.$cart.get().busyIds.has(1)).toBe(true);
    expect(cartUpdatedEvents).toBe(1);

    reloaded.resolve(page([line(1, 3), line(2, 1)]));
    await expect(done).resolves.toBe(true);
    expect(store.$cart.get().busyIds.size).toBe(0);
    expect(store.$cart.get().page?.records[0]?.quantity).toBe(3);
    // One load to open, one after the change: its own cart-updated event did not add a third.
    expect(client.queryCartItemList).toHaveBeenCalledTimes(2);
  });

  it('refuses quantities below 1 and above the stock or 99, and changes to a busy line', async () => {
    await openWith([line(1, 1), line(2, 5, { stock: 5 }), line(3, 99, { stock: 500 }), line(4, 2)]);
    expect(await store.setQuantity(1, 0)).toBe(false);
    expect(await store.setQuantity(2, 6)).toBe(false);
    expect(await store.setQuantity(3, 100)).toBe(false);
    expect(await store.setQuantity(99, 2)).toBe(false);
    expect(client.saveCartItemList).not.toHaveBeenCalled();

    const saved = deferred<{ ids: number[] }>();
    client.saveCartItemList.mockReturnValueOnce(saved.promise);
    client.queryCartItemList.mockResolvedValue(page([line(1, 1), line(2, 5, { stock: 5 }), line(3, 99, { stock: 500 }), line(4, 3)]));
    const first = store.setQuantity(4, 3);
    expect(await store.setQuantity(4, 4)).toBe(false);
    expect(await store.removeLine(4)).toBe(false);
    saved.resolve({ ids: [4] });
    await first;
    expect(client.saveCartItemList).toHaveBeenCalledTimes(1);
    expect(client.deleteCartItems).not.toHaveBeenCalled();
  });

  it('lets a quantity fall when the stock dropped below it', async () => {
    await openWith([line(1, 6, { stock: 4 })]);
    client.saveCartItemList.mockResolvedValueOnce({ ids: [1] });
    client.queryCartItemList.mockResolvedValueOnce(page([line(1, 5, { stock: 4 })]));
    expect(await store.setQuantity(1, 5)).toBe(true);
  });

  it('reloads after a refused update and keeps the server message (docs/api.md "Codes")', async () => {
    await openWith([line(1, 2)]);
    client.saveCartItemList.mockRejectedValueOnce(new http.ApiError({ code: '1410', msg: 'Only 2 left in size M', requestId: 'r2', status: 409 }));
    client.queryCartItemList.mockResolvedValueOnce(page([line(1, 2, { stock: 2 })]));

    await expect(store.setQuantity(1, 3)).resolves.toBe(false);
    expect(client.queryCartItemList).toHaveBeenCalledTimes(2);
    expect(store.$cart.get().error).toEqual({ kind: 'update', lineId: 1, code: '1410', message: 'Only 2 left in size M' });
    expect(store.$cart.get().page?.records[0]?.stock).toBe(2);
    expect(store.$cart.get().busyIds.size).toBe(0);
    // The next change starts clean.
    client.saveCartItemList.mockResolvedValueOnce({ ids: [1] });
    client.queryCartItemList.mockResolvedValueOnce(page([line(1, 1, { stock: 2 })]));
    await store.setQuantity(1, 1);
    expect(store.$cart.get().error).toBeNull();
  });

  it('deletes a line and ends empty when it was the last', async () => {
    await openWith([line(7, 1)]);
    client.deleteCartItems.mockResolvedValueOnce({ deleted: 1 });
    client.queryCartItemList.mockResolvedValueOnce(page([]));
    await expect(store.removeLine(7)).resolves.toBe(true);
    expect(client.deleteCartItems).toHaveBeenCalledWith([7]);
    expect(store.$cart.get().status).toBe('empty');
    expect(cartUpdatedEvents).toBe(1);
  });
});

describe('reloading', () => {
  it('reloads in the new currency when the shopper changes it', async () => {
    client.queryCartItemList.mockResolvedValueOnce(page([line(1, 1)]));
    store.watchCart();
    await flush();
    client.queryCartItemList.mockResolvedValueOnce(page([line(1, 1, { price: 3950, lineTotal: 3950 })], 'GBP'));
    currency.setCurrency('GBP');
    expect(client.queryCartItemList).toHaveBeenLastCalledWith({ current: 1, size: 100, currency: 'GBP' }, expect.anything());
    await flush();
    expect(store.$cart.get().page?.currency).toBe('GBP');
  });

  it('does not reload for a currency change while closed', async () => {
    client.queryCartItemList.mockResolvedValue(page([]));
    const stop = store.watchCart();
    await flush();
    stop();
    currency.setCurrency('USD');
    expect(client.queryCartItemList).toHaveBeenCalledTimes(1);
  });

  it('reloads when another part of the page changed the cart (the configurator adding a line)', async () => {
    client.queryCartItemList.mockResolvedValueOnce(page([]));
    store.watchCart();
    await flush();
    client.saveCartItemList.mockResolvedValueOnce({ ids: [5] });
    client.queryCartItemList.mockResolvedValueOnce(page([line(5, 1)]));
    await store.addToCart([{ productId: 5, size: 'M', customType: 1, quantity: 1 }]);
    await flush();
    expect(store.$cart.get().status).toBe('listing');
  });

  it('reloads when another tab changed the cart', async () => {
    client.queryCartItemList.mockResolvedValue(page([]));
    store.watchCart();
    await flush();
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'SOY_other' }));
    expect(client.queryCartItemList).toHaveBeenCalledTimes(1);
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'SOY_cartChangedAt' }));
    expect(client.queryCartItemList).toHaveBeenCalledTimes(2);
  });

  it('loads the discount tiers once for the hint', async () => {
    client.queryCartItemList.mockResolvedValue(page([]));
    const stop = store.watchCart();
    await flush();
    stop();
    store.watchCart();
    await flush();
    expect(shop.queryShopConfig).toHaveBeenCalledTimes(1);
    // The live settings reach the shop-config store: the rates every shown price converts with.
    const { $rates, $shopConfig } = await import('../../../src/stores/shop-config.ts');
    expect($rates.get()).toMatchObject({ EUR: 92, GBP: 80 });
    expect($shopConfig.get()?.freeShippingThreshold).toBe(4500);
    expect(store.$discountTiers.get()).toEqual([
      { minItems: 3, percent: 10 },
      { minItems: 5, percent: 20 },
    ]);
  });
});

describe('the currencies the shop shows', () => {
  it('a currency the live settings no longer show gives way to the default; a shown one stays', async () => {
    client.queryCartItemList.mockResolvedValue(page([]));
    currency.setCurrency('USD');
    store.watchCart();
    await flush();
    expect(currency.$currency.get()).toBe('EUR');
    const { setShopConfig, $shopConfig } = await import('../../../src/stores/shop-config.ts');
    currency.setCurrency('GBP');
    setShopConfig($shopConfig.get()!);
    expect(currency.$currency.get()).toBe('GBP');
  });

  it('rates baked for the shown currencies only keep the defaults of the others', async () => {
    const { decodeRates } = await import('../../../src/stores/shop-config.ts');
    const { DEFAULT_RATES } = await import('../../../src/domain/money.model.ts');
    expect(decodeRates('{"EUR":90,"GBP":81}')).toEqual({ ...DEFAULT_RATES, EUR: 90, GBP: 81 });
    expect(decodeRates('{"EUR":90,"GBP":-1}')).toBeNull();
    expect(decodeRates('{}')).toBeNull();
    expect(decodeRates('not json')).toBeNull();
  });
});

describe('pure helpers', () => {
  const tiers = [
    { minItems: 3, percent: 10 },
    { minItems: 5, percent: 20 },
  ];

  it('names the next discount tier', () => {
    expect(store.nextDiscountTier(0, tiers)).toEqual({ itemsToAdd: 3, percent: 10 });
    expect(store.nextDiscountTier(2, tiers)).toEqual({ itemsToAdd: 1, percent: 10 });
    expect(store.nextDiscountTier(3, tiers)).toEqual({ itemsToAdd: 2, percent: 20 });
    expect(store.nextDiscountTier(4, tiers)).toEqual({ itemsToAdd: 1, percent: 20 });
    expect(store.nextDiscountTier(5, tiers)).toBeNull();
    expect(store.nextDiscountTier(2, [])).toBeNull();
    // Tiers in any order; a farther tier with a smaller percent is no promise.
    expect(store.nextDiscountTier(1, [{ minItems: 10, percent: 5 }, ...tiers].reverse())).toEqual({ itemsToAdd: 2, percent: 10 });
  });

  it('bounds the quantity controls by 1, the stock and 99', () => {
    expect(store.canDecrease({ quantity: 1 })).toBe(false);
    expect(store.canDecrease({ quantity: 2 })).toBe(true);
    expect(store.canIncrease({ quantity: 4, stock: 5 })).toBe(true);
    expect(store.canIncrease({ quantity: 5, stock: 5 })).toBe(false);
    expect(store.canIncrease({ quantity: 99, stock: 500 })).toBe(false);
    expect(store.maxLineQuantity({ stock: 500 })).toBe(99);
    expect(store.maxLineQuantity({ stock: -1 })).toBe(0);
  });

  it('lists the line ids for the checkout link', () => {
    expect(store.cartLineIds(page([line(3, 1), line(1, 2)]))).toEqual([3, 1]);
    expect(store.cartLineIds(null)).toEqual([]);
  });

  it('keeps a trimmed coupon code until checkout, and forgets it', () => {
    expect(store.keepCouponCode('   ')).toBeNull();
    expect(store.keepCouponCode('x'.repeat(store.COUPON_CODE_MAX + 1))).toBeNull();
    expect(store.$couponCode.get()).toBeUndefined();
    expect(store.keepCouponCode('  Summer10 ')).toBe('Summer10');
    expect(store.$couponCode.get()).toBe('Summer10');
    store.forgetCouponCode();
    expect(store.$couponCode.get()).toBeUndefined();
  });
});

describe('a cart of more than one page (docs/storefront.md "Team orders")', () => {
  /** A cart of these lines as the server pages it: `size` lines a page, the summary of them all. */
  function pagesOf(records: CartLineRecord[]) {
    const whole = page(records);
    return ({ current, size }: { current: number; size: number }) =>
      Promise.resolve({ ...whole, records: records.slice((current - 1) * size, current * size), current, size });
  }

  it('reads every page of a 250-line cart, 100 lines a page, and lists every line once, in order', async () => {
    const records = Array.from({ length: 250 }, (_, i) => line(i + 1, 1));
    client.queryCartItemList.mockImplementation(pagesOf(records));
    const stop = store.watchCart();
    await vi.waitFor(() => expect(store.$cart.get().status).toBe('listing'));
    expect(client.queryCartItemList.mock.calls.map(([body]) => body)).toEqual([1, 2, 3].map((current) => expect.objectContaining({ current, size: 100 })));
    const listed = store.$cart.get().page!;
    expect(listed.records.map((r) => r.id)).toEqual(records.map((r) => r.id));
    expect(listed.total).toBe(250);
    // Checkout's `items` takes every line, not the first page's.
    expect(store.cartLineIds(listed)).toHaveLength(250);
    stop();
  });

  it('reads one page only when the cart fits in it', async () => {
    client.queryCartItemList.mockImplementation(pagesOf(Array.from({ length: 100 }, (_, i) => line(i + 1, 1))));
    const stop = store.watchCart();
    await vi.waitFor(() => expect(store.$cart.get().status).toBe('listing'));
    expect(client.queryCartItemList).toHaveBeenCalledTimes(1);
    expect(store.$cart.get().page!.records).toHaveLength(100);
    stop();
  });

  it('reads all pages again when the cart changed between them, and shows the later cart whole', async () => {
    const before = Array.from({ length: 150 }, (_, i) => line(i + 1, 1));
    // A line added elsewhere (newest first) between the first page and the second.
    const after = [line(999, 1), ...before];
    const answers = [pagesOf(before), pagesOf(after)];
    let calls = 0;
    client.queryCartItemList.mockImplementation((body: { current: number; size: number }) => answers[calls++ === 0 ? 0 : 1]!(body));
    const stop = store.watchCart();
    await vi.waitFor(() => expect(store.$cart.get().status).toBe('listing'));
    // Page 1 (old), page 2 (new: disagrees), then pages 1 and 2 again.
    expect(client.queryCartItemList).toHaveBeenCalledTimes(4);
    expect(store.$cart.get().page!.records.map((r) => r.id)).toEqual(after.map((r) => r.id));
    stop();
  });

  it('never asks for more pages than a cart can hold (CART_LINES_MAX)', async () => {
    const { CART_LINES_MAX } = await import('../../../src/domain/roster.model.ts');
    const wrong = page(Array.from({ length: 100 }, (_, i) => line(i + 1, 1)));
    client.queryCartItemList.mockResolvedValue({ ...wrong, total: 10_000 });
    const stop = store.watchCart();
    await vi.waitFor(() => expect(store.$cart.get().status).toBe('listing'));
    expect(client.queryCartItemList).toHaveBeenCalledTimes(CART_LINES_MAX / 100);
    // The same lines on each page come once.
    expect(store.$cart.get().page!.records).toHaveLength(100);
    stop();
  });
});
