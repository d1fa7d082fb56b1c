/**
 * The shopper's display currency (docs/money-and-personalisation.md "Money"): kept in local storage
 * under `SOY_currency` as JSON (`"GBP"`), default EUR. A missing value reads as EUR; an unparseable
 * or unknown one is removed (client/storage.ts) and reads as EUR. Prices stay EUR minor units
 * everywhere; only display converts (`convertFromEur`).
 */
import { persistentAtom } from '@nanostores/persistent';
import { decodeStored, storageKey } from '../client/storage.ts';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '../domain/money.model.ts';

const NAME = 'currency';
export const CURRENCY_STORAGE_KEY = storageKey(NAME);

/** Reads a stored value; anything but one of our six codes gives the default. */
export function decodeCurrency(stored: string | null | undefined): CurrencyCode {
  return decodeStored(NAME, stored, isCurrencyCode) ?? DEFAULT_CURRENCY;
}

export const $currency = persistentAtom<CurrencyCode>(CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY, {
  encode: (value) => JSON.stringify(value),
  decode: decodeCurrency,
});

/** Switches the display currency; unknown codes are ignored. */
export function setCurrency(code: string): void {
  if (isCurrencyCode(code)) $currency.set(code);
}
