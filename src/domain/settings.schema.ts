/** What the settings calls take (settings.model.ts has the types and the defaults). */
import { z } from 'zod';
import { BASE_CURRENCY, CURRENCY_CODES, type CurrencyCode } from './money.model.ts';
import { DISCOUNT_TIER_LIMITS, discountTierIssues, type DiscountTierProblem } from './pricing.ts';
import { sellerSectionSchema, taxSectionSchema } from './tax/settings.schema.ts';
import { LISTED_ZONES, SHIPPING_METHODS, SHIPPING_ZONES, zoneCountryIssues, type ListedZone, type ShippingMethod, type ShippingZone } from './shipping.ts';

const minor = (what: string) => z.int(`${what} must be whole minor units (cents)`).min(0, `${what} cannot be negative`).max(10_000_000, `${what} is too large`);
const days = z.int('days must be a whole number').min(0, 'days cannot be negative').max(90, 'at most 90 days');

const rateSchema = z
  .strictObject({ amountEur: minor('the rate'), minDays: days, maxDays: days, freeFromThreshold: z.boolean() })
  .refine((r) => r.maxDays >= r.minDays, { path: ['maxDays'], error: 'the longest delivery cannot be shorter than the shortest' });

const methods = z.strictObject(Object.fromEntries(SHIPPING_METHODS.map((m) => [m, rateSchema])) as Record<ShippingMethod, typeof rateSchema>);
export const shippingTableSchema = z.strictObject(Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, methods])) as Record<ShippingZone, typeof methods>);

const countryList = z.array(z.string().regex(/^[A-Z]{2}$/, 'a country is its two-letter code')).max(300, 'at most 300 countries');
/** Which countries each listed zone holds; every other country ships as 'world'. */
export const zoneCountriesSchema = z.strictObject(Object.fromEntries(LISTED_ZONES.map((zone) => [zone, countryList])) as Record<ListedZone, typeof countryList>).superRefine((zones, ctx) => {
  for (const issue of zoneCountryIssues(zones)) ctx.addIssue({ code: 'custom', path: [issue.zone, issue.index], message: `${issue.code} is in another zone already: a country ships in one zone` });
});

const rate = z.int('rates are whole units per 1 USD x100').min(1, 'a rate must be positive').max(10_000_000, 'the rate is too large');
/** At most this many characters say where the rates come from. */
export const RATES_SOURCE_MAX = 200;
export const exchangeRatesSchema = z.strictObject({
  rates: z.strictObject(Object.fromEntries(CURRENCY_CODES.map((c) => [c, rate])) as Record<CurrencyCode, typeof rate>),
  setOn: z.iso.date('the date is YYYY-MM-DD'),
  // A row saved before these two existed reads as every currency shown and no source named.
  shown: z
    .array(z.enum(CURRENCY_CODES, 'not a currency of the shop'))
    .max(CURRENCY_CODES.length)
    .refine((codes) => codes.includes(BASE_CURRENCY), `${BASE_CURRENCY} is the catalogue's currency and is always shown`)
    .refine((codes) => new Set(codes).size === codes.length, 'a currency is named twice')
    .default([...CURRENCY_CODES]),
  source: z.string().trim().max(RATES_SOURCE_MAX, `at most ${RATES_SOURCE_MAX} characters`).default(''),
});

const bannerText = z.string().trim().max(160, 'at most 160 characters');
export const bannerSchema = z.strictObject({
  enabled: z.boolean(),
  message: z.strictObject({ 'en-US': bannerText, 'zh-CN': bannerText }),
  countdownTo: z.iso.datetime({ offset: true, error: 'the countdown target is a date and time' }).nullable(),
});

const L = DISCOUNT_TIER_LIMITS;
/** The English wording of each tier rule (the editor says them in its language from the same problems). */
export const DISCOUNT_TIER_MESSAGES: Record<DiscountTierProblem, string> = {
  tooMany: `at most ${L.maxRows} tiers`,
  minItemsRange: `a tier starts at ${L.minItems} to ${L.maxItems} items`,
  percentRange: `a tier takes off ${L.minPercent} to ${L.maxPercent} percent`,
  minItemsNotAscending: 'each tier starts at more items than the one before',
  percentNotAscending: 'each tier takes off more than the one before',
};
const tierRow = z.strictObject({ minItems: z.int('a whole number of items'), percent: z.int('a whole percent') });
/** The quantity tiers: one table (docs/money-and-personalisation.md), lowest first. */
export const discountTiersSchema = z.array(tierRow).superRefine((tiers, ctx) => {
  for (const issue of discountTierIssues(tiers)) {
    ctx.addIssue({ code: 'custom', path: issue.index === null ? [] : [issue.index, issue.field!], message: DISCOUNT_TIER_MESSAGES[issue.problem] });
  }
});
export const tiersSectionSchema = z.strictObject({ rows: discountTiersSchema });

const whole = (what: string, max: number) => z.int(`${what} must be a whole number`).min(0, `${what} cannot be negative`).max(max, `${what} is at most ${max}`);
export const afterSalesSchema = z.strictObject({
  returnWindowDays: whole('the return window', 365),
  shopperEditMinutes: whole('the shopper\'s edit window', 7 * 24 * 60),
  paymentLinkHours: whole('a payment link\'s life', 30 * 24).min(1, 'a payment link lives at least an hour'),
});

/** Save one section; its whole value, checked as a whole. */
export const settingsSaveRequestSchema = z.discriminatedUnion('section', [
  z.strictObject({ section: z.literal('shipping'), value: shippingTableSchema }),
  z.strictObject({ section: z.literal('freeShipping'), value: z.strictObject({ thresholdEur: minor('the threshold') }) }),
  z.strictObject({ section: z.literal('banner'), value: bannerSchema }),
  z.strictObject({ section: z.literal('exchangeRates'), value: exchangeRatesSchema }),
  z.strictObject({ section: z.literal('merchant'), value: z.strictObject({ email: z.email('give an email address').max(254).nullable() }) }),
  z.strictObject({ section: z.literal('taxes'), value: taxSectionSchema }),
  z.strictObject({ section: z.literal('seller'), value: sellerSectionSchema }),
  z.strictObject({ section: z.literal('afterSales'), value: afterSalesSchema }),
  z.strictObject({ section: z.literal('tiers'), value: tiersSectionSchema }),
  z.strictObject({ section: z.literal('shippingZones'), value: zoneCountriesSchema }),
]);
export type SettingsSaveRequest = z.output<typeof settingsSaveRequestSchema>;
