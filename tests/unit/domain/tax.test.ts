/**
 * The tax model on a table of destinations (docs/taxes.md), every figure worked out by hand:
 * inclusive markets extract tax = G - round(G / (1 + rate)) from each class's gross total and
 * spread it by largest remainder; exclusive markets add round(base x rate) per tax.
 */
import { describe, expect, it } from 'vitest';
import { calculateTax, type TaxInput, type TaxLineInput } from '../../../src/domain/tax/calculate.ts';
import { creditNoteTax } from '../../../src/domain/tax/credit-note.ts';
import { allocate } from '../../../src/domain/tax/allocate.ts';
import { catalogueRate, marketUnitPriceEur } from '../../../src/domain/tax/market-price.ts';
import { DEFAULT_TAX_TABLE, EU_MEMBER_STATES } from '../../../src/domain/tax/rates.ts';
import { summariseTax } from '../../../src/domain/tax/summary.ts';
import { taxSettingsSchema } from '../../../src/domain/tax/settings.schema.ts';
import { defaultTaxSettings, percentRate, type TaxLine, type TaxSettings } from '../../../src/domain/tax/tax.model.ts';
import { convertMinor } from '../../../src/domain/money.model.ts';
import { lineGoodsTax, refundLineTax, refundLinesAmount, refundLinesValue } from '../../../src/domain/orders.model.ts';

/** A German merchant registered for OSS and in every market outside the EU, New York turned on at 8.875%, California at 7.25% without shipping. */
const deOss: TaxSettings = {
  ...defaultTaxSettings('DE'),
  homeTaxNumber: 'DE123456789',
  registrations: [
    { scheme: 'EU-OSS', number: 'DE123456789' },
    { scheme: 'GB-VAT', number: 'GB123456789' },
    { scheme: 'AU-GST', number: '123456789012' },
    { scheme: 'NZ-GST', number: '123456789' },
    { scheme: 'CA-GST', number: '123456789RT0001' },
    { scheme: 'CA-QC-QST', number: '1234567890TQ0001' },
  ],
  usStates: { NY: { rate: 8875, taxShipping: true, number: null }, CA: { rate: 7250, taxShipping: false, number: null } },
};
/** A German merchant registered nowhere but at home (below the EU's distance-selling threshold). */
const deSmall: TaxSettings = defaultTaxSettings('DE');
/** A UK merchant registered for IOSS. */
const gbIoss: TaxSettings = { ...defaultTaxSettings('GB'), registrations: [{ scheme: 'EU-IOSS', number: 'IM2760000001' }] };
const gbPlain: TaxSettings = defaultTaxSettings('GB');
/** A merchant in British Columbia: GST and BC PST at home. */
const bcHome: TaxSettings = defaultTaxSettings('CA', 'BC');

const adult = (amount: number, personalised = false): TaxLineInput => ({ taxClass: 'standard', amount, personalised });
const child = (amount: number): TaxLineInput => ({ taxClass: 'children', amount });

/** "line0 DE VAT 19000 4202 798": target, jurisdiction, tax, rate, base, amount. */
function short(line: TaxLine): string {
  const target = line.target.kind === 'line' ? `line${line.target.index}` : 'ship';
  return `${target} ${line.jurisdiction} ${line.tax} ${line.rate} ${line.base} ${line.amount}`;
}

interface Case {
  name: string;
  input: Omit<TaxInput, 'currency'> & { currency?: TaxInput['currency'] };
  tax: number;
  total: number;
  reason: string;
  display?: 'inclusive' | 'exclusive';
  onDelivery?: boolean;
  lines: string[];
  declaredUnder?: string;
}

