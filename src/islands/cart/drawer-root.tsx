/**
 * Renders the cart drawer into its element (CartDrawerMount.astro), in the locale the page wrote
 * there. Loaded on the drawer's first opening (scripts/layout/cart-drawer.ts), with its stylesheet
 * and texts: imported the usual way, the styles of a drawer most visits never open would be a
 * stylesheet every page waits for before it shows, and its texts 4.7 KB of every page's HTML.
 */
import { createRoot } from 'react-dom/client';
import cartStyles from './cart.css?url';
import { isLocale } from '../../domain/locale.ts';
import type { Locale } from '../../domain/locale.ts';
import type { Messages } from '../../i18n/core.ts';
import CartDrawer from './CartDrawer.tsx';

/** The cart texts of each locale, a chunk each: the drawer loads only its page's. */
const CART_TEXTS: Record<Locale, () => Promise<{ default: Messages['cart'] }>> = {
  'en-US': () => import('../../i18n/locales/en-US/cart.json'),
  'zh-CN': () => import('../../i18n/locales/zh-CN/cart.json'),
};
/** The print's words (lines' premium lettering, cart-parts.ts), likewise. */
const PRINT_TEXTS: Record<Locale, () => Promise<{ default: Messages['print'] }>> = {
  'en-US': () => import('../../i18n/locales/en-US/print.json'),
  'zh-CN': () => import('../../i18n/locales/zh-CN/print.json'),
};
/** The network-error state's words (islands/LoadFailure.tsx), likewise. */
const NETWORK_TEXTS: Record<Locale, () => Promise<{ default: Messages['network'] }>> = {
  'en-US': () => import('../../i18n/locales/en-US/network.json'),
  'zh-CN': () => import('../../i18n/locales/zh-CN/network.json'),
};

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
  const locale = isLocale(root.dataset['locale']) ? root.dataset['locale'] : 'en-US';
  const [texts, print, network] = await Promise.all([CART_TEXTS[locale](), PRINT_TEXTS[locale](), NETWORK_TEXTS[locale](), loadStyles()]);
  createRoot(root).render(<CartDrawer locale={locale} messages={{ cart: texts.default, print: print.default, network: network.default }} />);
}
