/** Team rosters (docs/storefront.md "Team orders"): priced and checked in one call, added to the cart as one group, saved by signed-in shoppers. */
import type { z } from 'zod';
import type { CartTotals, PricedLine } from '../pricing.ts';
import type { RosterCheck, RosterInput, SavedRoster, SavedRosterEntry } from '../roster.model.ts';
import type {
  rosterCartGroupRequestSchema,
  rosterQuoteRequestSchema,
  rosterToCartRequestSchema,
  savedRosterCopyRequestSchema,
  savedRosterIdRequestSchema,
  savedRosterRenameRequestSchema,
  savedRosterSaveRequestSchema,
} from '../roster.schema.ts';
import type { emptyBodySchema } from '../request.schema.ts';
import { post } from './endpoint.ts';

/** A roster checked and priced by the server: per row (in its order) and in total, with the tier of its total quantity. */
export interface RosterQuote {
  rows: PricedLine[];
  totals: CartTotals;
  /** Units asked per size against the stock (the editor's summary). */
  demand: RosterCheck['demand'];
  /** Numbers on more than one row (allowed once confirmed). */
  duplicates: RosterCheck['duplicates'];
}

export const rosterApi = {
  /** Checks every row by the configurator's rules and the stock of the whole roster, and prices it: all rows or a refusal naming them. */
  quote: post<z.input<typeof rosterQuoteRequestSchema>, RosterQuote>('/roster/quote'),
  /** Adds the roster to the caller's cart as one group (each row a line); with `groupId`, replaces that group as a whole. */
  addToCart: post<z.input<typeof rosterToCartRequestSchema>, { groupId: string; ids: number[] }>('/roster/addToCart'),
  /** A group of the caller's cart as a roster again, to reopen it in the editor. */
  cartGroup: post<z.input<typeof rosterCartGroupRequestSchema>, RosterInput>('/roster/cartGroup'),
  /** The signed-in shopper's saved rosters, most recently changed first, with their products' titles. */
  saved: post<z.input<typeof emptyBodySchema>, SavedRosterEntry[]>('/roster/saved/list'),
  /** Saves a roster under its team name (a new one, or over `id`). */
  save: post<z.input<typeof savedRosterSaveRequestSchema>, SavedRoster>('/roster/saved/save'),
  rename: post<z.input<typeof savedRosterRenameRequestSchema>, SavedRoster>('/roster/saved/rename'),
  copy: post<z.input<typeof savedRosterCopyRequestSchema>, SavedRoster>('/roster/saved/copy'),
  remove: post<z.input<typeof savedRosterIdRequestSchema>, { deleted: number }>('/roster/saved/remove'),
};
