import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_CODES } from '../../../src/domain/money.model.ts';
import { CUSTOM_TYPES, NAME_MESSAGE } from '../../../src/domain/personalisation.ts';
import { DEFAULT_DISCOUNT_TIERS, MAX_LINE_QUANTITY, cartTotals, priceLine, unitPriceEur } from '../../../src/domain/pricing.ts';
import { fieldMessage } from '../../../src/domain/field-messages.ts';
import {
  ROSTER_HEADINGS,
  ROSTER_MAX_ROWS,
  checkRoster,
  parseRoster,
  priceRoster,
  rosterIsValid,
  rosterLines,
  type RosterFacts,
  type RosterInput,
  type RosterRowInput,
} from '../../../src/domain/roster.model.ts';
import { rosterSchema } from '../../../src/domain/roster.schema.ts';
import { decodeTextFile } from '../../../src/domain/delimited-text.ts';
import enRoster from '../../../src/i18n/locales/en-US/roster.json';
import zhRoster from '../../../src/i18n/locales/zh-CN/roster.json';

const squad = [
  { id: 11, name: 'KANE', number: '9' },
  { id: 12, name: 'SAKA', number: '7' },
];
const facts: RosterFacts = {
  printable: true,
  sizes: [
    { size: 'S', stock: 10 },
    { size: 'M', stock: 10 },
    { size: 'L', stock: 3 },
  ],
  squad,
};

function row(overrides: Partial<RosterRowInput> = {}): RosterRowInput {
  return { name: 'SMITH', number: '4', size: 'M', playerId: null, quantity: 1, ...overrides };
}
function roster(rows: RosterRowInput[], overrides: Partial<RosterInput> = {}): RosterInput {
  return {
    productId: 1,
    teamName: 'Eagles',
    patchIds: [],
    addonIds: [],
    premiumNameOption: 'Standard',
    premiumNumberOption: 'Standard',
    sameName: null,
    rows,
    duplicatesConfirmed: false,
    ...overrides,
  };
}

