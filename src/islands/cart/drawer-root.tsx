/**
 * Renders the cart drawer into its element (CartDrawerMount.astro), with the locale and texts
 * the page wrote there. Loaded on the drawer's first opening (scripts/layout/cart-drawer.ts), with
 * its stylesheet: imported the usual way, the styles of a drawer most visits never open would be
 * a stylesheet every page waits for before it shows.
 */
import { createRoot } from 'react-dom/client';
import cartStyles from './cart.css?url';
import { isLocale } from '../../domain/locale.ts';
import type { Messages } from '../../i18n/core.ts';
import CartDrawer from './CartDrawer.tsx';

/** Adds the cart's stylesheet to the page (unless the cart page has it already) and waits for it. */
function loadStyles(): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${cartStyles}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = cartStyles;
    // A drawer without its styles is still better than none: open it either way.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

export async function mountCartDrawer(root: HTMLElement): Promise<void> {
  await loadStyles();
  const locale = isLocale(root.dataset['locale']) ? root.dataset['locale'] : 'en-US';
  const messages = JSON.parse(root.dataset['messages'] ?? '{}') as Partial<Messages>;
  createRoot(root).render(<CartDrawer locale={locale} messages={messages} />);
}
