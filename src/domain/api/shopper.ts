/** The newsletter (guests too), the wishlist and product reviews. */
import type { z } from 'zod';
import type { reviewRemoveRequestSchema, reviewRequestSchema, subscribeRequestSchema, wishlistListRequestSchema, wishlistRequestSchema, wishlistStatusRequestSchema } from '../account.schema.ts';
import type { commentListRequestSchema } from '../catalogue.schema.ts';
import type { ProductComment } from '../catalogue.model.ts';
import type { CommentPage, WishlistChange, WishlistEntry } from '../shopper.model.ts';
import type { Page } from './envelope.ts';
import { post } from './endpoint.ts';

export const shopperApi = {
  /** The same answer whether or not the email already was subscribed. */
  subscribe: post<z.input<typeof subscribeRequestSchema>, { subscribed: true }>('/demo/ironSubscribe/saveOrUpdateBatch'),
  /** Adds or removes one product (both idempotent). */
  wishlistChange: post<z.input<typeof wishlistRequestSchema>, WishlistChange>('/demo/ironCollect/collection'),
  /** Newest first, as product cards. */
  wishlist: post<z.input<typeof wishlistListRequestSchema>, Page<WishlistEntry>>('/demo/ironCollect/queryList'),
  /** Which of a page's products are on the wishlist (one call for all its hearts). */
  wishlistCollected: post<z.input<typeof wishlistStatusRequestSchema>, { productIds: number[] }>('/demo/ironCollect/queryCollected'),
  reviews: post<z.input<typeof commentListRequestSchema>, CommentPage>('/demo/ironProductComment/queryList'),
  /** One review per shopper and product: posting again replaces it. */
  saveReview: post<z.input<typeof reviewRequestSchema>, ProductComment>('/demo/ironProductComment/save'),
  removeReview: post<z.input<typeof reviewRemoveRequestSchema>, { deleted: number }>('/demo/ironProductComment/remove'),
};
