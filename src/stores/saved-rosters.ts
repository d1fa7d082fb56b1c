/**
 * The account's "My team rosters" page (docs/storefront.md "Team orders"): the signed-in
 * shopper's saved rosters, renamed, copied and deleted. A refusal comes back with the server's
 * words (the 1409 "You already have a roster called ..." beside the name field).
 */
import { isApiError } from '../client/http.ts';
import { copySavedRoster, removeSavedRoster, renameSavedRoster, savedRosters } from '../client/rosters.ts';
import { fieldIssuesOf } from '../domain/api/envelope.ts';
import type { SavedRoster, SavedRosterEntry } from '../domain/roster.model.ts';
import { unreachable } from './failures.ts';
import './http-ready.ts';

export type SavedRostersLoad = { ok: true; rosters: SavedRosterEntry[] } | { ok: false; offline: boolean };

export async function loadSavedRosters(): Promise<SavedRostersLoad> {
  try {
    return { ok: true, rosters: await savedRosters({ silent: true }) };
  } catch (error) {
    return { ok: false, offline: unreachable(error) };
  }
}

/** A change refused: the server's message, the one about the name when it names the field. */
export type RosterChange<T> = { ok: true; value: T } | { ok: false; code: string; message: string; nameProblem: string | null };

async function change<T>(act: () => Promise<T>): Promise<RosterChange<T>> {
  try {
    return { ok: true, value: await act() };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const issue = fieldIssuesOf(error.data).find((i) => i.path === 'body.name');
    return { ok: false, code: error.code, message: error.msg, nameProblem: issue?.message ?? null };
  }
}

export function renameRoster(id: number, name: string): Promise<RosterChange<SavedRoster>> {
  return change(() => renameSavedRoster(id, name, { silent: true }));
}

/** A copy under a new team name (next season's roster from this one). */
export function copyRoster(id: number, name: string): Promise<RosterChange<SavedRoster>> {
  return change(() => copySavedRoster(id, name, { silent: true }));
}

export function deleteRoster(id: number): Promise<RosterChange<{ deleted: number }>> {
  return change(() => removeSavedRoster(id, { silent: true }));
}
