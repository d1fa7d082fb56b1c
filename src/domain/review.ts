/**
 * A product review's limits and the form's own check, without zod: the product page's
 * JavaScript budget cannot carry it (account.ts's `reviewRequestSchema` uses these same limits
 * and stays the authority on the server).
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Characters of review text, counted after trimming. */
export const REVIEW_MAX = 2000;

export type ReviewProblem = 'ratingInvalid' | 'reviewRequired' | 'tooLong';

/** What is wrong with a review before it is sent (none: an empty list), in the form's order. */
export function checkReview(review: { rating: number | null; content: string }): ReviewProblem[] {
  const problems: ReviewProblem[] = [];
  const { rating } = review;
  if (rating === null || !Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) problems.push('ratingInvalid');
  const text = review.content.trim();
  if (text === '') problems.push('reviewRequired');
  else if (text.length > REVIEW_MAX) problems.push('tooLong');
  return problems;
}
