/**
 * The cart as every part of the page sees it: the header's item count and whether the drawer is
 * open (from cart-header.ts, re-exported here), the cart's lines and totals (for the drawer and
 * the cart page), and the actions that change the cart. Any change dispatches `cart-updated` on
 * window (docs/storefront.md "Page states"), which makes the header count reload, in this tab and,
 * through storage, in other tabs.
 *
 * Amounts come from the server in the chosen currency; nothing here computes a price.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, map } from 'nanostores';
import { deleteCartItems, queryCartItemList, saveCartItemList, type NewCartLineInput } from '../client/cart.ts';
import { queryShopConfig } from '../client/shop.ts';
import { setShopConfig } from './shop-config.ts';
import { isApiError } from '../client/http.ts';
import { applyCoupon } from '../client/checkout.ts';
import { cartPageCount, cartPagesAgree, mergeCartPages, type CartLineRecord, type CartPage } from '../domain/cart.model.ts';
import { CART_LINES_MAX } from '../domain/roster.model.ts';
import { COUPON_PROBLEMS, type CouponCheck, type CouponProblem } from '../domain/coupons.model.ts';
import type { CurrencyCode } from '../domain/money.model.ts';
import { MAX_LINE_QUANTITY, tierPercent, type DiscountTier } from '../domain/pricing.ts';
import { CART_UPDATED_EVENT, CROSS_TAB_KEY, notifyCartUpdated } from './cart-header.ts';
import { $currency } from './currency.ts';
import './http-ready.ts';

export type { NewCartLineInput } from '../client/cart.ts';
export { mediaUrl } from '../client/http.ts';
export {
  $cartCount,
  $cartDrawerOpen,
  CART_OPEN_EVENT,
  CART_UPDATED_EVENT,
  closeCartDrawer,
  notifyCartUpdated,
  openCartDrawer,
  refreshCartCount,
  watchCartCount,
} from './cart-header.ts';

/** Set while this module announces its own change, so its own listener does not reload twice. */
let announcingOwnChange = false;

/** Adds lines (the server prices and checks them) and tells the page. Throws ApiError on refusal. */
export async function addToCart(lines: readonly NewCartLineInput[]): Promise<{ ids: number[] }> {
  const saved = await saveCartItemList(lines);
  notifyCartUpdated();
  return saved;
}

// ---------------------------------------------------------------------------------------------
// The cart's contents, for the drawer and the cart page.

/**
 * The drawer states (docs/storefront.md "Page states"): closed (nobody is showing the cart),
 * loading, then empty or listing. `error` is a first load that failed: there is nothing to list and
 * "empty" would be untrue, so the shopper gets a retry instead.
 */
export type CartStatus = 'closed' | 'loading' | 'empty' | 'listing' | 'error';

/** A failed call, with the server's message (or the HTTP layer's, when no answer came). */
export interface CartError {
  /** `update`: a quantity change or delete was refused; `load`: the cart could not be read. */
  kind: 'update' | 'load';
  /** The line the failed update was for. */
  lineId: number | null;
  code: string;
  message: string;
}

export interface CartState {
  status: CartStatus;
  /** The last answer of `queryCartItemList`, in the currency it names. */
  page: CartPage | null;
  /** Lines with a change on its way: their controls stay disabled until the cart has reloaded. */
  busyIds: ReadonlySet<number>;
  error: CartError | null;
}

/**
 * The cart list's page: 100 lines, the spec's "Cart drawer loads up to 100 items per page" and the
 * endpoint's largest page. A cart holds up to CART_LINES_MAX (300) lines with its rosters' rows, so
 * the store reads every page (readWholeCart; docs/storefront.md "Team orders").
 */
export const CART_PAGE_SIZE = 100;
/** Readings of a cart that changed between its pages, before the last one is shown as it came. */
const WHOLE_CART_READINGS = 3;

/** Nobody is showing the cart: also what the built HTML was rendered with. */
export const CART_CLOSED: CartState = { status: 'closed', page: null, busyIds: new Set(), error: null };
export const $cart = map<CartState>({ ...CART_CLOSED });

/** The server's discount tiers (the shop config), for the "add N more" hint; null until known. */
export const $discountTiers = atom<readonly DiscountTier[] | null>(null);

/** Kept outside the state so a change started before the drawer closed still counts when it reopens. */
const busy = new Set<number>();
let watchers = 0;
let unbindWatch: (() => void) | null = null;
let loadSeq = 0;
let loadController: AbortController | null = null;
/** Resolves when the newest load has finished (see reloadCart). */
let latestLoad: Promise<void> = Promise.resolve();
let tiersRequested = false;

function publishBusy(): void {
  $cart.setKey('busyIds', new Set(busy));
}

