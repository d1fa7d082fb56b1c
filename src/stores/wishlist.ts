/**
 * The wishlist as the page knows it: which products are on it (for the hearts on cards and on
 * the product page, learnt with one call per batch of cards), the products being changed, and the
 * actions. The hearts script and the wishlist page share it, so a heart and a "Remove" button
 * for the same product always agree.
 */
import { atom } from 'nanostores';
import { isApiError } from '../client/http.ts';
import { changeWishlist, COLLECTED_QUERY_MAX, queryCollected, queryWishlist, type WishlistEntry } from '../client/wishlist.ts';
import type { Page } from '../domain/api/envelope.ts';
import { unreachable } from './failures.ts';
import './http-ready.ts';

export type { WishlistEntry } from '../client/wishlist.ts';
export { mediaUrl } from '../client/http.ts';

/** Products known to be on the wishlist. */
export const $wishlisted = atom<ReadonlySet<number>>(new Set());
/** Products with a change on its way to the server. */
export const $wishlistBusy = atom<ReadonlySet<number>>(new Set());

function withId(set: ReadonlySet<number>, id: number, present: boolean): ReadonlySet<number> {
  if (set.has(id) === present) return set;
  const next = new Set(set);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

/** Changes made on this page per product, so an answer about older state cannot undo a newer change. */
const changes = new Map<number, number>();

/** Records what the page learnt elsewhere (the wishlist page's own list). */
export function markWishlisted(ids: readonly number[]): void {
  let set = $wishlisted.get();
  for (const id of ids) set = withId(set, id, true);
  $wishlisted.set(set);
}

/** Signed out: nothing is known to be on anyone's list. */
export function forgetWishlist(): void {
  $wishlisted.set(new Set());
}

/**
 * Asks which of `productIds` are on the wishlist: one request per hundred ids (the API's limit),
 * quiet, since the hearts simply stay empty when it fails.
 */
export async function loadWishlisted(productIds: readonly number[]): Promise<void> {
  const unique = [...new Set(productIds)];
  for (let start = 0; start < unique.length; start += COLLECTED_QUERY_MAX) {
    const batch = unique.slice(start, start + COLLECTED_QUERY_MAX);
    const seen = new Map(batch.map((id) => [id, changes.get(id) ?? 0]));
    let collected: number[];
    try {
      collected = await queryCollected(batch, { silent: true });
    } catch {
      return;
    }
    const on = new Set(collected);
    let set = $wishlisted.get();
    // A heart pressed while the question was out has the newer answer.
    for (const id of batch) if ((changes.get(id) ?? 0) === seen.get(id)) set = withId(set, id, on.has(id));
    $wishlisted.set(set);
  }
}

/**
 * Puts a product on the list or takes it off. The heart changes at once and goes back if the
 * server refuses (the HTTP layer shows why). Answers whether the product is on the list now, or
 * null when a change for it is already running.
 */
export async function setWishlisted(productId: number, wanted: boolean): Promise<boolean | null> {
  if ($wishlistBusy.get().has(productId)) return null;
  const before = $wishlisted.get().has(productId);
  changes.set(productId, (changes.get(productId) ?? 0) + 1);
  $wishlistBusy.set(withId($wishlistBusy.get(), productId, true));
  $wishlisted.set(withId($wishlisted.get(), productId, wanted));
  try {
    const answer = await changeWishlist(productId, wanted ? 'add' : 'remove');
    $wishlisted.set(withId($wishlisted.get(), productId, answer.collected));
    return answer.collected;
  } catch {
    $wishlisted.set(withId($wishlisted.get(), productId, before));
    return before;
  } finally {
    $wishlistBusy.set(withId($wishlistBusy.get(), productId, false));
  }
}

/** `offline`: the shop could not be reached (the page shows the network-error state). */
export type WishlistPageLoad = { ok: true; page: Page<WishlistEntry> } | { ok: false; message: string; offline: boolean };

/** A page of the list for the wishlist page; its products are marked as on the list. */
export async function loadWishlistPage(current: number, size: number): Promise<WishlistPageLoad> {
  try {
    const page = await queryWishlist({ current, size }, { silent: true });
    markWishlisted(page.records.map((record) => record.id));
    return { ok: true, page };
  } catch (error) {
    return { ok: false, message: isApiError(error) ? error.msg : '', offline: unreachable(error) };
  }
}
