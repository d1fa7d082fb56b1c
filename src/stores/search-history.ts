/**
 * Search history rules (docs/storefront.md "Page states", "Constants"): the last 10 searches,
 * newest first, no duplicates, kept in local storage under `SOY_searchHistory` as a JSON array.
 * Pure functions, so the rules are tested without a browser; `search.ts` keeps the store.
 */
import { SEARCH_TITLE_MAX } from '../domain/catalogue.model.ts';

export const SEARCH_HISTORY_KEY = 'SOY_searchHistory';
export const SEARCH_HISTORY_MAX = 10;

/** Trims a search, collapses inner whitespace and caps its length; '' means blank. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_TITLE_MAX).trim();
}

/** Two searches are the same entry when they differ only in case or spacing. */
function sameQuery(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

/**
 * The history after searching for `query`: it moves to the front (replacing an earlier entry
 * that differs only in case or spacing), and the oldest drop off past `max`. A blank query
 * leaves the history as it was.
 */
export function addToHistory(history: readonly string[], query: string, max = SEARCH_HISTORY_MAX): string[] {
  const entry = normaliseQuery(query);
  if (!entry) return [...history];
  return [entry, ...history.filter((old) => !sameQuery(old, entry))].slice(0, max);
}

export function removeFromHistory(history: readonly string[], query: string): string[] {
  const entry = normaliseQuery(query);
  return history.filter((old) => !sameQuery(old, entry));
}

/**
 * Reads the stored value. Anything but a JSON array yields an empty history; entries that are
 * not text or are blank are dropped, and the rest are cleaned up as if searched again in order.
 */
export function decodeHistory(stored: string | null | undefined): string[] {
  if (stored == null) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  let history: string[] = [];
  for (const item of [...value].reverse()) {
    if (typeof item === 'string') history = addToHistory(history, item);
  }
  return history;
}

export function encodeHistory(history: readonly string[]): string {
  return JSON.stringify(history);
}
