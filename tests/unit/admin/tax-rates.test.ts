/** Settings -> Taxes' rules: the rate table over the defaults and the edits, ages, per cent input, the form's section. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_TABLE } from '../../../src/domain/tax/rates.ts';
import type { TaxRateEdit, TaxSection } from '../../../src/domain/tax/tax.model.ts';
import { monthsBetween, needsRecheck, rateOfPercent, rateRows, withEdit, withoutEdit } from '../../../src/admin/screens/settings/tax-rates.ts';
import { fieldIssues, formFieldOf, taxSectionOf, taxesFormOf } from '../../../src/admin/screens/settings/taxes-form.ts';

const FR: TaxRateEdit = { market: 'FR', tax: 'VAT', standard: 20_500, children: null, checkedOn: '2026-11-20' };

describe('the rate table', () => {
  it('lists every tax of every market with a tax, with its source, in the table order', () => {
    const rows = rateRows([]);
    const taxes = Object.values(DEFAULT_TAX_TABLE.markets).reduce((n, m) => n + m.components.length, 0);
    expect(rows).toHaveLength(taxes);
    expect(rows.filter((r) => r.area === 'EU')).toHaveLength(27);
    expect(rows.find((r) => r.market === 'US')).toBeUndefined();
    expect(rows.filter((r) => r.market === 'CA-QC').map((r) => [r.tax, r.standard])).toEqual([
      ['GST', 5000],
      ['QST', 9975],
    ]);
    const gb = rows.find((r) => r.market === 'GB')!;
    expect(gb).toMatchObject({ standard: 20_000, children: 0, edit: null, checkedOn: '2025-08-01', source: { authority: 'HMRC' } });
    expect(rows.find((r) => r.market === 'DE')).toMatchObject({ standard: 19_000, children: null });
  });

  it('shows an edit over its default, with the day it was checked, and only on its market and tax', () => {
    const rows = rateRows([FR]);
    expect(rows.find((r) => r.market === 'FR')).toMatchObject({ standard: 20_500, defaults: { standard: 20_000, children: null }, edit: FR, checkedOn: '2026-11-20' });
    expect(rows.find((r) => r.market === 'DE')!.edit).toBeNull();
  });

  it('replaces an edit of the same market and tax, and removes it for the default', () => {
    const edits = withEdit([FR], { ...FR, standard: 21_000 });
    expect(edits).toEqual([{ ...FR, standard: 21_000 }]);
    const both = withEdit(edits, { market: 'CA-QC', tax: 'QST', standard: 10_000, children: null, checkedOn: '2026-11-21' });
    expect(both).toHaveLength(2);
    expect(withoutEdit(both, 'CA-QC', 'GST')).toHaveLength(2);
    expect(withoutEdit(both, 'FR', 'VAT')).toEqual([both[1]]);
  });

  it('counts whole months since a check and flags six or more', () => {
    expect(monthsBetween('2025-08-01', '2026-02-01')).toBe(6);
    expect(monthsBetween('2025-08-02', '2026-02-01')).toBe(5);
    expect(monthsBetween('2026-12-01', '2026-11-01')).toBe(0);
    expect(needsRecheck('2025-08-01', '2026-02-01')).toBe(true);
    expect(needsRecheck('2025-08-02', '2026-02-01')).toBe(false);
  });

  it('reads a per cent figure as thousandths of a percent, refusing what the unit cannot hold', () => {
    expect(rateOfPercent(19)).toBe(19_000);
    expect(rateOfPercent(9.975)).toBe(9975);
    expect(rateOfPercent(0)).toBe(0);
    expect(rateOfPercent(100)).toBe(100_000);
    expect(rateOfPercent(9.9751)).toBeNull();
    expect(rateOfPercent(-1)).toBeNull();
    expect(rateOfPercent(100.001)).toBeNull();
    expect(rateOfPercent(null)).toBeNull();
  });
});

describe('the taxes form', () => {
  const section: TaxSection = {
    homeCountry: 'DE',
    homeRegion: null,
    homeTaxNumber: null,
    registrations: [{ scheme: 'GB-VAT', number: 'GB123456789' }],
    usStates: { NY: { rate: 8875, taxShipping: true, number: null } },
    priceMode: 'same-gross',
    catalogueRate: null,
    rateEdits: [FR],
  };

  it('makes the section it was filled from, the rate edits as saved', () => {
    const values = taxesFormOf(section);
    expect(values.usStates).toEqual([{ state: 'NY', rate: 8.875, taxShipping: true, number: '' }]);
    expect(taxSectionOf(values, [FR])).toEqual(section);
    expect(fieldIssues(values).size).toBe(0);
  });

  it('names the field of each problem the shared schema finds', () => {
    const values = taxesFormOf(section);
    const bad = { ...values, homeCountry: 'US', registrations: [{ scheme: 'GB-VAT' as const, number: 'GB1' }, { scheme: 'EU-IOSS' as const, number: 'IM1234567890' }], usStates: [{ state: 'NY', rate: 9.9999, taxShipping: false, number: '' }] };
    expect([...fieldIssues(bad).keys()].sort()).toEqual(['registrations.0.number', 'usStates.0.rate']);
    // The section's own checks (the schema's refinement) once the fields are right.
    expect([...fieldIssues({ ...values, homeCountry: 'US', homeRegion: null }).keys()]).toEqual(['homeRegion']);
    const inEu = { ...values, registrations: [{ scheme: 'EU-IOSS' as const, number: 'IM1234567890' }] };
    expect([...fieldIssues(inEu).keys()]).toEqual(['registrations.0.scheme']);
  });

  it('maps the server’s paths to the form’s fields', () => {
    const values = taxesFormOf(section);
    expect(formFieldOf(['registrations', '0', 'number'], values)).toEqual(['registrations', 0, 'number']);
    expect(formFieldOf(['usStates', 'NY', 'rate'], values)).toEqual(['usStates', 0, 'rate']);
    expect(formFieldOf(['homeRegion'], values)).toEqual(['homeRegion']);
    expect(formFieldOf(['rateEdits', '0', 'standard'], values)).toBeNull();
  });
});
