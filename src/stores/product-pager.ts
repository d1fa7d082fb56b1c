/**
 * A "load more" list of products: the first page comes from the build's HTML, the next ones from
 * the API. The state lives here, not in the island, so any island or script can page products the
 * same way: the home page's whole catalogue by default, or any other source through `fetchPage`.
 */
import { map, type MapStore } from 'nanostores';
import { isApiError } from '../client/http.ts';
import { queryProductList } from '../client/catalogue.ts';
import type { Page } from '../domain/api/envelope.ts';
import type { ProductCard, ProductSort } from '../domain/catalogue.schema.ts';
import type { Locale } from '../domain/locale.ts';

export { mediaUrl } from '../client/http.ts';

export interface PagerState {
  products: ProductCard[];
  total: number;
  page: number;
  status: 'idle' | 'loading' | 'error';
  /** The first product of the last page loaded, for moving focus to it. */
  firstNewId: number | null;
}

export interface ProductPager {
  $state: MapStore<PagerState>;
  loadMore(): Promise<void>;
  cancel(): void;
}

/** Fetches page `current` of `size` products. */
export type PageFetcher = (current: number, size: number, signal?: AbortSignal) => Promise<Page<ProductCard>>;

export interface PagerOptions {
  locale?: Locale | undefined;
  sort?: ProductSort | undefined;
  /** Where further pages come from; by default the whole catalogue in `sort` order. */
  fetchPage?: PageFetcher | undefined;
}

/** Pages of the whole catalogue (the home page's list). */
export function catalogueFetcher(sort: ProductSort = 'recommended', locale?: Locale): PageFetcher {
  return (current, size, signal) => queryProductList({ current, size, sort }, { locale, signal });
}

export function createProductPager(initial: Page<ProductCard>, options: PagerOptions = {}): ProductPager {
  const fetchPage = options.fetchPage ?? catalogueFetcher(options.sort, options.locale);
  const $state = map<PagerState>({ products: initial.records, total: initial.total, page: initial.current, status: 'idle', firstNewId: null });
  let inFlight: AbortController | null = null;

  async function loadMore() {
    const state = $state.get();
    if (state.status === 'loading' || state.products.length >= state.total) return;
    const controller = new AbortController();
    inFlight = controller;
    $state.setKey('status', 'loading');
    try {
      const next = await fetchPage(state.page + 1, initial.size, controller.signal);
      const seen = new Set(state.products.map((p) => p.id));
      const fresh = next.records.filter((p) => !seen.has(p.id));
      const products = [...state.products, ...fresh];
      // An empty page means the catalogue shrank since the build: stop offering more.
      $state.set({ products, total: next.records.length === 0 ? products.length : next.total, page: next.current, status: 'idle', firstNewId: fresh[0]?.id ?? null });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The shopper sees a retry; the request id is what support needs to find the server's log.
      console.warn('Loading products failed', isApiError(error) ? `${error.code} ${error.msg} (request ${error.requestId})` : error);
      $state.setKey('status', 'error');
    }
  }

  return { $state, loadMore, cancel: () => inFlight?.abort() };
}
