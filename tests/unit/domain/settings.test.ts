/** The pure rules behind the shop's settings and the back office's coupons. */
import { describe, expect, it } from 'vitest';
import { couponBases, couponDiscount, couponProblem, couponState, fixedAmountIn, type CouponRule } from '../../../src/domain/coupons.model.ts';
import { DEFAULT_RATES, convertFromEur, formatEurIn } from '../../../src/domain/money.model.ts';
import { DEFAULT_DISCOUNT_TIERS, discountTierIssues } from '../../../src/domain/pricing.ts';
import { checkoutTerms, defaultSettings, pricingTerms, settingChanges, shownCurrencies } from '../../../src/domain/settings.model.ts';
import { settingsSaveRequestSchema } from '../../../src/domain/settings.schema.ts';
import { DEFAULT_PRICING_TERMS, SHIPPING_RATES, ZONE_COUNTRIES, freeShippingThreshold, shippingOption, shippingZone, zoneCountryIssues } from '../../../src/domain/shipping.ts';

describe('exchange rates', () => {
  it('convert with the rates given, the defaults being the specification’s', () => {
    expect(convertFromEur(9200, 'USD')).toBe(10000);
    expect(convertFromEur(9200, 'USD', { ...DEFAULT_RATES, USD: 200 })).toBe(20000);
    // EUR's own rate is the base: changing it changes every other currency.
    expect(convertFromEur(10000, 'GBP', { ...DEFAULT_RATES, EUR: 79 })).toBe(10000);
    expect(convertFromEur(10000, 'EUR', { ...DEFAULT_RATES, EUR: 50 })).toBe(10000);
    expect(formatEurIn(9200, 'USD', 'en-US', { ...DEFAULT_RATES, USD: 200 })).toBe('$200.00');
  });
});

describe('the currencies shown', () => {
  const rates = { ...DEFAULT_RATES };
  const parse = (value: Record<string, unknown>) => settingsSaveRequestSchema.safeParse({ section: 'exchangeRates', value });

  it('a section saved before they existed reads as every currency shown and no source', () => {
    const parsed = parse({ rates, setOn: '2026-01-01' });
    expect(parsed.success && parsed.data.value).toEqual({ rates, setOn: '2026-01-01', shown: ['EUR', 'GBP', 'USD', 'AUD', 'NZD', 'CAD'], source: '' });
  });

  it('always hold the base currency, name each once, and only the shop’s', () => {
    expect(parse({ rates, setOn: '2026-01-01', shown: ['GBP'] }).success).toBe(false);
    expect(parse({ rates, setOn: '2026-01-01', shown: ['EUR', 'GBP', 'EUR'] }).success).toBe(false);
    expect(parse({ rates, setOn: '2026-01-01', shown: ['EUR', 'JPY'] }).success).toBe(false);
    expect(parse({ rates, setOn: '2026-01-01', shown: ['EUR'], source: 'x'.repeat(201) }).success).toBe(false);
    expect(parse({ rates, setOn: '2026-01-01', shown: ['EUR'], source: ' ECB ' })).toMatchObject({ success: true, data: { value: { shown: ['EUR'], source: 'ECB' } } });
  });

  it('are listed in the shop’s order with the base currency, and are what checkout takes', () => {
    expect(shownCurrencies(['CAD', 'GBP'])).toEqual(['EUR', 'GBP', 'CAD']);
    expect(shownCurrencies(['XYZ'])).toEqual(['EUR']);
    const settings = defaultSettings(null);
    expect(checkoutTerms({ ...settings, exchangeRates: { ...settings.exchangeRates, shown: ['EUR', 'NZD'] } }).currencies).toEqual(['EUR', 'NZD']);
  });
});

describe('shipping terms', () => {
  it('a fresh shop’s settings are today’s constants', () => {
    expect(pricingTerms(defaultSettings(null))).toEqual(DEFAULT_PRICING_TERMS);
  });

  it('price a method from the terms: rate, threshold and rates', () => {
    const terms = { ...DEFAULT_PRICING_TERMS, freeShippingThresholdEur: 10_000, shipping: { ...SHIPPING_RATES, eu: { ...SHIPPING_RATES.eu, standard: { ...SHIPPING_RATES.eu.standard, amountEur: 300 } } } };
    expect(shippingOption('DE', 'standard', 9999, 'EUR', false, terms)).toMatchObject({ amount: 300, free: false });
    expect(shippingOption('DE', 'standard', 10_000, 'EUR', false, terms)).toMatchObject({ amount: 0, free: true });
    expect(shippingOption('DE', 'express', 10_000, 'EUR', false, terms).free).toBe(false);
    expect(freeShippingThreshold('USD', { ...terms, rates: { ...DEFAULT_RATES, USD: 184 } })).toBe(20_000);
  });
});

