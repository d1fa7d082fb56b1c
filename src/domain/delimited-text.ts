/**
 * Reading delimited text, the one reader of the shop's uploads and pastes: the stock and bulk-ship
 * CSV files of the back office (back-office/products.model.ts csvTable) and a team's roster pasted
 * from a spreadsheet or loaded from a file (roster.model.ts, tab- or comma-separated).
 */

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
