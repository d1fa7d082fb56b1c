/**
 * A team roster (issue 31, docs/storefront.md "Team orders"): one shirt design chosen once for the
 * whole team, and rows of names, numbers, sizes and quantities. Its rules are the configurator's
 * (personalisation.ts: nameProblem, numberProblem; pricing.ts) applied to every row, plus what
 * only a roster has: the whole roster's demand per size against the stock, duplicate numbers, at
 * most ROSTER_MAX_ROWS rows. The spreadsheet paste and CSV parser is here too. Zod-free, so the
 * roster editor in the browser and the server check a roster with the same code.
 */
import { SIZES, type Player, type Size, type SizeStock } from './catalogue.model.ts';
import type { LineConfig } from './cart.model.ts';
import type { CurrencyCode, RateTable } from './money.model.ts';
import { parseDelimited } from './delimited-text.ts';
import { CUSTOM_TYPES, nameProblem, normaliseCustomName, normaliseCustomNumber, numberProblem, type Lettering, type LineField, type LineProblem, type Print } from './personalisation.ts';
import { MAX_LINE_QUANTITY, cartTotals, priceLine, type CartTotals, type DiscountTier, type PricedLine } from './pricing.ts';

/** Most rows one roster holds (the squad of 200: a club's whole season). */
export const ROSTER_MAX_ROWS = 200;
/** Longest team name a roster is saved and grouped under. */
export const TEAM_NAME_MAX = 40;

/** What the whole team shares: patches, add-ons, lettering, and one name for all or none. */
export interface RosterChoices extends Lettering {
  /** Patch and add-on ids, ascending, without repeats. */
  patchIds: number[];
  addonIds: number[];
  /** One name printed on every shirt ("same name for all", the club's, say); null: each row its own. */
  sameName: string | null;
}

/**
 * One row as the shopper typed or pasted it. Texts stay as typed so that a wrong cell can be shown
 * with its error; the rules below decide what is printed.
 */
export interface RosterRowInput {
  name: string;
  number: string;
  /** As typed; a size of SIZES when valid. */
  size: string;
  /** A squad player: the row prints the player's name and number instead of its own. */
  playerId: number | null;
  quantity: number;
}

/** A roster as the editor holds it and the server receives it. */
export interface RosterInput extends RosterChoices {
  productId: number;
  teamName: string;
  rows: RosterRowInput[];
  /** The shopper confirmed that rows sharing a number are meant (goalkeepers share numbers). */
  duplicatesConfirmed: boolean;
}

/** A roster as it is saved (its team name is the saved roster's name). */
export type SavedRosterValue = Omit<RosterInput, 'teamName' | 'productId'>;

/** A saved roster as the account lists it. */
export interface SavedRoster {
  id: number;
  name: string;
  productId: number;
  roster: RosterInput;
  rows: number;
  /** Shirts of all its rows (their quantities). */
  shirts: number;
  updatedAt: string;
}
/** A saved roster as the account's list shows it: with its product's title in the request's language (null once the product is gone). */
export interface SavedRosterEntry extends SavedRoster {
  productName: string | null;
}

/** Lines a cart holds outside rosters (the drawer's page). */
export const LOOSE_CART_LINES_MAX = 100;
/** Every line of a cart, its rosters' rows included: the loose lines and one full roster more. */
export const CART_LINES_MAX = LOOSE_CART_LINES_MAX + ROSTER_MAX_ROWS;

/** The catalogue facts a roster is checked against: the product's sizes with their stock, its squad, whether it can be printed. */
export interface RosterFacts {
  printable: boolean;
  sizes: readonly SizeStock[];
  squad: readonly Pick<Player, 'id' | 'number'>[];
}

export type RosterRowField = LineField;
export type RosterRowProblem =
  | LineProblem
  | 'sizeNotOffered'
  /** The whole roster asks more of this size than is in stock. */
  | 'sizeShort'
  | 'playerNotInSquad';
export type RosterRowProblems = Partial<Record<RosterRowField, RosterRowProblem>>;