describe('the quantity tiers section', () => {
  const row = (minItems: number, percent: number) => ({ minItems, percent });
  const issuesOf = (rows: unknown) => {
    const parsed = settingsSaveRequestSchema.safeParse({ section: 'tiers', value: { rows } });
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('defaults to the configured tiers, and prices with them', () => {
    expect(defaultSettings(null).tiers).toEqual({ rows: DEFAULT_DISCOUNT_TIERS });
    const configured = [row(4, 12)];
    expect(pricingTerms(defaultSettings(null, configured)).tiers).toEqual(configured);
    // The default table obeys its own rules (it can be saved back unchanged).
    expect(issuesOf(DEFAULT_DISCOUNT_TIERS)).toEqual([]);
  });

  it('takes ascending rows of 2-999 items and 1-90 percent, at most 6, and none at all', () => {
    expect(issuesOf([row(2, 1), row(999, 90)])).toEqual([]);
    expect(issuesOf([])).toEqual([]);
    expect(issuesOf([2, 3, 4, 5, 6, 7].map((n) => row(n, n)))).toEqual([]);
  });

  it('names the cell of each broken rule', () => {
    expect(issuesOf([2, 3, 4, 5, 6, 7, 8].map((n) => row(n, n)))).toEqual([{ path: 'value.rows', message: 'at most 6 tiers' }]);
    expect(issuesOf([row(1, 10)])).toEqual([{ path: 'value.rows.0.minItems', message: 'a tier starts at 2 to 999 items' }]);
    expect(issuesOf([row(1000, 10)])).toEqual([{ path: 'value.rows.0.minItems', message: 'a tier starts at 2 to 999 items' }]);
    expect(issuesOf([row(3, 0)])).toEqual([{ path: 'value.rows.0.percent', message: 'a tier takes off 1 to 90 percent' }]);
    expect(issuesOf([row(3, 91)])).toEqual([{ path: 'value.rows.0.percent', message: 'a tier takes off 1 to 90 percent' }]);
    // Duplicate and falling minimums; a later tier taking off no more than an earlier one would never apply.
    expect(issuesOf([row(3, 10), row(3, 20)])).toEqual([{ path: 'value.rows.1.minItems', message: 'each tier starts at more items than the one before' }]);
    expect(issuesOf([row(5, 10), row(3, 20)])).toEqual([{ path: 'value.rows.1.minItems', message: 'each tier starts at more items than the one before' }]);
    expect(issuesOf([row(3, 20), row(5, 20)])).toEqual([{ path: 'value.rows.1.percent', message: 'each tier takes off more than the one before' }]);
    expect(issuesOf([row(3, 2.5)]).map((i) => i.path)).toContain('value.rows.0.percent');
    expect(issuesOf([{ ...row(3, 10), note: 'x' }]).length).toBeGreaterThan(0);
  });

  it('the editor reads the same rules: a half-typed row is in range of nothing', () => {
    expect(discountTierIssues([row(3, 10), { minItems: Number.NaN, percent: 20 }])).toEqual([{ index: 1, field: 'minItems', problem: 'minItemsRange' }]);
  });
});

describe('the shipping zones’ countries', () => {
  it('place a country by the table given, any unlisted one in the rest of the world, and price it there', () => {
    const moved = { ...ZONE_COUNTRIES, eu: [...ZONE_COUNTRIES.eu, 'GB'], europe: ZONE_COUNTRIES.europe.filter((c) => c !== 'GB') };
    expect(shippingZone('gb')).toBe('europe');
    expect(shippingZone('gb', moved)).toBe('eu');
    expect(shippingZone('DE', { ...ZONE_COUNTRIES, eu: [] })).toBe('world');
    expect(shippingOption('GB', 'standard', 0, 'EUR', false, { ...DEFAULT_PRICING_TERMS, zones: moved })).toMatchObject({ zone: 'eu', amount: SHIPPING_RATES.eu.standard.amountEur });
    expect(pricingTerms(defaultSettings(null)).zones).toEqual(ZONE_COUNTRIES);
  });

  it('name every country listed twice, in two zones or in one', () => {
    expect(zoneCountryIssues(ZONE_COUNTRIES)).toEqual([]);
    expect(zoneCountryIssues({ eu: ['DE', 'FR'], europe: ['GB', 'DE'], 'north-america': ['US', 'US'] })).toEqual([
      { zone: 'europe', index: 1, code: 'DE' },
      { zone: 'north-america', index: 1, code: 'US' },
    ]);
    const parsed = settingsSaveRequestSchema.safeParse({ section: 'shippingZones', value: { eu: ['DE'], europe: ['DE'], 'north-america': [] } });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['value.europe.0', 'DE is in another zone already: a country ships in one zone']]);
    expect(settingsSaveRequestSchema.safeParse({ section: 'shippingZones', value: { eu: ['Germany'], europe: [], 'north-america': [] } }).success).toBe(false);
  });
});

