/**
 * The home page's "Load more": appends the next page of the catalogue (recommended order) to the
 * featured grid the build rendered. Loaded with the HTTP layer on the button's first click
 * (home-products.ts), keeping the home page's script before interaction small.
 */
import { $currency } from '../../stores/currency.ts';
import { $rates } from '../../stores/shop-config.ts';
import { catalogueFetcher, mediaUrl } from '../../stores/product-pager.ts';
import { pageLocale, readMessages } from './listing-view.ts';
import { interpolate } from '../../i18n/core.ts';
import { appendCards } from './product-cards.ts';

interface Messages {
  loadMore: string;
  loading: string;
  retry: string;
  showing: string;
}

/** The button's action: loads and shows the next page; null when the section lacks its parts. */
export function createLoadMore(root: HTMLElement, button: HTMLButtonElement): (() => Promise<void>) | null {
  const grid = root.querySelector<HTMLElement>('[data-product-grid]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-card-template]');
  const count = root.querySelector<HTMLElement>('[data-load-count]');
  const error = root.querySelector<HTMLElement>('[data-load-error]');
  if (!grid || !template) return null;
  const messages = readMessages<Messages>(root);
  const size = Number(root.dataset['size'] ?? 12);
  let total = Number(root.dataset['total'] ?? 0);
  let page = 1;
  let loading = false;

  const shownIds = () => new Set([...grid.querySelectorAll<HTMLElement>('[data-product-id]')].map((card) => Number(card.dataset['productId'])));

  return async function loadMore() {
    if (loading) return;
    loading = true;
    // aria-disabled rather than disabled, so keyboard focus stays on the button.
    button.setAttribute('aria-disabled', 'true');
    button.textContent = messages.loading;
    if (error) error.hidden = true;
    try {
      const next = await catalogueFetcher('recommended')(page + 1, size);
      const seen = shownIds();
      const fresh = next.records.filter((product) => !seen.has(product.id));
      appendCards(grid, template, fresh, { locale: pageLocale(), currency: $currency.get(), rates: $rates.get(), mediaUrl });
      page = next.current;
      const shown = seen.size + fresh.length;
      // An empty page means the catalogue shrank since the build: stop offering more.
      total = next.records.length === 0 ? shown : next.total;
      if (count) count.textContent = interpolate(messages.showing, { shown, total });
      button.textContent = messages.loadMore;
      if (shown >= total) button.hidden = true;
      // Keyboard and screen-reader users continue at the first new product.
      if (fresh[0]) document.querySelector<HTMLAnchorElement>(`#product-${fresh[0].id}-title a`)?.focus();
    } catch {
      if (error) error.hidden = false;
      button.textContent = messages.retry;
    } finally {
      loading = false;
      button.removeAttribute('aria-disabled');
    }
  };
}
