/** The configurator's rules: offered types, problems, display price and the cart line it sends. */
import { buyNowHref } from '../../../../src/islands/checkout/links.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Addon, Patch } from '../../../../src/domain/catalogue.schema.ts';
import { normaliseLine } from '../../../../src/domain/cart.model.ts';
import { newCartLineSchema } from '../../../../src/domain/cart.schema.ts';
import { CUSTOM_TYPES, offeredTypes, upperAscii } from '../../../../src/domain/personalisation.ts';
import {
  findProblems,
  hasProblems,
  initialConfiguration,
  maxQuantity,
  printedText,
  toCartLine,
  unitPriceOf,
  withLiveFacts,
  type ConfigurableProduct,
  type Configuration,
} from '../../../../src/islands/product/configuration.ts';

const product: ConfigurableProduct = {
  id: 6,
  price: 5599,
  customisationFee: 750,
  sizes: [
    { size: 'XS', stock: 0 },
    { size: 'M', stock: 37 },
    { size: '2XL', stock: 2 },
  ],
  squad: [
    { id: 41, name: 'OAKFORD', number: '1' },
    { id: 42, name: 'LANGWORTH', number: '23' },
  ],
  printable: true,
};
const patches: Patch[] = [
  { id: 3, patchName: 'Champions', patchPrice: 500, image: '' },
  { id: 1, patchName: 'Fair play', patchPrice: 300, image: '' },
];
const addons: Addon[] = [{ id: 9, kind: 'socks', name: 'Socks', price: 1299, image: '' }];

const config = (change: Partial<Configuration>): Configuration => ({ ...initialConfiguration(), size: 'M', ...change });

describe('offered custom types', () => {
  it('offers all four types, in the specification order, for a printable shirt with a squad', () => {
    expect(offeredTypes(product)).toEqual([1, 2, 3, 4]);
  });
  it('leaves out printing for a shirt that cannot be printed, and players without a squad', () => {
    expect(offeredTypes({ printable: false, squad: product.squad })).toEqual([1, 4]);
    expect(offeredTypes({ printable: true, squad: [] })).toEqual([1, 3, 4]);
  });
});

describe('upper-casing as typed', () => {
  it('upper-cases a-z and leaves everything else for the check to refuse', () => {
    expect(upperAscii('smith')).toBe('SMITH');
    expect(upperAscii('josé1')).toBe('JOSé1');
    // "ß" would upper-case to "SS" and pass; it must stay and be refused.
    expect(upperAscii('straße')).toBe('STRAßE');
    expect(upperAscii('ﬀ')).toBe('ﬀ');
  });
  it('never changes the length, so the caret can stay where it was', () => {
    fc.assert(fc.property(fc.string(), (text) => upperAscii(text).length === text.length));
  });
});

describe('problems', () => {
  it('needs a size, and refuses a sold-out one', () => {
    expect(findProblems(config({ size: null }), product)).toEqual({ size: 'sizeRequired' });
    expect(findProblems(config({ size: 'XS' }), product)).toEqual({ size: 'sizeSoldOut' });
    expect(findProblems(config({}), product)).toEqual({});
  });

  it('refuses names that are not 1-15 letters A-Z, with a separate message for an empty one', () => {
    const yours = (name: string) => findProblems(config({ customType: CUSTOM_TYPES.ADD_YOURS, name, number: '7' }), product).name;
    expect(yours('')).toBe('nameRequired');
    expect(yours('JOSÉ1')).toBe('nameInvalid');
    expect(yours('ABCDEFGHIJKLMNOP')).toBe('nameInvalid');
    expect(yours('O NEIL')).toBe('nameInvalid');
    expect(yours('ABCDEFGHIJKLMNO')).toBeUndefined();
    expect(yours('smith')).toBeUndefined();
  });

  it('refuses numbers that are not digits 0-99', () => {
    const yours = (number: string) => findProblems(config({ customType: CUSTOM_TYPES.ADD_YOURS, name: 'SMITH', number }), product).number;
    expect(yours('')).toBe('numberRequired');
    for (const bad of ['100', '7.5', '-1', '07', '1e1', ' 7']) expect(yours(bad)).toBe('numberInvalid');
    for (const good of ['0', '7', '99']) expect(yours(good)).toBeUndefined();
  });

  it('asks for a player from this squad for Choose A Player', () => {
    expect(findProblems(config({ customType: CUSTOM_TYPES.CHOOSE_PLAYER }), product)).toEqual({ player: 'playerRequired' });
    expect(findProblems(config({ customType: CUSTOM_TYPES.CHOOSE_PLAYER, playerId: 999 }), product)).toEqual({ player: 'playerRequired' });
    expect(findProblems(config({ customType: CUSTOM_TYPES.CHOOSE_PLAYER, playerId: 42 }), product)).toEqual({});
  });

  it('ignores name and number fields for the types that print nothing', () => {
    for (const customType of [CUSTOM_TYPES.BLANK, CUSTOM_TYPES.STANDARD]) {
      expect(hasProblems(findProblems(config({ customType, name: 'JOSÉ1', number: '100' }), product))).toBe(false);
    }
  });

  it('keeps the quantity within 1-99 and the size stock', () => {
    expect(findProblems(config({ quantity: 0 }), product)).toEqual({ quantity: 'quantityInvalid' });
    expect(findProblems(config({ quantity: Number.NaN }), product)).toEqual({ quantity: 'quantityInvalid' });
    expect(findProblems(config({ quantity: 100 }), product)).toEqual({ quantity: 'quantityInvalid' });
    expect(findProblems(config({ size: '2XL', quantity: 3 }), product)).toEqual({ quantity: 'notEnoughStock' });
    expect(maxQuantity(product, '2XL')).toBe(2);
    expect(maxQuantity(product, 'M')).toBe(37);
    expect(maxQuantity(product, null)).toBe(99);
  });
});

