/**
 * The wishlist page: loads the list (newest first) into the grid's card template, adds a "Remove"
 * button to each card, shows the count, an empty state, an error with retry, and "Load more".
 * The hearts on these cards are the usual ones (hearts.ts); both read the wishlist store.
 */
import { showLoadFailure } from '../load-failure.ts';
import { $currency } from '../../stores/currency.ts';
import { $rates } from '../../stores/shop-config.ts';
import { $signedIn } from '../../stores/session.ts';
import { loadWishlistPage, mediaUrl, setWishlisted, type WishlistEntry } from '../../stores/wishlist.ts';
import { createTranslate, type Messages } from '../../i18n/core.ts';
import { pageLocale, readMessages } from '../browse/listing-view.ts';
import { appendCards } from '../browse/product-cards.ts';

/** Cards per request. */
const PAGE_SIZE = 24;

function init(root: HTMLElement): void {
  const grid = root.querySelector<HTMLElement>('[data-product-grid]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-card-template]');
  const status = root.querySelector<HTMLElement>('[data-wishlist-status]');
  const count = root.querySelector<HTMLElement>('[data-wishlist-count]');
  const empty = root.querySelector<HTMLElement>('[data-wishlist-empty]');
  const failed = root.querySelector<HTMLElement>('[data-wishlist-error]');
  const more = root.querySelector<HTMLButtonElement>('[data-wishlist-more]');
  const heading = root.querySelector<HTMLElement>('[data-wishlist-heading]');
  if (!grid || !template || !status || !count || !empty || !failed || !more || !heading) return;
  const locale = pageLocale();
  // The page hands over its `wishlist` messages.
  const t = createTranslate(locale, readMessages<Partial<Messages>>(root));

  /** The server's total, less what was removed here since. */
  let total = 0;
  let loading = false;
  const shown = new Set<number>();

  const setState = (state: 'loading' | 'ready' | 'error') => {
    root.dataset['state'] = state;
    root.setAttribute('aria-busy', String(state === 'loading'));
  };

  const showCount = () => {
    count.textContent = total > 0 ? t('wishlist.page.count', { count: total }) : '';
    empty.hidden = total > 0;
    grid.hidden = total === 0;
    more.hidden = shown.size >= total;
  };

  const addRemoveButton = (card: HTMLElement, product: WishlistEntry) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'text-button card-remove';
    button.textContent = t('wishlist.page.remove');
    button.setAttribute('aria-label', t('wishlist.page.removeNamed', { name: product.title }));
    button.dataset['wishlistRemove'] = String(product.id);
    button.addEventListener('click', () => void remove(card, product, button));
    card.querySelector('.card-body')?.append(button);
  };

  const remove = async (card: HTMLElement, product: WishlistEntry, button: HTMLButtonElement) => {
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    const collected = await setWishlisted(product.id, false);
    button.removeAttribute('aria-disabled');
    if (collected !== false) return;
    // Focus goes to the next card's Remove (or the previous one's, or the heading), not to the page's top.
    const cards = [...grid.querySelectorAll<HTMLElement>('[data-card]')];
    const at = cards.indexOf(card);
    const neighbour = cards[at + 1] ?? cards[at - 1];
    card.remove();
    shown.delete(product.id);
    total = Math.max(0, total - 1);
    showCount();
    status.textContent = t('wishlist.page.removed', { name: product.title });
    (neighbour?.querySelector<HTMLElement>('[data-wishlist-remove]') ?? heading).focus();
  };

  const load = async (): Promise<void> => {
    if (loading) return;
    loading = true;
    const first = shown.size === 0;
    setState('loading');
    if (!first) more.textContent = t('wishlist.page.loadingMore');
    // Removals since the last load shifted the list: ask for the page holding the next unseen product.
    const current = Math.floor(shown.size / PAGE_SIZE) + 1;
    const result = await loadWishlistPage(current, PAGE_SIZE);
    loading = false;
    more.textContent = t('wishlist.page.loadMore');
    if (!result.ok) {
      setState('error');
      showLoadFailure(failed, result.offline);
      status.textContent = '';
      return;
    }
    failed.hidden = true;
    setState('ready');
    const fresh = result.page.records.filter((product) => !shown.has(product.id));
    const before = grid.children.length;
    appendCards(grid, template, fresh, { locale, currency: $currency.get(), rates: $rates.get(), mediaUrl });
    fresh.forEach((product, index) => {
      shown.add(product.id);
      addRemoveButton(grid.children[before + index] as HTMLElement, product);
    });
    total = result.page.total;
    showCount();
    status.textContent = '';
    // After "Load more", keyboard users continue at the first new product.
    if (!first) (grid.children[before] as HTMLElement | undefined)?.querySelector<HTMLElement>('.card-link')?.focus();
  };

  more.addEventListener('click', () => void load());
  root.querySelector('[data-wishlist-retry]')?.addEventListener('click', () => void load());
  // The route guard sends a signed-out visitor to sign in; nothing to load for them.
  if ($signedIn.get()) void load();
}

const root = document.querySelector<HTMLElement>('[data-wishlist-page]');
if (root) init(root);
