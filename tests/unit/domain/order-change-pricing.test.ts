/**
 * Repricing an order after a change with its frozen terms (domain/order-change-pricing.ts): an
 * unchanged order reprices to exactly its frozen tax rows; the tier's percent and the coupon's
 * amount are kept; the tax is worked out again at the frozen rates, included or added.
 */
import { describe, expect, it } from 'vitest';
import { checkoutTotals } from '../../../src/domain/checkout.model.ts';
import { DEFAULT_RATES } from '../../../src/domain/money.model.ts';
import { balanceAfter, repriceOrder, tierDiscountOf, type FrozenTerms, type RepriceLine } from '../../../src/domain/order-change-pricing.ts';
import { checkoutTax, orderTaxRows } from '../../../src/domain/tax/checkout-tax.ts';
import { taxTerms } from '../../../src/domain/tax/effective.ts';
import type { TaxClass } from '../../../src/domain/tax/tax.model.ts';
import { DEMO_TAXES } from '../../../src/server/db/seed/settings.ts';

const terms = taxTerms(DEMO_TAXES);
const lines = (...entries: [number, TaxClass, boolean?, number?][]): RepriceLine[] =>
  entries.map(([lineTotal, taxClass, personalised = false, quantity = 1]) => ({ lineTotal, quantity, personalised, taxClass }));

/** An order as checkout freezes it, and the frozen terms a change reprices it with. */
function placed(country: string, region: string | null, items: RepriceLine[], currency: 'EUR' | 'CAD' | 'GBP', tiers = [{ minItems: 3, percent: 10 }], coupon: { amount: number } | null = null) {
  const { totals } = checkoutTotals({
    lines: items,
    currency,
    tiers,
    coupon: coupon ? { kind: 'fixed', percent: null, amountEur: coupon.amount, amounts: { [currency]: coupon.amount }, includesPersonalised: true } as never : null,
    shipping: { country, method: 'express' },
    personalised: items.some((l) => l.personalised),
  });
  const taxed = checkoutTax({ destination: { country, region }, terms, currency, rates: DEFAULT_RATES, lines: items, totals, couponIncludesPersonalised: true });
  const rows = orderTaxRows(taxed.result, items.map((l) => l.taxClass));
  const frozen: FrozenTerms = {
    tierPercent: totals.tierPercent,
    couponDiscount: totals.couponDiscount,
    couponIncludesPersonalised: true,
    shipping: totals.shipping,
    frozenShipping: totals.shipping,
    display: taxed.breakdown.display,
    market: taxed.breakdown.market,
    reason: taxed.breakdown.reason,
    importTaxesOnDelivery: taxed.breakdown.importTaxesOnDelivery,
    taxRows: rows,
  };
  return { totals: taxed.totals, rows, frozen };
}

describe('repriceOrder', () => {
  it.each([
    ['DE', null, 'EUR'],
    ['CA', 'QC', 'CAD'],
    ['CA', 'ON', 'CAD'],
    ['GB', null, 'GBP'],
  ] as const)('an unchanged order (%s %s) reprices to its frozen totals and tax rows exactly', (country, region, currency) => {
    const items = lines([3_000, 'children'], [5_000, 'standard', true], [1_999, 'standard', false, 2]);
    const order = placed(country, region, items, currency);
    const again = repriceOrder(items, order.frozen);
    expect(again.total).toBe(order.totals.total);
    expect(again.taxTotal).toBe(order.rows.reduce((s, r) => s + r.amount, 0));
    expect(again.taxRows).toEqual(order.rows);
    expect(again.itemsTotal - again.tierDiscount - again.couponDiscount + again.shippingAmount + again.taxAdded).toBe(again.total);
  });

  it('Germany (tax included): a dearer line raises the total by its price alone, the tax extracted at the frozen 19%', () => {
    const items = lines([5_900, 'standard', true]);
    const order = placed('DE', null, items, 'EUR', []);
    const dearer = repriceOrder(lines([6_400, 'standard', true]), order.frozen);
    expect(dearer.total - order.totals.total).toBe(500);
    // 64.00 + 14.95 = 78.95 gross: 78.95 - round(78.95 / 1.19) = 78.95 - 66.34 = 12.61.
    expect(dearer.taxTotal).toBe(1_261);
    expect(dearer.taxAdded).toBe(0);
  });

  it('Ontario (tax added): the difference carries its 13% HST', () => {
    const order = placed('CA', 'ON', lines([8_000, 'standard']), 'CAD', []);
    const dearer = repriceOrder(lines([9_000, 'standard']), order.frozen);
    expect(dearer.total - order.totals.total).toBe(1_000 + 130);
    expect(dearer.taxAdded).toBe(dearer.taxTotal);
  });

  it('keeps the tier\'s frozen percent on the new items (quantities never change)', () => {
    const items = lines([2_000, 'standard'], [2_000, 'standard'], [2_000, 'standard']);
    const order = placed('DE', null, items, 'EUR');
    expect(order.frozen.tierPercent).toBe(10);
    const changed = repriceOrder(lines([2_500, 'standard'], [2_000, 'standard'], [2_000, 'standard']), order.frozen);
    expect(changed.tierDiscount).toBe(tierDiscountOf(6_500, 10));
    expect(changed.tierDiscount).toBe(650);
  });

  it('keeps the coupon\'s frozen amount, never more than the items after the tier', () => {
    const order = placed('DE', null, lines([5_000, 'standard']), 'EUR', [], { amount: 1_000 });
    expect(order.frozen.couponDiscount).toBe(1_000);
    expect(repriceOrder(lines([6_000, 'standard']), order.frozen).couponDiscount).toBe(1_000);
    expect(repriceOrder(lines([800, 'standard']), order.frozen).couponDiscount).toBe(800);
  });

  it('a new shipping price is taxed like the goods (shipping was taxed), at the frozen rates', () => {
    const order = placed('DE', null, lines([5_900, 'standard']), 'EUR', []);
    const cheaper = repriceOrder(lines([5_900, 'standard']), { ...order.frozen, shipping: 495 });
    expect(cheaper.total).toBe(5_900 + 495);
    expect(cheaper.taxRows.some((r) => r.shipping)).toBe(true);
  });

  it('an order the shop charged no tax on stays untaxed', () => {
    const order = placed('US', null, lines([5_000, 'standard']), 'EUR', []);
    expect(order.rows).toEqual([]);
    const changed = repriceOrder(lines([5_500, 'standard']), order.frozen);
    expect(changed.taxTotal).toBe(0);
    expect(changed.taxRows).toEqual([]);
  });
});

describe('balanceAfter', () => {
  it('is what is owed (positive) or to pay back (negative) against what was paid net', () => {
    expect(balanceAfter(10_500, 10_000)).toBe(500);
    expect(balanceAfter(9_500, 10_000)).toBe(-500);
    expect(balanceAfter(10_000, 10_000)).toBe(0);
  });
});
