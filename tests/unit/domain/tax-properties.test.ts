/**
 * Properties of the tax model over random orders priced by the shop's own checkout rules
 * (checkout.model.ts: tiers, coupons, shipping): line taxes add up to the order's tax, worked out
 * once per class and tax; nothing is ever negative; credit notes never reverse more than the invoice
 * charged, however a refund is cut up.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkoutTotals } from '../../../src/domain/checkout.model.ts';
import type { CouponRule } from '../../../src/domain/coupons.model.ts';
import { CURRENCY_CODES, divRound } from '../../../src/domain/money.model.ts';
import { lineGoodsTax, linesPaid, refundLineTax, refundLinesAmount, refundLinesValue } from '../../../src/domain/orders.model.ts';
import { DEFAULT_DISCOUNT_TIERS } from '../../../src/domain/pricing.ts';
import { allocate } from '../../../src/domain/tax/allocate.ts';
import { calculateTax, type TaxDestination, type TaxLineInput } from '../../../src/domain/tax/calculate.ts';
import { creditNoteTax, type CreditNoteTax } from '../../../src/domain/tax/credit-note.ts';
import { marketUnitPriceEur } from '../../../src/domain/tax/market-price.ts';
import { EU_MEMBER_STATES } from '../../../src/domain/tax/rates.ts';
import { RATE_SCALE, TAX_CLASSES, defaultTaxSettings, type TaxSettings } from '../../../src/domain/tax/tax.model.ts';

const everywhere: TaxSettings = {
  ...defaultTaxSettings('DE'),
  registrations: [
    { scheme: 'EU-OSS', number: 'DE123456789' },
    { scheme: 'GB-VAT', number: 'GB123456789' },
    { scheme: 'AU-GST', number: '12345678901' },
    { scheme: 'NZ-GST', number: '123456789' },
    { scheme: 'CA-GST', number: '123456789RT0001' },
    { scheme: 'CA-QC-QST', number: '1234567890TQ0001' },
    { scheme: 'CA-BC-PST', number: 'PST-1234-5678' },
    { scheme: 'CA-MB-RST', number: '1234567' },
    { scheme: 'CA-SK-PST', number: '1234567' },
  ],
  usStates: { NY: { rate: 8875, taxShipping: true, number: null }, CA: { rate: 7250, taxShipping: false, number: null } },
};
const settingsArb = fc.constantFrom<TaxSettings>(
  everywhere,
  defaultTaxSettings('DE'),
  { ...defaultTaxSettings('GB'), registrations: [{ scheme: 'EU-IOSS', number: 'IM2760000001' }] },
  defaultTaxSettings('CA', 'QC'),
  { ...everywhere, homeCountry: 'AU', registrations: everywhere.registrations.filter((r) => r.scheme !== 'EU-OSS') },
);
const destinations: TaxDestination[] = [
  ...EU_MEMBER_STATES.map((country) => ({ country })),
  { country: 'GB' }, { country: 'AU' }, { country: 'NZ' }, { country: 'CH' }, { country: 'CA' },
  ...['ON', 'QC', 'BC', 'MB', 'SK', 'AB', 'NS', 'NB', 'NL', 'PE', 'YT'].map((region) => ({ country: 'CA', region })),
  ...['NY', 'CA', 'TX'].map((region) => ({ country: 'US', region })),
];
const lineArb = fc.record({
  taxClass: fc.constantFrom(...TAX_CLASSES),
  unit: fc.integer({ min: 0, max: 40_000 }),
  quantity: fc.integer({ min: 1, max: 6 }),
  personalised: fc.boolean(),
});
const couponArb = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }), amountEur: fc.constant(null), amounts: fc.constant(null), includesPersonalised: fc.boolean() }),
    fc.record({ kind: fc.constant('fixed' as const), percent: fc.constant(null), amountEur: fc.integer({ min: 0, max: 20_000 }), amounts: fc.constant(null), includesPersonalised: fc.boolean() }),
  ),
);
const orderArb = fc.record({
  settings: settingsArb,
  destination: fc.constantFrom(...destinations),
  currency: fc.constantFrom(...CURRENCY_CODES),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
  coupon: couponArb,
  method: fc.constantFrom('standard' as const, 'express' as const),
});

/** An order priced the way checkout prices it, and its tax. */
type Order = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function price(order: Order) {
  const priced = order.lines.map((l) => ({ lineTotal: l.unit * l.quantity, quantity: l.quantity, personalised: l.personalised }));
  const coupon = order.coupon as Pick<CouponRule, 'kind' | 'percent' | 'amountEur' | 'amounts' | 'includesPersonalised'> | null;
  const { totals } = checkoutTotals({
    lines: priced,
    currency: order.currency,
    tiers: DEFAULT_DISCOUNT_TIERS,
    coupon,
    shipping: { country: order.destination.country, method: order.method },
    personalised: order.lines.some((l) => l.personalised),
  });
  const lines: TaxLineInput[] = order.lines.map((l, i) => ({ taxClass: l.taxClass, amount: priced[i]!.lineTotal, personalised: l.personalised }));
  const result = calculateTax({
    destination: order.destination,
    settings: order.settings,
    currency: order.currency,
    lines,
    discounts: { tier: totals.tierDiscount, coupon: totals.couponDiscount, couponIncludesPersonalised: coupon?.includesPersonalised ?? true },
    shipping: totals.shipping,
  });
  return { totals, lines, result };
}

