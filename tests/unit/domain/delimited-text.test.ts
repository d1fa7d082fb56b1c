/** The one reader of delimited text: the back office's CSV files and a team's pasted roster. */
import { describe, expect, it } from 'vitest';
import { parseDelimited } from '../../../src/domain/delimited-text.ts';

describe('parseDelimited', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, a BOM and CRLF, numbering records by their first line', () => {
    expect(parseDelimited('\uFEFFa,b\r\n1,"x, ""y"""\r\n2,"two\nlines"\n\n3,z')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', 'x, "y"'] },
      { line: 3, fields: ['2', 'two\nlines'] },
      { line: 6, fields: ['3', 'z'] },
    ]);
  });

  it('splits on tabs when told (a spreadsheet paste), keeping commas inside a cell', () => {
    expect(parseDelimited('Name\tNumber\r\nSmith, J\t4\n', '\t')).toEqual([
      { line: 1, fields: ['Name', 'Number'] },
      { line: 2, fields: ['Smith, J', '4'] },
    ]);
  });

  it('opens a quote after blanks, dropping them, and keeps other blanks for the caller to trim', () => {
    expect(parseDelimited('  "a, b", c ')).toEqual([{ line: 1, fields: ['a, b', ' c '] }]);
  });
});