describe('settingChanges (the audit row of a save)', () => {
  it('names each changed leaf by its dotted path, and nothing when equal', () => {
    expect(settingChanges({ a: 1, b: { c: 'x', d: [1] } }, { a: 1, b: { c: 'y', d: [1, 2] } })).toEqual([
      { path: 'b.c', before: 'x', after: 'y' },
      { path: 'b.d', before: [1], after: [1, 2] },
    ]);
    expect(settingChanges({ a: null }, { a: { x: 1 } })).toEqual([{ path: 'a', before: null, after: { x: 1 } }]);
    expect(settingChanges(defaultSettings('a@b.c'), defaultSettings('a@b.c'))).toEqual([]);
  });
});

const rule = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  code: 'X',
  kind: 'percent',
  percent: 10,
  amountEur: null,
  amounts: null,
  includesPersonalised: true,
  minSpendEur: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  usedCount: 0,
  active: true,
  ...overrides,
});

describe('coupon state', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  it('expired (or off) first, then used up, then scheduled, else active', () => {
    expect(couponState(rule(), now)).toBe('active');
    expect(couponState(rule({ startsAt: new Date('2030-06-02T00:00:00Z') }), now)).toBe('scheduled');
    expect(couponState(rule({ endsAt: now }), now)).toBe('expired');
    expect(couponState(rule({ active: false }), now)).toBe('expired');
    expect(couponState(rule({ usageLimit: 2, usedCount: 2 }), now)).toBe('used-up');
    expect(couponState(rule({ usageLimit: 2, usedCount: 2, endsAt: now }), now)).toBe('expired');
    expect(couponState(rule({ usageLimit: 2, usedCount: 2, startsAt: new Date('2030-07-01T00:00:00Z') }), now)).toBe('used-up');
  });
});

describe('coupons and personalised items', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  it('the base without personalised lines carries their share of the tier discount', () => {
    const lines = [
      { lineTotal: 3000, personalised: false },
      { lineTotal: 2000, personalised: true },
      { lineTotal: 1000, personalised: false },
    ];
    expect(couponBases(lines, { discountPercent: 10, total: 5400 })).toEqual({ base: 5400, baseWithoutPersonalised: 3600 });
    expect(couponBases([{ lineTotal: 2000, personalised: true }], { discountPercent: 0, total: 2000 })).toEqual({ base: 2000, baseWithoutPersonalised: 0 });
  });

  it('a coupon that leaves them out is refused on printed shirts only, and its minimum counts the other lines', () => {
    const context = { now, currency: 'EUR' as const, base: 5000, baseWithoutPersonalised: 0, customerUses: 0 };
    expect(couponProblem(rule({ includesPersonalised: false }), context)).toBe('personalised-excluded');
    expect(couponProblem(rule({ includesPersonalised: true }), context)).toBeNull();
    expect(couponProblem(rule({ includesPersonalised: false, minSpendEur: 2000 }), { ...context, baseWithoutPersonalised: 1999 })).toBe('min-spend');
    expect(couponProblem(rule({ includesPersonalised: false, minSpendEur: 2000 }), { ...context, baseWithoutPersonalised: 2000 })).toBeNull();
  });
});

describe('fixed coupons per currency', () => {
  it('take the amount set for the currency, else the EUR amount converted, never more than the base', () => {
    const fixed = rule({ kind: 'fixed', percent: null, amountEur: 500, amounts: { EUR: 500, GBP: 450 } });
    expect(fixedAmountIn(fixed, 'GBP')).toBe(450);
    expect(fixedAmountIn(fixed, 'USD')).toBe(convertFromEur(500, 'USD'));
    expect(couponDiscount(fixed, 300, 'GBP')).toBe(300);
    expect(couponDiscount(fixed, 10_000, 'GBP')).toBe(450);
  });
});