/** What is wrong with the roster as a whole. */
export type RosterProblem =
  | { key: 'teamNameRequired' }
  | { key: 'teamNameTooLong'; max: number }
  | { key: 'rowsRequired' }
  | { key: 'tooManyRows'; max: number }
  | { key: 'notPrintable' }
  | { key: 'sameNameInvalid' }
  | { key: 'duplicateNumbers'; numbers: string[] };

/** A size the roster asks more of than there is. */
export interface SizeShortage {
  size: Size;
  demand: number;
  stock: number;
}

export interface RosterCheck {
  /** One entry per row, in order; empty objects for good rows. */
  rows: RosterRowProblems[];
  roster: RosterProblem[];
  /** Units asked per size, in SIZES order (the editor's summary of sizes against stock). */
  demand: { size: Size; demand: number; stock: number }[];
  shortages: SizeShortage[];
  /** Numbers on more than one row, with those rows' indexes: flagged, allowed once confirmed. */
  duplicates: { number: string; rows: number[] }[];
}

export function isSize(text: string): text is Size {
  return (SIZES as readonly string[]).includes(text);
}

/** Units asked per size over every row with a valid size and quantity. */
export function sizeDemand(rows: readonly Pick<RosterRowInput, 'size' | 'quantity'>[]): Map<Size, number> {
  const demand = new Map<Size, number>();
  for (const row of rows) {
    if (!isSize(row.size) || !validQuantity(row.quantity)) continue;
    demand.set(row.size, (demand.get(row.size) ?? 0) + row.quantity);
  }
  return demand;
}

function validQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/** The number a row prints, for the duplicate check: its player's or its own. */
function printedNumber(row: RosterRowInput, squad: RosterFacts['squad']): string | null {
  if (row.playerId !== null) return squad.find((p) => p.id === row.playerId)?.number ?? null;
  return normaliseCustomNumber(row.number);
}

/** Every problem of a roster, per row and as a whole; a roster without any can be priced and ordered. */
export function checkRoster(roster: RosterInput, facts: RosterFacts): RosterCheck {
  const stockBySize = new Map(facts.sizes.map((s) => [s.size, s.stock]));
  const demand = sizeDemand(roster.rows);
  const shortages: SizeShortage[] = [];
  for (const [size, asked] of demand) {
    const stock = stockBySize.get(size);
    if (stock !== undefined && asked > stock) shortages.push({ size, demand: asked, stock });
  }
  const short = new Set(shortages.map((s) => s.size));
  const squadIds = new Set(facts.squad.map((p) => p.id));

  const rows = roster.rows.map((row): RosterRowProblems => {
    const problems: RosterRowProblems = {};
    if (row.playerId !== null) {
      if (!squadIds.has(row.playerId)) problems.player = 'playerNotInSquad';
    } else {
      const name = roster.sameName === null ? nameProblem(row.name) : null;
      const number = numberProblem(row.number);
      if (name) problems.name = name;
      if (number) problems.number = number;
    }
    if (row.size === '') problems.size = 'sizeRequired';
    else if (!isSize(row.size) || !stockBySize.has(row.size)) problems.size = 'sizeNotOffered';
    else if (short.has(row.size)) problems.size = 'sizeShort';
    if (!validQuantity(row.quantity)) problems.quantity = 'quantityInvalid';
    return problems;
  });

  const byNumber = new Map<string, number[]>();
  roster.rows.forEach((row, index) => {
    const number = printedNumber(row, facts.squad);
    if (number !== null) byNumber.set(number, [...(byNumber.get(number) ?? []), index]);
  });
  const duplicates = [...byNumber].filter(([, at]) => at.length > 1).map(([number, at]) => ({ number, rows: at }));

  const problems: RosterProblem[] = [];
  const team = roster.teamName.trim();
  if (team === '') problems.push({ key: 'teamNameRequired' });
  else if (team.length > TEAM_NAME_MAX) problems.push({ key: 'teamNameTooLong', max: TEAM_NAME_MAX });
  if (roster.rows.length === 0) problems.push({ key: 'rowsRequired' });
  if (roster.rows.length > ROSTER_MAX_ROWS) problems.push({ key: 'tooManyRows', max: ROSTER_MAX_ROWS });
  if (!facts.printable) problems.push({ key: 'notPrintable' });
  if (roster.sameName !== null && normaliseCustomName(roster.sameName) === null) problems.push({ key: 'sameNameInvalid' });
  if (duplicates.length > 0 && !roster.duplicatesConfirmed) problems.push({ key: 'duplicateNumbers', numbers: duplicates.map((d) => d.number) });

  return {
    rows,
    roster: problems,
    demand: SIZES.flatMap((size) => (demand.has(size) ? [{ size, demand: demand.get(size)!, stock: stockBySize.get(size) ?? 0 }] : [])),
    shortages,
    duplicates,
  };
}

