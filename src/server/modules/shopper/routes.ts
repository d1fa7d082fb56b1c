/** Newsletter (guests too), wishlist and reviews. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewRemoveRequestSchema, reviewRequestSchema, subscribeRequestSchema, wishlistListRequestSchema, wishlistRequestSchema, wishlistStatusRequestSchema } from '../../../domain/account.ts';
import { commentListRequestSchema } from '../../../domain/catalogue.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { NewsletterService } from './newsletter.ts';
import { LIMITS, UserService, type RateLimiter } from '../accounts/index.ts';
import type { ReviewService } from './reviews.ts';
import type { WishlistService } from './wishlist.ts';
import { callerOf, localeOf, userOf } from '../../http/context.ts';

export interface ShopperServices {
  newsletter: NewsletterService;
  wishlist: WishlistService;
  reviews: ReviewService;
  users: UserService;
  limiter: RateLimiter;
  clock: Clock;
}

export function shopperRoutes(services: ShopperServices, guards: Guards) {
  const { newsletter, wishlist, reviews, users, limiter, clock } = services;
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preValidation: guards.requireUser };

    r.post(
      '/demo/ironSubscribe/saveOrUpdateBatch',
      { schema: { tags: ['newsletter'], summary: 'Subscribe an email to the newsletter; the same answer whether or not it already was', body: subscribeRequestSchema } },
      async (request) => {
        await limiter.enforce([[LIMITS.newsletter, callerOf(request).ip]], (wait) => msg('throttle.newsletter', { wait }));
        // Whether the email was already on the list is not said: that is the subscriber's business.
        await newsletter.subscribe(request.body.email, 'footer');
        return ok({ subscribed: true }, 'account.subscribed');
      },
    );

    r.post(
      '/demo/ironCollect/collection',
      { ...signedIn, schema: { tags: ['wishlist'], summary: 'Add a product to the wishlist or remove it (both idempotent)', body: wishlistRequestSchema } },
      async (request) => ok(await wishlist.change(userOf(request).userId, request.body.productId, request.body.action)),
    );
    r.post(
      '/demo/ironCollect/queryList',
      { ...signedIn, schema: { tags: ['wishlist'], summary: 'The wishlist, newest first, as product cards', body: wishlistListRequestSchema } },
      async (request) => ok(await wishlist.list(userOf(request).userId, request.body, localeOf(request))),
    );
    r.post(
      '/demo/ironCollect/queryCollected',
      { ...signedIn, schema: { tags: ['wishlist'], summary: 'Which of the given products are on the wishlist (hearts on product cards)', body: wishlistStatusRequestSchema } },
      async (request) => ok({ productIds: await wishlist.collected(userOf(request).userId, request.body.productIds) }),
    );

    r.post('/demo/ironProductComment/queryList', { schema: { tags: ['reviews'], summary: 'Customer reviews of a product', body: commentListRequestSchema } }, async (request) =>
      ok(await reviews.list(request.body)),
    );
    r.post(
      '/demo/ironProductComment/save',
      { ...signedIn, schema: { tags: ['reviews'], summary: 'Post a rating and text; posting again edits your review of that product', body: reviewRequestSchema } },
      async (request) => {
        const user = await users.get(userOf(request).userId);
        if (!user) throw notFound('user');
        return ok(await reviews.save(user.id, UserService.authorName(user), request.body, clock()));
      },
    );
    r.post('/demo/ironProductComment/remove', { ...signedIn, schema: { tags: ['reviews'], summary: 'Delete one of your reviews', body: reviewRemoveRequestSchema } }, async (request) =>
      ok(await reviews.remove(userOf(request).userId, request.body.id)),
    );
  };
}
