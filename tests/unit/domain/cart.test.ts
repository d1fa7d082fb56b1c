import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OPEN_GROUP_ROWS_MAX, cartPageCount, cartPagesAgree, cartSegments, groupStartsOpen, lineKey, mergeCartPages, normaliseLine, type CartLineRecord, type CartPage, type LineConfig } from '../../../src/domain/cart.model.ts';
import { cartLineUpdateSchema, cartListRequestSchema, deleteCartRequestSchema, newCartLineSchema, quantitySchema, saveCartRequestSchema, type NewCartLine } from '../../../src/domain/cart.schema.ts';
import { SIZES } from '../../../src/domain/catalogue.schema.ts';
import { PREMIUM_OPTIONS } from '../../../src/domain/personalisation.ts';

const blank = { productId: 10, size: 'M', customType: 1, quantity: 1 };
const player = { productId: 10, size: 'M', customType: 2, squadList: 5, quantity: 1 };
const own = { productId: 10, size: 'M', customType: 3, customName: 'messi', customNumber: '10', quantity: 1 };
const standard = { productId: 10, size: 'M', customType: 4, quantity: 1 };

function parse(input: unknown): NewCartLine {
  return newCartLineSchema.parse(input);
}
function keyOf(input: unknown): string {
  return lineKey(normaliseLine(parse(input)));
}
function refused(input: unknown): boolean {
  return !newCartLineSchema.safeParse(input).success;
}

describe('newCartLineSchema: valid lines', () => {
  it('accepts a Blank line and fills the defaults', () => {
    expect(parse(blank)).toEqual({
      productId: 10,
      size: 'M',
      patch: [],
      addons: [],
      customType: 1,
      premiumNameOption: 'Standard',
      premiumNumberOption: 'Standard',
      quantity: 1,
    });
  });

  it('accepts a Choose A Player line', () => {
    expect(parse(player)).toMatchObject({ customType: 2, squadList: 5 });
  });

  it('accepts an Add Yours line and upper-cases the name', () => {
    expect(parse(own)).toMatchObject({ customType: 3, customName: 'MESSI', customNumber: '10' });
    expect(parse({ ...own, customNumber: 7 })).toMatchObject({ customNumber: '7' });
    expect(parse({ ...own, customNumber: '0' })).toMatchObject({ customNumber: '0' });
  });

  it('accepts a Standard line', () => {
    expect(parse(standard)).toMatchObject({ customType: 4 });
  });

  it('accepts every size and premium option', () => {
    for (const size of SIZES) expect(parse({ ...blank, size }).size).toBe(size);
    for (const option of PREMIUM_OPTIONS) {
      expect(parse({ ...own, premiumNameOption: option, premiumNumberOption: option })).toMatchObject({
        premiumNameOption: option,
        premiumNumberOption: option,
      });
    }
  });

  it('refuses an unknown size, premium option or custom type', () => {
    expect(refused({ ...blank, size: 'XXL' })).toBe(true);
    expect(refused({ ...blank, size: 'm' })).toBe(true);
    expect(refused({ ...own, premiumNameOption: 'Platinum' })).toBe(true);
    for (const customType of [0, 5, 1.5, '1', null]) expect(refused({ ...blank, customType })).toBe(true);
  });

  it('refuses a bad product id', () => {
    for (const productId of [0, -1, 1.5, '10', null, 2 ** 31]) expect(refused({ ...blank, productId })).toBe(true);
    const { productId: _omit, ...noProduct } = blank;
    expect(refused(noProduct)).toBe(true);
  });
});