/** Whether a check found nothing that stops the roster. */
export function rosterIsValid(check: RosterCheck): boolean {
  return check.roster.length === 0 && check.rows.every((row) => Object.keys(row).length === 0);
}

/** What one row prints: a squad player's shirt, or the row's (or the team's one) name and its number. */
export function rowPrint(roster: RosterChoices, row: RosterRowInput): Print {
  const lettering = { premiumNameOption: roster.premiumNameOption, premiumNumberOption: roster.premiumNumberOption };
  const extras = { patchIds: [...roster.patchIds], addonIds: [...roster.addonIds] };
  if (row.playerId !== null) return { customType: CUSTOM_TYPES.CHOOSE_PLAYER, playerId: row.playerId, customName: null, customNumber: null, ...lettering, ...extras };
  return {
    customType: CUSTOM_TYPES.ADD_YOURS,
    playerId: null,
    customName: normaliseCustomName(roster.sameName ?? row.name),
    customNumber: normaliseCustomNumber(row.number),
    ...lettering,
    ...extras,
  };
}

/** The cart lines a valid roster becomes, one per row, in its order (call after checkRoster found nothing). */
export function rosterLines(roster: RosterInput): { config: LineConfig; quantity: number }[] {
  return roster.rows.map((row) => {
    if (!isSize(row.size)) throw new Error('rosterLines needs a checked roster');
    return { config: { productId: roster.productId, size: row.size, ...rowPrint(roster, row) }, quantity: row.quantity };
  });
}

export interface PricedRoster {
  /** Per row, in the roster's order: unit price and row total in the shown currency, before the tier. */
  rows: PricedLine[];
  /** The whole roster, with the quantity tier of its total quantity. */
  totals: CartTotals;
}

/**
 * A roster's price: each row as one cart line (priceLine, the same as a single line) and the
 * tiers on the roster's total quantity (cartTotals, the same as the cart). The browser shows it;
 * the server prices again from the database with the same two functions.
 */
export function priceRoster(
  rows: readonly { unitPriceEur: number; quantity: number }[],
  currency: CurrencyCode,
  rates: RateTable | undefined,
  tiers: readonly DiscountTier[],
): PricedRoster {
  const priced = rows.map((row) => priceLine(row.unitPriceEur, row.quantity, currency, rates));
  return { rows: priced, totals: cartTotals(priced, currency, tiers) };
}

// ---------- pasting from a spreadsheet, loading a CSV file ----------

/**
 * The column headings a pasted table or CSV file may start with, in both locales (the editor's
 * own column labels, src/i18n/locales/<locale>/roster.json, are among them: a test keeps them so).
 */
export const ROSTER_HEADINGS: Record<RosterRowField, readonly string[]> = {
  name: ['name', 'player name', 'surname', '姓名', '名字', '印字'],
  number: ['number', 'no', 'no.', '#', 'shirt number', '号码', '球衣号码', '号'],
  size: ['size', '尺码', '尺寸'],
  player: ['player', 'squad player', '球员', '队员'],
  quantity: ['quantity', 'qty', 'count', '数量', '件数'],
};

/** Columns of a table without a heading row, in this order. */
export const ROSTER_COLUMNS_WITHOUT_HEADINGS: readonly RosterRowField[] = ['name', 'number', 'size', 'quantity'];

export type RosterPasteProblem = { key: 'tooManyRows'; max: number } | { key: 'noRows' };

