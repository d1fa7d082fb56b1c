/**
 * The shop's displayed settings in the browser (docs/back-office.md "Settings"): the exchange rates
 * every shown price converts with, and the shop config (banner, threshold, tiers). Pages carry the
 * values of their build (the banner's `data-shop-rates`, read by the header script); whenever a
 * page asks the server (the cart does, on every cart page and drawer), its live answer replaces
 * them. The server prices everything itself: these only display.
 */
import { atom } from 'nanostores';
import { CURRENCY_CODES, DEFAULT_CURRENCY, DEFAULT_RATES, type CurrencyCode, type RateTable } from '../domain/money.model.ts';
import { $currency } from './currency.ts';
import type { ShopConfig } from '../domain/system.model.ts';

export const $rates = atom<RateTable>(DEFAULT_RATES);
export const $shopConfig = atom<ShopConfig | null>(null);

/**
 * Reads rates as the build wrote them (JSON by currency: the shown currencies'); a currency not
 * shown keeps its default, anything unusable leaves the defaults.
 */
export function decodeRates(json: string | undefined | null): RateTable | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    const given = CURRENCY_CODES.filter((c) => c in value);
    const ok = given.length > 0 && given.every((c) => typeof value[c] === 'number' && Number.isSafeInteger(value[c]) && (value[c] as number) > 0);
    return ok ? ({ ...DEFAULT_RATES, ...Object.fromEntries(given.map((c) => [c, value[c]])) } as Record<CurrencyCode, number>) : null;
  } catch {
    return null;
  }
}

export function ratesOf(config: Pick<ShopConfig, 'currencies'>): RateTable {
  const rates = { ...DEFAULT_RATES } as Record<CurrencyCode, number>;
  for (const currency of config.currencies) rates[currency.code] = currency.ratePerUsdX100;
  return rates;
}

/** The server's live answer: every price shown follows its rates, and a currency the shop no longer shows gives way to the default. */
export function setShopConfig(config: ShopConfig): void {
  $shopConfig.set(config);
  $rates.set(ratesOf(config));
  if (config.currencies.length > 0 && !config.currencies.some((currency) => currency.code === $currency.get())) $currency.set(DEFAULT_CURRENCY);
}
