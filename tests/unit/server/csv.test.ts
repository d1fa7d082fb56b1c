/** The export's CSV: RFC 4180 quoting, the byte-order mark, and formula-like fields neutralised. */
import { describe, expect, it } from 'vitest';
import { CsvDecimal, csvField, toCsv } from '../../../src/server/csv.ts';

describe('csvField', () => {
  it('leaves plain text and numbers as they are, and writes null as empty', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('张伟')).toBe('张伟');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('writes a decimal amount as it is, a negative one too, and refuses anything else as one', () => {
    expect(csvField(new CsvDecimal('-10.00'))).toBe('-10.00');
    expect(csvField(new CsvDecimal('58.30'))).toBe('58.30');
    expect(csvField('-10.00')).toBe("'-10.00");
    for (const text of ['=1', '-1+2', '1e3', '-', '']) expect(() => new CsvDecimal(text), text).toThrow(RangeError);
  });

  it('quotes fields holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('Smith, Jr')).toBe('"Smith, Jr"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('prefixes text starting with = + - @ tab or CR so a spreadsheet shows it instead of running it', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvField(text).replace(/^"/, '').startsWith(`'`), JSON.stringify(text)).toBe(true);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('prefixes the full-width and small forms of = + - @, which spreadsheets in CJK locales read as the ASCII ones', () => {
    for (const text of ['＝1+1', '＝HYPERLINK("http://x")', '＋1', '－1', '＠SUM(A1)', '﹦1', '﹢1', '﹣1', '﹫x']) {
      expect(csvField(text).replace(/^"/, '').startsWith(`'`), JSON.stringify(text)).toBe(true);
    }
    expect(csvField('＝1+1')).toBe(`'＝1+1`);
  });

  it('prefixes a formula behind leading spaces, line breaks or an ideographic space, which spreadsheets trim', () => {
    for (const text of [' =1+1', '  +1', '\u00a0-1', '\u3000＝1', '\n=1', ' \t@x']) {
      expect(csvField(text).replace(/^"/, '').startsWith(`'`), JSON.stringify(text)).toBe(true);
    }
  });

  it('leaves text that only holds those signs further in, or is only spaces, as it is', () => {
    expect(csvField('张伟＝王芳')).toBe('张伟＝王芳');
    expect(csvField('Team A - Home')).toBe('Team A - Home');
    expect(csvField('  ')).toBe('  ');
    expect(csvField('')).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with a BOM and ends every record with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', 2], [null, 'x,y']])).toBe('\uFEFFa,b\r\n1,2\r\n,"x,y"\r\n');
  });
});
