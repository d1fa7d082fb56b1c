/**
 * The roster editor's state and what it shows, free of React so it can be tested on its own: the
 * rows as typed, pasted or loaded, checked by the domain's roster rules (the configurator's, one
 * place: domain/roster.model.ts) against the product the page shows, and priced for display with
 * the same functions the server prices with (the server prices again when the roster is added).
 */
import type { Addon, Patch } from '../../domain/catalogue.model.ts';
import type { CurrencyCode, RateTable } from '../../domain/money.model.ts';
import { STANDARD_LETTERING } from '../../domain/personalisation.ts';
import { unitPriceEur, type DiscountTier } from '../../domain/pricing.ts';
import { ROSTER_MAX_ROWS, checkRoster, parseRoster, priceRoster, rowPrint, type ParsedRoster, type PricedRoster, type RosterCheck, type RosterInput, type RosterRowInput } from '../../domain/roster.model.ts';
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