describe('parseRoster', () => {
  it('reads tab-separated rows pasted from a spreadsheet with English headings in any column order', () => {
    const parsed = parseRoster('Size\tName\tNumber\tQty\nm\tSmith\t4\t2\nL\tJones\t10\t\n', squad);
    expect(parsed.problem).toBeNull();
    expect(parsed.rows).toEqual([row({ size: 'M', name: 'Smith', number: '4', quantity: 2 }), row({ size: 'L', name: 'Jones', number: '10', quantity: 1 })]);
    expect(parsed.lines).toEqual([2, 3]);
  });

  it('reads comma-separated rows with Chinese headings and a squad player by name', () => {
    const parsed = parseRoster('姓名,号码,尺码,球员,数量\r\n,,S,saka,1\r\nLEE,5,XL,,3\r\n', squad);
    expect(parsed.rows).toEqual([row({ name: '', number: '', size: 'S', playerId: 12 }), row({ name: 'LEE', number: '5', size: 'XL', quantity: 3 })]);
    expect(parsed.unknownPlayers).toEqual([]);
  });

  it('takes columns as name, number, size, quantity without a heading row', () => {
    expect(parseRoster('Smith,4,M,2').rows).toEqual([row({ name: 'Smith', number: '4', size: 'M', quantity: 2 })]);
  });

  it('reads a heading row with columns it does not know, by its headings, and ignores those columns', () => {
    const en = parseRoster('Name\tNumber\tSize\tPosition\nSmith\t4\tM\tGK\nJones\t10\tL\tDF\n', squad);
    expect(en.problem).toBeNull();
    expect(en.rows).toEqual([row({ name: 'Smith', number: '4', size: 'M' }), row({ name: 'Jones', number: '10', size: 'L' })]);
    expect(en.lines).toEqual([2, 3]);
    // Unknown columns first and between, Chinese headings, a quantity after them.
    const zh = parseRoster('位置,号码,备注,尺码,数量\n门将,1,队长,XL,2\n', squad);
    expect(zh.rows).toEqual([row({ name: '', number: '1', size: 'XL', quantity: 2 })]);
    const named = parseRoster('Email,姓名,尺码\na@b.c,LEE,S\n');
    expect(named.rows).toEqual([row({ name: 'LEE', number: '', size: 'S' })]);
  });

  it('reads a first row as data when it names no name or number beside a size', () => {
    // A player whose name is a heading word is still a row: no size heading beside it.
    expect(parseRoster('Name,4,M,1\nLee,5,S,1').rows.map((r) => [r.name, r.number, r.size])).toEqual([
      ['Name', '4', 'M'],
      ['Lee', '5', 'S'],
    ]);
    expect(parseRoster('Smith,4,M,GK').rows).toEqual([row({ name: 'Smith', number: '4', size: 'M', quantity: Number.NaN })]);
  });

  it('keeps quoted separators, doubled quotes and line breaks inside quotes, and skips blank lines', () => {
    const parsed = parseRoster('\n\nName,Number,Size\n\n"Smith",4,M\n ,  , \n"O""Neil",5,S\n\n');
    expect(parsed.rows.map((r) => r.name)).toEqual(['Smith', 'O"Neil']);
    expect(parsed.lines).toEqual([5, 7]);
  });

  it('notes a player cell naming nobody in the squad and leaves the player unset', () => {
    const parsed = parseRoster('Name,Number,Size,Player\nA,1,M,NOBODY', squad);
    expect(parsed.unknownPlayers).toEqual([{ row: 0, text: 'NOBODY' }]);
    expect(parsed.rows[0]!.playerId).toBeNull();
  });

  it(`takes ${ROSTER_MAX_ROWS} rows and refuses ${ROSTER_MAX_ROWS + 1} whole`, () => {
    const lines = (n: number) => ['Name,Number,Size', ...Array.from({ length: n }, (_, i) => `P,${i % 100},M`)].join('\n');
    expect(parseRoster(lines(ROSTER_MAX_ROWS)).rows).toHaveLength(ROSTER_MAX_ROWS);
    const refused = parseRoster(lines(ROSTER_MAX_ROWS + 1));
    expect(refused.problem).toEqual({ key: 'tooManyRows', max: ROSTER_MAX_ROWS });
    expect(refused.rows).toEqual([]);
  });

  it('says there are no rows for blank text or headings alone', () => {
    expect(parseRoster(' \n\n').problem).toEqual({ key: 'noRows' });
    expect(parseRoster('Name\tNumber\tSize\n').problem).toEqual({ key: 'noRows' });
  });

  it('refuses a Chinese name with the configurator rule and its message', () => {
    const parsed = parseRoster('姓名,号码,尺码\n张伟,7,M\n');
    const check = checkRoster(roster(parsed.rows), facts);
    expect(check.rows[0]).toEqual({ name: 'nameInvalid' });
    // The words the configurator and the API use for that rule.
    expect(NAME_MESSAGE).toBe(fieldMessage('customNameInvalid', { max: 15 }));
    expect(enRoster.problem.nameInvalid).toBe(NAME_MESSAGE);
  });

  it("recognises the editor's own column labels as headings in both locales", () => {
    for (const labels of [enRoster.column, zhRoster.column]) {
      for (const [field, label] of Object.entries(labels)) expect(ROSTER_HEADINGS[field as keyof typeof ROSTER_HEADINGS]).toContain(label.toLowerCase());
    }
  });
});