describe('tax properties', () => {
  it('line taxes add up to the order tax, worked out once per class and tax', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const { result } = price(order);
        expect(result.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(result.tax);
        const groups = new Map<string, { rate: number; base: number; amount: number }>();
        for (const l of result.lines) {
          const key = result.display === 'exclusive' ? `${l.jurisdiction} ${l.tax} ${l.taxClass}` : l.taxClass;
          const group = groups.get(key) ?? { rate: 0, base: 0, amount: 0 };
          if (result.display === 'exclusive') {
            group.rate = l.rate;
            group.base += l.base;
          }
          group.amount += l.amount;
          groups.set(key, group);
        }
        if (result.display === 'exclusive') {
          for (const group of groups.values()) expect(group.amount).toBe(divRound(group.base * group.rate, RATE_SCALE));
        } else {
          // Inclusive markets levy one tax, so each member has one line: per class, the gross
          // (net + tax) less round(gross / (1 + rate)).
          for (const taxClass of new Set(result.lines.map((l) => l.taxClass))) {
            const members = result.lines.filter((l) => l.taxClass === taxClass);
            const gross = members.reduce((s, l) => s + l.base + l.amount, 0);
            expect(members.reduce((s, l) => s + l.amount, 0)).toBe(gross - divRound(gross * RATE_SCALE, RATE_SCALE + members[0]!.rate));
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('nothing is negative, discounts and shipping are spread exactly, and the totals are checkout\'s', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const { totals, lines, result } = price(order);
        for (const l of result.lines) {
          expect(l.base).toBeGreaterThanOrEqual(0);
          expect(l.amount).toBeGreaterThanOrEqual(0);
          expect(l.amount).toBeLessThanOrEqual(l.base + l.amount);
        }
        result.lineDiscounts.forEach((d, i) => {
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(lines[i]!.amount);
        });
        expect(result.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(totals.tierDiscount + totals.couponDiscount);
        for (const s of result.lineShipping) expect(s).toBeGreaterThanOrEqual(0);
        expect(result.tax).toBeGreaterThanOrEqual(0);
        expect(result.net).toBeGreaterThanOrEqual(0);
        expect(result.total).toBe(result.display === 'exclusive' ? totals.total + result.tax : totals.total);
        if (result.reason === 'above-import-limit' || result.reason === 'not-registered' || result.reason === 'no-tax' || result.reason === 'region-needed') expect(result.tax).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('credit notes never reverse more than the invoice charged, cumulatively, and a full refund reverses all of it', () => {
    const cutsArb = fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(orderArb, cutsArb, fc.boolean(), (order, cuts, refundAll) => {
        const { result } = price(order);
        const invoice = { lines: result.lines, total: result.total };
        // The refund cut into pieces in proportion to `cuts`; all of it or a part.
        const refunded = refundAll ? result.total : Math.floor(result.total / 2);
        const pieces = allocate(refunded, cuts);
        const notes: CreditNoteTax[] = [];
        for (const refund of pieces) notes.push(creditNoteTax({ invoice, previous: notes, refund }));
        result.lines.forEach((line, i) => {
          const amount = notes.reduce((s, n) => s + n.lines[i]!.amount, 0);
          const base = notes.reduce((s, n) => s + n.lines[i]!.base, 0);
          for (const n of notes) {
            expect(n.lines[i]!.amount).toBeGreaterThanOrEqual(0);
            expect(n.lines[i]!.base).toBeGreaterThanOrEqual(0);
          }
          expect(amount).toBeLessThanOrEqual(line.amount);
          expect(base).toBeLessThanOrEqual(line.base);
          if (refundAll) {
            expect(amount).toBe(line.amount);
            expect(base).toBe(line.base);
          }
        });
        const reversed = notes.reduce((s, n) => s + n.tax, 0);
        expect(reversed).toBe(result.total === 0 ? 0 : divRound(result.tax * refunded, result.total));
        for (const n of notes) expect(n.tax).toBe(n.lines.reduce((s, l) => s + l.amount, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('credit notes naming lines reverse those lines\' own tax, never beyond the invoice, mixed with refunds by amount, and the rest reverses exactly everything', () => {
    // Each step: some units of some lines (as the refund desk prices them), with or without more
    // money, or an amount alone; at the end, optionally, everything left (a cancellation).
    const stepArb = fc.record({ picks: fc.array(fc.nat({ max: 6 }), { maxLength: 8 }), extra: fc.nat({ max: 3000 }), plain: fc.boolean() });
    fc.assert(
      fc.property(orderArb, fc.array(stepArb, { minLength: 1, maxLength: 5 }), fc.boolean(), (order, steps, closeAll) => {
        const { totals, result } = price(order);
        const invoice = { lines: result.lines, total: result.total };
        const items = order.lines.reduce((s, l) => s + l.unit * l.quantity, 0);
        const orderLines = order.lines.map((l) => ({ unitPrice: l.unit, quantity: l.quantity }));
        const terms = { itemsTotal: items, tierDiscount: totals.tierDiscount, couponDiscount: totals.couponDiscount };
        const worth = (chosen: { index: number; quantity: number; left: number; of: number }[]) =>
          refundLinesValue(terms, orderLines, chosen.map((c) => ({ index: c.index, quantity: c.quantity, before: c.of - c.left })));
        // Where tax is added, the refund desk pays back the lines' price and their tax (refundLineTax).
        const taxAdded = result.display === 'exclusive';
        const deskTax = (chosen: { index: number; quantity: number; left: number; of: number }[]) =>
          taxAdded ? chosen.reduce((s, c) => s + refundLineTax(lineGoodsTax(result.lines, c.index), { quantity: c.quantity, before: c.of - c.left, of: c.of }), 0) : 0;
        // Every note naming lines so far reversed just the tax its refund paid back.
        let exactSoFar = true;
        const unitsLeft = order.lines.map((l) => l.quantity);
        const notes: CreditNoteTax[] = [];
        const moneyLeft = () => result.total - notes.reduce((s, n) => s + n.refund, 0);
        const taxLeft = () => result.tax - notes.reduce((s, n) => s + n.tax, 0);
        // Nothing reversed on the lines not named, unless the money left would no longer cover the
        // tax left (roundings): then the note takes just enough more that it does.
        const onlyByLine = (note: CreditNoteTax, named: Set<number>) => {
          const others = note.lines.filter((line) => line.target.kind === 'shipping' || !named.has(line.target.index));
          if (others.some((line) => line.amount > 0)) expect(taxLeft() - note.tax).toBe(moneyLeft() - note.refund);
        };
        // A refund by amount came before: a plain step, or the excess of one naming lines.
        let plainBefore = false;
        for (const step of steps) {
          if (moneyLeft() === 0) break;
          if (step.plain) {
            notes.push(creditNoteTax({ invoice, previous: notes, refund: Math.min(moneyLeft(), step.extra + 1) }));
            plainBefore = true;
            continue;
          }
          const chosen = step.picks
            .map((want, index) => ({ index, quantity: Math.min(want, unitsLeft[index] ?? 0), left: unitsLeft[index] ?? 0, of: order.lines[index]?.quantity ?? 0 }))
            .filter((c) => c.quantity > 0);
          if (chosen.length === 0) continue;
          const value = worth(chosen);
          const paidTax = deskTax(chosen);
          const refund = Math.min(moneyLeft(), value + paidTax + step.extra);
          // The refund desk refuses a refund of nothing.
          if (refund === 0) continue;
          const before = result.lines.map((_, i) => notes.reduce((s, n) => s + n.lines[i]!.amount, 0));
          const note = creditNoteTax({ invoice, previous: notes, refund, named: { lines: chosen, value, taxAdded } });
          for (const c of chosen) unitsLeft[c.index]! -= c.quantity;
          // Money beyond what the lines are worth is a refund by amount (docs/taxes.md): it shares
          // the tax every line has left, the named lines' unrefunded units included, so later notes
          // are exempt as after a plain step (e.g. 1 of 2 units + 794: the excess takes the line's
          // other cent of tax, and the last unit's note then has none left to reverse).
          const partlyByAmount = refund > value + paidTax;
          if (refund === value + paidTax && refund < moneyLeft()) {
            onlyByLine(note, new Set(chosen.map((c) => c.index)));
            // Where tax was added the note reverses what the refund paid back of it, unless a refund
            // by amount or a note's rounding top-up took from the lines first, or this one tops up.
            const toppedUp = taxLeft() - note.tax === moneyLeft() - note.refund;
            if (taxAdded && !plainBefore && exactSoFar && !toppedUp) expect(note.tax).toBe(paidTax);
            if (taxAdded && note.tax !== paidTax) exactSoFar = false;
            // A line whose last unit goes back has its whole tax reversed, unless a refund by amount
            // took part of it first.
            result.lines.forEach((line, i) => {
              if (!plainBefore && (!taxAdded || exactSoFar) && line.target.kind === 'line' && unitsLeft[line.target.index] === 0 && chosen.some((c) => c.index === (line.target as { index: number }).index)) {
                expect(before[i]! + note.lines[i]!.amount).toBe(line.amount);
              }
            });
          }
          notes.push(note);
          if (partlyByAmount) plainBefore = true;
        }
        if (closeAll && moneyLeft() > 0) {
          const chosen = unitsLeft.flatMap((left, index) => (left > 0 ? [{ index, quantity: left, left, of: order.lines[index]!.quantity }] : []));
          notes.push(creditNoteTax({ invoice, previous: notes, refund: moneyLeft(), named: chosen.length ? { lines: chosen, value: worth(chosen), taxAdded } : undefined }));
        }
        result.lines.forEach((line, i) => {
          const amount = notes.reduce((s, n) => s + n.lines[i]!.amount, 0);
          const base = notes.reduce((s, n) => s + n.lines[i]!.base, 0);
          for (const n of notes) {
            expect(n.lines[i]!.amount).toBeGreaterThanOrEqual(0);
            expect(n.lines[i]!.base).toBeGreaterThanOrEqual(0);
          }
          expect(amount).toBeLessThanOrEqual(line.amount);
          expect(base).toBeLessThanOrEqual(line.base);
          if (moneyLeft() === 0 && result.total > 0) {
            expect(amount).toBe(line.amount);
            expect(base).toBe(line.base);
          }
        });
        for (const n of notes) {
          expect(n.tax).toBe(n.lines.reduce((s, l) => s + l.amount, 0));
          expect(n.tax).toBeLessThanOrEqual(n.refund);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('refunds by lines pay back each line\'s tax added exactly once it is all back, and what the buyer paid for its goods to the unit: never more', () => {
    // Each line refunded unit by unit in random groups, in a random order of lines, as the refund
    // desk prices them; where the prices include the tax there is no tax added, only the goods.
    fc.assert(
      fc.property(orderArb, fc.array(fc.nat({ max: 5 }), { minLength: 1, maxLength: 40 }), (order, picks) => {
        const { totals, result } = price(order);
        const items = order.lines.reduce((s, l) => s + l.unit * l.quantity, 0);
        const added = result.display === 'exclusive' ? result.tax : 0;
        const terms = { itemsTotal: items, tierDiscount: totals.tierDiscount, couponDiscount: totals.couponDiscount, taxDisplay: result.display, taxAdded: added };
        const orderLines = order.lines.map((l) => ({ unitPrice: l.unit, quantity: l.quantity }));
        const goods = items - totals.tierDiscount - totals.couponDiscount;
        const owed = linesPaid(terms, orderLines);
        expect(owed.reduce((a, b) => a + b, 0)).toBe(items === 0 ? 0 : goods);
        const done = order.lines.map(() => 0);
        const taxBack = order.lines.map(() => 0);
        const valueBack = order.lines.map(() => 0);
        let paid = 0;
        const refundSome = (index: number, quantity: number) => {
          const tax = added > 0 ? lineGoodsTax(result.lines, index) : 0;
          const one = { index, quantity, before: done[index]!, tax };
          const amount = refundLinesAmount(terms, orderLines, [one]);
          const value = refundLinesValue(terms, orderLines, [one]);
          expect(value).toBeGreaterThanOrEqual(0);
          taxBack[index]! += amount - value;
          valueBack[index]! += value;
          paid += amount;
          done[index]! += quantity;
          // At every step, never more than the line cost: its goods and its tax.
          expect(valueBack[index]).toBeLessThanOrEqual(owed[index]!);
          expect(taxBack[index]).toBeLessThanOrEqual(tax);
        };
        for (const pick of picks) {
          const index = pick % order.lines.length;
          const left = order.lines[index]!.quantity - done[index]!;
          if (left > 0) refundSome(index, 1 + (pick % left));
        }
        order.lines.forEach((line, index) => {
          if (line.quantity > done[index]!) refundSome(index, line.quantity - done[index]!);
        });
        // Every unit back: each line exactly what it cost, the goods' tax added in all (the shipping's stays, as the shipping does).
        order.lines.forEach((_, index) => expect(valueBack[index]).toBe(owed[index]));
        if (added > 0) order.lines.forEach((_, index) => expect(taxBack[index]).toBe(lineGoodsTax(result.lines, index)));
        const goodsTax = added > 0 ? result.lines.reduce((s, l) => s + (l.target.kind === 'line' ? l.amount : 0), 0) : 0;
        expect(taxBack.reduce((a, b) => a + b, 0)).toBe(goodsTax);
        expect(paid - goodsTax).toBe(items === 0 ? 0 : goods);
        expect(paid).toBeLessThanOrEqual(result.total);
      }),
      { numRuns: 400 },
    );
  });

  it('one cent: three units of 1.00 with a 0.01 coupon, refunded one by one, give back exactly the 2.99 they cost', () => {
    // The old rule rounded each refund's share of the coupon on its own: 0.9967 -> 1.00 three times,
    // 0.01 more than was paid. Cumulative: 1.00, 0.99, 1.00.
    const terms = { itemsTotal: 300, tierDiscount: 0, couponDiscount: 1 };
    const lines = [{ unitPrice: 100, quantity: 3 }];
    const each = [0, 1, 2].map((before) => refundLinesValue(terms, lines, [{ index: 0, quantity: 1, before }]));
    expect(each).toEqual([100, 99, 100]);
    expect(each.reduce((a, b) => a + b, 0)).toBe(299);
    // Two lines of one order: the discount spread over them adds up to it exactly (largest remainder).
    expect(linesPaid({ itemsTotal: 202, tierDiscount: 0, couponDiscount: 1 }, [{ unitPrice: 101, quantity: 1 }, { unitPrice: 101, quantity: 1 }])).toEqual([101, 100]);
  });

  it('prices: the same gross everywhere by default; adjusted, the merchant keeps the same net (to the cent) in every EU market', () => {
    const adjust: TaxSettings = { ...everywhere, priceMode: 'destination-rate' };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.constantFrom(...destinations), fc.constantFrom(...TAX_CLASSES), (price, destination, taxClass) => {
        expect(marketUnitPriceEur(price, taxClass, destination, everywhere)).toBe(price);
        if (!EU_MEMBER_STATES.includes(destination.country) || taxClass !== 'standard') return;
        const shown = marketUnitPriceEur(price, taxClass, destination, adjust);
        const result = calculateTax({ destination, settings: adjust, currency: 'EUR', lines: [{ taxClass, amount: shown }], shipping: 0 });
        expect(Math.abs(result.net - price * (RATE_SCALE / (RATE_SCALE + 19_000)))).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('allocation adds up and never gives a share more than its weight', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, share) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        fc.pre(sum > 0);
        const total = Math.floor(sum * share);
        const shares = allocate(total, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(weights[i]!);
        });
      }),
    );
  });
});
