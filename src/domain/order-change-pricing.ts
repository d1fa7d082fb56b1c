/**
 * Repricing an order after a change (docs/back-office.md "Order changes", docs/taxes.md "Order
 * changes"), with the order's own frozen terms, never today's: pure, no zod.
 *
 * - Quantities never change (a size or print change keeps the line's quantity), so the tier the
 *   order earned stays: its frozen percent is applied again to the new items total.
 * - The coupon's discount stays the amount the order froze: a coupon is a promise about the basket
 *   as bought, so a dearer print earns no more of it and a cheaper one loses none of it, unless the
 *   items after the tier are now below it (it never takes more than they are).
 * - The shipping is the amount the caller gives (frozen, or the new method's price).
 * - The tax is worked out again over the new lines with the rates of the order's frozen tax lines
 *   (the order's market and rates as they were when it was placed): per class, the taxes its
 *   frozen lines charged, the same spread as checkout (calculate.ts), so an unchanged order
 *   reprices to exactly its frozen tax lines.
 */
import { divRound } from './money.model.ts';
import { allocate } from './tax/allocate.ts';
import { spreadDiscounts, type TaxResult } from './tax/calculate.ts';
import { orderTaxRows, type OrderTaxRow } from './tax/checkout-tax.ts';
import { RATE_SCALE, type DeclaredUnder, type PriceDisplay, type TaxClass, type TaxLine, type TaxName, type TaxReason, type TaxTarget } from './tax/tax.model.ts';

export interface RepriceLine {
  /** unit price x quantity, in the order's currency. */
  lineTotal: number;
  quantity: number;
  personalised: boolean;
  taxClass: TaxClass;
}

/** A frozen tax line of the order (order_tax_lines): what it charged, at which rate, on what. */
export interface FrozenTaxRow {
  shipping: boolean;
  jurisdiction: string;
  tax: TaxName;
  declaredUnder: DeclaredUnder;
  taxClass: TaxClass;
  rate: number;
}

export interface FrozenTerms {
  tierPercent: number;
  couponDiscount: number;
  /** The coupon's rule: false when it does not reach personalised lines (true without a coupon). */
  couponIncludesPersonalised: boolean;
  /** The shipping the order pays after the change. */
  shipping: number;
  /** The shipping the order paid when its tax lines were frozen (tells whether shipping was taxed). */
  frozenShipping: number;
  display: PriceDisplay;
  market: string | null;
  reason: TaxReason;
  importTaxesOnDelivery: boolean;
  taxRows: readonly FrozenTaxRow[];
}

export interface Repriced {
  itemCount: number;
  itemsTotal: number;
  tierDiscount: number;
  couponDiscount: number;
  shippingAmount: number;
  taxTotal: number;
  taxAdded: number;
  total: number;
  taxRows: OrderTaxRow[];
}

interface Charge {
  jurisdiction: string;
  tax: TaxName;
  declaredUnder: DeclaredUnder;
  rate: number;
}

/** The taxes a class was charged, in the order its frozen lines name them (one per tax). */
function chargesOf(rows: readonly FrozenTaxRow[], taxClass: TaxClass): Charge[] {
  const out: Charge[] = [];
  for (const row of rows) {
    if (row.taxClass !== taxClass) continue;
    if (out.some((c) => c.jurisdiction === row.jurisdiction && c.tax === row.tax && c.declaredUnder === row.declaredUnder)) continue;
    out.push({ jurisdiction: row.jurisdiction, tax: row.tax, declaredUnder: row.declaredUnder, rate: row.rate });
  }
  return out;
}

/** The tier discount at the order's frozen percent (pricing.ts cartTotals' rule). */
export function tierDiscountOf(itemsTotal: number, percent: number): number {
  return Math.min(itemsTotal, divRound(itemsTotal * percent, 100));
}

