/**
 * A credit note's tax (docs/taxes.md "Credit notes"): what a refund reverses of its invoice's tax
 * lines, given what earlier notes reversed.
 *
 * - **Lines named** (staff refund so many of these lines): each named goods line gives back its own
 *   tax, what the line has left in proportion to the quantity refunded of the quantity not refunded
 *   before (all of it when the rest of the line is refunded); other lines and the shipping give back
 *   nothing. A kid's kit zero-rated in the UK reverses no VAT. Where the tax was added to the
 *   prices, the refund paid each line's tax back by the refund desk's rule (refundLineTax), and the
 *   note reverses just that (within what the line has left), spread over the line's taxes. When the
 *   refund is less than the lines are worth (`value`, the refund rule's price of them, plus that
 *   tax paid back where it was added, even beyond what the line has left), their tax is scaled down to it; what it gives back beyond them
 *   (shipping, goodwill) is reversed as a refund by amount.
 * - **By amount** (nothing named): in proportion to what it refunds, cumulatively: after refunds by
 *   amount adding up to R of an invoice total T, they have reversed round(tax x R / T) together (half
 *   away from zero), each note's part spread over the lines by what each has left (largest
 *   remainder), the bases likewise line by line. After a note that named lines, T and the tax are
 *   what the invoice had left after it: the refunds by amount share what the named lines left.
 *   The excess of a refund naming lines is reversed the same way, on what its lines left.
 * - **Everything the invoice has left**: exactly what every line has left.
 *
 * So no line is ever reversed beyond what the invoice charged, however refunds are cut up and
 * whether they name lines or not, nothing is negative, and refunding everything reverses exactly
 * everything. A note's lines run parallel to the invoice's.
 */
import { assertMinor, divRound } from '../money.model.ts';
import { refundLineTax } from '../orders.model.ts';
import { allocate } from './allocate.ts';
import type { TaxLine } from './tax.model.ts';

export interface CreditNoteTax {
  /** What this note refunds, in the invoice's currency. */
  refund: number;
  /** Parallel to the invoice's tax lines (same order): what this note reverses of each, as positive figures. */
  lines: TaxLine[];
  /** The sum of `lines`' amounts. */
  tax: number;
  /** The note named lines: refunds by amount after it share what the invoice had left then. */
  namedLines?: boolean;
}

/** A refund that names goods lines (the back office's refund by lines, a cancellation). */
export interface NamedLines {
  /**
   * Each goods line refunded: its index (the tax lines' `target.index`), how many are refunded now,
   * how many of it were not yet refunded before this refund (at least `quantity`), and, where the
   * tax was added, its whole quantity (`of`): the refund paid its tax back by refundLineTax.
   */
  lines: readonly { index: number; quantity: number; left: number; of?: number | undefined }[];
  /** What those quantities give back by the refund rule (their price less their share of the discounts). */
  value: number;
  /**
   * The order's tax was added to its prices (Canada, US states): `value` leaves it out, so the
   * lines are worth `value` plus their tax (the refund desk pays both back), and a refund of
   * `value` alone (one made before the desk paid the tax back) reverses that share of it.
   */
  taxAdded?: boolean | undefined;
}

export interface CreditNoteInput {
  invoice: { lines: readonly TaxLine[]; total: number };
  /** Earlier credit notes on the same invoice. */
  previous: readonly CreditNoteTax[];
  refund: number;
  /** The lines the refund names; absent or empty: a refund by amount. */
  named?: NamedLines | undefined;
}

interface Part {
  amount: number;
  base: number;
}

