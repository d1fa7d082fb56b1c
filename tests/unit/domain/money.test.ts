import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BASE_CURRENCY,
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  assertMinor,
  convertFromEur,
  divRound,
  formatMoney,
  isCurrencyCode,
  minorUnitDigits,
  toDecimalString,
  type CurrencyCode,
} from '../../../src/domain/money.model.ts';
import { currencyCodeSchema } from '../../../src/domain/money.schema.ts';

/** docs/money-and-personalisation.md "Money", copied by hand: units per 1 USD. */
const SPEC_RATES_PER_USD: Record<CurrencyCode, string> = {
  USD: '1',
  AUD: '1.52',
  NZD: '1.65',
  GBP: '0.79',
  EUR: '0.92',
  CAD: '1.36',
};

const currencyArb = fc.constantFrom(...CURRENCY_CODES);

describe('currency table', () => {
  it('offers exactly the six currencies of the specification, EUR as base and default', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'NZD', 'USD']);
    expect(BASE_CURRENCY).toBe('EUR');
    expect(DEFAULT_CURRENCY).toBe('EUR');
  });

  it.each(Object.entries(SPEC_RATES_PER_USD))('%s rate per USD is %s', (code, rate) => {
    expect(CURRENCIES[code as CurrencyCode].ratePerUsdX100 / 100).toBe(Number(rate));
    expect(CURRENCIES[code as CurrencyCode].code).toBe(code);
  });

  it('recognises only the six codes', () => {
    for (const code of CURRENCY_CODES) expect(isCurrencyCode(code)).toBe(true);
    for (const bad of ['JPY', 'eur', 'EUR ', '', null, undefined, 978, {}]) expect(isCurrencyCode(bad)).toBe(false);
    expect(currencyCodeSchema.safeParse('GBP').success).toBe(true);
    expect(currencyCodeSchema.safeParse('JPY').success).toBe(false);
    expect(currencyCodeSchema.safeParse('gbp').success).toBe(false);
  });
});

describe('divRound', () => {
  it.each([
    [0, 10, 0],
    [4, 10, 0],
    [5, 10, 1],
    [6, 10, 1],
    [14, 10, 1],
    [15, 10, 2],
    [25, 10, 3],
    [-4, 10, 0],
    [-5, 10, -1],
    [-15, 10, -2],
    [-25, 10, -3],
    [7, 1, 7],
    [1, 3, 0],
    [2, 3, 1],
    [-2, 3, -1],
  ])('divRound(%i, %i) = %i (half away from zero)', (n, d, expected) => {
    expect(divRound(n, d)).toBe(expected);
  });

  it('never answers negative zero', () => {
    expect(Object.is(divRound(-4, 10), 0)).toBe(true);
    expect(Object.is(divRound(-1, 92), 0)).toBe(true);
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => divRound(1, 0)).toThrow(RangeError);
    expect(() => divRound(1, -2)).toThrow(RangeError);
  });

  it('property: result is the nearest integer, ties away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 1, max: 100_000 }), (n, d) => {
        const q = divRound(n, d);
        expect(Number.isInteger(q)).toBe(true);
        const err = 2 * Math.abs(q * d - n); // twice the distance, kept integer
        expect(err).toBeLessThanOrEqual(d);
        if (err === d) expect(Math.abs(q * d)).toBeGreaterThan(Math.abs(n)); // a tie went away from zero
        expect(divRound(-n, d)).toBe(q === 0 ? 0 : -q);
      }),
    );
  });
});

