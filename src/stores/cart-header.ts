/**
 * What the header needs of the cart, on every page: the item count, the signals that the cart
 * changed (docs/storefront.md "Page states": `cart-updated` on window, and through storage in other
 * tabs) and opening the drawer. Kept apart from the cart store (cart.ts, which re-exports all of
 * it) so that a page whose shopper never opens the cart loads neither the HTTP client nor the
 * cart's code.
 */
import { atom } from 'nanostores';
import { fetchCartCount } from '../client/cart-count.ts';
import { $signedIn } from './session.ts';

/** docs/storefront.md "Page states": a change to the cart fires this; listeners reload what they show. */
export const CART_UPDATED_EVENT = 'cart-updated';
/** Dispatched to open the drawer; the drawer loads on its first one (islands/cart/drawer-mount.ts). */
export const CART_OPEN_EVENT = 'cart-open';
/** Written on every change so other tabs hear of it (storage events fire only in other tabs). */
export const CROSS_TAB_KEY = 'SOY_cartChangedAt';

/** Items in the cart (sum of quantities); null until first loaded. */
export const $cartCount = atom<number | null>(null);
export const $cartDrawerOpen = atom(false);

let countRequest: AbortController | null = null;

/** Reloads the header count; a failure keeps the last known count. */
export async function refreshCartCount(): Promise<void> {
  countRequest?.abort();
  const controller = new AbortController();
  countRequest = controller;
  try {
    $cartCount.set(await fetchCartCount({ signal: controller.signal }));
  } catch {
    // The count is a convenience: the cart itself shows the truth when opened.
  }
}

export function notifyCartUpdated(): void {
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
  try {
    localStorage.setItem(CROSS_TAB_KEY, JSON.stringify(Date.now()));
  } catch {
    // Storage may be full or disabled; this tab is still up to date.
  }
}

export function openCartDrawer(): void {
  $cartDrawerOpen.set(true);
  window.dispatchEvent(new Event(CART_OPEN_EVENT));
}

export function closeCartDrawer(): void {
  $cartDrawerOpen.set(false);
}

let listening = false;
/** Keeps $cartCount current: loads it once and reloads on every cart change, here or in another tab. */
export function watchCartCount(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(CART_UPDATED_EVENT, () => void refreshCartCount());
  window.addEventListener('storage', (event) => {
    if (event.key === CROSS_TAB_KEY) void refreshCartCount();
  });
  // Signing in or out (here or in another tab) switches between the guest's and the user's cart.
  $signedIn.listen(() => void refreshCartCount());
  void refreshCartCount();
}
