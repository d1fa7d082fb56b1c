/**
 * Tax lines summed per tax and rate: the breakdown an invoice prints ("VAT 20%: base, tax") and a
 * return declares, in the order they first appear. Zero-rated lines make rows of their own.
 */
import type { TaxLine, TaxSummaryRow } from './tax.model.ts';

export type { TaxSummaryRow };

export function summariseTax(lines: readonly TaxLine[]): TaxSummaryRow[] {
  const rows = new Map<string, TaxSummaryRow>();
  for (const line of lines) {
    const key = `${line.jurisdiction}|${line.tax}|${line.declaredUnder}|${line.rate}`;
    const row = rows.get(key) ?? { jurisdiction: line.jurisdiction, tax: line.tax, declaredUnder: line.declaredUnder, rate: line.rate, base: 0, amount: 0 };
    row.base += line.base;
    row.amount += line.amount;
    rows.set(key, row);
  }
  return [...rows.values()];
}
