/** The back office's review moderation calls (`review:moderate`); the desk is the shopper module's ReviewDesk. */
import { adminReviewsApi } from '../../../domain/api/admin/reviews.ts';
import { reviewListRequestSchema, reviewModerateRequestSchema } from '../../../domain/back-office/reviews.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import { splitPage } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { ReviewDesk } from '../shopper/index.ts';

export interface ReviewRouteDeps {
  db: Db;
}

export function reviewRoutes(deps: ReviewRouteDeps, guards: Guards) {
  const reviews = new ReviewDesk(deps.db);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const moderate = staffCalls(route, guards.requirePermission(PERMISSIONS.REVIEW_MODERATE));
    moderate(adminReviewsApi.reviewList, 'Reviews newest first, filtered by state (visible, hidden) and product', reviewListRequestSchema, ({ body, locale }) => reviews.list(...splitPage(body), locale));
    moderate(
      adminReviewsApi.moderateReview,
      'Hide a review (a reason is required) or show it again; a hidden review leaves the product page, its count and its average at once',
      reviewModerateRequestSchema,
      ({ body, actor, locale }) => reviews.moderate(actor, body, locale),
    );
  });
}
