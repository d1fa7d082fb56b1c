/** The tax lines of an order change's extra invoice (extra-lines.ts). */
import { describe, expect, it } from 'vitest';
import { extraTaxLines, type ExtraTaxLine } from '../../../../../src/server/modules/invoices/extra-lines.ts';

const vat = (lineIndex: number, base: number, amount: number, shipping = false): ExtraTaxLine => ({
  lineIndex,
  shipping,
  jurisdiction: 'DE',
  tax: 'VAT',
  declaredUnder: 'home',
  taxClass: 'standard',
  rate: 190_000,
  base,
  amount,
});

describe('extraTaxLines', () => {
  it('is what the order lines hold beyond what was invoiced, line by line', () => {
    const invoiced = [{ ...vat(0, 4202, 798), sign: 1 as const }, { ...vat(1, 2521, 479), sign: 1 as const }];
    const now = [vat(0, 5042, 958), vat(1, 2521, 479)];
    expect(extraTaxLines(now, invoiced, 1000, 9000)).toEqual([vat(0, 840, 160)]);
  });

  it('counts credit notes as taken back', () => {
    const documented = [{ ...vat(0, 4202, 798), sign: 1 as const }, { ...vat(0, 840, 160), sign: -1 as const }];
    expect(extraTaxLines([vat(0, 4202, 798)], documented, 1000, 5000)).toEqual([vat(0, 840, 160)]);
  });

  it("falls back to the order's tax in proportion when the lines did not change", () => {
    const invoiced = [{ ...vat(0, 4202, 798), sign: 1 as const }];
    expect(extraTaxLines([vat(0, 4202, 798)], invoiced, 500, 5000)).toEqual([vat(0, 420, 79)]);
  });

  it('never carries more tax than the extra', () => {
    const lines = extraTaxLines([vat(0, 10_000, 1900)], [], 1000, 11_900);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBeLessThanOrEqual(1000);
  });
});