export function repriceOrder(lines: readonly RepriceLine[], terms: FrozenTerms): Repriced {
  const itemsTotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0);
  const tierDiscount = tierDiscountOf(itemsTotal, terms.tierPercent);
  const couponDiscount = Math.max(0, Math.min(terms.couponDiscount, itemsTotal - tierDiscount));
  const shipping = terms.shipping;

  const taxInput = lines.map((l) => ({ taxClass: l.taxClass, amount: l.lineTotal, personalised: l.personalised }));
  const lineDiscounts = spreadDiscounts(taxInput, { tier: tierDiscount, coupon: couponDiscount, couponIncludesPersonalised: terms.couponIncludesPersonalised });
  const bases = lines.map((l, i) => l.lineTotal - lineDiscounts[i]!);
  const goods = bases.reduce((a, b) => a + b, 0);
  // Shipping follows the goods, as at checkout (calculate.ts).
  const weights = goods > 0 ? bases : lines.map((l) => l.lineTotal);
  const lineShipping = weights.some((w) => w > 0) ? allocate(shipping, weights) : lines.map(() => 0);
  const orphan = shipping - lineShipping.reduce((a, b) => a + b, 0);

  // Shipping was taxed when the frozen lines tax it, or when there was none to tax then.
  const taxShipping = terms.taxRows.some((r) => r.shipping) || terms.frozenShipping === 0 || !terms.taxRows.length;
  const members: { target: TaxTarget; taxClass: TaxClass; base: number }[] = lines.map((l, i) => ({ target: { kind: 'line', index: i }, taxClass: l.taxClass, base: bases[i]! }));
  if (taxShipping) {
    const byClass = new Map<TaxClass, number>();
    lines.forEach((l, i) => byClass.set(l.taxClass, (byClass.get(l.taxClass) ?? 0) + lineShipping[i]!));
    if (orphan > 0) byClass.set('standard', (byClass.get('standard') ?? 0) + orphan);
    for (const [taxClass, base] of byClass) members.push({ target: { kind: 'shipping' }, taxClass, base });
  }

  const taxLines: TaxLine[] = [];
  const live = members.filter((m) => m.base > 0);
  for (const taxClass of [...new Set(live.map((m) => m.taxClass))]) {
    const charges = chargesOf(terms.taxRows, taxClass);
    if (!charges.length) continue;
    const group = live.filter((m) => m.taxClass === taxClass);
    const groupBases = group.map((m) => m.base);
    const total = groupBases.reduce((a, b) => a + b, 0);
    const line = (m: (typeof group)[number], c: Charge, base: number, amount: number): TaxLine => ({ target: m.target, jurisdiction: c.jurisdiction, tax: c.tax, declaredUnder: c.declaredUnder, taxClass, rate: c.rate, base, amount });
    if (terms.display === 'exclusive') {
      const perCharge = charges.map((c) => allocate(divRound(total * c.rate, RATE_SCALE), groupBases));
      group.forEach((m, j) => charges.forEach((c, k) => taxLines.push(line(m, c, m.base, perCharge[k]![j]!))));
    } else {
      const rates = charges.map((c) => c.rate);
      const combined = rates.reduce((a, b) => a + b, 0);
      const groupTax = total - divRound(total * RATE_SCALE, RATE_SCALE + combined);
      const perMember = allocate(groupTax, groupBases);
      group.forEach((m, j) => {
        const split = combined > 0 ? allocate(perMember[j]!, rates) : rates.map(() => 0);
        charges.forEach((c, k) => taxLines.push(line(m, c, m.base - perMember[j]!, split[k]!)));
      });
    }
  }
  const tax = taxLines.reduce((sum, l) => sum + l.amount, 0);
  const taxAdded = terms.display === 'exclusive' ? tax : 0;
  const beforeTax = goods + shipping;
  const result: TaxResult = {
    market: terms.market,
    display: terms.display,
    reason: terms.reason,
    importTaxesOnDelivery: terms.importTaxesOnDelivery,
    lineDiscounts,
    lineShipping,
    lines: taxLines,
    tax,
    total: beforeTax + taxAdded,
    net: beforeTax + taxAdded - tax,
  };
  return {
    itemCount,
    itemsTotal,
    tierDiscount,
    couponDiscount,
    shippingAmount: shipping,
    taxTotal: tax,
    taxAdded,
    total: itemsTotal - tierDiscount - couponDiscount + shipping + taxAdded,
    taxRows: orderTaxRows(result, lines.map((l) => l.taxClass)),
  };
}

/**
 * What the shopper still owes (positive) or is owed back (negative) after a change: the new total
 * less what they have paid so far, net of what was given back.
 */
export function balanceAfter(newTotal: number, paidNet: number): number {
  return newTotal - paidNet;
}
