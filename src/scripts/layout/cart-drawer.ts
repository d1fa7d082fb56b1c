/**
 * Loads the cart drawer (islands/cart/drawer-root.tsx: React and the drawer) on the first
 * `cart-open` event and renders it into the page's `[data-cart-drawer]` element
 * (CartDrawerMount.astro). Whoever opens it sets `$cartDrawerOpen` first, so it mounts open.
 */
import { CART_OPEN_EVENT } from '../../stores/cart-header.ts';

export function initCartDrawer(): void {
  const root = document.querySelector<HTMLElement>('[data-cart-drawer]');
  if (!root) return;
  window.addEventListener(CART_OPEN_EVENT, () => void import('../../islands/cart/drawer-root.tsx').then((module) => module.mountCartDrawer(root)), { once: true });
}
