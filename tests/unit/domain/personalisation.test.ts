import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CUSTOM_NAME_MAX,
  CUSTOM_NUMBER_MAX,
  CUSTOM_TYPES,
  NAME_MESSAGE,
  NUMBER_MESSAGE,
  PREMIUM_OPTION_FEE_EUR,
  customNameSchema,
  customNumberSchema,
  isPrinted,
  normaliseCustomName,
  normaliseCustomNumber,
  premiumFeeEur,
  type CustomType,
  type PremiumOption,
} from '../../../src/domain/personalisation.ts';

const ASCII_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letterArb = fc.constantFrom(...ASCII_LETTERS.split(''));

describe('constants', () => {
  it('name up to 15 letters, number up to 99, premium fee 5 EUR', () => {
    expect(CUSTOM_NAME_MAX).toBe(15);
    expect(CUSTOM_NUMBER_MAX).toBe(99);
    expect(PREMIUM_OPTION_FEE_EUR).toBe(500);
    expect(CUSTOM_TYPES).toEqual({ BLANK: 1, CHOOSE_PLAYER: 2, ADD_YOURS: 3, STANDARD: 4 });
  });
});

// The property runs take 1-2 s on a quiet machine and four times that on a loaded one; a timeout
// here would say nothing about the rule.
describe('normaliseCustomName', { timeout: 30_000 }, () => {
  it.each([
    ['messi', 'MESSI'],
    ['MESSI', 'MESSI'],
    ['Messi', 'MESSI'],
    ['a', 'A'],
    ['Z', 'Z'],
    ['abcdefghijklmno', 'ABCDEFGHIJKLMNO'], // 15
  ])('accepts %j as %j', (input, expected) => {
    expect(normaliseCustomName(input)).toBe(expected);
  });

  it.each([
    ['16 letters', 'ABCDEFGHIJKLMNOP'],
    ['empty', ''],
    ['accented É', 'JOSÉ'],
    ['decomposed accent', 'JOSE\u0301'],
    ['ñ', 'NUÑEZ'],
    ['Cyrillic look-alikes АВС', '\u0410\u0412\u0421'],
    ['one Cyrillic о in a Latin name', 'R\u043eNALDO'],
    ['Greek look-alike Α', '\u0391BC'],
    ['zero-width space', 'A\u200bB'],
    ['zero-width joiner', 'A\u200dB'],
    ['BOM', '\ufeffMESSI'],
    ['space inside', 'MO SALAH'],
    ['leading space', ' MESSI'],
    ['trailing newline', 'MESSI\n'],
    ['digits', 'R9'],
    ['markup', '<b>'],
    ['script', '<script>alert(1)</script>'],
    ['quote', "O'NEIL"],
    ['hyphen', 'SMITH-ROWE'],
    ['fullwidth letters', '\uff2d\uff25\uff33\uff33\uff29'],
    // characters whose upper case is plain ASCII must still be refused: the print must be what was typed
    ['long s ſ (upper-cases to S)', 'me\u017f\u017fi'],
    ['sharp s ß (upper-cases to SS)', 'stra\u00dfe'],
    ['dotless ı (upper-cases to I)', 'mess\u0131'],
    ['ligature ﬀ (upper-cases to FF)', '\ufb00'],
    ['Kelvin sign K', '\u212a'],
  ])('refuses %s', (_label, input) => {
    expect(normaliseCustomName(input)).toBeNull();
  });

  it('property: any 1-15 ASCII letters are accepted and come back upper-cased', () => {
    fc.assert(
      fc.property(fc.array(letterArb, { minLength: 1, maxLength: 15 }), (letters) => {
        const input = letters.join('');
        const name = normaliseCustomName(input);
        expect(name).toBe(input.toUpperCase());
        expect(name).toMatch(/^[A-Z]+$/);
        expect(name?.length).toBe(input.length);
      }),
    );
  });

  it('property: 16 or more letters are refused', () => {
    fc.assert(
      fc.property(fc.array(letterArb, { minLength: 16, maxLength: 40 }), (letters) => {
        expect(normaliseCustomName(letters.join(''))).toBeNull();
      }),
    );
  });

  it('property: one character that is not an ASCII letter anywhere makes it invalid', () => {
    // Any code point (lone surrogates too); a one-character fc.string costs about 2 s to set up.
    const nonLetter = fc
      .integer({ min: 0, max: 0x10ffff })
      .map((point) => String.fromCodePoint(point))
      .filter((c) => !/^[A-Za-z]$/.test(c));
    fc.assert(
      fc.property(fc.array(letterArb, { maxLength: 14 }), nonLetter, fc.nat(), (letters, bad, at) => {
        const i = letters.length === 0 ? 0 : at % (letters.length + 1);
        const input = [...letters.slice(0, i), bad, ...letters.slice(i)].join('');
        expect(normaliseCustomName(input)).toBeNull();
      }),
    );
  });

  it('property: for any string, an accepted name is exactly the ASCII input upper-cased', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (input) => {
        const name = normaliseCustomName(input);
        if (/^[A-Za-z]{1,15}$/.test(input)) expect(name).toBe(input.toUpperCase());
        else expect(name).toBeNull();
      }),
    );
  });
});

