/** Where the cart's links go, under the locale and the site's base path. */
import type { Locale } from '../../domain/locale.ts';
import { localePath } from '../../i18n/paths.ts';

export function cartHref(locale: Locale): string {
  return localePath(locale, '/cart/');
}

export function homeHref(locale: Locale): string {
  return localePath(locale, '/');
}

export function productHref(locale: Locale, productId: number): string {
  return localePath(locale, `/product/${productId}/`);
}

/**
 * docs/storefront.md "Routes": the cart checkout is `checkouts/cart` with `from=cart` and `items`,
 * a JSON list of the cart item ids (URL-encoded), e.g.
 * `/en-US/checkouts/cart/?from=cart&items=%5B3%2C1%5D`.
 */
export function checkoutHref(locale: Locale, lineIds: readonly number[]): string {
  return localePath(locale, `/checkouts/cart?from=cart&items=${encodeURIComponent(JSON.stringify(lineIds))}`);
}
