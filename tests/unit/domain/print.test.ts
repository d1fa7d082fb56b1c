/**
 * The print, the one value of a line's personalisation (src/domain/personalisation.ts): its
 * request fields and their rules, its identity, its price, its short text and the rows people read.
 */
import { describe, expect, it } from 'vitest';
import { newCartLineSchema } from '../../../src/domain/cart.schema.ts';
import {
  CUSTOM_TYPES,
  PREMIUM_OPTION_FEE_EUR,
  letteringOfRecord,
  normalisePrint,
  printKeyParts,
  printOfRequest,
  printPriceEur,
  printRecord,
  printRow,
  printRows,
  printShortText,
  printToRequest,
  withPlayer,
  type Print,
  type ShownPrint,
} from '../../../src/domain/personalisation.ts';

const print = (change: Partial<Print>): Print => ({
  customType: CUSTOM_TYPES.BLANK,
  playerId: null,
  customName: null,
  customNumber: null,
  premiumNameOption: 'Standard',
  premiumNumberOption: 'Standard',
  patchIds: [],
  addonIds: [],
  ...change,
});

const shown = (change: Partial<ShownPrint>): ShownPrint => ({
  customType: CUSTOM_TYPES.ADD_YOURS,
  customName: 'SMITH',
  customNumber: '7',
  premiumNameOption: 'Standard',
  premiumNumberOption: 'Standard',
  patches: [],
  addonItems: [],
  ...change,
});

describe('the print a request asks for', () => {
  it('is parsed from the specification fields and normalised: ids ascending, what the type does not print dropped', () => {
    const line = newCartLineSchema.parse({ productId: 1, size: 'M', patch: '7, 3,7', addons: '', customType: 1, customName: 'smith', customNumber: 7, premiumNameOption: 'Gold', squadList: 5, quantity: 1 });
    expect(printOfRequest(line)).toEqual(print({ patchIds: [3, 7] }));
  });

  it('keeps the upper-cased own name and number for Add Yours, and only the player for Choose A Player', () => {
    const own = newCartLineSchema.parse({ productId: 1, size: 'M', customType: 3, customName: 'smith', customNumber: '7', squadList: 5, premiumNumberOption: 'Silver', quantity: 1 });
    expect(printOfRequest(own)).toEqual(print({ customType: 3, customName: 'SMITH', customNumber: '7', premiumNumberOption: 'Silver' }));
    const player = newCartLineSchema.parse({ productId: 1, size: 'M', customType: 2, squadList: 5, customName: 'X', customNumber: '1', quantity: 1 });
    expect(printOfRequest(player)).toEqual(print({ customType: 2, playerId: 5 }));
  });

  it('refuses what the type needs and lacks, and ids that are not ids, on the field at fault', () => {
    const paths = (input: Record<string, unknown>) => newCartLineSchema.safeParse({ productId: 1, size: 'M', quantity: 1, ...input }).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ customType: 3 })).toEqual(['customName', 'customNumber']);
    expect(paths({ customType: 2 })).toEqual(['squadList']);
    expect(paths({ customType: 1, patch: '1,x' })).toEqual(['patch']);
    expect(paths({ customType: 5 })).toEqual(['customType']);
    expect(paths({ customType: 1, premiumNameOption: 'Bronze' })).toEqual(['premiumNameOption']);
  });

  it('goes back to the same request fields it came from (the configurator sends printToRequest)', () => {
    const own = print({ customType: 3, customName: 'SMITH', customNumber: '0', premiumNameOption: 'Gold', patchIds: [1, 3], addonIds: [9] });
    const request = printToRequest(own);
    expect(request).toEqual({ patch: '1,3', addons: '9', customType: 3, customName: 'SMITH', customNumber: '0', premiumNameOption: 'Gold', premiumNumberOption: 'Standard' });
    expect(printOfRequest(newCartLineSchema.parse({ productId: 1, size: 'M', quantity: 1, ...request }))).toEqual(own);
    expect(printToRequest(print({ customType: 2, playerId: 4, customName: 'TYPED' }))).toEqual({ patch: '', addons: '', customType: 2, squadList: 4, premiumNameOption: 'Standard', premiumNumberOption: 'Standard' });
  });
});

