/**
 * The order rules of src/domain: states and moves, order numbers, shipping, coupons, checkout
 * totals and the PayPal purchase unit, with property tests for everything that adds money up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BreakdownMismatchError, checkoutTotals, minorFromDecimal, paypalPurchaseUnit } from '../../../src/domain/checkout.model.ts';
import { couponDiscount, couponProblem, type CouponRule } from '../../../src/domain/coupons.model.ts';
import { CURRENCY_CODES, convertFromEur, divRound, toDecimalString } from '../../../src/domain/money.model.ts';
import { ORDER_NO_ALPHABET, ORDER_NO_PATTERN, ORDER_STATUSES, canMove, lineRestockable, moveProblem, normaliseOrderNo, orderNoFromBytes, type OrderStatus } from '../../../src/domain/orders.model.ts';
import { orderNoSchema } from '../../../src/domain/orders.schema.ts';
import { DEFAULT_DISCOUNT_TIERS } from '../../../src/domain/pricing.ts';
import { SHIPPING_RATES, freeShippingThreshold, shippingOption, shippingZone } from '../../../src/domain/shipping.ts';

const currencyArb = fc.constantFrom(...CURRENCY_CODES);

describe('order states', () => {
  it('moves forward only, as docs/checkout-and-payments.md draws them', () => {
    const forward: [OrderStatus, OrderStatus][] = [
      ['pending_payment', 'paid'],
      ['paid', 'processing'],
      ['processing', 'shipped'],
      ['shipped', 'delivered'],
      ['pending_payment', 'cancelled'],
      ['delivered', 'refunded'],
    ];
    for (const [from, to] of forward) expect(canMove(from, to, false)).toBe(true);
    const backward: [OrderStatus, OrderStatus][] = [
      ['paid', 'pending_payment'],
      ['shipped', 'processing'],
      ['delivered', 'shipped'],
      ['cancelled', 'pending_payment'],
      ['refunded', 'paid'],
      ['cancelled', 'paid'],
      ['shipped', 'cancelled'],
    ];
    for (const [from, to] of backward) expect(moveProblem(from, to, false)).toBe('not-allowed');
    for (const status of ORDER_STATUSES) expect(canMove(status, status, false)).toBe(false);
  });

  it('cancels or refunds personalised items until they are in production, then only with an override', () => {
    expect(canMove('paid', 'cancelled', true)).toBe(true);
    expect(canMove('paid', 'refunded', true)).toBe(true);
    for (const from of ['processing', 'shipped', 'delivered'] as const) {
      expect(moveProblem(from, 'refunded', true)).toBe('personalised');
      expect(canMove(from, 'refunded', true, true)).toBe(true);
      expect(canMove(from, 'refunded', false)).toBe(true);
    }
    expect(moveProblem('processing', 'cancelled', true)).toBe('personalised');
    expect(canMove('processing', 'cancelled', true, true)).toBe(true);
    // An override lifts the personalised rule only, never the order of the states.
    expect(moveProblem('shipped', 'cancelled', false, true)).toBe('not-allowed');
    expect(canMove('pending_payment', 'cancelled', true)).toBe(true);
  });

  it('puts stock back for lines not yet printed only', () => {
    expect(lineRestockable('paid', true)).toBe(true);
    expect(lineRestockable('processing', false)).toBe(true);
    expect(lineRestockable('processing', true)).toBe(false);
    for (const status of ['shipped', 'delivered'] as const) expect(lineRestockable(status, false)).toBe(false);
  });
});

describe('order numbers', () => {
  it('are JS- and ten characters of an alphabet without look-alikes, all characters equally likely', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const orderNo = orderNoFromBytes(bytes);
        if (orderNo === null) return bytes.filter((b) => b < 248).length < 10;
        return ORDER_NO_PATTERN.test(orderNo) && !/[01ILO]/.test(orderNo.slice(3));
      }),
    );
    expect(ORDER_NO_ALPHABET).toHaveLength(31);
    // 248 and above are skipped (rejection sampling), so 31 divides what is kept.
    expect(orderNoFromBytes(new Uint8Array([255, 248, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBe('JS-23456-789AB');
    expect(orderNoFromBytes(new Uint8Array(9))).toBeNull();
  });

  it('read back what a shopper types, in any case and spacing, and refuse the rest', () => {
    expect(normaliseOrderNo('js 7kq4m 2xphd')).toBe('JS-7KQ4M-2XPHD');
    expect(normaliseOrderNo('7KQ4M2XPHD')).toBe('JS-7KQ4M-2XPHD');
    expect(normaliseOrderNo('JS-7KQ4M-2XPH')).toBeNull();
    expect(normaliseOrderNo('JS-OKQ4M-2XPHD')).toBeNull();
    expect(orderNoSchema.safeParse('').error?.issues[0]?.message).toBe('Please enter order number');
    expect(orderNoSchema.safeParse("JS-7KQ4M-2XPHD' or 1=1").success).toBe(false);
  });
});

describe('shipping', () => {
  it('puts countries in zones', () => {
    expect(['DE', 'FR', 'IE'].map((code) => shippingZone(code))).toEqual(['eu', 'eu', 'eu']);
    expect(['GB', 'CH', 'NO'].map((code) => shippingZone(code))).toEqual(['europe', 'europe', 'europe']);
    expect(['US', 'CA'].map((code) => shippingZone(code))).toEqual(['north-america', 'north-america']);
    expect(['HK', 'AU', 'BR', 'ZZ'].map((code) => shippingZone(code))).toEqual(['world', 'world', 'world', 'world']);
  });

  it('makes standard free at the threshold converted to the currency, never express, and adds printing days', () => {
    fc.assert(
      fc.property(currencyArb, fc.constantFrom('DE', 'GB', 'US', 'HK'), fc.integer({ min: 0, max: 20_000 }), fc.boolean(), (currency, country, items, personalised) => {
        const standard = shippingOption(country, 'standard', items, currency, personalised);
        const express = shippingOption(country, 'express', items, currency, personalised);
        const rates = SHIPPING_RATES[shippingZone(country)];
        const free = items >= freeShippingThreshold(currency);
        expect(standard.amount).toBe(free ? 0 : convertFromEur(rates.standard.amountEur, currency));
        expect(express.amount).toBe(convertFromEur(rates.express.amountEur, currency));
        expect(standard.minDays).toBe(rates.standard.minDays + (personalised ? 1 : 0));
        expect(standard.maxDays).toBe(rates.standard.maxDays + (personalised ? 2 : 0));
      }),
    );
    expect(shippingOption('DE', 'standard', 4499, 'EUR', false).free).toBe(false);
    expect(shippingOption('DE', 'standard', 4500, 'EUR', false).free).toBe(true);
  });
});

function rule(overrides: Partial<CouponRule> = {}): CouponRule {
  return { code: 'X', kind: 'percent', percent: 10, amountEur: null, amounts: null, includesPersonalised: true, minSpendEur: 0, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, usedCount: 0, active: true, ...overrides };
}

describe('coupons', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  const context = { now, currency: 'EUR' as const, base: 5000, baseWithoutPersonalised: 5000, customerUses: 0 };

  it('says why a coupon cannot be used', () => {
    expect(couponProblem(rule(), context)).toBeNull();
    expect(couponProblem(rule({ active: false }), context)).toBe('inactive');
    expect(couponProblem(rule({ startsAt: new Date('2030-06-02T00:00:00Z') }), context)).toBe('not-started');
    expect(couponProblem(rule({ endsAt: now }), context)).toBe('expired');
    expect(couponProblem(rule({ usageLimit: 1, usedCount: 1 }), context)).toBe('used-up');
    expect(couponProblem(rule({ perCustomerLimit: 1 }), { ...context, customerUses: 1 })).toBe('customer-limit');
    expect(couponProblem(rule({ minSpendEur: 5001 }), context)).toBe('min-spend');
    expect(couponProblem(rule({ minSpendEur: 5000 }), context)).toBeNull();
    // The minimum is converted like a price: 30 EUR is 25.76 GBP.
    expect(couponProblem(rule({ minSpendEur: 3000 }), { ...context, currency: 'GBP', base: 2575 })).toBe('min-spend');
    expect(couponProblem(rule({ minSpendEur: 3000 }), { ...context, currency: 'GBP', base: 2576 })).toBeNull();
  });

  it('takes a percentage or a converted fixed amount, never more than the base and never below zero', () => {
    fc.assert(
      fc.property(currencyArb, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 1_000_000 }), (currency, base, percent, amountEur) => {
        const byPercent = couponDiscount({ kind: 'percent', percent, amountEur: null, amounts: null }, base, currency);
        const fixed = couponDiscount({ kind: 'fixed', percent: null, amountEur, amounts: null }, base, currency);
        expect(byPercent).toBe(Math.min(base, divRound(base * percent, 100)));
        expect(fixed).toBe(Math.min(base, convertFromEur(amountEur, currency)));
        for (const d of [byPercent, fixed]) {
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(base);
        }
      }),
    );
  });
});

const lineArb = fc.record({ unitPrice: fc.integer({ min: 0, max: 40_000 }), quantity: fc.integer({ min: 1, max: 99 }) });

describe('checkout totals', () => {
  it('apply the tier discount, then the coupon to what is left, then shipping; the total adds up and is never negative', () => {
    fc.assert(
      fc.property(
        currencyArb,
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.option(fc.oneof(fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }), amountEur: fc.constant(null), amounts: fc.constant(null), includesPersonalised: fc.constant(true) }), fc.record({ kind: fc.constant('fixed' as const), percent: fc.constant(null), amountEur: fc.integer({ min: 1, max: 200_000 }), amounts: fc.constant(null), includesPersonalised: fc.constant(true) }))),
        fc.constantFrom('DE', 'GB', 'US', 'JP'),
        fc.constantFrom('standard' as const, 'express' as const),
        (currency, raw, coupon, country, method) => {
          const lines = raw.map((l) => ({ lineTotal: l.unitPrice * l.quantity, quantity: l.quantity, personalised: false }));
          const { totals, shipping } = checkoutTotals({ lines, currency, tiers: DEFAULT_DISCOUNT_TIERS, coupon, shipping: { country, method }, personalised: false });
          const items = lines.reduce((s, l) => s + l.lineTotal, 0);
          expect(totals.items).toBe(items);
          expect(totals.tierDiscount).toBe(divRound(items * totals.tierPercent, 100));
          expect(totals.couponDiscount).toBe(coupon ? couponDiscount(coupon, items - totals.tierDiscount, currency) : 0);
          expect(totals.itemsAfterDiscounts).toBe(items - totals.tierDiscount - totals.couponDiscount);
          expect(totals.shipping).toBe(shipping!.amount);
          expect(totals.total).toBe(totals.itemsAfterDiscounts + totals.shipping);
          expect(totals.total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('hold the tier boundaries at N-1, N and N+1 items', () => {
    const at = (quantity: number) => checkoutTotals({ lines: [{ lineTotal: 2999 * quantity, quantity, personalised: false }], currency: 'EUR', tiers: DEFAULT_DISCOUNT_TIERS, coupon: null, shipping: null, personalised: false }).totals;
    expect([2, 3, 4, 5, 6].map((n) => at(n).tierPercent)).toEqual([0, 10, 10, 20, 20]);
    expect(at(3).tierDiscount).toBe(900);
    expect(at(5).tierDiscount).toBe(2999);
  });
});

describe('the PayPal purchase unit', () => {
  it('always adds up: item_total = sum of unit x quantity and amount = item_total + shipping - discount, in exact decimals', () => {
    fc.assert(
      fc.property(currencyArb, fc.array(lineArb, { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 5000 }), (currency, lines, discountPercent, shipping) => {
        const itemTotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
        const discount = divRound(itemTotal * discountPercent, 100);
        const total = itemTotal + shipping - discount;
        const unit = paypalPurchaseUnit({ orderNo: 'JS-22222-22222', currency, items: lines.map((l, i) => ({ name: `Shirt ${i}`, sku: `1-M`, unitAmount: l.unitPrice, quantity: l.quantity })), discount, shipping, total });
        const parse = (value: string) => minorFromDecimal(value, currency)!;
        const sum = unit.items.reduce((s, item) => s + parse(item.unit_amount.value) * Number(item.quantity), 0);
        const b = unit.amount.breakdown;
        expect(parse(b.item_total.value)).toBe(sum);
        expect(parse(unit.amount.value)).toBe(parse(b.item_total.value) + parse(b.shipping.value) - parse(b.discount.value));
        for (const money of [unit.amount, b.item_total, b.shipping, b.discount, ...unit.items.map((i) => i.unit_amount)]) {
          expect(money.currency_code).toBe(currency);
          expect(money.value).toMatch(/^\d+\.\d{2}$/);
        }
        expect(unit.custom_id).toBe('JS-22222-22222');
      }),
    );
  });

  it('refuses figures that do not add up rather than sending them to PayPal', () => {
    const base = { orderNo: 'JS-22222-22222', currency: 'EUR' as const, items: [{ name: 'a', sku: 'a', unitAmount: 1000, quantity: 2 }], discount: 100, shipping: 500 };
    expect(() => paypalPurchaseUnit({ ...base, total: 2400 })).not.toThrow();
    expect(() => paypalPurchaseUnit({ ...base, total: 2401 })).toThrow(BreakdownMismatchError);
    expect(() => paypalPurchaseUnit({ ...base, discount: 2001, total: -1501 })).toThrow(BreakdownMismatchError);
    expect(() => paypalPurchaseUnit({ ...base, items: [{ name: 'a', sku: 'a', unitAmount: 10.5, quantity: 2 }], total: 421 })).toThrow(RangeError);
  });

  it('trims names to the 127 characters PayPal takes', () => {
    const unit = paypalPurchaseUnit({ orderNo: 'JS-22222-22222', currency: 'EUR', items: [{ name: 'x'.repeat(300), sku: 'y'.repeat(300), unitAmount: 100, quantity: 1 }], discount: 0, shipping: 0, total: 100 });
    expect(unit.items[0]!.name).toHaveLength(127);
    expect(unit.items[0]!.sku).toHaveLength(127);
  });
});

describe('decimal strings from PayPal', () => {
  it('read back exactly what toDecimalString wrote', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), currencyArb, (minor, currency) => minorFromDecimal(toDecimalString(minor, currency), currency) === minor));
  });

  it('refuse what is not a two-decimal amount', () => {
    expect(minorFromDecimal('10.5', 'EUR')).toBe(1050);
    expect(minorFromDecimal('10', 'EUR')).toBe(1000);
    for (const bad of ['10.001', '1e3', '', '10,00', ' 10.00', 'abc']) expect(minorFromDecimal(bad, 'EUR')).toBeNull();
  });
});
