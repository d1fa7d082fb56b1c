/** Newsletter (guests too), wishlist, reviews and saved team rosters. */
import { reviewRemoveRequestSchema, reviewRequestSchema, subscribeRequestSchema, wishlistListRequestSchema, wishlistRequestSchema, wishlistStatusRequestSchema } from '../../../domain/account.schema.ts';
import { shopperApi } from '../../../domain/api/shopper.ts';
import { rosterApi } from '../../../domain/api/rosters.ts';
import { savedRosterCopyRequestSchema, savedRosterIdRequestSchema, savedRosterRenameRequestSchema, savedRosterSaveRequestSchema } from '../../../domain/roster.schema.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import { commentListRequestSchema } from '../../../domain/catalogue.schema.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { NewsletterService } from './newsletter.ts';
import { LIMITS, UserService, type RateLimiter } from '../accounts/index.ts';
import type { ReviewService } from './reviews.ts';
import type { WishlistService } from './wishlist.ts';
import type { SavedRosters } from './saved-rosters.ts';
import { callerOf, localeOf, userOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

export interface ShopperServices {
  newsletter: NewsletterService;
  wishlist: WishlistService;
  reviews: ReviewService;
  rosters: SavedRosters;
  users: UserService;
  limiter: RateLimiter;
  clock: Clock;
}

export function shopperRoutes(services: ShopperServices, guards: Guards) {
  const { newsletter, wishlist, reviews, rosters, users, limiter, clock } = services;
  const signedIn = { preValidation: guards.requireUser };
  // Three areas, so each route names its tags.
  return contractRoutes({}, (route) => {
    route(shopperApi.subscribe, {
      tags: ['newsletter'],
      summary: 'Subscribe an email to the newsletter; the same answer whether or not it already was',
      request: subscribeRequestSchema,
      handler: async (request) => {
        await limiter.enforce([[LIMITS.newsletter, callerOf(request).ip]], (wait) => msg('throttle.newsletter', { wait }));
        // Whether the email was already on the list is not said: that is the subscriber's business.
        await newsletter.subscribe(request.body.email, 'footer');
        return ok({ subscribed: true as const }, 'account.subscribed');
      },
    });

    route(shopperApi.wishlistChange, {
      ...signedIn,
      tags: ['wishlist'],
      summary: 'Add a product to the wishlist or remove it (both idempotent)',
      request: wishlistRequestSchema,
      handler: async (request) => ok(await wishlist.change(userOf(request).userId, request.body.productId, request.body.action)),
    });
    route(shopperApi.wishlist, {
      ...signedIn,
      tags: ['wishlist'],
      summary: 'The wishlist, newest first, as product cards',
      request: wishlistListRequestSchema,
      handler: async (request) => ok(await wishlist.list(userOf(request).userId, request.body, localeOf(request))),
    });
    route(shopperApi.wishlistCollected, {
      ...signedIn,
      tags: ['wishlist'],
      summary: 'Which of the given products are on the wishlist (hearts on product cards)',
      request: wishlistStatusRequestSchema,
      handler: async (request) => ok({ productIds: await wishlist.collected(userOf(request).userId, request.body.productIds) }),
    });

    route(rosterApi.saved, {
      ...signedIn,
      tags: ['rosters'],
      summary: 'Your saved team rosters, most recently changed first',
      request: emptyBodySchema,
      handler: async (request) => ok(await rosters.list(userOf(request).userId, localeOf(request))),
    });
    route(rosterApi.save, {
      ...signedIn,
      tags: ['rosters'],
      summary: 'Save a team roster under its team name (new, or over id)',
      request: savedRosterSaveRequestSchema,
      handler: async (request) => ok(await rosters.save(userOf(request).userId, request.body.roster, request.body.id)),
    });
    route(rosterApi.rename, {
      ...signedIn,
      tags: ['rosters'],
      summary: 'Rename a saved team roster',
      request: savedRosterRenameRequestSchema,
      handler: async (request) => ok(await rosters.rename(userOf(request).userId, request.body.id, request.body.name)),
    });
    route(rosterApi.copy, {
      ...signedIn,
      tags: ['rosters'],
      summary: 'Copy a saved team roster under a new team name',
      request: savedRosterCopyRequestSchema,
      handler: async (request) => ok(await rosters.copy(userOf(request).userId, request.body.id, request.body.name)),
    });
    route(rosterApi.remove, {
      ...signedIn,
      tags: ['rosters'],
      summary: 'Delete a saved team roster',
      request: savedRosterIdRequestSchema,
      handler: async (request) => ok(await rosters.remove(userOf(request).userId, request.body.id)),
    });

    route(shopperApi.reviews, {
      tags: ['reviews'],
      summary: 'Customer reviews of a product',
      request: commentListRequestSchema,
      handler: async (request) => ok(await reviews.list(request.body)),
    });
    route(shopperApi.saveReview, {
      ...signedIn,
      tags: ['reviews'],
      summary: 'Post a rating and text; posting again edits your review of that product',
      request: reviewRequestSchema,
      handler: async (request) => {
        const user = await users.get(userOf(request).userId);
        if (!user) throw notFound('user');
        return ok(await reviews.save(user.id, UserService.authorName(user), request.body, clock()));
      },
    });
    route(shopperApi.removeReview, {
      ...signedIn,
      tags: ['reviews'],
      summary: 'Delete one of your reviews',
      request: reviewRemoveRequestSchema,
      handler: async (request) => ok(await reviews.remove(userOf(request).userId, request.body.id)),
    });
  });
}