export interface ParsedRoster {
  rows: RosterRowInput[];
  /** The source line of each row (from 1), to point at it. */
  lines: number[];
  /** Rows whose player cell named nobody in the squad (by index): their player is left unset. */
  unknownPlayers: { row: number; text: string }[];
  /** Why nothing was taken: more than ROSTER_MAX_ROWS rows, or none. */
  problem: RosterPasteProblem | null;
}

function headingOf(cell: string): RosterRowField | null {
  const text = cell.toLowerCase();
  for (const [field, words] of Object.entries(ROSTER_HEADINGS) as [RosterRowField, readonly string[]][]) if (words.includes(text)) return field;
  return null;
}

/** A squad player named by a cell: their id, "7", their name, or "NAME 7" / "7 NAME" (any case). */
function playerOf(text: string, squad: readonly Player[]): Player | undefined {
  const key = text.toUpperCase().replace(/\s+/g, ' ');
  return squad.find((p) => {
    const name = p.name.toUpperCase();
    return key === String(p.id) || key === name || key === `${name} ${p.number}` || key === `${p.number} ${name}` || key === p.number;
  });
}

/**
 * Whether a first row is column headings: every filled cell a heading, or, beside columns the
 * roster does not know (a club's "Position", "Email"), headings naming the name or the number and
 * the size, which no row of names, numbers and sizes does. A row without either is data.
 */
function isHeadingRow(cells: readonly string[], headings: readonly (RosterRowField | null)[]): boolean {
  if (!headings.some((h) => h !== null)) return false;
  if (cells.every((cell, i) => cell === '' || headings[i] !== null)) return true;
  return headings.includes('size') && (headings.includes('name') || headings.includes('number'));
}

/**
 * Rows from text pasted from a spreadsheet or read from a CSV file: tab-separated when the first
 * line has a tab, else comma-separated; a first line of column headings in either locale says
 * which column is which, columns under other headings ignored (isHeadingRow; else the columns are
 * name, number, size, quantity); blank lines are skipped; sizes are
 * upper-cased; an empty quantity is 1. Cells are not judged here: checkRoster does that, with
 * the configurator's rules. More than ROSTER_MAX_ROWS rows take nothing.
 */
export function parseRoster(text: string, squad: readonly Player[] = []): ParsedRoster {
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const records = parseDelimited(text, firstLine.includes('\t') ? '\t' : ',')
    .map((r) => ({ line: r.line, cells: r.fields.map((f) => f.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  const empty: ParsedRoster = { rows: [], lines: [], unknownPlayers: [], problem: null };
  if (records.length === 0) return { ...empty, problem: { key: 'noRows' } };

  const headings = records[0]!.cells.map(headingOf);
  const hasHeadings = isHeadingRow(records[0]!.cells, headings);
  const columns = hasHeadings ? headings : ROSTER_COLUMNS_WITHOUT_HEADINGS;
  const body = hasHeadings ? records.slice(1) : records;
  if (body.length === 0) return { ...empty, problem: { key: 'noRows' } };
  if (body.length > ROSTER_MAX_ROWS) return { ...empty, problem: { key: 'tooManyRows', max: ROSTER_MAX_ROWS } };

  const result: ParsedRoster = { ...empty };
  body.forEach((record, index) => {
    const cell = (field: RosterRowField) => {
      const at = columns.indexOf(field);
      return at < 0 ? '' : (record.cells[at] ?? '');
    };
    const playerText = cell('player');
    const player = playerText === '' ? undefined : playerOf(playerText, squad);
    if (playerText !== '' && !player) result.unknownPlayers.push({ row: index, text: playerText });
    const quantity = cell('quantity');
    result.rows.push({
      name: cell('name'),
      number: cell('number'),
      size: cell('size').toUpperCase(),
      playerId: player?.id ?? null,
      // Not a number stays NaN, which checkRoster refuses beside the cell.
      quantity: quantity === '' ? 1 : /^\d+$/.test(quantity) ? Number(quantity) : Number.NaN,
    });
    result.lines.push(record.line);
  });
  return result;
}
