/**
 * Build-time data and settings for the shop layout. Every pre-rendered page renders the layout,
 * so the navigation tree and the shop configuration are fetched once per build (per locale) and
 * shared, not once per page.
 */
import { queryNavTree } from '../../client/catalogue.ts';
import { queryShopConfig, type ShopConfig } from '../../client/shop.ts';
import type { NavItem } from '../../domain/catalogue.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * Build-time configuration (Vite inlines `PUBLIC_*` variables). No request is ever made to these
 * addresses: they are links that open in a new tab.
 */
export const TRACKING_URL = import.meta.env.PUBLIC_TRACKING_URL || 'https://www.17track.net/en';
export const CHAT_URL = import.meta.env.PUBLIC_CHAT_URL || 'https://wa.me/15550100000';
export const SUPPORT_EMAIL = import.meta.env.PUBLIC_SUPPORT_EMAIL || 'support@jersey-shop.example';

/** What the header and the footer are given. */
export interface LayoutPartProps {
  locale: Locale;
  /** This page's path without the locale (e.g. `/product/3/`); null links the other home. */
  path: string | null;
}

/** The header's help links (top bar on wide screens, menu sheet on phones): shop pages, then order tracking on the external site. */
export const HELP_LINKS = [
  { label: 'layout.header.faq', path: '/faq/' },
  { label: 'layout.header.contact', path: '/contact-us/' },
  { label: 'layout.header.shipping', path: '/shipping-policy/' },
  { label: 'layout.header.trackOrder', url: TRACKING_URL },
] as const satisfies readonly ({ label: MessageKey; path: string } | { label: MessageKey; url: string })[];

/** The footer's groups of shop pages, each under its heading (the contact and newsletter groups follow them). */
export const FOOTER_LINK_GROUPS = [
  {
    heading: 'layout.footer.support',
    links: [
      { label: 'layout.footer.shipping', path: '/shipping-policy/' },
      { label: 'layout.footer.returns', path: '/return-policy/' },
      { label: 'layout.footer.about', path: '/about-us/' },
      { label: 'layout.footer.tracking', path: '/tracking-order/' },
    ],
  },
  {
    heading: 'layout.footer.information',
    links: [
      { label: 'layout.footer.terms', path: '/terms-of-service/' },
      { label: 'layout.footer.privacy', path: '/privacy-policy/' },
      { label: 'layout.footer.faq', path: '/faq/' },
    ],
  },
] as const satisfies readonly { heading: MessageKey; links: readonly { label: MessageKey; path: string }[] }[];

const navTrees = new Map<Locale, Promise<NavItem[]>>();
let shopConfig: Promise<ShopConfig> | null = null;

/** Remembers a pending call; a failed one is forgotten so that a later page can try again. */
function remember<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

/** The navigation tree (up to three levels) with names in `locale`. */
export function getNavTree(locale: Locale): Promise<NavItem[]> {
  let tree = navTrees.get(locale);
  if (!tree) {
    tree = remember(queryNavTree({ locale }), () => navTrees.delete(locale));
    navTrees.set(locale, tree);
  }
  return tree;
}

export function getShopConfig(): Promise<ShopConfig> {
  shopConfig ??= remember(queryShopConfig(), () => {
    shopConfig = null;
  });
  return shopConfig;
}
