/**
 * Category pages: the build rendered page 1 in the recommended order; this script adds paging and
 * sorting from `queryProductByTags`, keeping `?page=2&sort=price-asc` in the URL so a listing can be
 * shared and Back and Forward move through what the shopper saw. No React: it only clones the
 * page's card template. It loads when first needed (category-page.ts); the HTTP layer, the listing
 * store and the code that draws cards load on the first change of page or sort (or at once for a URL
 * that asks for one).
 */
import { DEFAULT_PRODUCT_SORT, type ProductSort } from '../../domain/catalogue.model.ts';
import type { Listing } from '../../stores/listing.ts';
import { CATEGORY_PAGE_SIZE, listingSearch, pageCount, parseSort, readListingState, sameListing, type ListingState } from './listing-url.ts';
import { focusResults, findView, readMessages, type ListingMessages } from './listing-view.ts';
import { pageFromClick, renderPager } from './pager.ts';
import { showLoadFailure } from '../load-failure.ts';

function init(root: HTMLElement): void {
  const view = findView(root);
  const tag = root.dataset['tag'];
  if (!view || !tag) return;
  const messages = readMessages<ListingMessages>(root);
  const select = root.querySelector<HTMLSelectElement>('select[name="sort"]');
  const retry = root.querySelector<HTMLButtonElement>('[data-listing-retry]');
  const initialTotal = Number(root.dataset['total'] ?? 0);
  let shown: ListingState = { page: 1, sort: DEFAULT_PRODUCT_SORT };
  let moveFocus = false;
  let listing: Promise<Listing<ProductSort>> | null = null;
  const href = (page: number) => `${location.pathname}${listingSearch({ page, sort: shown.sort })}`;

  function loadListing(): Promise<Listing<ProductSort>> {
    listing ??= Promise.all([import('../../stores/listing.ts'), import('./listing-render.ts')]).then(([{ categoryFetcher, createListing, mediaUrl }, { renderListing }]) => {
      const created = createListing<ProductSort>(categoryFetcher(tag!), { size: CATEGORY_PAGE_SIZE });
      created.$state.listen((state) => {
        // A page past the end (an old link after the category shrank): show the last one instead.
        if (state.status === 'ready' && state.records.length === 0 && state.total > 0 && state.page > 1) {
          show({ page: pageCount(state.total, state.size), sort: shown.sort }, 'replace');
          return;
        }
        renderListing(view!, state, { messages, href, mediaUrl });
        if (state.status !== 'loading' && moveFocus) {
          moveFocus = false;
          focusResults(view!);
        }
      });
      return created;
    });
    return listing;
  }

  function show(next: ListingState, history: 'push' | 'replace' | 'none'): void {
    const url = `${location.pathname}${listingSearch(next)}${location.hash}`;
    if (history === 'push') window.history.pushState(null, '', url);
    else if (history === 'replace') window.history.replaceState(null, '', url);
    shown = next;
    if (select) select.value = next.sort;
    // Say "loading" at once, even while the listing code itself is still arriving.
    view!.root.dataset['state'] = 'loading';
    view!.root.setAttribute('aria-busy', 'true');
    view!.count.textContent = messages.loading;
    loadListing().then(
      (created) => created.load(next.sort, next.page),
      () => {
        // The script could not be fetched (offline): show the error with its retry.
        view!.root.dataset['state'] = 'error';
        view!.root.setAttribute('aria-busy', 'false');
        if (view!.error) showLoadFailure(view!.error, true);
        listing = null;
      },
    );
  }

  // The build's page 1 is already in the HTML; only its pager is drawn here.
  root.dataset['state'] = 'ready';
  renderPager(view.pager, { page: 1, total: initialTotal, size: CATEGORY_PAGE_SIZE, href }, messages.pager);

  select?.addEventListener('change', () => show({ page: 1, sort: parseSort(select.value) }, 'push'));
  select?.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    show({ page: 1, sort: parseSort(select.value) }, 'push');
  });
  view.pager.addEventListener('click', (event) => {
    const page = pageFromClick(event);
    if (page === null) return;
    event.preventDefault();
    if (page === shown.page) return;
    moveFocus = true;
    show({ page, sort: shown.sort }, 'push');
  });
  retry?.addEventListener('click', () => show(shown, 'none'));
  window.addEventListener('popstate', () => show(readListingState(location.search), 'none'));

  const fromUrl = readListingState(location.search);
  if (!sameListing(fromUrl, shown)) show(fromUrl, 'none');
  // On a slow phone the shopper may pick a sort before this script arrives: honour it now.
  else if (select && parseSort(select.value) !== shown.sort) show({ page: 1, sort: parseSort(select.value) }, 'push');
}

const root = document.querySelector<HTMLElement>('[data-category-listing]');
if (root) init(root);