const cases: Case[] = [
  {
    name: 'DE at home: 19% extracted from goods and shipping',
    input: { destination: { country: 'DE' }, settings: deOss, lines: [adult(5000)], shipping: 495 },
    tax: 877, total: 5495, reason: 'home', display: 'inclusive', declaredUnder: 'home',
    lines: ['line0 DE VAT 19000 4202 798', 'ship DE VAT 19000 416 79'],
  },
  {
    name: 'FR under OSS: 20%, the same gross price',
    input: { destination: { country: 'FR' }, settings: deOss, lines: [adult(5000)], shipping: 495 },
    tax: 916, total: 5495, reason: 'registered', declaredUnder: 'EU-OSS',
    lines: ['line0 FR VAT 20000 4167 833', 'ship FR VAT 20000 412 83'],
  },
  {
    name: 'FR without OSS: the German rate (distance selling below the threshold)',
    input: { destination: { country: 'fr' }, settings: deSmall, lines: [adult(5000)], shipping: 495 },
    tax: 877, total: 5495, reason: 'home', declaredUnder: 'home',
    lines: ['line0 DE VAT 19000 4202 798', 'ship DE VAT 19000 416 79'],
  },
  {
    name: 'IE adult, free shipping: 23%',
    input: { destination: { country: 'IE' }, settings: deOss, lines: [adult(4000)], shipping: 0 },
    tax: 748, total: 4000, reason: 'registered',
    lines: ['line0 IE VAT 23000 3252 748'],
  },
  {
    name: 'IE child: zero-rated',
    input: { destination: { country: 'IE' }, settings: deOss, lines: [child(4000)], shipping: 0 },
    tax: 0, total: 4000, reason: 'registered',
    lines: ['line0 IE VAT 0 4000 0'],
  },
  {
    name: 'UK adult, an import under 135 GBP: 20% under the UK registration',
    input: { destination: { country: 'GB' }, settings: deOss, currency: 'GBP', lines: [adult(5000)], shipping: 700 },
    tax: 950, total: 5700, reason: 'registered', declaredUnder: 'GB-VAT', onDelivery: false,
    lines: ['line0 GB VAT 20000 4167 833', 'ship GB VAT 20000 583 117'],
  },
  {
    name: 'UK child: zero-rated, shipping with it',
    input: { destination: { country: 'GB' }, settings: deOss, currency: 'GBP', lines: [child(3000)], shipping: 700 },
    tax: 0, total: 3700, reason: 'registered',
    lines: ['line0 GB VAT 0 3000 0', 'ship GB VAT 0 700 0'],
  },
  {
    name: 'UK adult and child in one parcel: shipping split 500/300 between the rates',
    input: { destination: { country: 'GB' }, settings: deOss, currency: 'GBP', lines: [adult(5000), child(3000)], shipping: 800 },
    tax: 917, total: 8800, reason: 'registered',
    lines: ['line0 GB VAT 20000 4166 834', 'ship GB VAT 20000 417 83', 'line1 GB VAT 0 3000 0', 'ship GB VAT 0 300 0'],
  },
  {
    name: 'UK over 135 GBP: nothing charged, import taxes on delivery',
    input: { destination: { country: 'GB' }, settings: deOss, currency: 'GBP', lines: [adult(20000)], shipping: 0 },
    tax: 0, total: 20000, reason: 'above-import-limit', onDelivery: true,
    lines: [],
  },
  {
    name: 'AU under 1,000 AUD: GST 10%',
    input: { destination: { country: 'AU' }, settings: deOss, currency: 'AUD', lines: [adult(10000)], shipping: 1500 },
    tax: 1045, total: 11500, reason: 'registered', declaredUnder: 'AU-GST',
    lines: ['line0 AU GST 10000 9091 909', 'ship AU GST 10000 1364 136'],
  },
  {
    name: 'AU over 1,000 AUD: on delivery',
    input: { destination: { country: 'AU' }, settings: deOss, currency: 'AUD', lines: [adult(120000)], shipping: 1500 },
    tax: 0, total: 121500, reason: 'above-import-limit', onDelivery: true,
    lines: [],
  },
  {
    name: 'NZ: GST 15%',
    input: { destination: { country: 'NZ' }, settings: deOss, currency: 'NZD', lines: [adult(8000)], shipping: 0 },
    tax: 1043, total: 8000, reason: 'registered', declaredUnder: 'NZ-GST',
    lines: ['line0 NZ GST 15000 6957 1043'],
  },
  {
    name: 'CA-ON: HST 13% added',
    input: { destination: { country: 'CA', region: 'ON' }, settings: deOss, currency: 'CAD', lines: [adult(6000)], shipping: 1700 },
    tax: 1001, total: 8701, reason: 'registered', display: 'exclusive', declaredUnder: 'CA-GST',
    lines: ['line0 CA-ON HST 13000 6000 780', 'ship CA-ON HST 13000 1700 221'],
  },
  {
    name: 'CA-QC: GST 5% and QST 9.975%, each on the price',
    input: { destination: { country: 'CA', region: 'qc' }, settings: deOss, currency: 'CAD', lines: [adult(6000)], shipping: 1700 },
    tax: 1153, total: 8853, reason: 'registered', display: 'exclusive',
    lines: ['line0 CA GST 5000 6000 300', 'line0 CA-QC QST 9975 6000 598', 'ship CA GST 5000 1700 85', 'ship CA-QC QST 9975 1700 170'],
  },
  {
    name: 'CA-AB: GST only',
    input: { destination: { country: 'CA', region: 'AB' }, settings: deOss, currency: 'CAD', lines: [adult(6000)], shipping: 1700 },
    tax: 385, total: 8085, reason: 'registered',
    lines: ['line0 CA GST 5000 6000 300', 'ship CA GST 5000 1700 85'],
  },
  {
    name: 'CA-BC without a PST registration: GST only',
    input: { destination: { country: 'CA', region: 'BC' }, settings: deOss, currency: 'CAD', lines: [adult(6000)], shipping: 1700 },
    tax: 385, total: 8085, reason: 'registered',
    lines: ['line0 CA GST 5000 6000 300', 'ship CA GST 5000 1700 85'],
  },
  {
    name: 'CA-BC merchant at home: GST and PST',
    input: { destination: { country: 'CA', region: 'BC' }, settings: bcHome, currency: 'CAD', lines: [adult(10000)], shipping: 0 },
    tax: 1200, total: 11200, reason: 'home',
    lines: ['line0 CA GST 5000 10000 500', 'line0 CA-BC PST 7000 10000 700'],
  },
  {
    name: 'CA without a province: not yet known',
    input: { destination: { country: 'CA' }, settings: deOss, currency: 'CAD', lines: [adult(6000)], shipping: 1700 },
    tax: 0, total: 7700, reason: 'region-needed', lines: [],
  },
  {
    name: 'US, a state not turned on: untaxed',
    input: { destination: { country: 'US', region: 'TX' }, settings: deOss, currency: 'USD', lines: [adult(6000)], shipping: 1700 },
    tax: 0, total: 7700, reason: 'no-tax', display: 'exclusive', lines: [],
  },
  {
    name: 'US-NY turned on at 8.875%, shipping taxed',
    input: { destination: { country: 'US', region: 'NY' }, settings: deOss, currency: 'USD', lines: [adult(6000)], shipping: 1700 },
    tax: 683, total: 8383, reason: 'registered', declaredUnder: 'US-NY',
    lines: ['line0 US-NY Sales tax 8875 6000 532', 'ship US-NY Sales tax 8875 1700 151'],
  },
  {
    name: 'US-CA turned on at 7.25%, shipping not taxed',
    input: { destination: { country: 'US', region: 'CA' }, settings: deOss, currency: 'USD', lines: [adult(6000)], shipping: 1700 },
    tax: 435, total: 8135, reason: 'registered',
    lines: ['line0 US-CA Sales tax 7250 6000 435'],
  },
  {
    name: 'a coupon that skips the personalised line: all of it on the plain one',
    input: { destination: { country: 'DE' }, settings: deOss, lines: [adult(3000, true), adult(2000)], discounts: { tier: 0, coupon: 500, couponIncludesPersonalised: false }, shipping: 495 },
    tax: 798, total: 4995, reason: 'home',
    lines: ['line0 DE VAT 19000 2521 479', 'line1 DE VAT 19000 1260 240', 'ship DE VAT 19000 416 79'],
  },
  {
    name: 'tier 10% and a 10% coupon over every line, free shipping',
    input: { destination: { country: 'DE' }, settings: deOss, lines: [adult(4000), adult(4000), adult(2000)], discounts: { tier: 1000, coupon: 900, couponIncludesPersonalised: true }, shipping: 0 },
    tax: 1293, total: 8100, reason: 'home',
    lines: ['line0 DE VAT 19000 2723 517', 'line1 DE VAT 19000 2723 517', 'line2 DE VAT 19000 1361 259'],
  },
  {
    name: 'UK merchant into DE under IOSS',
    input: { destination: { country: 'DE' }, settings: gbIoss, lines: [adult(5000)], shipping: 495 },
    tax: 877, total: 5495, reason: 'registered', declaredUnder: 'EU-IOSS', onDelivery: false,
    lines: ['line0 DE VAT 19000 4202 798', 'ship DE VAT 19000 416 79'],
  },
  {
    name: 'UK merchant into DE without IOSS: the carrier collects the VAT',
    input: { destination: { country: 'DE' }, settings: gbPlain, lines: [adult(5000)], shipping: 495 },
    tax: 0, total: 5495, reason: 'not-registered', onDelivery: true, lines: [],
  },
  {
    name: 'UK merchant into DE above 150 EUR: on delivery even with IOSS',
    input: { destination: { country: 'DE' }, settings: gbIoss, lines: [adult(20000)], shipping: 0 },
    tax: 0, total: 20000, reason: 'above-import-limit', onDelivery: true, lines: [],
  },
  {
    name: 'DE merchant into the UK without a UK registration: nothing collected either way',
    input: { destination: { country: 'GB' }, settings: deSmall, currency: 'GBP', lines: [adult(5000)], shipping: 700 },
    tax: 0, total: 5700, reason: 'not-registered', onDelivery: false, lines: [],
  },
  {
    name: 'a country without a tax table (Switzerland): untaxed',
    input: { destination: { country: 'CH' }, settings: deOss, lines: [adult(5000)], shipping: 895 },
    tax: 0, total: 5895, reason: 'no-tax', lines: [],
  },
  {
    name: 'exempt class: 0% even at home',
    input: { destination: { country: 'DE' }, settings: deOss, lines: [{ taxClass: 'exempt', amount: 1000 }], shipping: 0 },
    tax: 0, total: 1000, reason: 'home', lines: ['line0 DE VAT 0 1000 0'],
  },
];

