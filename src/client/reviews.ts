/**
 * Posting a product review (the list is in product.ts with the page's other reads). One review
 * per shopper and product: posting again replaces the earlier one.
 */
import type { ProductComment } from '../domain/catalogue.ts';
import { post, type RequestOptions } from './http.ts';

export interface ReviewPayload {
  productId: number;
  rating: number;
  content: string;
}

export function saveReview(review: ReviewPayload, options?: RequestOptions): Promise<ProductComment> {
  return post<ProductComment>('/demo/ironProductComment/save', review, options);
}
