/** The review form's own check (src/domain/review.ts) agrees with the server's schema. */
import { describe, expect, it } from 'vitest';
import { reviewRequestSchema } from '../../../src/domain/account.schema.ts';
import { checkReview, REVIEW_MAX } from '../../../src/domain/review.ts';

describe('checking a review before it is sent', () => {
  it('needs a whole rating from 1 to 5 and some text', () => {
    expect(checkReview({ rating: null, content: '' })).toEqual(['ratingInvalid', 'reviewRequired']);
    expect(checkReview({ rating: 0, content: 'ok' })).toEqual(['ratingInvalid']);
    expect(checkReview({ rating: 6, content: 'ok' })).toEqual(['ratingInvalid']);
    expect(checkReview({ rating: 2.5, content: 'ok' })).toEqual(['ratingInvalid']);
    expect(checkReview({ rating: 5, content: '   ' })).toEqual(['reviewRequired']);
    expect(checkReview({ rating: 1, content: '<b>hi</b>' })).toEqual([]);
  });

  it('counts length after trimming, as the server does', () => {
    const longest = ` ${'x'.repeat(REVIEW_MAX)} `;
    expect(checkReview({ rating: 4, content: longest })).toEqual([]);
    expect(checkReview({ rating: 4, content: 'x'.repeat(REVIEW_MAX + 1) })).toEqual(['tooLong']);
  });

  it('passes exactly what the server’s schema passes', () => {
    for (const [rating, content] of [
      [1, 'fine'],
      [5, 'x'.repeat(REVIEW_MAX)],
      [0, 'fine'],
      [3, ''],
      [3, 'x'.repeat(REVIEW_MAX + 1)],
    ] as const) {
      const server = reviewRequestSchema.safeParse({ productId: 1, rating, content }).success;
      expect(checkReview({ rating, content }).length === 0, `${rating} ${content.length}`).toBe(server);
    }
  });
});