describe('newCartLineSchema: quantity', () => {
  it.each([1, 2, 50, 99])('accepts %j', (quantity) => {
    expect(parse({ ...blank, quantity }).quantity).toBe(quantity);
  });

  it.each([0, -1, 1.5, '1e3', 2 ** 53 + 1, null, '01', '1', 100, 1000, Number.NaN, Number.POSITIVE_INFINITY, undefined, [1], true])(
    'refuses %j',
    (quantity) => {
      expect(refused({ ...blank, quantity })).toBe(true);
      expect(quantitySchema.safeParse(quantity).success).toBe(false);
    },
  );

  it('property: accepted exactly for integers 1..99', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ min: -200, max: 200 })), (quantity) => {
        const ok = Number.isInteger(quantity) && quantity >= 1 && quantity <= 99;
        expect(newCartLineSchema.safeParse({ ...blank, quantity }).success).toBe(ok);
      }),
    );
  });
});

describe('newCartLineSchema: fields a client may not set', () => {
  it.each(['userId', 'total', 'status', 'roles', 'currency', 'id', 'lineTotal', 'personalised'])('refuses unknown field %s', (field) => {
    expect(refused({ ...blank, [field]: 1 })).toBe(true);
  });

  it('accepts the echoed price, name and image but does not keep them', () => {
    const result = newCartLineSchema.safeParse({ ...blank, price: 1, name: 'Cheap shirt', image: 'x.png' });
    expect(result.success).toBe(true);
    const data = result.data as Record<string, unknown>;
    expect(data['price']).toBeUndefined();
    expect(data['name']).toBeUndefined();
    expect(data['image']).toBeUndefined();
    expect(keyOf({ ...blank, price: 1, name: 'x', image: 'y' })).toBe(keyOf(blank));
  });
});

describe('newCartLineSchema: patch and add-on lists', () => {
  it('normalises "7,3,7" to [3, 7]', () => {
    expect(parse({ ...blank, patch: '7,3,7' }).patch).toEqual([3, 7]);
    expect(parse({ ...blank, addons: '12, 4' }).addons).toEqual([4, 12]);
    expect(parse({ ...blank, patch: '' }).patch).toEqual([]);
  });

  it.each(['1,,2', 'abc', '-1', '1;DROP TABLE', '0', '1.5', '01', '1,', ',1', '2147483648', '1 2', 'x'.repeat(201)])(
    'refuses patch %j',
    (patch) => {
      expect(refused({ ...blank, patch })).toBe(true);
      expect(refused({ ...blank, addons: patch })).toBe(true);
    },
  );

  it('refuses non-text lists', () => {
    expect(refused({ ...blank, patch: [1, 2] })).toBe(true);
    expect(refused({ ...blank, patch: 7 })).toBe(true);
  });

  it('property: any set of ids, in any order with repeats, comes back sorted and unique', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2_147_483_647 }), { minLength: 1, maxLength: 15 }), (ids) => {
        const parsed = parse({ ...blank, patch: ids.join(',') }).patch;
        const expected = Array.from(new Set(ids)).sort((a, b) => a - b);
        expect(parsed).toEqual(expected);
      }),
    );
  });
});

describe('newCartLineSchema: what each type needs', () => {
  it('Add Yours needs a name and a number', () => {
    const { customName: _n, ...noName } = own;
    const { customNumber: _m, ...noNumber } = own;
    expect(refused(noName)).toBe(true);
    expect(refused(noNumber)).toBe(true);
    expect(refused({ ...own, customName: null })).toBe(true);
    expect(refused({ ...own, customNumber: null })).toBe(true);
    expect(refused({ ...own, customName: '' })).toBe(true);
  });

  it('Add Yours refuses invalid names and numbers', () => {
    for (const customName of ['JOSÉ', 'A\u200bB', '<b>', 'ABCDEFGHIJKLMNOP', '\u0410\u0412\u0421']) expect(refused({ ...own, customName })).toBe(true);
    for (const customNumber of ['-1', '100', '7.5', '1e1', '01', 7.5]) expect(refused({ ...own, customNumber })).toBe(true);
  });

  it('Choose A Player needs a player', () => {
    const { squadList: _s, ...noPlayer } = player;
    expect(refused(noPlayer)).toBe(true);
    expect(refused({ ...player, squadList: null })).toBe(true);
    expect(refused({ ...player, squadList: 0 })).toBe(true);
  });

  it('Blank and Standard need neither', () => {
    expect(refused(blank)).toBe(false);
    expect(refused(standard)).toBe(false);
  });
});

