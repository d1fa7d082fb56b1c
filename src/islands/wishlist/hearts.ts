/**
 * Every wishlist heart on the page (components/wishlist/Heart.astro), with one delegated click
 * handler and no React: product grids are static HTML, so a framework per card would cost more
 * than the cards.
 *
 * Signed in, the page asks once which of its products are on the wishlist (and once more per batch
 * of cards a script adds later: paging, search), and each heart shows its product's state with
 * `aria-pressed`; pressing one adds or removes the product at once and goes back if the server
 * refuses. Signed out, a heart remembers its product and goes to sign in with a redirect back
 * here, where the product is then added. Hearts for one product (the page's own and a card's)
 * always agree: they read one store.
 */
import { guardRedirectUrl } from '../../domain/route-guard.ts';
import { isLocale, DEFAULT_LOCALE } from '../../domain/locale.ts';
import { assetPath, localePath } from '../../i18n/paths.ts';
import { $signedIn } from '../../stores/session.ts';
import { $wishlistBusy, $wishlisted, forgetWishlist, loadWishlisted, rememberPendingWish, setWishlisted, takePendingWish } from '../../stores/wishlist.ts';

const HEART = 'button[data-wishlist-toggle]';
const locale = isLocale(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LOCALE;

function productIdOf(heart: HTMLElement): number | null {
  const raw = heart.dataset['productId'] ?? heart.closest<HTMLElement>('[data-product-id]')?.dataset['productId'];
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A heart cloned from a grid's blank card is named after the card's title once it is filled. */
function name(heart: HTMLElement): void {
  const pattern = heart.dataset['labelPattern'];
  const title = heart.closest('[data-card]')?.querySelector('.card-link')?.textContent?.trim();
  if (!pattern || !title) return;
  const label = pattern.replace('%s', title);
  heart.setAttribute('aria-label', label);
  heart.title = label;
  delete heart.dataset['labelPattern'];
}

function hearts(root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(HEART)];
}

function render(): void {
  const on = $wishlisted.get();
  const busy = $wishlistBusy.get();
  for (const heart of hearts()) {
    const id = productIdOf(heart);
    if (id === null) continue;
    heart.setAttribute('aria-pressed', String(on.has(id)));
    if (busy.has(id)) heart.setAttribute('aria-busy', 'true');
    else heart.removeAttribute('aria-busy');
  }
}

/** Products already asked about on this page (or known from the wishlist itself). */
const asked = new Set<number>();

/** One call for the given hearts' products that the page has not asked about yet. */
function askAbout(found: readonly HTMLElement[]): void {
  if (!$signedIn.get()) return;
  const known = $wishlisted.get();
  const ids: number[] = [];
  for (const heart of found) {
    const id = productIdOf(heart);
    if (id === null || asked.has(id) || known.has(id)) continue;
    asked.add(id);
    ids.push(id);
  }
  if (ids.length > 0) void loadWishlisted(ids);
}

function here(): string {
  return location.pathname + location.search;
}

function onClick(event: MouseEvent): void {
  const heart = event.target instanceof Element ? event.target.closest<HTMLElement>(HEART) : null;
  const id = heart ? productIdOf(heart) : null;
  if (!heart || id === null) return;
  event.preventDefault();
  if (!$signedIn.get()) {
    rememberPendingWish(id, location.pathname);
    const login = guardRedirectUrl({ action: 'redirect-login', redirect: here() }, { inLocale: (path) => localePath(locale, path), atRoot: assetPath });
    if (login) location.assign(login);
    return;
  }
  void setWishlisted(id, !$wishlisted.get().has(id));
}

function start(): void {
  for (const heart of hearts()) name(heart);
  document.addEventListener('click', onClick);
  $wishlisted.subscribe(render);
  $wishlistBusy.subscribe(render);

  // Cards added later (another page of a listing, search results) bring their own hearts.
  new MutationObserver((mutations) => {
    const added: HTMLElement[] = [];
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(HEART)) added.push(node as HTMLElement);
        else added.push(...hearts(node));
      }
    }
    if (added.length === 0) return;
    for (const heart of added) name(heart);
    render();
    askAbout(added);
  }).observe(document.body, { childList: true, subtree: true });

  // Signing in or out (here or in another tab) changes every heart.
  $signedIn.subscribe((signedIn) => {
    if (!signedIn) {
      asked.clear();
      forgetWishlist();
      return;
    }
    const pending = takePendingWish(location.pathname);
    if (pending !== null) {
      // Its state is whatever this change answers: not asked about again.
      asked.add(pending);
      void setWishlisted(pending, true);
    }
    askAbout(hearts());
  });
}

if (hearts().length > 0 || document.querySelector('[data-card-template], [data-wishlist-page]')) start();
