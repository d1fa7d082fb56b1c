/**
 * Shipping zones, methods and rates. Rates are kept in EUR minor units and converted to the
 * order's currency like every other price; standard shipping is free once the items, after the
 * tier discount and the coupon, reach the free-shipping threshold (45 EUR converted). The rates, the
 * threshold, the quantity tiers and the exchange rates are the shop's settings (PricingTerms, read by the server from the
 * settings module); the constants here are what a fresh shop starts with.
 */
import { z } from 'zod';
import { DEFAULT_RATES, convertFromEur, type CurrencyCode, type RateTable } from './money.model.ts';
import { DEFAULT_DISCOUNT_TIERS, FREE_SHIPPING_THRESHOLD_EUR, type DiscountTier } from './pricing.ts';

export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const shippingMethodSchema = z.enum(SHIPPING_METHODS, { error: `shippingMethod must be one of ${SHIPPING_METHODS.join(', ')}` });

export const SHIPPING_ZONES = ['eu', 'europe', 'north-america', 'world'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

/** The zones that list their countries; 'world' is every country none of them lists. */
export const LISTED_ZONES = ['eu', 'europe', 'north-america'] as const satisfies readonly ShippingZone[];
export type ListedZone = (typeof LISTED_ZONES)[number];
/** Which countries each listed zone holds (ISO 3166-1 alpha-2): the `shippingZones` settings section. */
export type ZoneCountries = Readonly<Record<ListedZone, readonly string[]>>;

/** A fresh shop's zones. */
export const ZONE_COUNTRIES: ZoneCountries = {
  /** European Union members: one customs area, the cheapest zone. */
  eu: ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  /** The rest of geographic Europe (customs apply, road transport still works). */
  europe: ['GB', 'CH', 'NO', 'IS', 'LI', 'MC', 'SM', 'VA', 'AD', 'AL', 'BA', 'ME', 'MK', 'RS', 'XK', 'MD', 'UA', 'GI', 'FO', 'GG', 'JE', 'IM', 'AX', 'SJ', 'GL'],
  'north-america': ['US', 'CA', 'MX', 'PR'],
};

export function shippingZone(countryCode: string, zones: ZoneCountries = ZONE_COUNTRIES): ShippingZone {
  const code = countryCode.toUpperCase();
  return LISTED_ZONES.find((zone) => zones[zone].includes(code)) ?? 'world';
}

/** Countries a zone table lists twice (in two zones, or twice in one): each country is in exactly one zone. */
export function zoneCountryIssues(zones: ZoneCountries): { zone: ListedZone; index: number; code: string }[] {
  const seen = new Set<string>();
  const issues: { zone: ListedZone; index: number; code: string }[] = [];
  for (const zone of LISTED_ZONES) {
    zones[zone].forEach((code, index) => {
      if (seen.has(code)) issues.push({ zone, index, code });
      seen.add(code);
    });
  }
  return issues;
}

/** A rate in EUR minor units and the delivery estimate in business days. */
export interface ShippingRate {
  amountEur: number;
  minDays: number;
  maxDays: number;
  /** Whether the free-shipping threshold applies to this method. */
  freeFromThreshold: boolean;
}

export type ShippingTable = Readonly<Record<ShippingZone, Readonly<Record<ShippingMethod, ShippingRate>>>>;

export const SHIPPING_RATES: ShippingTable = {
  eu: {
    standard: { amountEur: 495, minDays: 3, maxDays: 5, freeFromThreshold: true },
    express: { amountEur: 1495, minDays: 1, maxDays: 2, freeFromThreshold: false },
  },
  europe: {
    standard: { amountEur: 895, minDays: 4, maxDays: 7, freeFromThreshold: true },
    express: { amountEur: 1995, minDays: 2, maxDays: 3, freeFromThreshold: false },
  },
  'north-america': {
    standard: { amountEur: 1295, minDays: 6, maxDays: 10, freeFromThreshold: true },
    express: { amountEur: 2995, minDays: 3, maxDays: 5, freeFromThreshold: false },
  },
  world: {
    standard: { amountEur: 1495, minDays: 7, maxDays: 14, freeFromThreshold: true },
    express: { amountEur: 3495, minDays: 3, maxDays: 6, freeFromThreshold: false },
  },
};

/** What the server prices with: the shop's settings of the moment. */
export interface PricingTerms {
  rates: RateTable;
  shipping: ShippingTable;
  /** EUR minor units. */
  freeShippingThresholdEur: number;
  /** The quantity tiers every cart total takes its discount from. */
  tiers: readonly DiscountTier[];
  /** Which zone each country ships in. */
  zones: ZoneCountries;
}

export const DEFAULT_PRICING_TERMS: PricingTerms = { rates: DEFAULT_RATES, shipping: SHIPPING_RATES, freeShippingThresholdEur: FREE_SHIPPING_THRESHOLD_EUR, tiers: DEFAULT_DISCOUNT_TIERS, zones: ZONE_COUNTRIES };

/** Printing a name and number adds 1-2 business days (docs/storefront.md "Constants"). */
export const PERSONALISATION_EXTRA_DAYS = { min: 1, max: 2 } as const;

export interface ShippingOption {
  method: ShippingMethod;
  zone: ShippingZone;
  /** In the order's currency. */
  amount: number;
  free: boolean;
  /** Business days, including the extra days for printed items. */
  minDays: number;
  maxDays: number;
}

/** The free-shipping threshold in the given currency. */
export function freeShippingThreshold(currency: CurrencyCode, terms: PricingTerms = DEFAULT_PRICING_TERMS): number {
  return convertFromEur(terms.freeShippingThresholdEur, currency, terms.rates);
}

/**
 * The price of one method to one country, given what the items cost after every discount (in
 * the same currency). `personalised` adds the printing days to the estimate.
 */
export function shippingOption(
  countryCode: string,
  method: ShippingMethod,
  itemsAfterDiscounts: number,
  currency: CurrencyCode,
  personalised: boolean,
  terms: PricingTerms = DEFAULT_PRICING_TERMS,
): ShippingOption {
  const zone = shippingZone(countryCode, terms.zones);
  const rate = terms.shipping[zone][method];
  const free = rate.freeFromThreshold && itemsAfterDiscounts >= freeShippingThreshold(currency, terms);
  const extra = personalised ? PERSONALISATION_EXTRA_DAYS : { min: 0, max: 0 };
  return {
    method,
    zone,
    amount: free ? 0 : convertFromEur(rate.amountEur, currency, terms.rates),
    free,
    minDays: rate.minDays + extra.min,
    maxDays: rate.maxDays + extra.max,
  };
}

export function shippingOptions(countryCode: string, itemsAfterDiscounts: number, currency: CurrencyCode, personalised: boolean, terms: PricingTerms = DEFAULT_PRICING_TERMS): ShippingOption[] {
  return SHIPPING_METHODS.map((method) => shippingOption(countryCode, method, itemsAfterDiscounts, currency, personalised, terms));
}