export function creditNoteTax(input: CreditNoteInput): CreditNoteTax {
  const { invoice, previous, refund, named } = input;
  assertMinor(refund);
  assertMinor(invoice.total);
  if (refund < 0) throw new RangeError('a refund cannot be negative');
  for (const note of previous) if (note.lines.length !== invoice.lines.length) throw new RangeError('a credit note has a line for each of its invoice\'s tax lines');
  const refunded = previous.reduce((sum, note) => sum + note.refund, 0);
  if (refunded + refund > invoice.total) throw new RangeError(`refunds would reach ${refunded + refund}, more than the invoice's ${invoice.total}`);
  const reversed = (i: number, key: 'amount' | 'base') => previous.reduce((sum, note) => sum + note.lines[i]![key], 0);
  // What each line has left to reverse; lowered as this note takes its parts.
  const left: Part[] = invoice.lines.map((line, i) => ({ amount: Math.max(0, line.amount - reversed(i, 'amount')), base: Math.max(0, line.base - reversed(i, 'base')) }));
  const moneyLeft = invoice.total - refunded;
  const parts: Part[] = invoice.lines.map(() => ({ amount: 0, base: 0 }));
  const take = (taken: readonly Part[]) =>
    taken.forEach((part, i) => {
      parts[i]!.amount += part.amount;
      parts[i]!.base += part.base;
      left[i]!.amount -= part.amount;
      left[i]!.base -= part.base;
    });

  const isNamed = named !== undefined && named.lines.length > 0;
  if (refund > 0 && refund === moneyLeft) {
    take(left.map((part) => ({ ...part })));
  } else if (isNamed) {
    assertMinor(named.value);
    const { parts: full, paid } = byLine(invoice.lines, left, named, Boolean(named.taxAdded));
    // Worth the tax the buyer is paid back on them, even where a refund by amount already reversed
    // some of it (their lines have less room left): that money is still theirs, not an excess.
    const worth = named.value + (named.taxAdded ? paid : 0);
    if (refund >= worth) {
      take(full);
      // Beyond the lines (their shipping, goodwill): by amount, on what is left once they took theirs.
      const excess = refund - worth;
      if (excess > 0) take(byAmount(left, [], excess, moneyLeft - worth));
    } else {
      // Less than the lines are worth (a partial goodwill on them; their price alone, refunded before the desk added their tax): their tax, scaled down.
      take(scaled(full, refund, worth));
    }
  } else if (refund > 0) {
    // Cumulative since the last note that named lines (or since the invoice): what the invoice had left then.
    let anchor = previous.length - 1;
    while (anchor >= 0 && !previous[anchor]!.namedLines) anchor--;
    const since = previous.slice(anchor + 1);
    const already: Part[] = invoice.lines.map((_, i) => ({ amount: since.reduce((sum, note) => sum + note.lines[i]!.amount, 0), base: since.reduce((sum, note) => sum + note.lines[i]!.base, 0) }));
    const then = left.map((part, i) => ({ amount: part.amount + already[i]!.amount, base: part.base + already[i]!.base }));
    const sinceRefund = since.reduce((sum, note) => sum + note.refund, 0);
    take(byAmount(left, already, sinceRefund + refund, moneyLeft + sinceRefund, then));
  }
  // What the invoice has left in money must cover the tax it has left, or the last refund could not
  // reverse it all: roundings, and named lines priced by the refund rule (which spreads the
  // discounts evenly, where the tax followed the coupon), can leave a few units more; this note takes them.
  const leftTax = left.reduce((sum, part) => sum + part.amount, 0);
  const short = leftTax - (moneyLeft - refund);
  if (short > 0) {
    const more = allocate(short, left.map((part) => part.amount));
    take(more.map((amount) => ({ amount, base: 0 })));
  }
  // And it never reverses more tax than it refunds (its net is never negative).
  const taxSum = parts.reduce((sum, part) => sum + part.amount, 0);
  const amounts = taxSum > refund ? allocate(refund, parts.map((part) => part.amount)) : parts.map((part) => part.amount);
  const lines = invoice.lines.map((line, i) => ({ ...line, base: parts[i]!.base, amount: amounts[i]! }));
  return { refund, lines, tax: Math.min(taxSum, refund), ...(isNamed ? { namedLines: true } : {}) };
}

/**
 * The named goods lines' own tax and base: each line's left, in proportion to the quantity refunded
 * of what it had left; where the tax was added (and the line's quantity is known), the line's tax
 * is what the refund desk paid back (refundLineTax on the line's whole tax, within what its taxes
 * have left), spread over them by what each has left (largest remainder).
 */