describe('calculateTax: destinations', () => {
  it('has at least 20 cases', () => expect(cases.length).toBeGreaterThanOrEqual(20));
  it.each(cases)('$name', (c) => {
    const result = calculateTax({ currency: 'EUR', ...c.input });
    expect(result.lines.map(short)).toEqual(c.lines);
    expect(result.tax).toBe(c.tax);
    expect(result.total).toBe(c.total);
    expect(result.net).toBe(c.total - c.tax);
    expect(result.reason).toBe(c.reason);
    if (c.display) expect(result.display).toBe(c.display);
    if (c.onDelivery !== undefined) expect(result.importTaxesOnDelivery).toBe(c.onDelivery);
    if (c.declaredUnder) expect(new Set(result.lines.map((l) => l.declaredUnder))).toEqual(new Set([c.declaredUnder]));
  });

  it('spreads the discounts per line: tier over all, the coupon where it reaches', () => {
    const result = calculateTax({ currency: 'EUR', destination: { country: 'DE' }, settings: deOss, lines: [adult(4000), adult(4000), adult(2000)], discounts: { tier: 1000, coupon: 900, couponIncludesPersonalised: true }, shipping: 0 });
    expect(result.lineDiscounts).toEqual([760, 760, 380]);
  });

  it('compares the import limit in its own currency: 150 EUR of goods paid in GBP', () => {
    // 150 EUR at the default rates is 12880 pence; 19% German VAT included in the gross.
    const limitInGbp = convertMinor(15_000, 'EUR', 'GBP');
    expect(limitInGbp).toBe(12880);
    const atLimit = Math.floor((limitInGbp * 119) / 100);
    const under = calculateTax({ currency: 'GBP', destination: { country: 'DE' }, settings: gbIoss, lines: [adult(atLimit - 100)], shipping: 0 });
    const over = calculateTax({ currency: 'GBP', destination: { country: 'DE' }, settings: gbIoss, lines: [adult(atLimit + 100)], shipping: 0 });
    expect(under.reason).toBe('registered');
    expect(over.reason).toBe('above-import-limit');
  });

  it('refuses discounts larger than the lines, and negative amounts', () => {
    expect(() => calculateTax({ currency: 'EUR', destination: { country: 'DE' }, settings: deOss, lines: [adult(1000)], discounts: { tier: 600, coupon: 500, couponIncludesPersonalised: true }, shipping: 0 })).toThrow(RangeError);
    expect(() => calculateTax({ currency: 'EUR', destination: { country: 'DE' }, settings: deOss, lines: [adult(-1)], shipping: 0 })).toThrow(RangeError);
    expect(() => calculateTax({ currency: 'EUR', destination: { country: 'DE' }, settings: deOss, lines: [adult(1000.5)], shipping: 0 })).toThrow(RangeError);
  });
});

