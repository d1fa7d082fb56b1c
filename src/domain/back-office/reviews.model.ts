/**
 * The back office's review moderation (docs/back-office.md "Teams, navigation, customers, reviews
 * and the newsletter"): what its calls answer. The requests are in reviews.schema.ts.
 */

export const REVIEW_STATES = ['visible', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export interface AdminReviewRow {
  id: number;
  productId: number;
  productTitle: string;
  authorName: string;
  rating: number;
  content: string;
  state: ReviewState;
  /** Why it was last hidden or shown again. */
  reason: string | null;
  createdAt: string;
}