function byLine(invoiceLines: readonly TaxLine[], left: readonly Part[], named: NamedLines, taxAdded: boolean): { parts: Part[]; paid: number } {
  const share = new Map<number, NamedLines['lines'][number]>();
  for (const line of named.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > line.left) throw new RangeError(`line ${line.index}: ${line.quantity} refunded of ${line.left} left`);
    if (line.of !== undefined && !(Number.isSafeInteger(line.of) && line.of >= line.left)) throw new RangeError(`line ${line.index}: ${line.left} left of ${line.of}`);
    if (share.has(line.index)) throw new RangeError(`line ${line.index} is named twice`);
    share.set(line.index, line);
  }
  const parts = invoiceLines.map((line, i) => {
    const named = line.target.kind === 'line' ? share.get(line.target.index) : undefined;
    if (!named) return { amount: 0, base: 0 };
    const rest = left[i]!;
    return { amount: divRound(rest.amount * named.quantity, named.left), base: divRound(rest.base * named.quantity, named.left) };
  });
  // The tax paid back on the lines: refundLineTax where known, else the parts reversed.
  let paid = parts.reduce((sum, part) => sum + part.amount, 0);
  if (!taxAdded) return { parts, paid };
  for (const named of share.values()) {
    if (named.of === undefined) continue;
    const rows = invoiceLines.flatMap((line, i) => (line.target.kind === 'line' && line.target.index === named.index ? [i] : []));
    const whole = rows.reduce((sum, i) => sum + invoiceLines[i]!.amount, 0);
    const linePaid = refundLineTax(whole, { quantity: named.quantity, before: named.of - named.left, of: named.of });
    paid += linePaid - rows.reduce((sum, i) => sum + parts[i]!.amount, 0);
    const weights = rows.map((i) => left[i]!.amount);
    const room = weights.reduce((a, b) => a + b, 0);
    if (room === 0) continue;
    const amounts = allocate(Math.min(linePaid, room), weights);
    rows.forEach((i, k) => (parts[i]!.amount = amounts[k]!));
  }
  return { parts, paid };
}

/**
 * A refund by amount: `cumulative` of `whole` refunded since the anchor, when the lines had
 * `then` left (default: `left`, the anchor is now) and `already` (per line) has been reversed since.
 * The tax is worked out once on the sum, less what was reversed since, spread over what each
 * line has left by largest remainder; each base on its own, cumulatively.
 */
function byAmount(left: readonly Part[], already: readonly Part[], cumulative: number, whole: number, then: readonly Part[] = left): Part[] {
  const was = (i: number): Part => already[i] ?? { amount: 0, base: 0 };
  const leftSum = left.reduce((sum, part) => sum + part.amount, 0);
  const target = divRound(then.reduce((sum, part) => sum + part.amount, 0) * cumulative, whole);
  const noteTax = Math.min(leftSum, Math.max(0, target - left.reduce((sum, _part, i) => sum + was(i).amount, 0)));
  const amounts = leftSum > 0 ? allocate(noteTax, left.map((part) => part.amount)) : left.map(() => 0);
  return left.map((part, i) => ({ amount: amounts[i]!, base: Math.min(part.base, Math.max(0, divRound(then[i]!.base * cumulative, whole) - was(i).base)) }));
}

/**
 * `of` scaled by part / whole (part <= whole, whole > 0): the tax worked out once on the sum and
 * spread by largest remainder, so the shares add up and none exceeds its line; each base on its own.
 */
function scaled(of: readonly Part[], part: number, whole: number): Part[] {
  const amounts = of.map((p) => p.amount);
  const sum = amounts.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? allocate(Math.min(sum, divRound(sum * part, whole)), amounts) : amounts.map(() => 0);
  return of.map((p, i) => ({ amount: shares[i]!, base: Math.min(p.base, divRound(p.base * part, whole)) }));
}
