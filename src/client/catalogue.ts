/**
 * Typed catalogue calls (src/domain/api/catalogue.ts). Used by the build to pre-render pages and by islands in the browser. Prices come back in EUR
 * minor units; titles in the language of `options.locale`.
 */
import { catalogueApi } from '../domain/api/catalogue.ts';
import type { RequestOf } from '../domain/api/endpoint.ts';
import { CODES, type Page } from '../domain/api/envelope.ts';
import type { NavItem, ProductCard, ProductDetail } from '../domain/catalogue.schema.ts';
import { call, isApiError, type RequestOptions } from './http.ts';

/** The requests as the contract takes them (the server fills in defaults). */
export type ProductListQuery = RequestOf<typeof catalogueApi.productList>;
export type ProductsByTagsQuery = RequestOf<typeof catalogueApi.productsByTags>;
export type SearchQuery = RequestOf<typeof catalogueApi.search>;

/** The navigation tree, up to three levels. */
export async function queryNavTree(options?: RequestOptions): Promise<NavItem[]> {
  const data = await call(catalogueApi.navTree, {}, options);
  return data.records;
}

/** Every navigation item, flat (parents point at `parentTag`). */
export async function queryNavList(options?: RequestOptions): Promise<NavItem[]> {
  const data = await call(catalogueApi.navList, {}, options);
  return data.records;
}

export function queryProductList(query: ProductListQuery, options?: RequestOptions): Promise<Page<ProductCard>> {
  return call(catalogueApi.productList, query, options);
}

export function queryProductByTags(query: ProductsByTagsQuery, options?: RequestOptions): Promise<Page<ProductCard>> {
  return call(catalogueApi.productsByTags, query, options);
}

export function queryProductDetail(id: number, options?: RequestOptions): Promise<ProductDetail> {
  return call(catalogueApi.productDetail, { id }, options);
}

export function searchProducts(query: SearchQuery, options?: RequestOptions): Promise<Page<ProductCard>> {
  return call(catalogueApi.search, query, options);
}

/**
 * Every product, walking the list in pages of `size` (the API's maximum is 100). For the build,
 * which renders one page per product.
 */
export async function queryAllProducts(options?: RequestOptions, size = 100): Promise<ProductCard[]> {
  // Keyed by id, so a product that moves between pages during the walk is not rendered twice.
  const all = new Map<number, ProductCard>();
  for (let current = 1; ; current++) {
    const page = await queryProductList({ current, size, sort: 'newest' }, options);
    for (const product of page.records) all.set(product.id, product);
    if (page.records.length < size || current * size >= page.total) return [...all.values()];
  }
}

/**
 * Which of `ids` are on sale, asked product by product: a rebuild of a few changed products does
 * not walk the whole catalogue for them (a hundred calls a locale at 10,000 products).
 */
export async function productsOnSale(ids: readonly number[], options?: RequestOptions): Promise<number[]> {
  const onSale: number[] = [];
  for (let i = 0; i < ids.length; i += 32) {
    const found = await Promise.all(
      ids.slice(i, i + 32).map((id) =>
        queryProductDetail(id, options).then(
          () => id,
          (error: unknown) => {
            if (isApiError(error) && error.code === CODES.NOT_FOUND) return null;
            throw error;
          },
        ),
      ),
    );
    for (const id of found) if (id !== null) onSale.push(id);
  }
  return onSale;
}
