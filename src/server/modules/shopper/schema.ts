/** What shoppers leave behind besides orders: reviews, newsletter sign-ups, wishlists. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, parentId, refOrNull, serialId, timestamps } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';
import { products } from '../catalogue/schema.ts';

export const productComments = pgTable(
  'product_comments',
  {
    id: serialId(),
    productId: parentId('product_id', () => products.id),
    /** Set when a signed-in shopper wrote it; seeded demo reviews have none. */
    userId: refOrNull('user_id', () => users.id),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    visible: boolean('visible').notNull().default(true),
    /** Why staff last hid or showed it again (the back office's moderation). */
    moderationReason: text('moderation_reason'),
    ...timestamps(),
  },
  (t) => [
    index('product_comments_product_idx').on(t.productId, t.createdAt),
    // One review per shopper per product: posting again edits it.
    uniqueIndex('product_comments_user_product_uq').on(t.userId, t.productId).where(sql`${t.userId} is not null`),
    check('product_comments_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

/** Newsletter sign-ups by email, from guests and account holders alike. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serialId(),
    email: text('email').notNull(),
    /** footer, register, profile */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  // The back office's subscriber search is by prefix (newsletter-desk.ts).
  (t) => [uniqueIndex('newsletter_subscriptions_email_uq').on(t.email), index('newsletter_subscriptions_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: parentId('user_id', () => users.id),
    productId: parentId('product_id', () => products.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId], name: 'wishlist_items_pk' }), index('wishlist_items_user_idx').on(t.userId, t.createdAt)],
);
