/**
 * Renders the cart drawer into its element (CartDrawerMount.astro), with the locale and texts
 * the page wrote there. Loaded on the drawer's first opening (islands/layout/cart-drawer.ts).
 */
import { createRoot } from 'react-dom/client';
import { isLocale } from '../../domain/locale.ts';
import type { Messages } from '../../i18n/core.ts';
import CartDrawer from './CartDrawer.tsx';

export function mountCartDrawer(root: HTMLElement): void {
  const locale = isLocale(root.dataset['locale']) ? root.dataset['locale'] : 'en-US';
  const messages = JSON.parse(root.dataset['messages'] ?? '{}') as Partial<Messages>;
  createRoot(root).render(<CartDrawer locale={locale} messages={messages} />);
}
