import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_CODES, convertFromEur, type CurrencyCode } from '../../../src/domain/money.model.ts';
import {
  DEFAULT_DISCOUNT_TIERS,
  FREE_SHIPPING_THRESHOLD_EUR,
  MAX_LINE_QUANTITY,
  cartTotals,
  priceLine,
  tierPercent,
  unitPriceEur,
  type LinePriceInputs,
} from '../../../src/domain/pricing.ts';
import { PREMIUM_OPTIONS, type CustomType, type PremiumOption } from '../../../src/domain/personalisation.ts';

const currencyArb = fc.constantFrom(...CURRENCY_CODES);
const customTypeArb = fc.constantFrom<CustomType>(1, 2, 3, 4);
const premiumArb = fc.constantFrom<PremiumOption>(...PREMIUM_OPTIONS);
const priceArb = fc.integer({ min: 0, max: 50_000 });

/** The drawer's tiers as the specification states them (docs/storefront.md "Constants"), written out independently. */
function specPercent(items: number): number {
  if (items >= 5) return 20;
  if (items >= 3) return 10;
  return 0;
}

function inputs(overrides: Partial<LinePriceInputs> = {}): LinePriceInputs {
  return {
    productPriceEur: 4000,
    customisationFeeEur: 1000,
    patchPricesEur: [],
    addonPricesEur: [],
    customType: 1,
    premiumNameOption: 'Standard',
    premiumNumberOption: 'Standard',
    ...overrides,
  };
}

describe('constants', () => {
  it('free shipping from 45 EUR, at most 99 of one line', () => {
    expect(FREE_SHIPPING_THRESHOLD_EUR).toBe(4500);
    expect(MAX_LINE_QUANTITY).toBe(99);
  });

  it('default tiers are the drawer ones: 3+ items 10%, 5+ items 20%', () => {
    expect(DEFAULT_DISCOUNT_TIERS).toEqual([
      { minItems: 3, percent: 10 },
      { minItems: 5, percent: 20 },
    ]);
  });
});

describe('tierPercent', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0], // N-1 of the first tier
    [3, 10], // N
    [4, 10], // N+1, and N-1 of the second tier
    [5, 20], // N
    [6, 20], // N+1
    [99, 20],
    [1000, 20],
  ])('%i items -> %i%%', (items, percent) => {
    expect(tierPercent(items)).toBe(percent);
  });

  it('takes the best tier reached, whatever the order of the table', () => {
    const reversed = [
      { minItems: 5, percent: 20 },
      { minItems: 3, percent: 10 },
    ];
    for (const [items, percent] of [
      [2, 0],
      [3, 10],
      [4, 10],
      [5, 20],
      [6, 20],
    ] as const) {
      expect(tierPercent(items, reversed)).toBe(percent);
    }
  });

  it('uses a configured table (the banner reading: 5 items 5%, 10 items 10%)', () => {
    const banner = [
      { minItems: 5, percent: 5 },
      { minItems: 10, percent: 10 },
    ];
    expect([4, 5, 6, 9, 10, 11].map((n) => tierPercent(n, banner))).toEqual([0, 5, 5, 5, 10, 10]);
    expect(tierPercent(100, [])).toBe(0);
  });

  it('property: matches the specification for any item count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (items) => {
        expect(tierPercent(items)).toBe(specPercent(items));
      }),
    );
  });
});