describe('the rules of a print', () => {
  it('normalising drops a name with Blank, a player with Add Yours, premium lettering where nothing is printed', () => {
    expect(normalisePrint(print({ customType: 1, customName: 'A', customNumber: '1', playerId: 3, premiumNameOption: 'Gold' }))).toEqual(print({}));
    expect(normalisePrint(print({ customType: 3, customName: 'A', customNumber: '1', playerId: 3 }))).toEqual(print({ customType: 3, customName: 'A', customNumber: '1' }));
    expect(normalisePrint(print({ customType: 4, premiumNumberOption: 'Silver', patchIds: [2] }))).toEqual(print({ customType: 4, patchIds: [2] }));
  });

  it('keys a line in the order cart_items.line_key has always had', () => {
    expect(printKeyParts(print({ customType: 3, customName: 'SMITH', customNumber: '7', premiumNameOption: 'Gold', patchIds: [1, 3], addonIds: [9] })).join('|')).toBe('1.3|9|3||SMITH|7|Gold|Standard');
    expect(printKeyParts(print({ customType: 2, playerId: 42 })).join('|')).toBe('||2|42|||Standard|Standard');
  });

  it('prints the chosen player’s name and number for Choose A Player, the print’s own otherwise', () => {
    expect(withPlayer(print({ customType: 2, playerId: 42 }), { name: 'LANGWORTH', number: '23' })).toMatchObject({ customName: 'LANGWORTH', customNumber: '23', playerId: 42 });
    expect(withPlayer(print({ customType: 2, playerId: 42 }), undefined)).toMatchObject({ customName: null, customNumber: null });
    expect(withPlayer(print({ customType: 3, customName: 'OWN', customNumber: '1' }), { name: 'X', number: '2' })).toMatchObject({ customName: 'OWN', customNumber: '1' });
  });

  it('answers with the specification’s names and goes back to the lettering an order line keeps', () => {
    const lettering = { customType: 2 as const, playerId: 42, customName: 'LANGWORTH', customNumber: '23', premiumNameOption: 'Gold' as const, premiumNumberOption: 'Standard' as const };
    const record = printRecord(lettering, { patches: [{ id: 1, patchName: 'Fair play', patchPrice: 300 }], addonItems: [] });
    expect(record).toEqual({ ...lettering, playerId: undefined, squadList: 42, patches: [{ id: 1, patchName: 'Fair play', patchPrice: 300 }], addonItems: [], personalised: true });
    expect(letteringOfRecord(record)).toEqual(lettering);
    expect(printRecord(print({ customType: 4 }), { patches: [], addonItems: [] }).personalised).toBe(false);
  });
});

describe('the price of a print', () => {
  const prices = { customisationFeeEur: 750, patchPricesEur: [300, 500], addonPricesEur: [1299] };

  it('adds the fee and premium lettering only when printed, patches and add-ons always', () => {
    expect(printPriceEur(print({ customType: 1, premiumNameOption: 'Gold' }), prices)).toBe(300 + 500 + 1299);
    expect(printPriceEur(print({ customType: 4 }), prices)).toBe(300 + 500 + 1299);
    expect(printPriceEur(print({ customType: 3 }), prices)).toBe(750 + 300 + 500 + 1299);
    expect(printPriceEur(print({ customType: 2, premiumNameOption: 'Gold', premiumNumberOption: 'Silver' }), prices)).toBe(750 + 2 * PREMIUM_OPTION_FEE_EUR + 300 + 500 + 1299);
    expect(printPriceEur(print({ customType: 1 }), { customisationFeeEur: 750, patchPricesEur: [], addonPricesEur: [] })).toBe(0);
  });

  it('refuses prices that are not whole minor units or are negative', () => {
    expect(() => printPriceEur(print({}), { ...prices, patchPricesEur: [1.5] })).toThrow(RangeError);
    expect(() => printPriceEur(print({}), { ...prices, addonPricesEur: [-1] })).toThrow(RangeError);
  });
});

describe('what people read of a print', () => {
  it('says the printed name and number in one short text', () => {
    expect(printShortText({ customName: 'SMITH', customNumber: '7' })).toBe('SMITH 7');
    expect(printShortText({ customName: null, customNumber: '0' })).toBe('0');
    expect(printShortText({ customName: null, customNumber: null })).toBe('');
  });

  it('rows a printed line: type, name and number, lettering, patches, add-ons, in that order', () => {
    const rows = printRows(
      shown({ premiumNameOption: 'Gold', patches: [{ patchName: 'Champions', patchPrice: 500 }], addonItems: [{ name: 'Socks', price: 1299 }] }),
    );
    expect(rows).toEqual([
      { key: 'type', customType: 3 },
      { key: 'print', name: 'SMITH', number: '7', text: 'SMITH 7' },
      { key: 'lettering', name: 'Gold', number: 'Standard' },
      { key: 'patches', items: [{ patchName: 'Champions', patchPrice: 500 }] },
      { key: 'addons', items: [{ name: 'Socks', price: 1299 }] },
    ]);
    expect(printRow(rows, 'lettering')?.name).toBe('Gold');
  });

  it('rows the chosen player of a cart line instead of the printed name, and a blank shirt as its type alone', () => {
    expect(printRows(shown({ customType: 2, customName: 'LANGWORTH', customNumber: '23', player: { name: 'LANGWORTH', number: '23' } })).map((row) => row.key)).toEqual(['type', 'player', 'lettering']);
    // An order line keeps the player's name and number as printed.
    expect(printRow(printRows(shown({ customType: 2, customName: 'LANGWORTH', customNumber: '23' })), 'print')?.text).toBe('LANGWORTH 23');
    expect(printRows(shown({ customType: 1, customName: null, customNumber: null }))).toEqual([{ key: 'type', customType: 1 }]);
    expect(printRows(shown({ customType: 4, customName: null, customNumber: null, patches: [{ patchName: 'P', patchPrice: 1 }] })).map((row) => row.key)).toEqual(['type', 'patches']);
  });
});
