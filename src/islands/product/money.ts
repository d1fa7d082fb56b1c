/** Prices in the product islands: EUR minor units shown in the shopper's currency. */
import { useStore } from '@nanostores/react';
import type { Locale } from '../../domain/locale.ts';
import { DEFAULT_CURRENCY, formatEurIn, type CurrencyCode } from '../../domain/money.model.ts';
import { $currency } from '../../stores/currency.ts';

/**
 * The chosen currency. The build's HTML is in EUR, so hydration renders EUR too (identical
 * markup) and the stored currency follows right after.
 */
export function useCurrency(): CurrencyCode {
  return useStore($currency, { ssr: () => DEFAULT_CURRENCY });
}

/** Formats EUR minor units in `currency`. */
export function eurIn(currency: CurrencyCode, locale: Locale): (eurMinor: number) => string {
  return (eurMinor) => formatEurIn(eurMinor, currency, locale);
}