describe('normaliseLine and lineKey', () => {
  it('equal configurations have equal keys, whatever order or spelling they came in', () => {
    expect(keyOf({ ...own, patch: '7,3' })).toBe(keyOf({ ...own, customName: 'MESSI', patch: '3,7,7' }));
    expect(keyOf({ ...own, customNumber: 10 })).toBe(keyOf(own));
    expect(keyOf({ ...blank, quantity: 5 })).toBe(keyOf(blank));
  });

  it.each<[string, Record<string, unknown>]>([
    ['product', { productId: 11 }],
    ['size', { size: 'L' }],
    ['patches', { patch: '3' }],
    ['add-ons', { addons: '4' }],
    ['name', { customName: 'KANE' }],
    ['number', { customNumber: '9' }],
    ['premium name Gold vs Standard', { premiumNameOption: 'Standard' }],
    ['premium number', { premiumNumberOption: 'Silver' }],
    ['premium name Gold vs Silver', { premiumNameOption: 'Silver' }],
    ['type', { customType: 2, squadList: 5 }],
  ])('an Add Yours line with a different %s is a different line', (_label, change) => {
    const base = { ...own, premiumNameOption: 'Gold' };
    expect(keyOf({ ...base, ...change })).not.toBe(keyOf(base));
  });

  it('a different player is a different line', () => {
    expect(keyOf({ ...player, squadList: 6 })).not.toBe(keyOf(player));
  });

  it('Blank, Choose A Player, Add Yours and Standard are four different lines', () => {
    const keys = [blank, player, own, standard].map(keyOf);
    expect(new Set(keys).size).toBe(4);
  });

  it('Blank and Standard lines drop a stray name, number, player and premium options', () => {
    for (const base of [blank, standard]) {
      const stray = { ...base, customName: 'messi', customNumber: '10', squadList: 5, premiumNameOption: 'Gold', premiumNumberOption: 'Silver' };
      expect(keyOf(stray)).toBe(keyOf(base));
      const config = normaliseLine(parse(stray));
      expect(config).toMatchObject({
        playerId: null,
        customName: null,
        customNumber: null,
        premiumNameOption: 'Standard',
        premiumNumberOption: 'Standard',
      });
    }
  });

  it('Choose A Player keeps the player and drops a typed name and number', () => {
    const config = normaliseLine(parse({ ...player, customName: 'messi', customNumber: '10', premiumNameOption: 'Gold' }));
    expect(config).toEqual<LineConfig>({
      productId: 10,
      size: 'M',
      patchIds: [],
      addonIds: [],
      customType: 2,
      playerId: 5,
      customName: null,
      customNumber: null,
      premiumNameOption: 'Gold',
      premiumNumberOption: 'Standard',
    });
    expect(keyOf({ ...player, customName: 'messi', customNumber: '10' })).toBe(keyOf(player));
  });

  it('Add Yours keeps name and number and drops a stray player', () => {
    const config = normaliseLine(parse({ ...own, squadList: 5, patch: '2,1' }));
    expect(config).toMatchObject({ customType: 3, playerId: null, customName: 'MESSI', customNumber: '10', patchIds: [1, 2] });
    expect(keyOf({ ...own, squadList: 5 })).toBe(keyOf(own));
  });

  it('property: keys are equal exactly when the normalised configurations are equal', () => {
    const configArb = fc.record({
      productId: fc.integer({ min: 1, max: 3 }),
      size: fc.constantFrom('M', 'L'),
      patch: fc.constantFrom('', '1', '2', '1,2', '2,1'),
      addons: fc.constantFrom('', '4'),
      customType: fc.constantFrom(1, 2, 3, 4),
      squadList: fc.constantFrom(5, 6),
      customName: fc.constantFrom('MESSI', 'messi', 'KANE', 'A'),
      customNumber: fc.constantFrom('0', '1', '10', 10, '11'),
      premiumNameOption: fc.constantFrom(...PREMIUM_OPTIONS),
      premiumNumberOption: fc.constantFrom(...PREMIUM_OPTIONS),
      quantity: fc.integer({ min: 1, max: 99 }),
    });
    fc.assert(
      fc.property(configArb, configArb, (a, b) => {
        const ca = normaliseLine(parse(a));
        const cb = normaliseLine(parse(b));
        expect(lineKey(ca) === lineKey(cb)).toBe(JSON.stringify(ca) === JSON.stringify(cb));
      }),
      { numRuns: 500 },
    );
  });
});

