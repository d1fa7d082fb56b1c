/** The export's CSV: RFC 4180 quoting, the byte-order mark, and formula-like fields neutralised. */
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../../src/server/csv.ts';

describe('csvField', () => {
  it('leaves plain text and numbers as they are, and writes null as empty', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('张伟')).toBe('张伟');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
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
});

describe('toCsv', () => {
  it('starts with a BOM and ends every record with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', 2], [null, 'x,y']])).toBe('\uFEFFa,b\r\n1,2\r\n,"x,y"\r\n');
  });
});
