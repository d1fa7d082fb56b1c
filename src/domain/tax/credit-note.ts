/**
 * A credit note's tax (docs/taxes.md "Credit notes"): a refund reverses the invoice's tax in
 * proportion to what is refunded of what was paid. Cumulative over partial refunds: after refunds
 * adding up to R of an invoice total T, the tax reversed by all notes together is round(tax x R / T)
 * (half away from zero), this note's part of it spread over the invoice's tax lines by what each
 * has left to reverse (largest remainder). So no line is ever reversed beyond what the invoice
 * charged, and the refund of everything reverses exactly everything.
 */
import { assertMinor, divRound } from '../money.model.ts';
import { allocate } from './allocate.ts';
import type { TaxLine } from './tax.model.ts';

export interface CreditNoteTax {
  /** What this note refunds, in the invoice's currency. */
  refund: number;
  /** Parallel to the invoice's tax lines (same order): what this note reverses of each, as positive figures. */
  lines: TaxLine[];
  /** The sum of `lines`' amounts. */
  tax: number;
}

export interface CreditNoteInput {
  invoice: { lines: readonly TaxLine[]; total: number };
  /** Earlier credit notes on the same invoice. */
  previous: readonly CreditNoteTax[];
  refund: number;
}

export function creditNoteTax(input: CreditNoteInput): CreditNoteTax {
  const { invoice, previous, refund } = input;
  assertMinor(refund);
  assertMinor(invoice.total);
  if (refund < 0) throw new RangeError('a refund cannot be negative');
  for (const note of previous) if (note.lines.length !== invoice.lines.length) throw new RangeError('a credit note has a line for each of its invoice\'s tax lines');
  const refunded = previous.reduce((sum, note) => sum + note.refund, 0);
  if (refunded + refund > invoice.total) throw new RangeError(`refunds would reach ${refunded + refund}, more than the invoice's ${invoice.total}`);
  const cumulative = refunded + refund;
  const reversed = (i: number, key: 'amount' | 'base') => previous.reduce((sum, note) => sum + note.lines[i]![key], 0);
  const leftTax = invoice.lines.map((line, i) => Math.max(0, line.amount - reversed(i, 'amount')));
  const invoiceTax = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const alreadyTax = invoice.lines.reduce((sum, _line, i) => sum + reversed(i, 'amount'), 0);
  const target = invoice.total === 0 ? 0 : divRound(invoiceTax * cumulative, invoice.total);
  const leftSum = leftTax.reduce((a, b) => a + b, 0);
  const noteTax = Math.min(leftSum, Math.max(0, target - alreadyTax));
  const amounts = leftSum > 0 ? allocate(noteTax, leftTax) : leftTax.map(() => 0);
  const lines = invoice.lines.map((line, i) => {
    // The base follows line by line: its cumulative share, less what earlier notes took, within what is left.
    const already = reversed(i, 'base');
    const cumulativeBase = invoice.total === 0 ? 0 : divRound(line.base * cumulative, invoice.total);
    const base = Math.min(Math.max(0, line.base - already), Math.max(0, cumulativeBase - already));
    return { ...line, base, amount: amounts[i]! };
  });
  return { refund, lines, tax: noteTax };
}