describe('convertFromEur', () => {
  // Worked by hand: round(eur * rate / 0.92), half away from zero.
  it.each<[number, CurrencyCode, number]>([
    [4500, 'EUR', 4500],
    [4500, 'GBP', 3864], // 355500 / 92 = 3864.13
    [4500, 'USD', 4891], // 450000 / 92 = 4891.30
    [4500, 'AUD', 7435], // 684000 / 92 = 7434.78
    [4500, 'NZD', 8071], // 742500 / 92 = 8070.65
    [4500, 'CAD', 6652], // 612000 / 92 = 6652.17
    [100, 'USD', 109], // 108.70
    [100, 'GBP', 86], // 85.87
    [46, 'USD', 50], // exactly 50
    [46, 'GBP', 40], // 39.5 -> 40
    [46, 'NZD', 83], // 82.5 -> 83
    [-46, 'GBP', -40], // -39.5 -> -40
    [-46, 'NZD', -83],
    [1, 'AUD', 2], // 1.65
    [1, 'GBP', 1], // 0.86
    [0, 'GBP', 0],
    [12345, 'CAD', 18249], // 18248.70
  ])('%i EUR cents -> %s = %i', (eur, to, expected) => {
    expect(convertFromEur(eur, to)).toBe(expected);
  });

  it.each([1.5, 0.1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53])(
    'refuses non-integer or unsafe input %s',
    (bad) => {
      for (const code of CURRENCY_CODES) expect(() => convertFromEur(bad, code)).toThrow(RangeError);
    },
  );

  it('property: EUR to EUR is the identity', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (a) => {
        expect(convertFromEur(a, 'EUR')).toBe(a);
      }),
    );
  });

  it('property: result is an integer within half a minor unit of the exact value, ties away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), currencyArb, (a, code) => {
        const c = convertFromEur(a, code);
        expect(Number.isSafeInteger(c)).toBe(true);
        // exact value is a * rate / 92 with rate from the spec table; compare in BigInt
        const rate = BigInt(Math.round(Number(SPEC_RATES_PER_USD[code]) * 100));
        const exactTimes92 = BigInt(a) * rate;
        const diff2 = 2n * (BigInt(c) * 92n - exactTimes92);
        const absDiff2 = diff2 < 0n ? -diff2 : diff2;
        expect(absDiff2 <= 92n).toBe(true);
        if (absDiff2 === 92n) {
          const absC92 = BigInt(Math.abs(c)) * 92n;
          const absExact = exactTimes92 < 0n ? -exactTimes92 : exactTimes92;
          expect(absC92 > absExact).toBe(true);
        }
      }),
    );
  });

  it('property: monotonic (a >= b implies convert(a) >= convert(b))', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.integer({ min: -1e10, max: 1e10 }), currencyArb, (x, y, code) => {
        const [a, b] = x >= y ? [x, y] : [y, x];
        expect(convertFromEur(a, code)).toBeGreaterThanOrEqual(convertFromEur(b, code));
      }),
    );
  });

  it('property: symmetric around zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), currencyArb, (a, code) => {
        // `+ 0` folds -0 into 0: -0 EUR stays -0, which is the same amount.
        expect(convertFromEur(-a, code) + 0).toBe(0 - convertFromEur(a, code));
      }),
    );
  });

  it('property: currencies worth less than EUR never give a smaller figure, and vice versa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (a) => {
        for (const code of ['USD', 'AUD', 'NZD', 'CAD'] as const) expect(convertFromEur(a, code)).toBeGreaterThanOrEqual(a);
        expect(convertFromEur(a, 'GBP')).toBeLessThanOrEqual(a);
      }),
    );
  });
});

describe('assertMinor', () => {
  it('accepts safe integers and refuses everything else', () => {
    expect(() => assertMinor(0)).not.toThrow();
    expect(() => assertMinor(-12)).not.toThrow();
    expect(() => assertMinor(Number.MAX_SAFE_INTEGER)).not.toThrow();
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => assertMinor(bad)).toThrow(RangeError);
    }
  });
});

describe('minorUnitDigits', () => {
  it('is 2 for our currencies and 0 for JPY and KRW', () => {
    for (const code of CURRENCY_CODES) expect(minorUnitDigits(code)).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KRW')).toBe(0);
  });
});

describe('toDecimalString', () => {
  it.each<[number, string, string]>([
    [1234, 'EUR', '12.34'],
    [5, 'GBP', '0.05'],
    [50, 'GBP', '0.50'],
    [-100, 'USD', '-1.00'],
    [-5, 'USD', '-0.05'],
    [0, 'EUR', '0.00'],
    [100000, 'AUD', '1000.00'],
    [1234, 'JPY', '1234'],
    [0, 'JPY', '0'],
    [-7, 'KRW', '-7'],
  ])('%i %s -> %s', (minor, code, expected) => {
    expect(toDecimalString(minor, code)).toBe(expected);
  });

  it('refuses fractional minor units', () => {
    expect(() => toDecimalString(1.5, 'EUR')).toThrow(RangeError);
    expect(() => toDecimalString(Number.NaN, 'JPY')).toThrow(RangeError);
  });

  it('property: two-decimal strings have the PayPal shape and read back to the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), currencyArb, (minor, code) => {
        const text = toDecimalString(minor, code);
        expect(text).toMatch(/^-?(0|[1-9][0-9]*)\.[0-9]{2}$/);
        expect(Number(text.replace('.', ''))).toBe(minor);
        expect(text.startsWith('-')).toBe(minor < 0);
      }),
    );
  });

  it('property: zero-decimal codes are plain integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom('JPY', 'KRW'), (minor, code) => {
        const text = toDecimalString(minor, code);
        expect(text).toMatch(/^-?[0-9]+$/);
        expect(Number(text)).toBe(minor);
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each<[CurrencyCode, string]>([
    ['EUR', '€12.34'],
    ['GBP', '£12.34'],
    ['USD', '$12.34'],
    ['AUD', 'A$12.34'],
    ['NZD', 'NZ$12.34'],
    ['CAD', 'CA$12.34'],
  ])('en-US %s 1234 -> %s', (code, expected) => {
    expect(formatMoney(1234, code)).toBe(expected);
  });

  it('shows minor units as two decimals, negatives with a sign', () => {
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(-100, 'GBP')).toBe('-£1.00');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
  });

  it('shows the symbol of every currency, and the six are told apart, in both locales', () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const shown = CURRENCY_CODES.map((code) => formatMoney(4500, code, locale));
      expect(new Set(shown).size).toBe(CURRENCY_CODES.length);
      for (const text of shown) expect(text).toContain('45.00');
    }
    expect(formatMoney(4500, 'EUR', 'zh-CN')).toContain('€');
    expect(formatMoney(4500, 'GBP', 'zh-CN')).toContain('£');
    for (const code of ['EUR', 'GBP', 'USD', 'AUD', 'NZD'] as const) {
      expect(formatMoney(4500, code)).toContain(CURRENCIES[code].symbol);
    }
  });
});
