/**
 * What checkout taxes with (docs/taxes.md "At checkout"): the default table with the merchant's
 * rate edits in, the tax on checkout's own totals, and the rows an order freezes. Figures by hand.
 */
import { describe, expect, it } from 'vitest';
import { checkoutTotals } from '../../../src/domain/checkout.model.ts';
import { DEFAULT_RATES } from '../../../src/domain/money.model.ts';
import { checkoutTax, orderTaxRows } from '../../../src/domain/tax/checkout-tax.ts';
import { effectiveTaxTable, taxTerms } from '../../../src/domain/tax/effective.ts';
import { DEFAULT_TAX_TABLE } from '../../../src/domain/tax/rates.ts';
import { defaultTaxSettings, type TaxClass, type TaxRateEdit, type TaxSection } from '../../../src/domain/tax/tax.model.ts';
import { sellerSectionSchema, taxSectionSchema } from '../../../src/domain/tax/settings.schema.ts';
import { DEMO_SELLER, DEMO_TAXES } from '../../../src/server/db/seed/settings.ts';

const edit = (market: string, tax: TaxRateEdit['tax'], standard: number, children: number | null = null): TaxRateEdit => ({ market, tax, standard, children, checkedOn: '2026-11-01' });

describe('effectiveTaxTable', () => {
  it('is the default table itself without edits', () => {
    expect(effectiveTaxTable([])).toBe(DEFAULT_TAX_TABLE);
  });

  it('replaces the edited tax of the edited market only, with the merchant as its source', () => {
    const table = effectiveTaxTable([edit('FR', 'VAT', 21_000), edit('CA-QC', 'QST', 10_000)]);
    expect(table.markets.FR!.components[0]!.rates).toEqual({ standard: 21_000 });
    expect(table.markets.FR!.components[0]!.source).toEqual({ authority: 'the merchant', document: 'FR VAT rate edited in Settings -> Taxes', asOf: '2026-11-01' });
    // Quebec's GST stays, its QST changes.
    expect(table.markets['CA-QC']!.components.map((c) => [c.tax, c.rates.standard])).toEqual([
      ['GST', 5_000],
      ['QST', 10_000],
    ]);
    expect(table.markets.DE).toBe(DEFAULT_TAX_TABLE.markets.DE);
    // The defaults are not touched.
    expect(DEFAULT_TAX_TABLE.markets.FR!.components[0]!.rates.standard).toBe(20_000);
  });

  it('takes the children rate given, and "as standard" when it is null', () => {
    expect(effectiveTaxTable([edit('GB', 'VAT', 21_000, 0)]).markets.GB!.components[0]!.rates).toEqual({ standard: 21_000, children: 0 });
    expect(effectiveTaxTable([edit('IE', 'VAT', 23_000)]).markets.IE!.components[0]!.rates).toEqual({ standard: 23_000 });
  });

  it('ignores an edit of a market or tax the table does not have', () => {
    const table = effectiveTaxTable([edit('CH', 'VAT', 8_100), edit('DE', 'GST', 5_000)]);
    expect(table.markets.CH).toBeUndefined();
    expect(table.markets.DE!.components).toEqual(DEFAULT_TAX_TABLE.markets.DE!.components);
  });

  it('taxTerms splits a stored section into settings and table, building the table once per section', () => {
    const section: TaxSection = { ...defaultTaxSettings('DE'), rateEdits: [edit('DE', 'VAT', 16_000)] };
    const first = taxTerms(section);
    expect(first.settings).not.toHaveProperty('rateEdits');
    expect(first.table.markets.DE!.components[0]!.rates.standard).toBe(16_000);
    expect(taxTerms(section).table).toBe(first.table);
  });
});

describe('checkoutTax', () => {
  const terms = taxTerms(DEMO_TAXES);
  const lines = (...entries: [number, TaxClass, boolean?][]) => entries.map(([lineTotal, taxClass, personalised = false]) => ({ lineTotal, quantity: 1, personalised, taxClass }));
  function run(country: string, region: string | null, items: ReturnType<typeof lines>, currency: 'EUR' | 'CAD' | 'GBP' = 'EUR', coupon: Parameters<typeof checkoutTotals>[0]['coupon'] = null) {
    // Express: never free, so every case has shipping to tax.
    const { totals } = checkoutTotals({ lines: items, currency, tiers: [], coupon, shipping: { country, method: 'express' }, personalised: items.some((l) => l.personalised) });
    return { before: totals, ...checkoutTax({ destination: { country, region }, terms, currency, rates: DEFAULT_RATES, lines: items, totals, couponIncludesPersonalised: coupon?.includesPersonalised ?? true }) };
  }

  it('Germany: the total stays, 19% is included', () => {
    const { before, totals, breakdown } = run('DE', null, lines([5_900, 'standard']));
    expect(totals).toEqual(before);
    // 59.00 + 14.95 express = 73.95 gross: 73.95 - round(73.95 / 1.19) = 73.95 - 62.14 = 11.81.
    expect(before.shipping).toBe(1_495);
    expect(breakdown).toMatchObject({ market: 'DE', display: 'inclusive', reason: 'home', total: 1_181, added: 0 });
    expect(breakdown.rows).toEqual([{ jurisdiction: 'DE', tax: 'VAT', declaredUnder: 'home', rate: 19_000, base: 6_214, amount: 1_181 }]);
  });

  it('Ontario: 13% HST added to the total', () => {
    const { before, totals, breakdown } = run('CA', 'ON', lines([8_000, 'standard']), 'CAD');
    expect(breakdown).toMatchObject({ market: 'CA-ON', display: 'exclusive', reason: 'registered', added: breakdown.total });
    expect(breakdown.total).toBe(Math.round((before.itemsAfterDiscounts + before.shipping) * 0.13));
    expect(totals).toEqual({ ...before, taxAdded: breakdown.total, total: before.total + breakdown.total });
  });

  it('Canada without a province: region needed, nothing added', () => {
    const { before, totals, breakdown } = run('CA', null, lines([8_000, 'standard']), 'CAD');
    expect(breakdown).toMatchObject({ reason: 'region-needed', total: 0, added: 0, rows: [] });
    expect(totals).toEqual(before);
  });

  it('order rows: shipping shared over the goods lines of its class, adding up to the tax', () => {
    // A child's kit and an adult's to the UK: shipping split by what they cost, each part at its class's rate.
    const { result, breakdown } = run('GB', null, lines([3_000, 'children'], [5_000, 'standard'], [1_000, 'standard']), 'GBP');
    const rows = orderTaxRows(result, ['children', 'standard', 'standard']);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(breakdown.total);
    const shipping = rows.filter((row) => row.shipping);
    expect(shipping.map((row) => [row.lineIndex, row.taxClass])).toEqual([
      [0, 'children'],
      [1, 'standard'],
      [2, 'standard'],
    ]);
    expect(shipping.map((row) => row.base + row.amount)).toEqual(result.lineShipping);
    expect(rows.filter((row) => row.taxClass === 'children').every((row) => row.rate === 0 && row.amount === 0)).toBe(true);
  });
});

describe('the demo merchant', () => {
  it('fits the settings schemas', () => {
    expect(taxSectionSchema.safeParse(DEMO_TAXES).success).toBe(true);
    expect(sellerSectionSchema.safeParse(DEMO_SELLER).success).toBe(true);
  });
});
