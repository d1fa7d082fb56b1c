/**
 * The roster editor's state and what it shows, free of React so it can be tested on its own: the
 * rows as typed, pasted or loaded, checked by the domain's roster rules (the configurator's, one
 * place: domain/roster.model.ts) against the product the page shows, and priced for display with
 * the same functions the server prices with (the server prices again when the roster is added).
 */
import { CODES, fieldIssuesOf } from '../../domain/api/envelope.ts';
import type { RosterQuote } from '../../domain/api/rosters.ts';
import type { Addon, Patch, Player } from '../../domain/catalogue.model.ts';
import type { CurrencyCode, RateTable } from '../../domain/money.model.ts';
import { STANDARD_LETTERING, upperAscii } from '../../domain/personalisation.ts';
import { unitPriceEur, type DiscountTier } from '../../domain/pricing.ts';
import {
  ROSTER_MAX_ROWS,
  checkRoster,
  parseRoster,
  priceRoster,
  rowPrint,
  type ParsedRoster,
  type PricedRoster,
  type RosterCheck,
  type RosterInput,
  type RosterRowField,
  type RosterRowInput,
  type SavedRoster,
} from '../../domain/roster.model.ts';
import { ROSTER_PARAM, TEAM_PARAM } from '../cart/links.ts';
import type { ConfigurableProduct } from '../product/configuration.ts';

export function emptyRow(): RosterRowInput {
  return { name: '', number: '', size: '', playerId: null, quantity: 1 };
}

export function initialRoster(productId: number): RosterInput {
  return { productId, teamName: '', patchIds: [], addonIds: [], ...STANDARD_LETTERING, sameName: null, rows: [emptyRow()], duplicatesConfirmed: false };
}

/** A row with nothing typed in it (the one a new roster starts with). */
function isBlank(row: RosterRowInput): boolean {
  return row.name === '' && row.number === '' && row.size === '' && row.playerId === null;
}

/**
 * Rows pasted or loaded from a file, added after the rows there (blank rows dropped). More than
 * ROSTER_MAX_ROWS in all takes nothing, and says so.
 */
export function withPasted(roster: RosterInput, parsed: ParsedRoster): { roster: RosterInput; problem: ParsedRoster['problem'] } {
  if (parsed.problem) return { roster, problem: parsed.problem };
  const kept = roster.rows.filter((row) => !isBlank(row));
  if (kept.length + parsed.rows.length > ROSTER_MAX_ROWS) return { roster, problem: { key: 'tooManyRows', max: ROSTER_MAX_ROWS } };
  return { roster: { ...roster, rows: [...kept, ...parsed.rows] }, problem: null };
}

/** Pastes text (a spreadsheet's cells, a CSV file) into the roster: withPasted of parseRoster. */
export function pasteText(roster: RosterInput, text: string, product: Pick<ConfigurableProduct, 'squad'>) {
  const parsed = parseRoster(text, product.squad);
  return { ...withPasted(roster, parsed), unknownPlayers: parsed.unknownPlayers };
}

/** The roster checked against the product's live sizes, stock and squad. */
export function checkAgainst(roster: RosterInput, product: ConfigurableProduct): RosterCheck {
  return checkRoster(roster, { printable: product.printable, sizes: product.sizes, squad: product.squad });
}

/** What the roster costs, for display: each row's print priced as the configurator prices a shirt, the tiers on the total quantity. */
export function displayPrice(
  roster: RosterInput,
  product: ConfigurableProduct,
  offered: { patches: readonly Patch[]; addons: readonly Addon[] },
  currency: CurrencyCode,
  rates: RateTable | undefined,
  tiers: readonly DiscountTier[],
): PricedRoster {
  const rows = roster.rows.map((row) => {
    const print = rowPrint(roster, row);
    const unit = unitPriceEur({
      productPriceEur: product.price,
      customisationFeeEur: product.customisationFee,
      patchPricesEur: offered.patches.filter((p) => print.patchIds.includes(p.id)).map((p) => p.patchPrice),
      addonPricesEur: offered.addons.filter((a) => print.addonIds.includes(a.id)).map((a) => a.price),
      ...print,
    });
    // A row still being typed counts as one shirt, so the total moves as rows are added.
    return { unitPriceEur: unit, quantity: Number.isInteger(row.quantity) && row.quantity >= 1 && row.quantity <= 99 ? row.quantity : 1 };
  });
  return priceRoster(rows, currency, rates, tiers);
}

/** Chooses or drops a patch or an add-on for the whole team (ids ascending without repeats, as the API keeps them). */
export function withExtra(roster: RosterInput, kind: 'patch' | 'addon', id: number, on: boolean): RosterInput {
  const field = kind === 'patch' ? 'patchIds' : 'addonIds';
  const others = roster[field].filter((x) => x !== id);
  return { ...roster, [field]: on ? [...others, id].sort((a, b) => a - b) : others };
}

/**
 * The roster without the patches and add-ons this product does not offer (a roster saved for
 * another shirt, last season's): the server refuses a roster with any of them.
 */
