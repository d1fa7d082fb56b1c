/**
 * Reading delimited text, the one reader of the shop's uploads and pastes: the stock and bulk-ship
 * CSV files of the back office (back-office/products.model.ts csvTable) and a team's roster pasted
 * from a spreadsheet or loaded from a file (roster.model.ts, tab- or comma-separated; the file's
 * bytes read by decodeTextFile).
 */

/**
 * A text file's bytes as text: UTF-8 when they are UTF-8, else GB18030 (which reads GBK), the
 * encoding Excel writes a CSV file in on a Chinese-locale Windows; a byte-order mark is dropped.
 * UTF-8 is tried strictly (fatal) because GBK's Chinese bytes are not valid UTF-8.
 */
export function decodeTextFile(bytes: ArrayBuffer | Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** A record as read: its first line's number in the text (a quoted field may span several) and its fields, untrimmed. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Records of RFC 4180 text: quoted fields (a quote may follow blanks, which are dropped), doubled
 * quotes, line breaks inside quotes, CRLF or LF, a leading byte-order mark. Empty lines give no record.
 */
export function parseDelimited(text: string, separator: ',' | '\t' = ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === separator) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  endRecord();
  return records;
}

/**
 * A cell a spreadsheet would run as a formula: one starting with = + - @ (or a tab or carriage
 * return), or their full-width or small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫: spreadsheets with an East Asian
 * input method take them as the ASCII signs), or any of these behind leading white space, which
 * spreadsheets trim. Written files prefix such a cell with an apostrophe (OWASP "CSV injection").
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/;

/**
 * Whether a written cell gets the apostrophe: formula-looking behind any apostrophes it starts
 * with, so a value that itself starts with an apostrophe before a formula sign reads back whole.
 */
export function needsFormulaGuard(value: string): boolean {
  return FORMULA_START.test(value.replace(/^'+/, ''));
}

/** A cell as written before its formula guard (needsFormulaGuard): the apostrophe a writer added is taken off. */
export function withoutFormulaGuard(cell: string): string {
  return cell.startsWith("'") && needsFormulaGuard(cell) ? cell.slice(1) : cell;
}