describe('saveCartRequestSchema and friends', () => {
  it('accepts {id, quantity} updates and new lines together', () => {
    const result = saveCartRequestSchema.safeParse([{ id: 3, quantity: 2 }, own]);
    expect(result.success).toBe(true);
    expect(result.data?.[0]).toEqual({ id: 3, quantity: 2 });
    expect(result.data?.[1]).toMatchObject({ customName: 'MESSI' });
  });

  it('refuses an empty array, a non-array and more than 50 items', () => {
    expect(saveCartRequestSchema.safeParse([]).success).toBe(false);
    expect(saveCartRequestSchema.safeParse({ id: 3, quantity: 2 }).success).toBe(false);
    expect(saveCartRequestSchema.safeParse(Array.from({ length: 51 }, () => blank)).success).toBe(false);
    expect(saveCartRequestSchema.safeParse(Array.from({ length: 50 }, () => blank)).success).toBe(true);
  });

  it('refuses updates with bad quantities or extra fields', () => {
    for (const quantity of [0, -1, 1.5, '1e3', 2 ** 53 + 1, null, '01', 100]) {
      expect(saveCartRequestSchema.safeParse([{ id: 3, quantity }]).success).toBe(false);
      expect(cartLineUpdateSchema.safeParse({ id: 3, quantity }).success).toBe(false);
    }
    expect(saveCartRequestSchema.safeParse([{ id: 3, quantity: 1, userId: 9 }]).success).toBe(false);
    expect(saveCartRequestSchema.safeParse([{ id: 3, quantity: 1, total: 0 }]).success).toBe(false);
    expect(saveCartRequestSchema.safeParse([{ id: 0, quantity: 1 }]).success).toBe(false);
  });

  it('an update ignores an echoed price', () => {
    const result = cartLineUpdateSchema.safeParse({ id: 3, quantity: 1, price: 0 });
    expect(result.success).toBe(true);
    expect((result.data as Record<string, unknown>)['price']).toBeUndefined();
  });

  it('deleteCartRequestSchema takes 1-100 positive ids', () => {
    expect(deleteCartRequestSchema.safeParse([1, 2]).success).toBe(true);
    expect(deleteCartRequestSchema.safeParse([]).success).toBe(false);
    expect(deleteCartRequestSchema.safeParse([0]).success).toBe(false);
    expect(deleteCartRequestSchema.safeParse(['1']).success).toBe(false);
    expect(deleteCartRequestSchema.safeParse(Array.from({ length: 101 }, (_, i) => i + 1)).success).toBe(false);
  });

  it('cartListRequestSchema defaults to 100 a page in EUR and refuses other currencies', () => {
    expect(cartListRequestSchema.parse({})).toEqual({ current: 1, size: 100, currency: 'EUR' });
    expect(cartListRequestSchema.parse({ currency: 'GBP' }).currency).toBe('GBP');
    expect(cartListRequestSchema.safeParse({ currency: 'JPY' }).success).toBe(false);
    expect(cartListRequestSchema.safeParse({ size: 101 }).success).toBe(false);
    expect(cartListRequestSchema.safeParse({ userId: 1 }).success).toBe(false);
  });
});