function toCartError(error: unknown, kind: CartError['kind'], lineId: number | null): CartError {
  if (isApiError(error)) return { kind, lineId, code: error.code, message: error.msg };
  return { kind, lineId, code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Starts showing the cart: the first watcher moves the state from closed to loading and loads it;
 * while anyone watches, the cart reloads when the currency changes and when the cart changes
 * elsewhere (the configurator, another tab). Returns the function that stops watching; the last
 * one to stop moves the state back to closed. The drawer watches while open, the cart page while
 * mounted.
 */
export function watchCart(): () => void {
  watchers += 1;
  if (watchers === 1) startWatching();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers === 0) stopWatching();
  };
}

function startWatching(): void {
  $cart.set({ status: 'loading', page: null, busyIds: new Set(busy), error: null });
  const onUpdated = () => {
    if (!announcingOwnChange) void reloadCart();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === CROSS_TAB_KEY) void reloadCart();
  };
  window.addEventListener(CART_UPDATED_EVENT, onUpdated);
  window.addEventListener('storage', onStorage);
  // listen (not subscribe): it fires on changes only, and the first load is started below.
  const stopCurrency = $currency.listen(() => void reloadCart());
  unbindWatch = () => {
    window.removeEventListener(CART_UPDATED_EVENT, onUpdated);
    window.removeEventListener('storage', onStorage);
    stopCurrency();
  };
  void loadDiscountTiers();
  void reloadCart();
}

function stopWatching(): void {
  unbindWatch?.();
  unbindWatch = null;
  loadSeq += 1;
  loadController?.abort();
  loadController = null;
  latestLoad = Promise.resolve();
  $cart.set({ status: 'closed', page: null, busyIds: new Set(busy), error: null });
}

async function loadDiscountTiers(): Promise<void> {
  if (tiersRequested) return;
  tiersRequested = true;
  try {
    const config = await queryShopConfig();
    // The live settings: every price shown and the banner follow them (stores/shop-config.ts).
    setShopConfig(config);
    $discountTiers.set(config.discountTiers);
  } catch {
    // Only the hint needs the tiers; the server's totals already apply them. Try again next time.
    tiersRequested = false;
  }
}

/**
 * Loads the cart in the chosen currency. A newer load cancels an older one; the promise resolves
 * when the newest load has finished, so a caller never re-enables a line while a later answer
 * is still on its way. Does nothing while nobody watches the cart.
 */
export function reloadCart(): Promise<void> {
  if (watchers === 0) return Promise.resolve();
  loadController?.abort();
  const controller = new AbortController();
  loadController = controller;
  const seq = ++loadSeq;
  const currency = $currency.get();
  const run = (async () => {
    try {
      const page = await readWholeCart((current) => queryCartItemList({ current, size: CART_PAGE_SIZE, currency }, { signal: controller.signal }));
      if (seq !== loadSeq) return;
      $cart.set({ ...$cart.get(), status: page.records.length > 0 ? 'listing' : 'empty', page });
    } catch (error) {
      if (seq !== loadSeq) return;
      const state = $cart.get();
      // What is already shown stays (it is the last known truth); with nothing shown, offer a retry.
      $cart.set({ ...state, status: state.page ? state.status : 'error', error: toCartError(error, 'load', null) });
    } finally {
      if (loadController === controller) loadController = null;
    }
  })();
  const settled = run.then(() => (seq === loadSeq ? undefined : latestLoad));
  latestLoad = settled;
  return settled;
}

/**
 * Every line of the cart: the first page, then the others at once, all read again when the cart
 * changed between them (cartPagesAgree). One page, one call: nearly every cart.
 */
export async function readWholeCart(read: (current: number) => Promise<CartPage>): Promise<CartPage> {
  for (let reading = 1; ; reading++) {
    const first = await read(1);
    const count = cartPageCount(first, CART_LINES_MAX);
    if (count === 1) return first;
    const pages = [first, ...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => read(i + 2))))];
    // Still changing after a few readings: show the last one; the change's own event reloads it.
    if (cartPagesAgree(pages) || reading === WHOLE_CART_READINGS) return mergeCartPages(pages);
  }
}

function findLine(id: number): CartLineRecord | undefined {
  return $cart.get().page?.records.find((line) => line.id === id);
}

/** Highest quantity the plus control allows: the stock left in that size, at most 99. */
export function maxLineQuantity(line: Pick<CartLineRecord, 'stock'>): number {
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, line.stock));
}

/** A quantity cannot go below 1 (minus disabled at 1; docs/money-and-personalisation.md "Cart lines"). */
export function canDecrease(line: Pick<CartLineRecord, 'quantity'>): boolean {
  return line.quantity > 1;
}

export function canIncrease(line: Pick<CartLineRecord, 'quantity' | 'stock'>): boolean {
  return line.quantity < maxLineQuantity(line);
}

