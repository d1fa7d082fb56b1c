/**
 * A wishlist heart pressed while signed out: the product is remembered in this tab's session
 * storage while the shopper signs in, and added when they come back to the same page. Apart from
 * the wishlist store so that a page's hearts need nothing more until someone is signed in.
 */

/** Session storage (this tab only): the product whose heart sent the shopper to sign in. */
const PENDING_KEY = 'SOY_pendingWish';
/** A sign-in that takes longer than this was probably abandoned: the heart is not pressed for them. */
export const PENDING_WISH_TTL_MS = 15 * 60_000;

interface PendingWish {
  productId: number;
  /** The page the heart was on: only that page completes it. */
  path: string;
  at: number;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the heart pressed on `path` before the shopper goes to sign in. */
export function rememberPendingWish(productId: number, path: string, now = Date.now()): void {
  try {
    session()?.setItem(PENDING_KEY, JSON.stringify({ productId, path, at: now } satisfies PendingWish));
  } catch {
    // Storage full or blocked: the shopper presses the heart again after signing in.
  }
}

/**
 * The product to add now that the shopper is back on `path` signed in, or null. Read once: it is
 * forgotten whether it matches or not, so an abandoned sign-in never adds anything later.
 */
export function takePendingWish(path: string, now = Date.now()): number | null {
  const storage = session();
  const raw = storage?.getItem(PENDING_KEY);
  if (!storage || raw == null) return null;
  storage.removeItem(PENDING_KEY);
  try {
    const wish = JSON.parse(raw) as Partial<PendingWish>;
    const fresh = typeof wish.at === 'number' && now - wish.at >= 0 && now - wish.at < PENDING_WISH_TTL_MS;
    return fresh && wish.path === path && Number.isSafeInteger(wish.productId) && wish.productId! > 0 ? wish.productId! : null;
  } catch {
    return null;
  }
}