describe('credit notes', () => {
  const invoice = calculateTax({ currency: 'CAD', destination: { country: 'CA', region: 'QC' }, settings: deOss, lines: [adult(6000)], shipping: 1700 });

  it('a partial refund reverses its share, then the rest reverses exactly what is left', () => {
    expect(invoice.total).toBe(8853);
    const first = creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [], refund: 4426 });
    // round(1153 x 4426 / 8853) = 576, spread over 300/598/85/170 by largest remainder.
    expect(first.tax).toBe(576);
    expect(first.lines.map((l) => l.amount)).toEqual([150, 299, 42, 85]);
    expect(first.lines.map((l) => l.base)).toEqual([3000, 3000, 850, 850]);
    const second = creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [first], refund: 4427 });
    expect(second.tax).toBe(577);
    expect(second.lines.map((l) => l.amount)).toEqual([150, 299, 43, 85]);
    expect(second.lines.map((l, i) => l.base + first.lines[i]!.base)).toEqual(invoice.lines.map((l) => l.base));
  });

  it('a full refund reverses everything', () => {
    const note = creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [], refund: invoice.total });
    expect(note.lines.map((l) => l.amount)).toEqual(invoice.lines.map((l) => l.amount));
    expect(note.tax).toBe(invoice.tax);
  });

  it('Quebec, tax added: a line refunded at its price before tax reverses that share of its GST and QST; with its tax, all of it', () => {
    // The line is worth 6000 + 300 + 598 = 6898: 6000 of it carries round(898 x 6000 / 6898) = 781, and a base of 5219 each, so net + tax = 6000.
    const named = { lines: [{ index: 0, quantity: 1, left: 1 }], value: 6000, taxAdded: true };
    const priceOnly = creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [], refund: 6000, named });
    expect(priceOnly.lines.map((l) => [l.base, l.amount])).toEqual([[5219, 261], [5219, 520], [0, 0], [0, 0]]);
    expect(6000 - priceOnly.tax).toBe(5219);
    const withTax = creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [], refund: 6898, named });
    expect(withTax.lines.map((l) => [l.base, l.amount])).toEqual([[6000, 300], [6000, 598], [0, 0], [0, 0]]);
  });

  describe('a UK order of an adult shirt (2 x 50.00 GBP) and a child\'s kit (30.00, zero-rated), 8.00 shipping, refunded by line', () => {
    const uk = calculateTax({ currency: 'GBP', destination: { country: 'GB' }, settings: deOss, lines: [adult(10_000), child(3000)], shipping: 800 });
    const order = { lines: uk.lines, total: uk.total };
    const kid = creditNoteTax({ invoice: order, previous: [], refund: 3000, named: { lines: [{ index: 1, quantity: 1, left: 1 }], value: 3000 } });
    const oneShirt = creditNoteTax({ invoice: order, previous: [kid], refund: 5000, named: { lines: [{ index: 0, quantity: 1, left: 2 }], value: 5000 } });

    it('the invoice: 20% on the shirts and their share of the shipping, 0% on the kit and its share', () => {
      // Shipping shared 10000 : 3000, so 615 standard and 185 zero-rated; 10615 gross at 20%: 1769 VAT.
      expect(uk.total).toBe(13_800);
      expect(uk.tax).toBe(1769);
      expect(uk.lines.map(short)).toEqual(['line0 GB VAT 20000 8333 1667', 'ship GB VAT 20000 513 102', 'line1 GB VAT 0 3000 0', 'ship GB VAT 0 185 0']);
    });

    it('refunding the child\'s kit reverses no VAT: its own zero-rated line, not a share of the invoice', () => {
      // By amount it would have been round(1769 x 3000 / 13800) = 385 of the adult's VAT.
      expect(creditNoteTax({ invoice: order, previous: [], refund: 3000 }).tax).toBe(385);
      expect(kid.tax).toBe(0);
      expect(kid.lines.map((l) => [l.base, l.amount])).toEqual([[0, 0], [0, 0], [3000, 0], [0, 0]]);
    });

    it('one of the two shirts reverses half that line\'s VAT and nothing of the shipping', () => {
      // 1667 x 1/2 = 833.5 -> 834 (half away from zero); the base 8333 / 2 = 4166.5 -> 4167.
      expect(oneShirt.tax).toBe(834);
      expect(oneShirt.lines.map((l) => [l.base, l.amount])).toEqual([[4167, 834], [0, 0], [0, 0], [0, 0]]);
    });

    it('the second shirt takes the rest of its line, and a refund of the shipping by amount what is left', () => {
      const secondShirt = creditNoteTax({ invoice: order, previous: [kid, oneShirt], refund: 5000, named: { lines: [{ index: 0, quantity: 1, left: 1 }], value: 5000 } });
      expect(secondShirt.lines.map((l) => [l.base, l.amount])).toEqual([[4166, 833], [0, 0], [0, 0], [0, 0]]);
      const shipping = creditNoteTax({ invoice: order, previous: [kid, oneShirt, secondShirt], refund: 800 });
      expect(shipping.lines.map((l) => [l.base, l.amount])).toEqual([[0, 0], [513, 102], [0, 0], [185, 0]]);
      const notes = [kid, oneShirt, secondShirt, shipping];
      uk.lines.forEach((line, i) => {
        expect(notes.reduce((s, n) => s + n.lines[i]!.amount, 0)).toBe(line.amount);
        expect(notes.reduce((s, n) => s + n.lines[i]!.base, 0)).toBe(line.base);
      });
    });

    it('a cancellation after the kit reverses everything left, shipping included', () => {
      const rest = creditNoteTax({ invoice: order, previous: [kid], refund: 10_800, named: { lines: [{ index: 0, quantity: 2, left: 2 }], value: 10_000 } });
      expect(rest.tax).toBe(1769);
      expect(rest.lines.map((l) => [l.base, l.amount])).toEqual([[8333, 1667], [513, 102], [0, 0], [185, 0]]);
    });

    it('named lines with more money than they are worth: the excess is reversed as a refund by amount; with less, their tax scaled down', () => {
      // The kit and 3.00 more: 3.00 of the 10.80 left besides it, in proportion: round(1769 x 300 / 10800) = 49.
      const more = creditNoteTax({ invoice: order, previous: [], refund: 3300, named: { lines: [{ index: 1, quantity: 1, left: 1 }], value: 3000 } });
      expect(more.tax).toBe(49);
      expect(more.lines[2]).toMatchObject({ base: 3000, amount: 0 });
      // One shirt, but only 25.00 of its 50.00 given back: half its 834.
      const less = creditNoteTax({ invoice: order, previous: [], refund: 2500, named: { lines: [{ index: 0, quantity: 1, left: 2 }], value: 5000 } });
      expect(less.lines.map((l) => [l.base, l.amount])).toEqual([[2084, 417], [0, 0], [0, 0], [0, 0]]);
    });

    it('refuses a quantity beyond what the line has left', () => {
      expect(() => creditNoteTax({ invoice: order, previous: [], refund: 100, named: { lines: [{ index: 0, quantity: 3, left: 2 }], value: 100 } })).toThrow(RangeError);
    });
  });

  it('refuses refunds beyond the invoice', () => {
    const first = creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [], refund: 8000 });
    expect(() => creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [first], refund: 854 })).toThrow(RangeError);
    expect(() => creditNoteTax({ invoice: { lines: invoice.lines, total: invoice.total }, previous: [], refund: -1 })).toThrow(RangeError);
  });
});

