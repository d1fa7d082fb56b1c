/** Where the checkout and order pages link, under the locale and the site's base path. */
import type { Locale } from '../../domain/locale.ts';
import { localePath } from '../../i18n/paths.ts';

export function buyNowHref(locale: Locale): string {
  return localePath(locale, '/checkouts/now/');
}

/** The sign-in page, coming back to `here` afterwards. */
export function signInHref(locale: Locale, here: string): string {
  return `${localePath(locale, '/login')}?redirect=${encodeURIComponent(here)}`;
}

export function orderSuccessHref(locale: Locale, orderNo: string, token: string | null): string {
  return `${localePath(locale, `/order-success/${orderNo}/`)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

export function orderDetailHref(locale: Locale, orderNo: string): string {
  return localePath(locale, `/order-detail/${orderNo}/`);
}

export function ordersHref(locale: Locale): string {
  return localePath(locale, '/orders/');
}

export function trackingHref(locale: Locale, orderNo?: string): string {
  return `${localePath(locale, '/tracking-order/')}${orderNo ? `?orderNo=${encodeURIComponent(orderNo)}` : ''}`;
}
