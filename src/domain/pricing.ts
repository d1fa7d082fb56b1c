/**
 * Pricing of cart lines and carts, in integer minor units. The server prices from the database
 * with these functions; the browser uses the same ones only to display.
 */
import { assertMinor, convertFromEur, divRound, type CurrencyCode, type RateTable } from './money.model.ts';
import { printPriceEur, type PricedPrint, type PrintPrices } from './personalisation.ts';

/** One discount tier: from `minItems` items (sum of quantities) the cart gets `percent` off. */
export interface DiscountTier {
  minItems: number;
  percent: number;
}

/** docs/decisions.md: the cart drawer's tiers are the one table; the banner is rendered from it. */
export const DEFAULT_DISCOUNT_TIERS: readonly DiscountTier[] = [
  { minItems: 3, percent: 10 },
  { minItems: 5, percent: 20 },
];

/** The bounds of the tier table staff edit (Settings -> Quantity tiers; the DISCOUNT_TIERS default obeys them too). */
export const DISCOUNT_TIER_LIMITS = { maxRows: 6, minItems: 2, maxItems: 999, minPercent: 1, maxPercent: 90 } as const;

/** What can be wrong with a tier table; `index` and `field` name the cell (null: the table as a whole). */
export type DiscountTierProblem = 'tooMany' | 'minItemsRange' | 'percentRange' | 'minItemsNotAscending' | 'percentNotAscending';
export interface DiscountTierIssue {
  index: number | null;
  field: 'minItems' | 'percent' | null;
  problem: DiscountTierProblem;
}

/**
 * The table's rules, in one place for the server's schema (English) and the editor (each
 * language): whole numbers in range, and each row from more items than the one before and taking
 * off more (a row that took off less would never apply: the cart takes the best tier reached).
 */
export function discountTierIssues(tiers: readonly DiscountTier[]): DiscountTierIssue[] {
  const L = DISCOUNT_TIER_LIMITS;
  const issues: DiscountTierIssue[] = [];
  if (tiers.length > L.maxRows) issues.push({ index: null, field: null, problem: 'tooMany' });
  const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  tiers.forEach((tier, index) => {
    const previous = index > 0 ? tiers[index - 1] : undefined;
    if (!whole(tier.minItems, L.minItems, L.maxItems)) issues.push({ index, field: 'minItems', problem: 'minItemsRange' });
    else if (previous && tier.minItems <= previous.minItems) issues.push({ index, field: 'minItems', problem: 'minItemsNotAscending' });
    if (!whole(tier.percent, L.minPercent, L.maxPercent)) issues.push({ index, field: 'percent', problem: 'percentRange' });
    else if (previous && tier.percent <= previous.percent) issues.push({ index, field: 'percent', problem: 'percentNotAscending' });
  });
  return issues;
}

/** Free standard shipping from this order value, in EUR minor units (docs/storefront.md "Constants"): a fresh shop's setting. */
export const FREE_SHIPPING_THRESHOLD_EUR = 4500;

/** Largest quantity of one cart line; more is a wholesale enquiry, not a cart. */
export const MAX_LINE_QUANTITY = 99;

export function tierPercent(itemCount: number, tiers: readonly DiscountTier[] = DEFAULT_DISCOUNT_TIERS): number {
  let percent = 0;
  for (const tier of tiers) if (itemCount >= tier.minItems && tier.percent > percent) percent = tier.percent;
  return percent;
}

/** The catalogue facts a line's price depends on, all in EUR minor units, and the print priced. */
export interface LinePriceInputs extends PrintPrices, PricedPrint {
  productPriceEur: number;
}

/** Unit price of one configured shirt in EUR minor units: the product and what its print adds (personalisation.ts). */
export function unitPriceEur(inputs: LinePriceInputs): number {
  assertMinor(inputs.productPriceEur);
  if (inputs.productPriceEur < 0) throw new RangeError('catalogue prices cannot be negative');
  return inputs.productPriceEur + printPriceEur(inputs, inputs);
}

export interface PricedLine {
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface CartTotals {
  currency: CurrencyCode;
  itemCount: number;
  subtotal: number;
  discountPercent: number;
  discount: number;
  total: number;
}

/**
 * Converts each unit price to the shown currency first and only then multiplies and adds, so that
 * every figure the shopper (and PayPal) sees adds up exactly in that currency.
 */
export function priceLine(unitPriceEurMinor: number, quantity: number, currency: CurrencyCode, rates?: RateTable): PricedLine {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError('quantity must be a positive integer');
  const unitPrice = convertFromEur(unitPriceEurMinor, currency, rates);
  return { unitPrice, quantity, lineTotal: unitPrice * quantity };
}

export function cartTotals(
  lines: readonly Pick<PricedLine, 'lineTotal' | 'quantity'>[],
  currency: CurrencyCode,
  tiers: readonly DiscountTier[] = DEFAULT_DISCOUNT_TIERS,
): CartTotals {
  let subtotal = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotal += line.lineTotal;
    itemCount += line.quantity;
  }
  const discountPercent = tierPercent(itemCount, tiers);
  const discount = Math.min(subtotal, divRound(subtotal * discountPercent, 100));
  return { currency, itemCount, subtotal, discountPercent, discount, total: subtotal - discount };
}
