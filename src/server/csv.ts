/**
 * RFC 4180 CSV (CRLF line ends, fields quoted when they hold a quote, comma or line break, quotes
 * doubled) with a UTF-8 byte-order mark, so spreadsheets read Chinese names right. A field that
 * starts with = + - @ (or a tab or carriage return) is prefixed with an apostrophe: a spreadsheet
 * would otherwise run it as a formula (OWASP "CSV injection"). So is one starting with their
 * full-width or small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫: spreadsheets with an East Asian input method take
 * them as the ASCII signs), or with any of these behind leading white space (spaces, no-break and
 * ideographic spaces, line breaks), which spreadsheets trim (domain/delimited-text.ts
 * needsFormulaGuard; its withoutFormulaGuard reads such a cell back). Numbers are written as they are.
 */
import { needsFormulaGuard } from '../domain/delimited-text.ts';

export type CsvValue = string | number | boolean | null | CsvDecimal;

/**
 * An amount already written as a decimal ("-10.00", money.model.ts's toDecimalString): a number to a
 * spreadsheet and never a formula, so written as it is, its trailing zeros kept.
 */
export class CsvDecimal {
  readonly text: string;

  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`not a decimal: ${text}`);
    this.text = text;
  }
}

const BOM = '\uFEFF';

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (value instanceof CsvDecimal) return value.text;
  if (typeof value !== 'string') return String(value);
  const safe = needsFormulaGuard(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return BOM + [header, ...rows].map(csvLine).join('');
}

/** One record and its line end, for files written a part at a time (toCsv's header: BOM first). */
export function csvLine(row: readonly CsvValue[]): string {
  return row.map(csvField).join(',') + '\r\n';
}

export const CSV_BOM = BOM;
