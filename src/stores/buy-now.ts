/**
 * The "buy it now" line, kept in sessionStorage (this tab only, like PayPal's window) from the
 * product page to the buy-now checkout. Apart from the checkout store (checkout.ts, which
 * re-exports it) so that the product page keeps its line without loading the checkout's code.
 */
import type { NewCartLineInput } from '../client/cart.ts';

const BUY_NOW_KEY = 'SOY_buyNow';

/** Keeps the configured line for the buy-it-now checkout (this tab only, like PayPal's window). */
export function keepBuyNowLine(item: NewCartLineInput): void {
  try {
    sessionStorage.setItem(BUY_NOW_KEY, JSON.stringify(item));
  } catch {
    // Storage refused (private mode quota): the checkout then says there is nothing to buy.
  }
}

/** Paid: the line has been bought, so a reload of the buy-now page has nothing left to sell. */
export function forgetBuyNowLine(): void {
  try {
    sessionStorage.removeItem(BUY_NOW_KEY);
  } catch {
    // Nothing kept.
  }
}

export function readBuyNowLine(): NewCartLineInput | null {
  try {
    const raw = sessionStorage.getItem(BUY_NOW_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && 'productId' in value ? (value as NewCartLineInput) : null;
  } catch {
    return null;
  }
}