describe('unitPriceEur', () => {
  it('Blank: product price plus patches and add-ons, no fee', () => {
    expect(unitPriceEur(inputs({ customType: 1, patchPricesEur: [300, 200], addonPricesEur: [1500] }))).toBe(6000);
  });

  it('Standard (type 4): no customisation fee', () => {
    expect(unitPriceEur(inputs({ customType: 4 }))).toBe(4000);
  });

  it('Choose A Player and Add Yours add the customisation fee', () => {
    expect(unitPriceEur(inputs({ customType: 2 }))).toBe(5000);
    expect(unitPriceEur(inputs({ customType: 3 }))).toBe(5000);
  });

  it.each<[PremiumOption, PremiumOption, number]>([
    ['Standard', 'Standard', 5000],
    ['Gold', 'Standard', 5500],
    ['Standard', 'Silver', 5500],
    ['Silver', 'Gold', 6000],
    ['Gold', 'Gold', 6000],
  ])('printed line with premium name %s and number %s costs %i', (name, number, expected) => {
    expect(unitPriceEur(inputs({ customType: 3, premiumNameOption: name, premiumNumberOption: number }))).toBe(expected);
    expect(unitPriceEur(inputs({ customType: 2, premiumNameOption: name, premiumNumberOption: number }))).toBe(expected);
  });

  it('premium options cost nothing on types that print nothing (1 and 4)', () => {
    for (const customType of [1, 4] as const) {
      expect(unitPriceEur(inputs({ customType, premiumNameOption: 'Gold', premiumNumberOption: 'Silver' }))).toBe(4000);
    }
  });

  it('everything together: product + fee + premiums + patches + add-ons', () => {
    const line = inputs({
      customType: 3,
      premiumNameOption: 'Gold',
      premiumNumberOption: 'Standard',
      patchPricesEur: [300, 200],
      addonPricesEur: [1500, 800],
    });
    expect(unitPriceEur(line)).toBe(4000 + 1000 + 500 + 300 + 200 + 1500 + 800);
  });

  it.each<[string, Partial<LinePriceInputs>]>([
    ['negative product price', { productPriceEur: -1 }],
    ['fractional product price', { productPriceEur: 10.5 }],
    ['NaN product price', { productPriceEur: Number.NaN }],
    ['negative customisation fee on a printed line', { customType: 3, customisationFeeEur: -100 }],
    ['fractional customisation fee on a printed line', { customType: 2, customisationFeeEur: 0.5 }],
    ['negative patch price', { patchPricesEur: [300, -1] }],
    ['fractional patch price', { patchPricesEur: [1.5] }],
    ['negative add-on price', { addonPricesEur: [-1500] }],
    ['fractional add-on price', { addonPricesEur: [99.99] }],
  ])('throws on %s', (_label, overrides) => {
    expect(() => unitPriceEur(inputs(overrides))).toThrow(RangeError);
  });

  it('property: equals the sum the design describes, and is a non-negative integer', () => {
    fc.assert(
      fc.property(
        priceArb,
        priceArb,
        fc.array(priceArb, { maxLength: 5 }),
        fc.array(priceArb, { maxLength: 3 }),
        customTypeArb,
        premiumArb,
        premiumArb,
        (product, fee, patches, addons, customType, premiumName, premiumNumber) => {
          const price = unitPriceEur({
            productPriceEur: product,
            customisationFeeEur: fee,
            patchPricesEur: patches,
            addonPricesEur: addons,
            customType,
            premiumNameOption: premiumName,
            premiumNumberOption: premiumNumber,
          });
          const printed = customType === 2 || customType === 3;
          const premiums = printed ? (premiumName === 'Standard' ? 0 : 500) + (premiumNumber === 'Standard' ? 0 : 500) : 0;
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(price).toBe(product + (printed ? fee : 0) + premiums + sum(patches) + sum(addons));
          expect(Number.isSafeInteger(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(product);
        },
      ),
    );
  });
});

describe('priceLine', () => {
  it('converts the unit price first, then multiplies', () => {
    // 46 EUR cents = 39.5 GBP pence -> 40 each; two of them are 80, not round(92 * 0.79 / 0.92) = 79.
    expect(priceLine(46, 2, 'GBP')).toEqual({ unitPrice: 40, quantity: 2, lineTotal: 80 });
    expect(priceLine(4500, 3, 'GBP')).toEqual({ unitPrice: 3864, quantity: 3, lineTotal: 11592 });
    expect(priceLine(4500, 1, 'EUR')).toEqual({ unitPrice: 4500, quantity: 1, lineTotal: 4500 });
    expect(priceLine(4500, 2, 'NZD')).toEqual({ unitPrice: 8071, quantity: 2, lineTotal: 16142 });
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.5])('refuses quantity %s', (quantity) => {
    for (const code of CURRENCY_CODES) expect(() => priceLine(4500, quantity, code)).toThrow(RangeError);
  });

  it('refuses a fractional unit price', () => {
    expect(() => priceLine(45.5, 1, 'EUR')).toThrow(RangeError);
    expect(() => priceLine(45.5, 1, 'GBP')).toThrow(RangeError);
  });

  it('property: lineTotal is exactly unitPrice * quantity in the target currency, all integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), currencyArb, (unit, qty, code) => {
        const line = priceLine(unit, qty, code);
        expect(line.quantity).toBe(qty);
        expect(line.unitPrice).toBe(convertFromEur(unit, code));
        expect(line.lineTotal).toBe(line.unitPrice * qty);
        expect(Number.isSafeInteger(line.unitPrice)).toBe(true);
        expect(Number.isSafeInteger(line.lineTotal)).toBe(true);
        expect(line.lineTotal).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('cartTotals', () => {
  const one = (lineTotal: number, quantity = 1) => ({ lineTotal, quantity });

  it.each([
    // items, subtotal, percent, discount, total
    [2, 2000, 0, 0, 2000],
    [3, 3000, 10, 300, 2700],
    [4, 4000, 10, 400, 3600],
    [5, 5000, 20, 1000, 4000],
    [6, 6000, 20, 1200, 4800],
  ])('%i items of 10.00: subtotal %i, %i%% off, discount %i, total %i', (items, subtotal, percent, discount, total) => {
    const lines = Array.from({ length: items }, () => one(1000));
    expect(cartTotals(lines, 'EUR')).toEqual({ currency: 'EUR', itemCount: items, subtotal, discountPercent: percent, discount, total });
  });

  it('counts items as the sum of quantities, not lines', () => {
    expect(cartTotals([one(2000, 2)], 'GBP').discountPercent).toBe(0);
    expect(cartTotals([one(3000, 3)], 'GBP').discountPercent).toBe(10);
    expect(cartTotals([one(2000, 2), one(3000, 3)], 'GBP')).toMatchObject({ itemCount: 5, subtotal: 5000, discountPercent: 20, discount: 1000, total: 4000 });
  });

  it('rounds the discount half away from zero, in integer minor units', () => {
    // 3 x 10.05 = 30.15; 10% = 3.015 -> 3.02
    expect(cartTotals([one(1005), one(1005), one(1005)], 'USD')).toMatchObject({ subtotal: 3015, discount: 302, total: 2713 });
    // 3 x 10.01 = 30.03; 10% = 3.003 -> 3.00
    expect(cartTotals([one(1001), one(1001), one(1001)], 'USD')).toMatchObject({ subtotal: 3003, discount: 300, total: 2703 });
  });

  it('an empty cart is all zeros', () => {
    expect(cartTotals([], 'AUD')).toEqual({ currency: 'AUD', itemCount: 0, subtotal: 0, discountPercent: 0, discount: 0, total: 0 });
  });

  it('never goes below zero, even with a tier over 100%', () => {
    const totals = cartTotals([one(999, 1)], 'EUR', [{ minItems: 1, percent: 150 }]);
    expect(totals.discount).toBe(999);
    expect(totals.total).toBe(0);
  });

  it('property: integer, non-negative, discount + total == subtotal, tier from the specification', () => {
    const lineArb = fc.record({ lineTotal: fc.integer({ min: 0, max: 2_000_000 }), quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }) });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), currencyArb, (lines, code) => {
        const t = cartTotals(lines, code);
        const items = lines.reduce((n, l) => n + l.quantity, 0);
        const subtotal = lines.reduce((n, l) => n + l.lineTotal, 0);
        expect(t.currency).toBe(code);
        expect(t.itemCount).toBe(items);
        expect(t.subtotal).toBe(subtotal);
        expect(t.discountPercent).toBe(specPercent(items));
        for (const v of [t.subtotal, t.discount, t.total]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(t.discount + t.total).toBe(t.subtotal);
        // within half a minor unit of the exact percentage
        expect(Math.abs(200 * t.discount - 2 * subtotal * t.discountPercent)).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('property: with any tier table, the total stays within 0..subtotal', () => {
    const tierArb = fc.record({ minItems: fc.integer({ min: 0, max: 20 }), percent: fc.integer({ min: 0, max: 300 }) });
    fc.assert(
      fc.property(
        fc.array(fc.record({ lineTotal: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 10 }) }), { maxLength: 10 }),
        fc.array(tierArb, { maxLength: 4 }),
        (lines, tiers) => {
          const t = cartTotals(lines, 'EUR', tiers);
          expect(t.total).toBeGreaterThanOrEqual(0);
          expect(t.total).toBeLessThanOrEqual(t.subtotal);
          expect(t.discount + t.total).toBe(t.subtotal);
        },
      ),
    );
  });

  it('property: a whole cart priced line by line adds up exactly in every currency', () => {
    const lineArb = fc.record({ unitEur: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }) });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 10 }), currencyArb, (raw, code: CurrencyCode) => {
        const lines = raw.map((l) => priceLine(l.unitEur, l.quantity, code));
        const t = cartTotals(lines, code);
        // what a PayPal breakdown checks: sum(unit * qty) == item_total, item_total - discount == amount
        expect(lines.reduce((n, l) => n + l.unitPrice * l.quantity, 0)).toBe(t.subtotal);
        expect(t.subtotal - t.discount).toBe(t.total);
      }),
    );
  });
});
