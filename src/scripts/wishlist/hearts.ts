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
 * always agree: they read one store. That store (and the calls) load only once someone is signed
 * in, so a signed-out visitor's pages carry just this file.
 */
import { guardRedirectUrl } from '../../domain/route-guard.ts';
import { isLocale, DEFAULT_LOCALE } from '../../domain/locale.ts';
import { assetPath, localePath } from '../../i18n/paths.ts';
import { $signedIn } from '../../stores/session.ts';
import { rememberPendingWish, takePendingWish } from '../../stores/wishlist-pending.ts';

type Store = typeof import('../../stores/wishlist.ts');

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
  delete heart.dataset['labelPattern'];
}

function hearts(root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(HEART)];
}

/** Each heart as the store has it; with no store yet (signed out), none is pressed. */
function render(store?: Store): void {
  const on = store?.$wishlisted.get();
  const busy = store?.$wishlistBusy.get();
  for (const heart of hearts()) {
    const id = productIdOf(heart);
    if (id === null) continue;
    heart.setAttribute('aria-pressed', String(on?.has(id) ?? false));
    if (busy?.has(id)) heart.setAttribute('aria-busy', 'true');
    else heart.removeAttribute('aria-busy');
  }
}

let store: Promise<Store> | null = null;
function loadStore(): Promise<Store> {
  store ??= import('../../stores/wishlist.ts').then((loaded) => {
    loaded.$wishlisted.listen(() => render(loaded));
    loaded.$wishlistBusy.listen(() => render(loaded));
    return loaded;
  });
  return store;
}

/** Products already asked about on this page (or known from the wishlist itself). */
const asked = new Set<number>();

/** One call for the given hearts' products that the page has not asked about yet. */
async function askAbout(found: readonly HTMLElement[]): Promise<void> {
  if (!$signedIn.get()) return;
  const loaded = await loadStore();
  const known = loaded.$wishlisted.get();
  const ids: number[] = [];
  for (const heart of found) {
    const id = productIdOf(heart);
    if (id === null || asked.has(id) || known.has(id)) continue;
    asked.add(id);
    ids.push(id);
  }
  render(loaded);
  if (ids.length > 0) await loaded.loadWishlisted(ids);
}

function onClick(event: MouseEvent): void {
  const heart = event.target instanceof Element ? event.target.closest<HTMLElement>(HEART) : null;
  const id = heart ? productIdOf(heart) : null;
  if (!heart || id === null) return;
  event.preventDefault();
  if (!$signedIn.get()) {
    rememberPendingWish(id, location.pathname);
    const login = guardRedirectUrl({ action: 'redirect-login', redirect: location.pathname + location.search }, { inLocale: (path) => localePath(locale, path), atRoot: assetPath });
    if (login) location.assign(login);
    return;
  }
  void loadStore().then((loaded) => loaded.setWishlisted(id, !loaded.$wishlisted.get().has(id)));
}

function start(): void {
  for (const heart of hearts()) name(heart);
  document.addEventListener('click', onClick);

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
    if ($signedIn.get()) void askAbout(added);
  }).observe(document.body, { childList: true, subtree: true });

  // Signing in or out (here or in another tab) changes every heart.
  $signedIn.subscribe((signedIn) => {
    if (!signedIn) {
      asked.clear();
      if (store) void store.then((loaded) => loaded.forgetWishlist());
      return;
    }
    const pending = takePendingWish(location.pathname);
    if (pending !== null) {
      // Its state is whatever this change answers: not asked about again.
      asked.add(pending);
      void loadStore().then((loaded) => loaded.setWishlisted(pending, true));
    }
    void askAbout(hearts());
  });
}

if (hearts().length > 0 || document.querySelector('[data-card-template]')) start();