describe("a roster file's bytes (decodeTextFile)", () => {
  // 姓名,号码,尺码\r\nLEE,5,M\r\n as Excel saves a CSV file on a Chinese-locale Windows: GBK, not UTF-8.
  const gbk = new Uint8Array([
    0xd0, 0xd5, 0xc3, 0xfb, 0x2c, 0xba, 0xc5, 0xc2, 0xeb, 0x2c, 0xb3, 0xdf, 0xc2, 0xeb, 0x0d, 0x0a, 0x4c, 0x45, 0x45, 0x2c, 0x35, 0x2c, 0x4d, 0x0d, 0x0a,
  ]);

  it('reads a GBK file of Chinese headings', () => {
    // The bytes are what they say they are.
    expect(new TextDecoder('gb18030').decode(gbk)).toBe('姓名,号码,尺码\r\nLEE,5,M\r\n');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gbk)).toThrow();
    const text = decodeTextFile(gbk);
    expect(text).toBe('姓名,号码,尺码\r\nLEE,5,M\r\n');
    expect(parseRoster(text).rows).toEqual([row({ name: 'LEE', number: '5', size: 'M' })]);
  });

  it('reads UTF-8 with or without a byte-order mark, and a GB18030 one', () => {
    const utf8 = new TextEncoder().encode('姓名,号码,尺码\nLEE,5,M\n');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeTextFile(withBom)).toBe('姓名,号码,尺码\nLEE,5,M\n');
    expect(decodeTextFile(utf8.buffer)).toBe('姓名,号码,尺码\nLEE,5,M\n');
    expect(parseRoster(decodeTextFile(withBom)).rows).toEqual([row({ name: 'LEE', number: '5', size: 'M' })]);
    expect(decodeTextFile(new Uint8Array([0x84, 0x31, 0x95, 0x33, ...gbk]))).toBe('姓名,号码,尺码\r\nLEE,5,M\r\n');
  });
});

describe('checkRoster', () => {
  it('accepts a good roster and turns each row into its own cart line', () => {
    const r = roster([row(), row({ playerId: 11, name: '', number: '', size: 'S', quantity: 2 })]);
    const check = checkRoster(r, facts);
    expect(rosterIsValid(check)).toBe(true);
    const lines = rosterLines(r);
    expect(lines[0]).toMatchObject({ quantity: 1, config: { productId: 1, size: 'M', customType: CUSTOM_TYPES.ADD_YOURS, customName: 'SMITH', customNumber: '4' } });
    expect(lines[1]).toMatchObject({ quantity: 2, config: { size: 'S', customType: CUSTOM_TYPES.CHOOSE_PLAYER, playerId: 11, customName: null } });
  });

  it('flags each bad cell beside its row by the configurator rules', () => {
    const check = checkRoster(roster([row({ name: '' }), row({ number: '100' }), row({ size: '' }), row({ size: '5XL' }), row({ playerId: 99 }), row({ quantity: 0 }), row({ quantity: 1.5 })]), facts);
    expect(check.rows).toEqual([{ name: 'nameRequired' }, { number: 'numberInvalid' }, { size: 'sizeRequired' }, { size: 'sizeNotOffered' }, { player: 'playerNotInSquad' }, { quantity: 'quantityInvalid' }, { quantity: 'quantityInvalid' }]);
  });

  it("checks the whole roster's demand per size against the stock and names the size", () => {
    const check = checkRoster(roster([row({ size: 'L', quantity: 2 }), row({ size: 'L', quantity: 2, number: '5' }), row({ size: 'M', number: '6' })]), facts);
    expect(check.shortages).toEqual([{ size: 'L', demand: 4, stock: 3 }]);
    expect(check.rows.map((r) => r.size)).toEqual(['sizeShort', 'sizeShort', undefined]);
    expect(check.demand).toEqual([
      { size: 'M', demand: 1, stock: 10 },
      { size: 'L', demand: 4, stock: 3 },
    ]);
  });

  it('flags duplicate numbers, a player counting with the number printed, and allows them once confirmed', () => {
    const rows = [row({ number: '9' }), row({ playerId: 11 }), row({ number: '1' })];
    const check = checkRoster(roster(rows), facts);
    expect(check.duplicates).toEqual([{ number: '9', rows: [0, 1] }]);
    expect(check.roster).toEqual([{ key: 'duplicateNumbers', numbers: ['9'] }]);
    expect(rosterIsValid(checkRoster(roster(rows, { duplicatesConfirmed: true }), facts))).toBe(true);
  });

  it('uses one name for all rows when set, checking it once', () => {
    const r = roster([row({ name: '' }), row({ name: '', number: '5' })], { sameName: 'eagles' });
    expect(rosterIsValid(checkRoster(r, facts))).toBe(true);
    expect(rosterLines(r).map((l) => l.config.customName)).toEqual(['EAGLES', 'EAGLES']);
    expect(checkRoster(roster([row()], { sameName: '老鹰' }), facts).roster).toEqual([{ key: 'sameNameInvalid' }]);
  });

  it('refuses an empty roster, a missing team name and a product that cannot be printed', () => {
    expect(checkRoster(roster([], { teamName: ' ' }), { ...facts, printable: false }).roster.map((p) => p.key)).toEqual(['teamNameRequired', 'rowsRequired', 'notPrintable']);
  });

  it('refuses more than the maximum of rows in the request schema too', () => {
    const request = { ...roster(Array.from({ length: ROSTER_MAX_ROWS + 1 }, () => row())) };
    const result = rosterSchema.safeParse(request);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(fieldMessage('rosterTooManyRows', { max: ROSTER_MAX_ROWS }));
  });
});

