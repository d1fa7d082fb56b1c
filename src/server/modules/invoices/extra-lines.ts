/**
 * The tax lines of an order change's extra invoice (docs/taxes.md "Invoices for an order change's
 * extra"), pure: what the order's tax lines hold now beyond what its documents invoiced so far,
 * line by line (invoices add, credit notes take away); where nothing is beyond (the change did not
 * reprice the tax lines), the order's lines in proportion of the extra to the order's total. The
 * tax never exceeds the extra.
 */
import type { OrderTaxRow } from '../../../domain/tax/checkout-tax.ts';

/** A tax line as the order keeps it (order_tax_lines), what an extra's invoice copies. */
export type ExtraTaxLine = OrderTaxRow;

const keyOf = (l: Omit<ExtraTaxLine, 'base' | 'amount'>) => [l.lineIndex, l.shipping, l.jurisdiction, l.tax, l.declaredUnder, l.taxClass, l.rate].join('|');

/** `documented`: the lines of the order's documents so far, `sign` 1 for an invoice's, -1 for a credit note's. */
export function extraTaxLines(current: readonly ExtraTaxLine[], documented: readonly (ExtraTaxLine & { sign: 1 | -1 })[], amount: number, orderTotal: number): ExtraTaxLine[] {
  const invoiced = new Map<string, { base: number; amount: number }>();
  for (const l of documented) {
    const was = invoiced.get(keyOf(l)) ?? { base: 0, amount: 0 };
    invoiced.set(keyOf(l), { base: was.base + l.sign * l.base, amount: was.amount + l.sign * l.amount });
  }
  const pick = (l: ExtraTaxLine): ExtraTaxLine => ({ lineIndex: l.lineIndex, shipping: l.shipping, jurisdiction: l.jurisdiction, tax: l.tax, declaredUnder: l.declaredUnder, taxClass: l.taxClass, rate: l.rate, base: l.base, amount: l.amount });
  let lines = current
    .map((l) => {
      const was = invoiced.get(keyOf(l)) ?? { base: 0, amount: 0 };
      return { ...pick(l), base: Math.max(0, l.base - was.base), amount: Math.max(0, l.amount - was.amount) };
    })
    .filter((l) => l.amount > 0 || l.base > 0);
  if (lines.length === 0 && orderTotal > 0) {
    lines = current.map((l) => ({ ...pick(l), base: Math.floor((l.base * amount) / orderTotal), amount: Math.floor((l.amount * amount) / orderTotal) })).filter((l) => l.amount > 0 || l.base > 0);
  }
  const tax = lines.reduce((sum, l) => sum + l.amount, 0);
  // A change that moved tax around more than the money it asked for: the extra's tax is capped at
  // the extra, scaled down line by line.
  if (tax > amount) lines = lines.map((l) => ({ ...l, amount: Math.floor((l.amount * amount) / tax) }));
  return lines;
}
