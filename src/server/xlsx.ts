/**
 * XLSX files, with exceljs (docs/back-office.md "Catalogue file": why this library), streamed both
 * ways so a large sheet never sits in memory as cell objects.
 *
 * Writing (XlsxSheetWriter): one sheet, a bold frozen heading row, rows committed as they come.
 * Every cell is written as a string or number value, never a formula: a string starting with "="
 * stays text in the sheet (tests/unit/server/xlsx.test.ts), so no apostrophe guard is needed, unlike
 * csv.ts.
 *
 * Reading (readFirstSheet): the first worksheet (workbook order) as rows of text, as a person sees
 * the cells: numbers as written (49.99, 15 significant digits as spreadsheets show them), booleans
 * yes/no, rich text joined; a formula cell is never evaluated nor its cached result read: its
 * index is handed back so the caller refuses it. Before exceljs sees anything, the zip is read
 * from its central directory with fflate: its entries counted and their declared sizes summed
 * (a bomb is refused unread), and only the parts the sheet needs inflated, each into a buffer of
 * its declared size (a header that lies yields truncated XML, refused, never more memory), then
 * zipped again in the order exceljs's streaming reader wants them (so it writes no temporary files),
 * every character beyond ASCII as a character reference (its reader splits UTF-8 between chunks).
 */
import { Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { loadExcel } from './on-first-use.ts';

/**
 * A sheet row as text: its row number, its cells (up to its last non-empty one, and at least as
 * many as the first row's: the heading's) and the indexes of formula cells (left empty).
 */
export interface SheetRow {
  line: number;
  fields: string[];
  formulas?: number[];
}

export interface SheetLimits {
  /** Largest file, in bytes. */
  bytes: number;
  /** Most bytes its parts may declare once inflated. */
  unpacked: number;
  /** Rows read at most: the rest are not read (the caller counts one over its limit). */
  rows: number;
  /** Most text all cells may hold together. */
  chars: number;
}

export type SheetRead = { rows: SheetRow[] } | { refused: 'tooLarge' | 'notXlsx' | 'tooMuch' };

/** A workbook has few parts (sheets, styles, themes, drawings...): thousands is no spreadsheet's. */
const MAX_ENTRIES = 10_000;

const EMPTY_STRINGS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

/** An attribute of an XML start tag, whatever its namespace prefix. */
function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag)?.slice(1).find((v) => v !== undefined) ?? null;
}

/** A relationship's target as a path inside the zip (relative to xl/, or absolute from the root). */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** The first sheet's and the shared strings' parts, from the workbook and its relationships. */
function sheetParts(workbook: string, rels: string): { sheet: string | null; strings: string | null } {
  const targets = new Map<string, { type: string; target: string }>();
  for (const [tag] of rels.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, { type: attribute(tag, 'Type') ?? '', target });
  }
  const first = /<(?:[\w.-]+:)?sheet\b[^>]*>/.exec(workbook)?.[0];
  const sheetRel = first ? targets.get(attribute(first, 'id') ?? '') : undefined;
  const strings = [...targets.values()].find((t) => t.type.endsWith('/sharedStrings'));
  return { sheet: sheetRel ? partPath(sheetRel.target) : null, strings: strings ? partPath(strings.target) : null };
}

/** Whether an XML part ends its root element `name` (whatever its prefix): its closing tag, or the root itself empty (`<sst .../>`). */
function closes(part: Uint8Array, name: string): boolean {
  const end = strFromU8(part.subarray(Math.max(0, part.length - 1024)));
  return new RegExp(`(?:</(?:[\\w.-]+:)?${name}>|<(?:[\\w.-]+:)?${name}\\b[^<>]*/>)\\s*$`).test(end);
}

/**
 * The part with every non-ASCII character written as a character reference (`&#20013;`), outside
 * CDATA sections: exceljs's streaming reader decodes each inflated chunk as UTF-8 on its own, so a
 * character split between two chunks came out as two replacement characters (seen on Chinese titles).
 */
function asciiXml(part: Uint8Array): Uint8Array {
  const text = strFromU8(part);
  if (!/[\u0080-\u{10ffff}]/u.test(text)) return part;
  return strToU8(
    text
      .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
      .map((piece, i) => (i % 2 === 1 ? piece : piece.replace(/[\u0080-\u{10ffff}]/gu, (c) => `&#${c.codePointAt(0)};`)))
      .join(''),
  );
}

/** A cell's value as the text a person sees; FORMULA for a formula. */
const FORMULA = Symbol('formula');
function cellText(value: ExcelJS.CellValue): string | typeof FORMULA {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // 15 significant digits, as spreadsheets show a number: 49.99 is "49.99", 0.1 + 0.2 is "0.3".
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) return FORMULA;
  if ('richText' in value) return value.richText.map((run) => run.text ?? '').join('');
  if ('error' in value) return value.error;
  if ('text' in value) return String(value.text);
  return '';
}

interface WorkbookParts {
  rels: Uint8Array;
  workbook: Uint8Array;
  sheet: Uint8Array;
  strings: Uint8Array | null;
}

/**
 * The parts the first sheet is read from, inflated; 'tooMuch' when the zip declares more than
 * `unpacked` bytes or too many entries; null when a part is missing. Throws on a file that is no zip.
 */
