/**
 * The product page's live data and actions: the product itself (stock and prices change after
 * the build), its patches and add-ons, its reviews, related products, and adding a configured
 * shirt to the cart. Islands use these instead of calling the HTTP layer.
 */
import { map, type MapStore } from 'nanostores';
import { queryProductDetail } from '../client/catalogue.ts';
import { isApiError } from '../client/http.ts';
import { queryAddonList, queryCommentList, queryPatchList, queryRelatedProducts, type CommentPage } from '../client/product.ts';
import { CODES } from '../domain/api/envelope.ts';
import type { Addon, Patch, ProductCard, ProductComment, ProductDetail } from '../domain/catalogue.schema.ts';
import type { Locale } from '../domain/locale.ts';
import { addToCart, type NewCartLineInput } from './cart.ts';
import { unreachable } from './failures.ts';

export { mediaUrl } from '../client/http.ts';
export type { CommentPage } from '../client/product.ts';

/** Logs a failed call with what support needs (its request id); the shopper is told by the caller. */
export function logFailure(what: string, error: unknown): void {
  // The request id is what support needs to find the server's log line.
  console.warn(what, isApiError(error) ? `${error.code} ${error.msg} (request ${error.requestId})` : error);
}

export type ProductLoad = { status: 'found'; product: ProductDetail } | { status: 'not-found' } | { status: 'error' } | { status: 'aborted' };

/** The product as the API has it now; "not-found" for an unknown (or withdrawn) id. */
export async function loadProduct(id: number, options: { locale: Locale; signal?: AbortSignal }): Promise<ProductLoad> {
  try {
    return { status: 'found', product: await queryProductDetail(id, options) };
  } catch (error) {
    if (options.signal?.aborted) return { status: 'aborted' };
    if (isApiError(error) && error.code === CODES.NOT_FOUND) return { status: 'not-found' };
    logFailure('Loading the product failed', error);
    return { status: 'error' };
  }
}

export interface ExtrasState {
  status: 'loading' | 'ready' | 'error';
  patches: Patch[];
  addons: Addon[];
}

export interface ProductExtras {
  $state: MapStore<ExtrasState>;
  /** Loads (or, after a failure, retries) both lists; both succeed or the state is "error". */
  load(): Promise<void>;
  cancel(): void;
}

/** The patches and add-ons of one product (a failure offers Retry: docs/storefront.md). */
export function createProductExtras(productId: number, locale: Locale): ProductExtras {
  const $state = map<ExtrasState>({ status: 'loading', patches: [], addons: [] });
  let inFlight: AbortController | null = null;

  async function load() {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    $state.setKey('status', 'loading');
    const options = { locale, signal: controller.signal };
    try {
      const [patches, addons] = await Promise.all([queryPatchList(productId, options), queryAddonList(productId, options)]);
      $state.set({ status: 'ready', patches, addons });
    } catch (error) {
      if (controller.signal.aborted) return;
      logFailure('Loading patches and add-ons failed', error);
      $state.set({ status: 'error', patches: [], addons: [] });
    }
  }

  return { $state, load, cancel: () => inFlight?.abort() };
}

export interface ReviewsState {
  status: 'idle' | 'loading' | 'error';
  page: CommentPage | null;
  /** The page being loaded or last asked for. */
  current: number;
}

export interface ProductReviews {
  $state: MapStore<ReviewsState>;
  load(current: number): Promise<void>;
  /** Shows the first page again with the shopper's just-posted review in it. */
  showPosted(review: ProductComment): Promise<void>;
  cancel(): void;
}

/** Paged reviews; `initial` is the first page from the build, shown until a live one arrives. */
export function createProductReviews(productId: number, pageSize: number, initial: CommentPage | null): ProductReviews {
  const $state = map<ReviewsState>({ status: 'idle', page: initial, current: initial?.current ?? 1 });
  let inFlight: AbortController | null = null;

  async function load(current: number) {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    $state.set({ ...$state.get(), status: 'loading', current });
    try {
      const page = await queryCommentList({ productId, current, size: pageSize }, { signal: controller.signal });
      $state.set({ status: 'idle', page, current });
    } catch (error) {
      if (controller.signal.aborted) return;
      logFailure('Loading reviews failed', error);
      $state.setKey('status', 'error');
    }
  }

  // An edited review keeps its first date, so it may sit on a later page: it is shown first anyway.
  async function showPosted(review: ProductComment) {
    await load(1);
    const { page } = $state.get();
    if (page && !page.records.some((record) => record.id === review.id)) $state.setKey('page', { ...page, records: [review, ...page.records] });
  }

  return { $state, load, showPosted, cancel: () => inFlight?.abort() };
}

/** Related products for a product rendered in the browser; an empty list when the call fails. */
/** `offline`: the shop could not be reached (the section shows the network-error state). */
export type RelatedLoad = { ok: true; cards: ProductCard[] } | { ok: false; offline: boolean };

export async function loadRelated(product: Pick<ProductDetail, 'id' | 'tags' | 'sport' | 'team'>, locale: Locale): Promise<RelatedLoad> {
  try {
    // Silent: the section says it failed itself, no toast besides.
    return { ok: true, cards: await queryRelatedProducts(product, 8, { locale, silent: true }) };
  } catch (error) {
    logFailure('Loading related products failed', error);
    return { ok: false, offline: unreachable(error) };
  }
}

export type AddResult = { ok: true; ids: number[] } | { ok: false; message: string };

/**
 * Adds a configured shirt. The server prices and checks it (stock, squad, patches); a refusal
 * comes back as its message ("Only 2 left in size M") for the shopper to read.
 */
export async function addConfiguredLine(line: NewCartLineInput): Promise<AddResult> {
  try {
    const saved = await addToCart([line]);
    return { ok: true, ids: saved.ids };
  } catch (error) {
    logFailure('Adding to the cart failed', error);
    return { ok: false, message: isApiError(error) ? error.msg : String(error) };
  }
}
