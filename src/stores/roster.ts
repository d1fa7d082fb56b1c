/**
 * The team roster editor's actions (docs/storefront.md "Team orders"). A module of its own, not
 * part of cart.ts: only the editor, loaded when it is opened, imports it, so the product page's
 * first JavaScript does not carry the roster endpoints.
 */
import { CLIENT_CODES, isApiError } from '../client/http.ts';
import { addRosterToCart, cartGroupRoster, quoteRoster, saveRoster, savedRosters } from '../client/rosters.ts';
import { CODES } from '../domain/api/envelope.ts';
import type { RosterQuote } from '../domain/api/rosters.ts';
import type { CurrencyCode } from '../domain/money.model.ts';
import type { RosterInput, SavedRoster } from '../domain/roster.model.ts';
import { notifyCartUpdated } from './cart-header.ts';
import { logFailure } from './product.ts';
import './http-ready.ts';

/** A refusal as the server said it (`data`: the size short for 1410, the refused cells for 1001). */
export type RosterFailure = { ok: false; code: string; message: string; data: unknown };
export type RosterAddResult = { ok: true; groupId: string; ids: number[] } | RosterFailure;

function failure(what: string, error: unknown): RosterFailure {
  if (!isApiError(error)) {
    logFailure(what, error);
    return { ok: false, code: 'UNKNOWN', message: String(error), data: null };
  }
  // A refused roster is the shopper's to fix, not a fault to log.
  if (error.code !== CODES.INVALID_INPUT && error.code !== CODES.OUT_OF_STOCK && error.code !== CODES.CONFLICT) logFailure(what, error);
  return { ok: false, code: error.code, message: error.msg, data: error.data };
}

/** Adds a team roster as one group (or replaces the group `groupId` whole) and tells the page; a refusal comes back with the server's words. */
export async function addRosterGroup(roster: RosterInput, groupId?: string): Promise<RosterAddResult> {
  try {
    const saved = await addRosterToCart(roster, groupId);
    notifyCartUpdated();
    return { ok: true, ...saved };
  } catch (error) {
    return failure('Adding a team roster to the cart failed', error);
  }
}

/**
 * The server's check and price of the roster as it is now (asked while the shopper types, so
 * silent: a refusal shows beside the cells, not as a toast); null when `signal` cancelled it
 * (the roster changed meanwhile).
 */
export async function askRosterQuote(roster: RosterInput, currency: CurrencyCode, signal: AbortSignal): Promise<{ ok: true; answer: RosterQuote } | RosterFailure | null> {
  try {
    return { ok: true, answer: await quoteRoster(roster, currency, { signal, silent: true }) };
  } catch (error) {
    if (signal.aborted || (isApiError(error) && error.code === CLIENT_CODES.ABORTED)) return null;
    return failure('Quoting a team roster failed', error);
  }
}

/** The signed-in shopper's saved rosters; null when they could not be read. */
export async function loadSavedRosters(): Promise<SavedRoster[] | null> {
  try {
    return await savedRosters({ silent: true });
  } catch (error) {
    logFailure('Reading the saved team rosters failed', error);
    return null;
  }
}

/** Saves the roster under its team name: a new saved roster, or over the saved roster `id`; 1409 when the name is another saved roster's. */
export async function saveTeamRoster(roster: RosterInput, id?: number): Promise<{ ok: true; saved: SavedRoster } | RosterFailure> {
  try {
    return { ok: true, saved: await saveRoster(roster, id, { silent: true }) };
  } catch (error) {
    return failure('Saving a team roster failed', error);
  }
}

/** A roster of the cart, to reopen in the editor; null when it is no longer there (or could not be read). */
export async function loadCartRoster(groupId: string): Promise<RosterInput | null> {
  try {
    return await cartGroupRoster(groupId, { silent: true });
  } catch (error) {
    logFailure('Reading a team roster of the cart failed', error);
    return null;
  }
}