function workbookParts(bytes: Uint8Array, unpacked: number): WorkbookParts | 'tooMuch' | null {
  let entries = 0;
  let total = 0;
  const declared = new Set<string>();
  const inflatable = (file: { compression: number }) => file.compression === 0 || file.compression === 8;
  // First pass: the central directory (nothing else inflated), and the workbook's two small parts.
  const head = unzipSync(bytes, {
    filter: (file) => {
      entries++;
      total += file.originalSize;
      declared.add(file.name);
      return (file.name === 'xl/workbook.xml' || file.name === 'xl/_rels/workbook.xml.rels') && inflatable(file) && total <= unpacked;
    },
  });
  if (entries > MAX_ENTRIES || total > unpacked) return 'tooMuch';
  const workbook = head['xl/workbook.xml'];
  const rels = head['xl/_rels/workbook.xml.rels'];
  if (!workbook || !rels) return null;
  const { sheet: sheetPath, strings: stringsPath } = sheetParts(strFromU8(workbook), strFromU8(rels));
  if (!sheetPath || !declared.has(sheetPath)) return null;
  const wanted = new Set([sheetPath, stringsPath]);
  const body = unzipSync(bytes, { filter: (file) => wanted.has(file.name) && inflatable(file) });
  const sheet = body[sheetPath];
  return sheet ? { rels, workbook, sheet, strings: (stringsPath && body[stringsPath]) || null } : null;
}

/**
 * The first worksheet's non-empty rows (SheetRow), at most `limits.rows` of them, or
 * why the file is refused: over `limits.bytes` or its text over `limits.chars` (tooLarge), not a
 * workbook (notXlsx), or unpacking to more than `limits.unpacked` (tooMuch).
 */
export async function readFirstSheet(bytes: Uint8Array, limits: SheetLimits): Promise<SheetRead> {
  if (bytes.length > limits.bytes) return { refused: 'tooLarge' };
  let parts: WorkbookParts | 'tooMuch' | null;
  try {
    parts = workbookParts(bytes, limits.unpacked);
  } catch {
    parts = null;
  }
  if (parts === 'tooMuch') return { refused: 'tooMuch' };
  // A part cut short (a header declaring less than its data) would read as fewer rows, silently: refused.
  if (!parts || !closes(parts.sheet, 'worksheet') || (parts.strings && !closes(parts.strings, 'sst'))) return { refused: 'notXlsx' };
  // Zipped again in the order the streaming reader needs (relationships, workbook and strings
  // before the sheet), the sheet under the name it looks for, the text in ASCII (asciiXml).
  // Deflated at the fastest level: its unzipper held a stored entry of 33 MB in memory several
  // times over.
  const zip = zipSync(
    {
      'xl/_rels/workbook.xml.rels': asciiXml(parts.rels),
      'xl/workbook.xml': asciiXml(parts.workbook),
      'xl/sharedStrings.xml': parts.strings ? asciiXml(parts.strings) : strToU8(EMPTY_STRINGS),
      'xl/worksheets/sheet1.xml': asciiXml(parts.sheet),
    },
    { level: 1 },
  );
  const rows: SheetRow[] = [];
  let chars = 0;
  const Excel = await loadExcel();
  try {
    const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([zip]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        const fields: string[] = [];
        const formulas: number[] = [];
        // values[0] is unused: a sheet's columns count from 1.
        for (let col = 1; col < values.length; col++) {
          const text = cellText(values[col]);
          if (text === FORMULA) formulas.push(col - 1);
          fields[col - 1] = text === FORMULA ? '' : text;
          chars += text === FORMULA ? 0 : text.length;
        }
        while (fields.length && fields.at(-1) === '' && !formulas.includes(fields.length - 1)) fields.pop();
        if (chars > limits.chars) return { refused: 'tooLarge' };
        if (fields.length === 0) continue;
        // A row's empty cells after its last written one are padded to the heading's (the first row's) length.
        while (rows.length && fields.length < rows[0]!.fields.length) fields.push('');
        rows.push({ line: row.number, fields, ...(formulas.length ? { formulas } : {}) });
        if (rows.length >= limits.rows) break;
      }
      break;
    }
  } catch {
    return { refused: 'notXlsx' };
  }
  return { rows };
}

/** The ways a sheet's cells are written: text or a number (never a formula: see the module's note). */
export type XlsxValue = string | number | null;

/**
 * One sheet written to `out` as rows come (exceljs's streaming writer: a committed row is gone
 * from memory): the heading bold and frozen. Strings go to the shared strings table, which
 * exceljs's reader reads back exactly (its inline strings lose a literal "&amp;").
 */
export class XlsxSheetWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  /** A sheet ready for its rows, its heading written. */
  static async open(out: Writable, sheetName: string, headings: readonly string[], widths: readonly number[] = []): Promise<XlsxSheetWriter> {
    return new XlsxSheetWriter(await loadExcel(), out, sheetName, headings, widths);
  }

  private constructor(Excel: typeof ExcelJS, out: Writable, sheetName: string, headings: readonly string[], widths: readonly number[]) {
    this.workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
    this.sheet = this.workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = headings.map((_, i) => ({ width: widths[i] ?? 14 }));
    const heading = this.sheet.addRow([...headings]);
    heading.font = { bold: true };
    heading.commit();
  }

  add(cells: readonly XlsxValue[]): void {
    this.sheet.addRow([...cells]).commit();
  }

  /** The sheet and the workbook's other parts written, and `out` ended. */
  async end(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
