/**
 * The shopper's display currency (spec section 9): kept in local storage under `SOY_currency` as
 * JSON (`"GBP"`), default EUR. A missing, unparseable or unknown stored value reads as EUR.
 * Prices stay EUR minor units everywhere; only display converts (`convertFromEur`).
 */
import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '../domain/money.ts';

export const CURRENCY_STORAGE_KEY = 'SOY_currency';

/** Reads a stored value; anything but one of our six codes gives the default. */
export function decodeCurrency(stored: string | null | undefined): CurrencyCode {
  if (stored == null) return DEFAULT_CURRENCY;
  try {
    const value: unknown = JSON.parse(stored);
    return isCurrencyCode(value) ? value : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

export const $currency = persistentAtom<CurrencyCode>(CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY, {
  encode: (value) => JSON.stringify(value),
  decode: decodeCurrency,
});

/** Switches the display currency; unknown codes are ignored. */
export function setCurrency(code: string): void {
  if (isCurrencyCode(code)) $currency.set(code);
}
