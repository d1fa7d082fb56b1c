/** The team roster endpoints (src/domain/api/rosters.ts): a roster checked and priced, added to the cart as one group, saved rosters. */
import { rosterApi, type RosterQuote } from '../domain/api/rosters.ts';
import type { CurrencyCode } from '../domain/money.model.ts';
import type { RosterInput, SavedRoster, SavedRosterEntry } from '../domain/roster.model.ts';
import { call, type RequestOptions } from './http.ts';

export function quoteRoster(roster: RosterInput, currency: CurrencyCode, options?: RequestOptions): Promise<RosterQuote> {
  return call(rosterApi.quote, { roster, currency }, options);
}

/** Adds the roster to the cart as one group; with `groupId`, replaces that group of the cart whole. */
export function addRosterToCart(roster: RosterInput, groupId?: string, options?: RequestOptions): Promise<{ groupId: string; ids: number[] }> {
  return call(rosterApi.addToCart, { roster, ...(groupId ? { groupId } : {}) }, options);
}

/** A group of the cart as a roster again, to reopen it in the editor. */
export function cartGroupRoster(groupId: string, options?: RequestOptions): Promise<RosterInput> {
  return call(rosterApi.cartGroup, { groupId }, options);
}

export function savedRosters(options?: RequestOptions): Promise<SavedRosterEntry[]> {
  return call(rosterApi.saved, {}, options);
}

export function saveRoster(roster: RosterInput, id?: number, options?: RequestOptions): Promise<SavedRoster> {
  return call(rosterApi.save, { roster, ...(id !== undefined ? { id } : {}) }, options);
}

export function renameSavedRoster(id: number, name: string, options?: RequestOptions): Promise<SavedRoster> {
  return call(rosterApi.rename, { id, name }, options);
}

export function copySavedRoster(id: number, name: string, options?: RequestOptions): Promise<SavedRoster> {
  return call(rosterApi.copy, { id, name }, options);
}

export function removeSavedRoster(id: number, options?: RequestOptions): Promise<{ deleted: number }> {
  return call(rosterApi.remove, { id }, options);
}