describe('the breakdown per rate', () => {
  it('sums a UK mixed parcel into its 20% and 0% rows, and Quebec into GST and QST', () => {
    const uk = calculateTax({ currency: 'GBP', destination: { country: 'GB' }, settings: deOss, lines: [adult(5000), child(3000)], shipping: 800 });
    expect(summariseTax(uk.lines)).toEqual([
      { jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', rate: 20_000, base: 4583, amount: 917 },
      { jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', rate: 0, base: 3300, amount: 0 },
    ]);
    const qc = calculateTax({ currency: 'CAD', destination: { country: 'CA', region: 'QC' }, settings: deOss, lines: [adult(6000)], shipping: 1700 });
    expect(summariseTax(qc.lines).map((r) => [r.tax, r.base, r.amount])).toEqual([['GST', 7700, 385], ['QST', 7700, 768]]);
  });
});

describe('market prices', () => {
  it('same gross price everywhere by default', () => {
    for (const country of ['DE', 'FR', 'HU', 'GB', 'US']) expect(marketUnitPriceEur(5900, 'standard', { country, region: 'NY' }, deOss)).toBe(5900);
  });

  it('adjusted to the destination rate: the German price includes 19%', () => {
    const adjust: TaxSettings = { ...deOss, priceMode: 'destination-rate' };
    expect(catalogueRate(adjust)).toBe(19_000);
    expect(marketUnitPriceEur(5900, 'standard', { country: 'DE' }, adjust)).toBe(5900);
    // 5900 / 1.19 x 1.20 = 5949.58
    expect(marketUnitPriceEur(5900, 'standard', { country: 'FR' }, adjust)).toBe(5950);
    // UK children's clothing is zero-rated: 5900 / 1.19 = 4957.98
    expect(marketUnitPriceEur(5900, 'children', { country: 'GB' }, adjust)).toBe(4958);
    // Tax added at checkout in the US and Canada: the net price.
    expect(marketUnitPriceEur(5900, 'standard', { country: 'CA', region: 'ON' }, adjust)).toBe(4958);
    // An explicit catalogue rate wins.
    expect(marketUnitPriceEur(6000, 'standard', { country: 'DE' }, { ...adjust, catalogueRate: percentRate(20) })).toBe(5950);
  });
});

describe('rates and settings', () => {
  it('has the 27 member states with a standard rate and a source with a date', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    for (const market of Object.values(DEFAULT_TAX_TABLE.markets)) {
      for (const component of market.components) {
        expect(component.source.authority).not.toBe('');
        expect(component.source.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    expect(DEFAULT_TAX_TABLE.markets.DE!.components[0]!.rates.standard).toBe(19_000);
    expect(DEFAULT_TAX_TABLE.markets.HU!.components[0]!.rates.standard).toBe(27_000);
    expect(DEFAULT_TAX_TABLE.markets.FI!.components[0]!.rates.standard).toBe(25_500);
    expect(DEFAULT_TAX_TABLE.markets['CA-QC']!.components.map((c) => c.rates.standard)).toEqual([5000, 9975]);
  });

  it('accepts a full merchant setting and refuses wrong numbers and mixed-up schemes', () => {
    expect(taxSettingsSchema.safeParse(deOss).success).toBe(true);
    expect(taxSettingsSchema.safeParse(gbIoss).success).toBe(true);
    expect(taxSettingsSchema.safeParse({ ...deOss, registrations: [{ scheme: 'EU-IOSS', number: 'IM2760000001' }] }).success).toBe(false);
    expect(taxSettingsSchema.safeParse({ ...gbPlain, registrations: [{ scheme: 'EU-OSS', number: 'GB123456789' }] }).success).toBe(false);
    expect(taxSettingsSchema.safeParse({ ...deOss, registrations: [{ scheme: 'CA-GST', number: '12345' }] }).success).toBe(false);
    expect(taxSettingsSchema.safeParse({ ...deOss, registrations: [{ scheme: 'CA-GST', number: '123456789 RT 0001' }] }).success).toBe(true);
    expect(taxSettingsSchema.safeParse({ ...deOss, registrations: [...deOss.registrations, { scheme: 'GB-VAT', number: 'GB987654321' }] }).success).toBe(false);
    expect(taxSettingsSchema.safeParse({ ...defaultTaxSettings('CA') }).success).toBe(false);
    expect(taxSettingsSchema.safeParse({ ...deOss, usStates: { NY: { rate: 200_000, taxShipping: true, number: null } } }).success).toBe(false);
  });

  it('allocates by largest remainder, earlier lines first on a tie', () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocate(1, [0, 0])).toThrow(RangeError);
  });
});

describe('refunds of lines where the tax was added to the prices (refundLinesAmount)', () => {
  const added = (result: { tax: number }) => ({ taxDisplay: 'exclusive', taxAdded: result.tax });

  it('Ontario: one of two shirts pays back half its line\'s HST; three units one by one add up to the line\'s HST exactly', () => {
    // Line 0: 2 x 25.00, HST 13% = 650; line 1: 3 x 10.10 = 30.30, HST 393.90 -> 394; shipping 10.00, HST 130.
    const on = calculateTax({ currency: 'CAD', destination: { country: 'CA', region: 'ON' }, settings: deOss, lines: [adult(5000), adult(3030)], shipping: 1000 });
    expect(on.lines.map(short)).toEqual(['line0 CA-ON HST 13000 5000 650', 'line1 CA-ON HST 13000 3030 394', 'ship CA-ON HST 13000 1000 130']);
    expect([lineGoodsTax(on.lines, 0), lineGoodsTax(on.lines, 1)]).toEqual([650, 394]);
    const order = { itemsTotal: 8030, tierDiscount: 0, couponDiscount: 0, ...added(on) };
    const lines = [{ unitPrice: 2500, quantity: 2 }, { unitPrice: 1010, quantity: 3 }];
    expect(refundLinesAmount(order, lines, [{ index: 0, quantity: 1, before: 0, tax: 650 }])).toBe(2500 + 325);
    // 394 x 1/3 = 131.33 -> 131; x 2/3 = 262.67 -> 263, less 131 = 132; the last takes 394 - 263 = 131.
    const thirds = [0, 1, 2].map((before) => refundLineTax(394, { quantity: 1, before, of: 3 }));
    expect(thirds).toEqual([131, 132, 131]);
    expect(thirds.reduce((a, b) => a + b, 0)).toBe(394);
    expect(refundLinesAmount(order, lines, [{ index: 1, quantity: 1, before: 2, tax: 394 }])).toBe(1010 + 131);
    // Both lines whole: their price and their HST, not the shipping's.
    expect(refundLinesAmount(order, lines, [{ index: 0, quantity: 2, before: 0, tax: 650 }, { index: 1, quantity: 3, before: 0, tax: 394 }])).toBe(8030 + 650 + 394);
  });

  it('Ontario with a coupon: the price less its share of the discounts, plus the line\'s HST on what it cost after them', () => {
    const on = calculateTax({ currency: 'CAD', destination: { country: 'CA', region: 'ON' }, settings: deOss, lines: [adult(5000), adult(3000)], discounts: { tier: 0, coupon: 800, couponIncludesPersonalised: true }, shipping: 0 });
    // The coupon (10%) on both lines: 4500 and 2700 taxed, 585 and 351.
    expect([lineGoodsTax(on.lines, 0), lineGoodsTax(on.lines, 1)]).toEqual([585, 351]);
    const order = { itemsTotal: 8000, tierDiscount: 0, couponDiscount: 800, ...added(on) };
    expect(refundLinesAmount(order, [{ unitPrice: 5000, quantity: 1 }, { unitPrice: 3000, quantity: 1 }], [{ index: 0, quantity: 1, before: 0, tax: 585 }])).toBe(4500 + 585);
  });

  it('Quebec: one of two shirts pays back half the line\'s GST and QST (rounded once on their sum), the other exactly the rest', () => {
    // 2 x 30.00: GST 5% 300, QST 9.975% 598.50 -> 599; the line's tax 899.
    const qc = calculateTax({ currency: 'CAD', destination: { country: 'CA', region: 'QC' }, settings: deOss, lines: [adult(6000)], shipping: 0 });
    expect(qc.lines.map(short)).toEqual(['line0 CA GST 5000 6000 300', 'line0 CA-QC QST 9975 6000 599']);
    const tax = lineGoodsTax(qc.lines, 0);
    expect(tax).toBe(899);
    const order = { itemsTotal: 6000, tierDiscount: 0, couponDiscount: 0, ...added(qc) };
    // 899 / 2 = 449.5 -> 450 (half away from zero); then 899 - 450.
    const first = refundLinesAmount(order, [{ unitPrice: 3000, quantity: 2 }], [{ index: 0, quantity: 1, before: 0, tax }]);
    const second = refundLinesAmount(order, [{ unitPrice: 3000, quantity: 2 }], [{ index: 0, quantity: 1, before: 1, tax }]);
    expect([first, second]).toEqual([3450, 3449]);
    expect(first + second).toBe(qc.total);
    expect(first - 3000 + (second - 3000)).toBe(tax);

    // Their credit notes reverse just that tax, split over GST and QST: net + tax = each refund, net = the price.
    const invoice = { lines: qc.lines, total: qc.total };
    const one = creditNoteTax({ invoice, previous: [], refund: first, named: { lines: [{ index: 0, quantity: 1, left: 2, of: 2 }], value: 3000, taxAdded: true } });
    expect(one.tax).toBe(450);
    expect(one.lines.map((l) => [l.base, l.amount])).toEqual([[3000, 150], [3000, 300]]);
    const two = creditNoteTax({ invoice, previous: [one], refund: second, named: { lines: [{ index: 0, quantity: 1, left: 1, of: 2 }], value: 3000, taxAdded: true } });
    expect(two.tax).toBe(449);
    expect(two.lines.map((l) => [l.base, l.amount])).toEqual([[3000, 150], [3000, 299]]);
    expect([first - one.tax, second - two.tax]).toEqual([3000, 3000]);
  });

  describe('British Columbia (GST and PST added), named lines after a refund by amount took part of their tax', () => {
    const row = (target: TaxLine['target'], tax: 'GST' | 'PST', base: number, amount: number): TaxLine => ({
      target, jurisdiction: tax === 'GST' ? 'CA' : 'CA-BC', tax, declaredUnder: tax === 'GST' ? 'CA-GST' : 'CA-BC-PST', taxClass: 'standard', rate: tax === 'GST' ? 5000 : 7000, base, amount,
    });

    it('one of two units with money beyond it: the excess takes the line\'s other cent by amount, so the last unit has none left to reverse', () => {
      // Fast-check seed 1906239718: 2 x 0.06, line GST 1 and PST 1 (the desk pays 1 back per unit), shipping 12.95.
      const lines = [row({ kind: 'line', index: 0 }, 'GST', 12, 1), row({ kind: 'line', index: 0 }, 'PST', 12, 1), row({ kind: 'shipping' }, 'GST', 1295, 64), row({ kind: 'shipping' }, 'PST', 1295, 90)];
      const invoice = { lines, total: 1463 };
      const first = creditNoteTax({ invoice, previous: [], refund: 6 + 1 + 794, named: { lines: [{ index: 0, quantity: 1, left: 2, of: 2 }], value: 6, taxAdded: true } });
      // 1 by line (what the desk paid back), then round(155 x 794 / 1456) = 85 by amount over all that is left, the line's PST cent included.
      expect(first.lines.map((l) => l.amount)).toEqual([1, 1, 35, 49]);
      const last = creditNoteTax({ invoice, previous: [first], refund: 6 + 1, named: { lines: [{ index: 0, quantity: 1, left: 1, of: 2 }], value: 6, taxAdded: true } });
      expect(last.lines.map((l) => l.amount)).toEqual([0, 0, 0, 0]);
      const rest = creditNoteTax({ invoice, previous: [first, last], refund: 1463 - 801 - 7 });
      const all = [first, last, rest];
      expect(lines.map((_, i) => all.reduce((s, n) => s + n.lines[i]!.amount, 0))).toEqual(lines.map((l) => l.amount));
    });

    it('a line refunded with its tax reverses what its tax lines have left and nothing of the shipping\'s', () => {
      // 3 x 0.03 (PST 1, GST 0) and 3 x 2.93; the first refund took line 0's PST cent by amount.
      const lines = [
        row({ kind: 'line', index: 0 }, 'GST', 7, 0), row({ kind: 'line', index: 0 }, 'PST', 7, 1),
        row({ kind: 'line', index: 2 }, 'GST', 703, 35), row({ kind: 'line', index: 2 }, 'PST', 703, 49),
        row({ kind: 'shipping' }, 'GST', 1295, 65), row({ kind: 'shipping' }, 'PST', 1295, 90),
      ];
      const invoice = { lines, total: 2245 };
      const first = creditNoteTax({ invoice, previous: [], refund: 2236, named: { lines: [{ index: 2, quantity: 1, left: 3, of: 3 }], value: 234, taxAdded: true } });
      expect(first.lines.map((l) => l.amount)).toEqual([0, 1, 35, 49, 65, 89]);
      // 7 and the 1 of PST the desk pays back: worth 8, no excess, so no shipping tax reversed (it was 1 by amount before).
      const line0 = creditNoteTax({ invoice, previous: [first], refund: 8, named: { lines: [{ index: 0, quantity: 3, left: 3, of: 3 }], value: 7, taxAdded: true } });
      expect(line0.lines.map((l) => l.amount)).toEqual([0, 0, 0, 0, 0, 0]);
      const rest = creditNoteTax({ invoice, previous: [first, line0], refund: 1 });
      expect(rest.lines.map((l) => l.amount)).toEqual([0, 0, 0, 0, 0, 1]);
    });
  });

  it('where the prices include the tax (Germany) nothing is added: the value alone, whatever the line\'s tax', () => {
    const de = calculateTax({ currency: 'EUR', destination: { country: 'DE' }, settings: deOss, lines: [adult(11_900)], shipping: 0 });
    expect(de.display).toBe('inclusive');
    const order = { itemsTotal: 11_900, tierDiscount: 500, couponDiscount: 0, taxDisplay: 'inclusive', taxAdded: 0 };
    const lines = [{ unitPrice: 5950, quantity: 2 }];
    const refunded = [{ index: 0, quantity: 1, before: 0, tax: lineGoodsTax(de.lines, 0) }];
    expect(lineGoodsTax(de.lines, 0)).toBe(1900);
    expect(refundLinesAmount(order, lines, refunded)).toBe(refundLinesValue(order, lines, refunded));
    expect(refundLinesAmount(order, lines, refunded)).toBe(5700);
  });
});
