/** Posting a product review from the product page's reviews tab. */
import { isApiError } from '../client/http.ts';
import { saveReview, type ReviewPayload } from '../client/reviews.ts';
import type { ProductComment } from '../domain/catalogue.schema.ts';
import './http-ready.ts';

export type PostReviewResult = { ok: true; review: ProductComment } | { ok: false; code: string; message: string };

/**
 * Posts (or, for a shopper who already reviewed the product, replaces) a review. Quiet: the form
 * shows a refusal itself, next to what it is about.
 */
export async function postReview(review: ReviewPayload): Promise<PostReviewResult> {
  try {
    return { ok: true, review: await saveReview(review, { silent: true }) };
  } catch (error) {
    if (isApiError(error)) return { ok: false, code: error.code, message: error.msg };
    throw error;
  }
}
