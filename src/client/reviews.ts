/**
 * Posting a product review (the list is in product.ts with the page's other reads). One review
 * per shopper and product: posting again replaces the earlier one.
 */
import type { RequestOf } from '../domain/api/endpoint.ts';
import { shopperApi } from '../domain/api/shopper.ts';
import type { ProductComment } from '../domain/catalogue.model.ts';
import { call, type RequestOptions } from './http.ts';

export type ReviewPayload = RequestOf<typeof shopperApi.saveReview>;

export function saveReview(review: ReviewPayload, options?: RequestOptions): Promise<ProductComment> {
  return call(shopperApi.saveReview, review, options);
}