describe('cartSegments', () => {
  const line = (id: number, group: { id: string; name: string; row: number } | null, quantity = 1) => ({ id, group, quantity, lineTotal: 1000 * quantity });

  it("gathers a roster's rows where its first row is, in roster order, with its shirts and total", () => {
    const a = { id: 'g-a', name: 'Eagles' };
    const segments = cartSegments([line(1, null), line(2, { ...a, row: 1 }, 2), line(3, null), line(4, { ...a, row: 0 })]);
    expect(segments).toEqual([
      { kind: 'line', line: line(1, null) },
      { kind: 'group', id: 'g-a', name: 'Eagles', lines: [line(4, { ...a, row: 0 }), line(2, { ...a, row: 1 }, 2)], itemCount: 3, total: 3000 },
      { kind: 'line', line: line(3, null) },
    ]);
  });

  it("gathers an order's lines, whose group has no row, keeping the order they came in", () => {
    const orderLine = (id: number, group: { id: string; name: string } | null, quantity = 1) => ({ id, group, quantity, lineTotal: 1000 * quantity });
    const eagles = { id: 'g-e', name: 'Eagles' };
    const hawks = { id: 'g-h', name: 'Hawks' };
    const segments = cartSegments([orderLine(5, eagles, 2), orderLine(3, eagles), orderLine(7, null), orderLine(9, hawks), orderLine(4, eagles)]);
    expect(segments).toEqual([
      { kind: 'group', id: 'g-e', name: 'Eagles', lines: [orderLine(5, eagles, 2), orderLine(3, eagles), orderLine(4, eagles)], itemCount: 4, total: 4000 },
      { kind: 'line', line: orderLine(7, null) },
      { kind: 'group', id: 'g-h', name: 'Hawks', lines: [orderLine(9, hawks)], itemCount: 1, total: 1000 },
    ]);
  });
});

describe('a cart read a page at a time', () => {
  const record = (id: number) => ({ id, group: null, quantity: 1, lineTotal: 1000 }) as unknown as CartLineRecord;
  const pageOf = (ids: number[], total: number, current = 1, summaryTotal = total * 1000): CartPage => ({
    records: ids.map(record),
    total,
    current,
    size: 100,
    currency: 'EUR',
    summary: { currency: 'EUR', itemCount: total, subtotal: summaryTotal, discountPercent: 0, discount: 0, total: summaryTotal },
  });

  it('cartPageCount: the pages of a cart, never more than its largest cart needs', () => {
    expect(cartPageCount({ total: 0, size: 100 }, 300)).toBe(1);
    expect(cartPageCount({ total: 100, size: 100 }, 300)).toBe(1);
    expect(cartPageCount({ total: 101, size: 100 }, 300)).toBe(2);
    expect(cartPageCount({ total: 300, size: 100 }, 300)).toBe(3);
    expect(cartPageCount({ total: 5000, size: 100 }, 300)).toBe(3);
  });

  it('cartPagesAgree: pages of one cart agree; a count or summary that moved between them does not', () => {
    expect(cartPagesAgree([pageOf([1], 150), pageOf([2], 150, 2)])).toBe(true);
    expect(cartPagesAgree([pageOf([1], 150), pageOf([2], 151, 2)])).toBe(false);
    expect(cartPagesAgree([pageOf([1], 150), pageOf([2], 150, 2, 99)])).toBe(false);
  });

  it('mergeCartPages: every line once, in page order, with the whole cart count', () => {
    const merged = mergeCartPages([pageOf([3, 2], 4), pageOf([2, 1], 4, 2)]);
    expect(merged.records.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(merged).toMatchObject({ total: 4, current: 1, size: 200 });
  });

  it('groupStartsOpen: a squad-sized roster starts open, a bigger one closed', () => {
    expect(groupStartsOpen(1)).toBe(true);
    expect(groupStartsOpen(OPEN_GROUP_ROWS_MAX)).toBe(true);
    expect(groupStartsOpen(OPEN_GROUP_ROWS_MAX + 1)).toBe(false);
    expect(groupStartsOpen(200)).toBe(false);
  });
});