export function keepOffered(roster: RosterInput, offered: { patches: readonly Pick<Patch, 'id'>[]; addons: readonly Pick<Addon, 'id'>[] }): RosterInput {
  const patchIds = roster.patchIds.filter((id) => offered.patches.some((p) => p.id === id));
  const addonIds = roster.addonIds.filter((id) => offered.addons.some((a) => a.id === id));
  return patchIds.length === roster.patchIds.length && addonIds.length === roster.addonIds.length ? roster : { ...roster, patchIds, addonIds };
}

/** What a row's shirt shows in the preview: its squad player's name and number, or its (the team's one) name as typed, upper-cased as it is printed. */
export function rowPreview(roster: RosterInput, index: number, squad: readonly Pick<Player, 'id' | 'name' | 'number'>[]): { name: string; number: string } {
  const row = roster.rows[index];
  if (!row) return { name: '', number: '' };
  if (row.playerId !== null) {
    const player = squad.find((p) => p.id === row.playerId);
    return player ? { name: player.name, number: player.number } : { name: '', number: '' };
  }
  return { name: upperAscii(roster.sameName ?? row.name), number: row.number };
}

/** What a server quote was asked for: an answer is shown only while the roster and currency are still these. */
export function quoteKey(roster: RosterInput, currency: CurrencyCode): string {
  return JSON.stringify([currency, roster]);
}

/** The server's refusal of a roster, by where the editor shows it (its words are the server's, in the page's language). */
export interface QuoteRefusal {
  /** Messages beside cells, by row index. */
  rows: Record<number, Partial<Record<RosterRowField, string>>>;
  /** A size the whole roster asks more of than the stock (1410): beside that size's cells and in the sizes' summary. */
  short: { size: string; message: string } | null;
  /** Everything else, under the rows. */
  whole: string[];
}

const ROW_PATH = /^body\.roster\.rows\.(\d+)\.(name|number|size|player|quantity)$/;

/** Reads a refused quote or "Add to cart": 1410 names a size, 1001 names cells (`body.roster.rows.<i>.<field>`); anything else is said as a whole. */
export function quoteRefusal(code: string, message: string, data: unknown): QuoteRefusal {
  const refusal: QuoteRefusal = { rows: {}, short: null, whole: [] };
  if (code === CODES.OUT_OF_STOCK) {
    const size = data !== null && typeof data === 'object' ? (data as { size?: unknown }).size : undefined;
    if (typeof size === 'string') refusal.short = { size, message };
    else refusal.whole.push(message);
    return refusal;
  }
  const issues = code === CODES.INVALID_INPUT ? fieldIssuesOf(data) : [];
  if (issues.length === 0) refusal.whole.push(message);
  for (const issue of issues) {
    const cell = ROW_PATH.exec(issue.path);
    if (!cell) {
      refusal.whole.push(issue.message);
      continue;
    }
    const row = (refusal.rows[Number(cell[1])] ??= {});
    row[cell[2] as RosterRowField] ??= issue.message;
  }
  return refusal;
}

/** The price to show: the server's quote while it answers for the roster as it is, else the browser's estimate. */
export function shownPrice(estimate: PricedRoster, quote: { key: string; answer: RosterQuote } | null, key: string): { price: PricedRoster; confirmed: boolean } {
  if (quote && quote.key === key && quote.answer.rows.length === estimate.rows.length) return { price: { rows: quote.answer.rows, totals: quote.answer.totals }, confirmed: true };
  return { price: estimate, confirmed: false };
}

/** The shopper's saved roster of this team name, if any (names are one per shopper in any case, as the server holds them). */
export function savedNamed(saved: readonly SavedRoster[], teamName: string): SavedRoster | undefined {
  const name = teamName.trim().toLowerCase();
  return name === '' ? undefined : saved.find((s) => s.name.toLowerCase() === name);
}

/**
 * A saved roster opened on this product's page: its rows, lettering and extras, for this product
 * (a roster saved for last season's shirt can dress this one; extras it does not offer are
 * dropped by keepOffered once the extras are known, a player of another squad is flagged).
 */
export function fromSaved(saved: SavedRoster, productId: number): RosterInput {
  return { ...saved.roster, productId, teamName: saved.name, rows: saved.roster.rows.length > 0 ? saved.roster.rows : [emptyRow()] };
}

/**
 * What the product page's address (its `search`) asks the editor to open: a roster of the cart
 * (`?team=<group id>`, the cart's "Change the team"), a saved roster (`?roster=<id>`, the
 * account's "My team rosters"), or nothing.
 */
export function rosterToOpen(search: string): { groupId: string; savedId: null } | { groupId: null; savedId: number } | null {
  const params = new URLSearchParams(search);
  const groupId = params.get(TEAM_PARAM);
  const savedId = Number(params.get(ROSTER_PARAM));
  if (groupId) return { groupId, savedId: null };
  return Number.isSafeInteger(savedId) && savedId > 0 ? { groupId: null, savedId } : null;
}