describe('priceRoster', () => {
  const unit = unitPriceEur({ productPriceEur: 4000, customisationFeeEur: 1000, patchPricesEur: [300], addonPricesEur: [], customType: CUSTOM_TYPES.ADD_YOURS, premiumNameOption: 'Gold', premiumNumberOption: 'Standard' });

  it("applies the tier of the roster's total quantity: 12 shirts over 3 rows get 20%", () => {
    const priced = priceRoster(
      [
        { unitPriceEur: unit, quantity: 5 },
        { unitPriceEur: unit, quantity: 4 },
        { unitPriceEur: unit, quantity: 3 },
      ],
      'EUR',
      undefined,
      DEFAULT_DISCOUNT_TIERS,
    );
    expect(unit).toBe(5800);
    expect(priced.rows.map((r) => r.lineTotal)).toEqual([29000, 23200, 17400]);
    expect(priced.totals).toEqual({ currency: 'EUR', itemCount: 12, subtotal: 69600, discountPercent: 20, discount: 13920, total: 55680 });
  });

  it('prices each row as a single cart line and the roster as the same lines in a cart (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unitPriceEur: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }) }), { minLength: 1, maxLength: ROSTER_MAX_ROWS }),
        fc.constantFrom(...CURRENCY_CODES),
        (rows, currency) => {
          const priced = priceRoster(rows, currency, undefined, DEFAULT_DISCOUNT_TIERS);
          const single = rows.map((r) => priceLine(r.unitPriceEur, r.quantity, currency));
          expect(priced.rows).toEqual(single);
          expect(priced.totals).toEqual(cartTotals(single, currency, DEFAULT_DISCOUNT_TIERS));
          expect(priced.totals.itemCount).toBe(rows.reduce((n, r) => n + r.quantity, 0));
          expect(priced.totals.subtotal).toBe(priced.rows.reduce((n, r) => n + r.lineTotal, 0));
          expect(priced.totals.total).toBe(priced.totals.subtotal - priced.totals.discount);
        },
      ),
    );
  });

  it('rows that parse and check as valid always become lines the cart accepts (property)', () => {
    const nameArb = fc.stringMatching(/^[A-Za-z]{1,15}$/);
    const numberArb = fc.integer({ min: 0, max: 99 }).map(String);
    fc.assert(
      fc.property(fc.array(fc.tuple(nameArb, numberArb, fc.constantFrom('S', 'M'), fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 30 }), (cells) => {
        const text = ['Name,Number,Size,Quantity', ...cells.map((c) => c.join(','))].join('\n');
        const parsed = parseRoster(text);
        const r = roster(parsed.rows, { duplicatesConfirmed: true });
        const big: RosterFacts = { ...facts, sizes: [{ size: 'S', stock: 1000 }, { size: 'M', stock: 1000 }] };
        expect(rosterIsValid(checkRoster(r, big))).toBe(true);
        expect(rosterLines(r).map((l) => [l.config.customName, l.config.customNumber, l.config.size, l.quantity])).toEqual(cells.map(([n, no, s, q]) => [n.toUpperCase(), no, s, q]));
      }),
    );
  });
});
