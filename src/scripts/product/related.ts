/**
 * The product page's "You may also like": loaded in the browser from the catalogue API (the same
 * questions as the product shell page: stores/product.ts `loadRelated`) when the section comes
 * near the screen, and drawn from the page's blank card (scripts/browse/product-cards.ts).
 *
 * Not in the build's HTML on purpose: eight cards were 8 KB of every product page, each page had
 * to be rebuilt whenever a product it showed changed (a price edit rebuilt hundreds of pages),
 * and a new product joined the lists only at the next full build. Live, the list is always
 * current; the API answers these questions from its cache. When they cannot be answered the
 * section says so with a Retry (scripts/load-failure-block.ts).
 */
import type { ProductDetail } from '../../domain/catalogue.schema.ts';
import { pageLocale } from '../browse/listing-view.ts';
import { renderCards } from '../browse/product-cards.ts';

async function fill(section: HTMLElement): Promise<void> {
  const grid = section.querySelector<HTMLElement>('[data-product-grid]');
  const template = section.querySelector<HTMLTemplateElement>('template[data-card-template]');
  const id = Number(section.dataset['productId']);
  if (!grid || !template || !Number.isSafeInteger(id)) return;
  const [{ loadRelated, mediaUrl }, { $currency }, { $rates }] = await Promise.all([
    import('../../stores/product.ts'),
    import('../../stores/currency.ts'),
    import('../../stores/shop-config.ts'),
  ]);
  const team = section.dataset['team'];
  const product: Pick<ProductDetail, 'id' | 'tags' | 'sport' | 'team'> = {
    id,
    sport: section.dataset['sport'] ?? '',
    tags: (section.dataset['tags'] ?? '').split(' ').filter(Boolean),
    team: team ? { tag: team, name: '' } : null,
  };
  const locale = pageLocale();
  const result = await loadRelated(product, locale);
  if (!result.ok) {
    // The heading and the failure (network-error picture when the shop could not be reached) with
    // a Retry that asks again; drawn only now, so the built page carries none of it.
    const { loadFailureBlock } = await import('../load-failure-block.ts');
    const block = await loadFailureBlock(locale, result.offline, () => {
      block.remove();
      section.dataset['pending'] = '';
      void fill(section);
    });
    section.append(block);
    delete section.dataset['pending'];
    return;
  }
  if (result.cards.length === 0) return;
  renderCards(grid, template, result.cards, { locale, currency: $currency.get(), rates: $rates.get(), mediaUrl }, 0);
  delete section.dataset['pending'];
}

const section = document.querySelector<HTMLElement>('[data-related]');
if (section) {
  // Below the fold: ask when it is about to be seen, not while the page is still loading. Until
  // filled the section has no height (product.css), which still counts as coming into view.
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void fill(section);
    },
    { rootMargin: '600px' },
  );
  observer.observe(section);
}
