/**
 * Money is always an integer count of minor units (cents, pence) in a named currency.
 * Catalogue prices are kept in EUR; other currencies are derived with the specification's
 * fixed rates, expressed against USD. No zod here (the currency code's schema is in
 * money.schema.ts): every page formats prices with this module, and zod is not for every page.
 */
import { numberFormat } from './intl.ts';

export const CURRENCY_CODES = ['EUR', 'GBP', 'USD', 'AUD', 'NZD', 'CAD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const BASE_CURRENCY: CurrencyCode = 'EUR';
export const DEFAULT_CURRENCY: CurrencyCode = 'EUR';

export interface CurrencyInfo {
  code: CurrencyCode;
  name: string;
  symbol: string;
  flag: string;
  /** Units per 1 USD, scaled by 100 so that conversion stays in integers (docs/money-and-personalisation.md). */
  ratePerUsdX100: number;
}

export const CURRENCIES: Record<CurrencyCode, CurrencyInfo> = {
  EUR: { code: 'EUR', name: 'Euro', symbol: '€', flag: '🇪🇺', ratePerUsdX100: 92 },
  GBP: { code: 'GBP', name: 'British Pound', symbol: '£', flag: '🇬🇧', ratePerUsdX100: 79 },
  USD: { code: 'USD', name: 'US Dollar', symbol: '$', flag: '🇺🇸', ratePerUsdX100: 100 },
  AUD: { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', flag: '🇦🇺', ratePerUsdX100: 152 },
  NZD: { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$', flag: '🇳🇿', ratePerUsdX100: 165 },
  CAD: { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$', flag: '🇨🇦', ratePerUsdX100: 136 },
};

/**
 * Units of each currency per 1 USD, x100 (as ratePerUsdX100). The shop's rates live in its settings
 * (the settings module); these, the specification's, are what a fresh shop starts with.
 */
export type RateTable = Readonly<Record<CurrencyCode, number>>;
export const DEFAULT_RATES: RateTable = Object.fromEntries(CURRENCY_CODES.map((code) => [code, CURRENCIES[code].ratePerUsdX100])) as Record<CurrencyCode, number>;

/** Decimal places per ISO 4217 code; the specification rounds JPY and KRW to whole units. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'HUF', 'TWD']);
export function minorUnitDigits(code: string): number {
  return ZERO_DECIMAL.has(code) ? 0 : 2;
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

/** Integer division rounding half away from zero: round(numerator / denominator). */
export function divRound(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const quotient = Math.floor((2 * n + denominator) / (2 * denominator));
  // Never -0: Intl formats it as "-€0.00".
  return quotient === 0 ? 0 : sign * quotient;
}

/**
 * Converts an amount in EUR minor units to the target currency's minor units, rounded to the
 * nearest minor unit. All our currencies have two decimals, so minor units convert directly.
 */
export function convertFromEur(eurMinor: number, to: CurrencyCode, rates: RateTable = DEFAULT_RATES): number {
  assertMinor(eurMinor);
  if (to === 'EUR') return eurMinor;
  return divRound(eurMinor * rates[to], rates.EUR);
}

export function assertMinor(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money must be an integer number of minor units, got ${amount}`);
}

/** "12.34" style decimal string, as PayPal and JSON-LD want it. */
export function toDecimalString(minor: number, code: string): string {
  assertMinor(minor);
  const digits = minorUnitDigits(code);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Formats minor units for display, in the page's locale. 'symbol' rather than 'narrowSymbol', so
 * that AUD, NZD and CAD ("A$", "NZ$", "CA$") cannot be mistaken for US dollars.
 */
export function formatMoney(minor: number, code: CurrencyCode, locale = 'en-US'): string {
  const fmt = numberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'symbol' });
  const digits = minorUnitDigits(code);
  return fmt.format(minor / 10 ** digits);
}

/** EUR minor units (catalogue prices) shown in `currency`: the browser's one way to display them. */
export function formatEurIn(eurMinor: number, currency: CurrencyCode, locale?: string, rates: RateTable = DEFAULT_RATES): string {
  return formatMoney(convertFromEur(eurMinor, currency, rates), currency, locale);
}

/**
 * Converts minor units between any two of the shop's currencies at the given rates, rounded half
 * away from zero (the tax model compares an order with a limit set in another currency).
 */
export function convertMinor(amount: number, from: CurrencyCode, to: CurrencyCode, rates: RateTable = DEFAULT_RATES): number {
  assertMinor(amount);
  if (from === to) return amount;
  return divRound(amount * rates[to], rates[from]);
}
