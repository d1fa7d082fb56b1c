/** Product reviews as staff moderate them (docs/back-office.md "Teams, navigation, customers, reviews and the newsletter"): review:moderate. */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { AdminReviewRow } from '../../back-office/reviews.model.ts';
import type { reviewListRequestSchema, reviewModerateRequestSchema } from '../../back-office/reviews.schema.ts';
import { post } from '../endpoint.ts';

export const adminReviewsApi = {
  reviewList: post<z.input<typeof reviewListRequestSchema>, Page<AdminReviewRow>>('/admin/reviews/list'),
  moderateReview: post<z.input<typeof reviewModerateRequestSchema>, AdminReviewRow>('/admin/reviews/moderate'),
};
