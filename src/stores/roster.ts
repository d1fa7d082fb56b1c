/**
 * The team roster editor's actions (docs/storefront.md "Team orders"). A module of its own, not
 * part of cart.ts: only the editor, loaded when it is opened, imports it, so the product page's
 * first JavaScript does not carry the roster endpoints.
 */
import { isApiError } from '../client/http.ts';
import { addRosterToCart, cartGroupRoster } from '../client/rosters.ts';
import type { RosterInput } from '../domain/roster.model.ts';
import { notifyCartUpdated } from './cart-header.ts';
import { logFailure } from './product.ts';
import './http-ready.ts';

export type RosterAddResult = { ok: true; groupId: string; ids: number[] } | { ok: false; code: string; message: string };

/** Adds a team roster as one group (or replaces the group `groupId` whole) and tells the page; a refusal comes back with the server's words. */
export async function addRosterGroup(roster: RosterInput, groupId?: string): Promise<RosterAddResult> {
  try {
    const saved = await addRosterToCart(roster, groupId);
    notifyCartUpdated();
    return { ok: true, ...saved };
  } catch (error) {
    logFailure('Adding a team roster to the cart failed', error);
    return isApiError(error) ? { ok: false, code: error.code, message: error.msg } : { ok: false, code: 'UNKNOWN', message: String(error) };
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