/** Runs one line's change: the line is busy until the call and the reload after it are done. */
async function changeLine(id: number, call: () => Promise<unknown>): Promise<boolean> {
  busy.add(id);
  publishBusy();
  $cart.setKey('error', null);
  let applied = true;
  try {
    await call();
  } catch (error) {
    // A failed update does nothing and reloads; the message says why (docs/storefront.md).
    applied = false;
    $cart.setKey('error', toCartError(error, 'update', id));
  }
  // Even a refused change may mean the cart moved on elsewhere (a line deleted in another tab),
  // so the header count reloads either way; this store reloads itself just below.
  announcingOwnChange = true;
  try {
    notifyCartUpdated();
  } finally {
    announcingOwnChange = false;
  }
  try {
    await reloadCart();
  } finally {
    busy.delete(id);
    publishBusy();
  }
  return applied;
}

/**
 * Sets a line's quantity (`saveCartItemList [{id, quantity}]`). Ignored, returning false, for
 * an unknown or busy line and for a quantity outside 1 to the line's maximum; resolves true
 * once the server accepted it and the cart has reloaded, false if it refused.
 */
export function setQuantity(id: number, quantity: number): Promise<boolean> {
  const line = findLine(id);
  if (!line || busy.has(id) || !Number.isInteger(quantity) || quantity === line.quantity) return Promise.resolve(false);
  // Lowering is always allowed (stock may have fallen below the quantity); raising only to the maximum.
  if (quantity < 1 || (quantity > line.quantity && quantity > maxLineQuantity(line))) return Promise.resolve(false);
  return changeLine(id, () => saveCartItemList([{ id, quantity }]));
}

/** Deletes a line (`deleteByIds [id]`); resolves like {@link setQuantity}. */
export function removeLine(id: number): Promise<boolean> {
  if (!findLine(id) || busy.has(id)) return Promise.resolve(false);
  return changeLine(id, () => deleteCartItems([id]));
}

export function dismissCartError(): void {
  $cart.setKey('error', null);
}

/**
 * The next discount tier the cart could reach, for a hint like "Add 1 more item to save 10%".
 * Display only: the server's summary is what is charged.
 */
export function nextDiscountTier(itemCount: number, tiers: readonly DiscountTier[]): { itemsToAdd: number; percent: number } | null {
  const current = tierPercent(itemCount, tiers);
  let next: DiscountTier | null = null;
  for (const tier of tiers) {
    if (tier.minItems > itemCount && tier.percent > current && (next === null || tier.minItems < next.minItems)) next = tier;
  }
  return next ? { itemsToAdd: next.minItems - itemCount, percent: next.percent } : null;
}

/** The ids of every line, in the cart's order: the checkout's `items` query (docs/storefront.md "Routes"). */
export function cartLineIds(page: CartPage | null): number[] {
  return page ? page.records.map((line) => line.id) : [];
}

// ---------------------------------------------------------------------------------------------
// Coupon code. The cart page checks it against the cart (ironCoupon/apply) and keeps it for the
// checkout, which applies it to the order.

export const COUPON_STORAGE_KEY = 'SOY_couponCode';
export const COUPON_CODE_MAX = 40;

function decodeCoupon(stored: string): string | undefined {
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === 'string' && value !== '' && value.length <= COUPON_CODE_MAX ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The coupon code the shopper entered, kept as JSON under SOY_couponCode until checkout. */
export const $couponCode = persistentAtom<string | undefined>(COUPON_STORAGE_KEY, undefined, {
  encode: (value) => (value === undefined ? undefined : JSON.stringify(value)),
  decode: decodeCoupon,
});

/**
 * Keeps a coupon code for the checkout, without the spaces around it (the checkout's server
 * decides what a code means, case included). Returns the kept code, or null when there is none.
 */
export function keepCouponCode(input: string): string | null {
  const code = input.trim();
  if (code === '' || code.length > COUPON_CODE_MAX) return null;
  $couponCode.set(code);
  return code;
}

export function forgetCouponCode(): void {
  $couponCode.set(undefined);
}

export type CouponCheckResult = { ok: true; check: CouponCheck } | { ok: false; reason: CouponProblem | null };

/** Checks a code against these cart lines; a refusal (1409) says why in `reason`. */
export async function checkCoupon(code: string, currency: CurrencyCode, cartItemIds: readonly number[]): Promise<CouponCheckResult> {
  try {
    return { ok: true, check: await applyCoupon({ code, currency, ...(cartItemIds.length > 0 ? { cartItemIds: [...cartItemIds] } : {}) }, { silent: true }) };
  } catch (error) {
    if (isApiError(error) && error.code === '1409') {
      const reason = (error.data as { reason?: unknown } | null)?.reason;
      return { ok: false, reason: typeof reason === 'string' && (COUPON_PROBLEMS as readonly string[]).includes(reason) ? (reason as CouponProblem) : 'unknown' };
    }
    if (isApiError(error) && (error.code === '1001' || error.status === 400)) return { ok: false, reason: 'unknown' };
    return { ok: false, reason: null };
  }
}