describe('display price', () => {
  it('is the shirt alone for Blank and Standard, whatever premium option is left selected', () => {
    expect(unitPriceOf(config({ premiumNameOption: 'Gold' }), product, patches, addons)).toBe(5599);
    expect(unitPriceOf(config({ customType: CUSTOM_TYPES.STANDARD, premiumNumberOption: 'Silver' }), product, patches, addons)).toBe(5599);
  });
  it('adds the customisation fee, 5 EUR per premium option, patches and add-ons', () => {
    const chosen = config({ customType: CUSTOM_TYPES.ADD_YOURS, name: 'SMITH', number: '7', premiumNameOption: 'Gold', premiumNumberOption: 'Silver', patchIds: [3], addonIds: [9] });
    expect(unitPriceOf(chosen, product, patches, addons)).toBe(5599 + 750 + 500 + 500 + 500 + 1299);
    expect(unitPriceOf({ ...chosen, premiumNumberOption: 'Standard' }, product, patches, addons)).toBe(5599 + 750 + 500 + 500 + 1299);
  });
  it('counts only patches and add-ons it knows the price of', () => {
    expect(unitPriceOf(config({ patchIds: [77] }), product, patches, addons)).toBe(5599);
  });
});

describe('cart line', () => {
  const offered = { patches, addons };

  it('is what the server accepts, for every custom type', () => {
    const choices = [
      config({ customType: CUSTOM_TYPES.BLANK, patchIds: [3, 1], addonIds: [9], quantity: 2 }),
      config({ customType: CUSTOM_TYPES.CHOOSE_PLAYER, playerId: 42, premiumNameOption: 'Gold' }),
      config({ customType: CUSTOM_TYPES.ADD_YOURS, name: 'smith', number: '7', premiumNumberOption: 'Silver' }),
      config({ customType: CUSTOM_TYPES.STANDARD }),
    ];
    for (const choice of choices) {
      expect(hasProblems(findProblems(choice, product))).toBe(false);
      const parsed = newCartLineSchema.safeParse(toCartLine(choice, product, offered));
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it('sends the upper-cased name, sorted patch ids, and nothing the type does not print', () => {
    const line = toCartLine(
      config({ customType: CUSTOM_TYPES.ADD_YOURS, name: 'smith', number: '7', playerId: 41, patchIds: [3, 1], addonIds: [9, 55] }),
      product,
      offered,
    );
    expect(line).toEqual({
      productId: 6,
      size: 'M',
      patch: '1,3',
      addons: '9',
      customType: 3,
      customName: 'SMITH',
      customNumber: '7',
      premiumNameOption: 'Standard',
      premiumNumberOption: 'Standard',
      quantity: 1,
    });
  });

  it('drops a name typed before switching to Blank, and premium options with it', () => {
    const line = toCartLine(config({ customType: CUSTOM_TYPES.BLANK, name: 'SMITH', number: '7', premiumNameOption: 'Gold' }), product, offered);
    expect(line.customName).toBeUndefined();
    expect(line.customNumber).toBeUndefined();
    expect(line.squadList).toBeUndefined();
    expect(line.premiumNameOption).toBe('Standard');
  });

  it('names the player for Choose A Player and lets the server take name and number from the squad', () => {
    const line = toCartLine(config({ customType: CUSTOM_TYPES.CHOOSE_PLAYER, playerId: 42, name: 'IGNORED' }), product, offered);
    expect(line.squadList).toBe(42);
    expect(line.customName).toBeUndefined();
    const normalised = normaliseLine(newCartLineSchema.parse(line));
    expect(normalised.playerId).toBe(42);
    expect(normalised.customName).toBeNull();
  });

  it('refuses to build a line without a size', () => {
    expect(() => toCartLine(config({ size: null }), product, offered)).toThrow();
  });
});

describe('preview text', () => {
  it('prints the player for Choose A Player, what was typed for Add Yours, nothing otherwise', () => {
    expect(printedText(config({ customType: CUSTOM_TYPES.CHOOSE_PLAYER, playerId: 42 }), product)).toEqual({ name: 'LANGWORTH', number: '23' });
    expect(printedText(config({ customType: CUSTOM_TYPES.CHOOSE_PLAYER }), product)).toEqual({ name: '', number: '' });
    expect(printedText(config({ customType: CUSTOM_TYPES.ADD_YOURS, name: 'smith', number: '9' }), product)).toEqual({ name: 'SMITH', number: '9' });
    expect(printedText(config({ customType: CUSTOM_TYPES.BLANK, name: 'SMITH' }), product)).toBeNull();
    expect(printedText(config({ customType: CUSTOM_TYPES.STANDARD }), product)).toBeNull();
  });
});

describe('live facts', () => {
  it('replaces the build price, fee, stock and squad with the live ones', () => {
    const live = { ...product, price: 4999, customisationFee: 0, sizes: [{ size: 'M' as const, stock: 0 }], squad: [] };
    const merged = withLiveFacts({ ...product, images: ['a', 'b'] }, live);
    expect(merged).toMatchObject({ price: 4999, customisationFee: 0, sizes: [{ size: 'M', stock: 0 }], squad: [], images: ['a', 'b'] });
    expect(withLiveFacts(product, null)).toBe(product);
  });
});

describe('buy it now', () => {
  it('goes to the buy-now checkout of the locale', () => {
    expect(buyNowHref('en-US')).toBe('/en-US/checkouts/now/');
    expect(buyNowHref('zh-CN')).toBe('/zh-CN/checkouts/now/');
  });
});
