/**
 * The tax of a checkout (docs/taxes.md "At checkout"): calculateTax run on what checkoutTotals
 * priced (the same tier, coupon and shipping), the totals with the tax added where prices are
 * shown without it, the breakdown pages show, and the rows an order freezes (order_tax_lines).
 */
import type { CheckoutTotals } from '../checkout.model.ts';
import type { CurrencyCode, RateTable } from '../money.model.ts';
import { allocate } from './allocate.ts';
import { calculateTax, type TaxDestination, type TaxResult } from './calculate.ts';
import type { TaxTerms } from './effective.ts';
import { summariseTax } from './summary.ts';
import type { TaxBreakdown, TaxClass, TaxLine } from './tax.model.ts';

export interface CheckoutTaxInput {
  destination: TaxDestination;
  terms: TaxTerms;
  currency: CurrencyCode;
  rates: RateTable;
  /** The priced lines, in the order's line order. */
  lines: readonly { lineTotal: number; personalised: boolean; taxClass: TaxClass }[];
  /** What checkoutTotals answered for these lines, before any tax. */
  totals: CheckoutTotals;
  /** The coupon's rule: false when it does not reach personalised lines (true without a coupon). */
  couponIncludesPersonalised: boolean;
}

export interface CheckoutTax {
  /** `totals` with the tax added where it is (taxAdded, total); otherwise unchanged. */
  totals: CheckoutTotals;
  breakdown: TaxBreakdown;
  result: TaxResult;
}

export function checkoutTax(input: CheckoutTaxInput): CheckoutTax {
  const { totals } = input;
  const result = calculateTax({
    destination: input.destination,
    settings: input.terms.settings,
    table: input.terms.table,
    currency: input.currency,
    rates: input.rates,
    lines: input.lines.map((line) => ({ taxClass: line.taxClass, amount: line.lineTotal, personalised: line.personalised })),
    discounts: { tier: totals.tierDiscount, coupon: totals.couponDiscount, couponIncludesPersonalised: input.couponIncludesPersonalised },
    shipping: totals.shipping,
  });
  const added = result.display === 'exclusive' ? result.tax : 0;
  // calculateTax prices the same figures: anything else is a bug, not an order to place.
  if (result.total !== totals.itemsAfterDiscounts + totals.shipping + added) throw new Error(`tax total ${result.total} does not match checkout's ${totals.total} + ${added}`);
  return {
    totals: { ...totals, taxAdded: added, total: totals.total + added },
    breakdown: { market: result.market, display: result.display, reason: result.reason, importTaxesOnDelivery: result.importTaxesOnDelivery, total: result.tax, added, rows: summariseTax(result.lines) },
    result,
  };
}

/** A tax line as the order keeps it (order_tax_lines): on a goods line, or on that line's share of the shipping. */
export interface OrderTaxRow extends Omit<TaxLine, 'target'> {
  /** The goods line's position in the order (0-based). */
  lineIndex: number;
  shipping: boolean;
}

/**
 * The rows an order freezes. calculateTax taxes the shipping once per class; here each of those
 * lines is shared out over the goods lines of its class by their shares of the shipping (largest
 * remainder, bases and amounts alike), so every row names a goods line and the rows still add up
 * to the order's tax.
 */
export function orderTaxRows(result: TaxResult, lineClasses: readonly TaxClass[]): OrderTaxRow[] {
  const rows: OrderTaxRow[] = [];
  for (const { target, ...line } of result.lines) {
    if (target.kind === 'line') {
      rows.push({ ...line, lineIndex: target.index, shipping: false });
      continue;
    }
    const weights = lineClasses.map((taxClass, i) => (taxClass === line.taxClass ? result.lineShipping[i]! : 0));
    if (!weights.some((w) => w > 0)) {
      // Shipping with no goods line of its class to carry it (nothing priced above zero): kept whole on the first line.
      rows.push({ ...line, lineIndex: 0, shipping: true });
      continue;
    }
    const bases = allocate(line.base, weights);
    const amounts = allocate(line.amount, weights);
    weights.forEach((w, i) => {
      if (w > 0) rows.push({ ...line, lineIndex: i, shipping: true, base: bases[i]!, amount: amounts[i]! });
    });
  }
  return rows;
}
