/** Prices in the product islands: EUR minor units shown in the shopper's currency. */
import { useStore } from '@nanostores/react';
import type { Locale } from '../../domain/locale.ts';
import { DEFAULT_CURRENCY, formatEurIn, type CurrencyCode, type RateTable } from '../../domain/money.model.ts';
import { $currency } from '../../stores/currency.ts';
import { $rates } from '../../stores/shop-config.ts';

/**
 * The chosen currency. The build's HTML is in EUR, so hydration renders EUR too (identical
 * markup) and the stored currency follows right after.
 */
export function useCurrency(): CurrencyCode {
  return useStore($currency, { ssr: () => DEFAULT_CURRENCY });
}

/** The shop's exchange rates (stores/shop-config.ts): the page's, then the server's live ones. */
export function useRates(): RateTable {
  return useStore($rates);
}

/** Formats EUR minor units in `currency` at `rates`. */
export function eurIn(currency: CurrencyCode, locale: Locale, rates: RateTable): (eurMinor: number) => string {
  return (eurMinor) => formatEurIn(eurMinor, currency, locale, rates);
}