describe('normaliseCustomNumber', { timeout: 30_000 }, () => {
  it.each<[string | number, string]>([
    ['0', '0'],
    ['7', '7'],
    ['10', '10'],
    ['99', '99'],
    [0, '0'],
    [7, '7'],
    [99, '99'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normaliseCustomNumber(input)).toBe(expected);
  });

  it.each<[string | number]>([
    ['-1'],
    ['100'],
    ['7.5'],
    ['7.0'],
    ['1e1'],
    ['01'],
    ['00'],
    [' 7'],
    ['7 '],
    ['+7'],
    [''],
    ['seven'],
    ['0x7'],
    ['\u0667'], // Arabic-Indic seven
    ['\uff17'], // fullwidth seven
    ['7\n'],
    [7.5],
    [-1],
    [100],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e21],
  ])('refuses %j', (input) => {
    expect(normaliseCustomNumber(input)).toBeNull();
  });

  it('property: any integer 0..99 is accepted, as number or as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (n) => {
        expect(normaliseCustomNumber(n)).toBe(String(n));
        expect(normaliseCustomNumber(String(n))).toBe(String(n));
      }),
    );
  });

  it('property: any integer outside 0..99 is refused', () => {
    const outside = fc.oneof(fc.integer({ min: -1e9, max: -1 }), fc.integer({ min: 100, max: 1e9 }));
    fc.assert(
      fc.property(outside, (n) => {
        expect(normaliseCustomNumber(n)).toBeNull();
        expect(normaliseCustomNumber(String(n))).toBeNull();
      }),
    );
  });

  it('property: any non-integer number is refused', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 200, noNaN: true }).filter((x) => !Number.isInteger(x)),
        (x) => {
          expect(normaliseCustomNumber(x)).toBeNull();
        },
      ),
    );
  });

  it('property: a string is accepted exactly when it is the canonical text of an integer 0..99', () => {
    const digitsy = fc.string({ unit: fc.constantFrom(...'0123456789-+.e x'.split('')), maxLength: 4 });
    fc.assert(
      fc.property(fc.oneof(digitsy, fc.string({ maxLength: 4 })), (text) => {
        const n = Number(text);
        const canonical = text !== '' && Number.isInteger(n) && n >= 0 && n <= 99 && String(n) === text;
        expect(normaliseCustomNumber(text)).toBe(canonical ? text : null);
      }),
    );
  });
});

describe('schemas', () => {
  it('customNameSchema upper-cases valid names and refuses others with the message', () => {
    expect(customNameSchema.parse('kane')).toBe('KANE');
    const bad = customNameSchema.safeParse('JOSÉ');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(NAME_MESSAGE);
    expect(customNameSchema.safeParse(7).success).toBe(false);
  });

  it('customNumberSchema accepts text or integer and always gives text', () => {
    expect(customNumberSchema.parse(7)).toBe('7');
    expect(customNumberSchema.parse('0')).toBe('0');
    const bad = customNumberSchema.safeParse('1e1');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(NUMBER_MESSAGE);
    expect(customNumberSchema.safeParse(null).success).toBe(false);
    expect(customNumberSchema.safeParse(true).success).toBe(false);
  });

  it('messages state the limits', () => {
    expect(NAME_MESSAGE).toContain('15');
    expect(NUMBER_MESSAGE).toContain('0-99');
  });
});

describe('isPrinted and premiumFeeEur', () => {
  it('only Choose A Player (2) and Add Yours (3) are printed', () => {
    expect([1, 2, 3, 4].map((t) => isPrinted(t as CustomType))).toEqual([false, true, true, false]);
  });

  it.each<[CustomType, PremiumOption, PremiumOption, number]>([
    [2, 'Standard', 'Standard', 0],
    [2, 'Gold', 'Standard', 500],
    [3, 'Standard', 'Silver', 500],
    [3, 'Gold', 'Silver', 1000],
    [3, 'Silver', 'Silver', 1000],
    [1, 'Gold', 'Gold', 0],
    [4, 'Silver', 'Gold', 0],
  ])('type %i, name %s, number %s -> %i', (customType, premiumNameOption, premiumNumberOption, fee) => {
    expect(premiumFeeEur({ customType, premiumNameOption, premiumNumberOption })).toBe(fee);
  });
});
