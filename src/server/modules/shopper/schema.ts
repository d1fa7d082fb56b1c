/** What shoppers leave behind besides orders: reviews, newsletter sign-ups, wishlists. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, keyedTable, parentId, refOrNull, timestamps } from '../../db/columns.ts';
import type { SavedRosterValue } from '../../../domain/roster.model.ts';
import { users } from '../accounts/schema.ts';
import { products } from '../catalogue/schema.ts';

export const productComments = keyedTable(
  'product_comments',
  {
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
export const newsletterSubscriptions = keyedTable(
  'newsletter_subscriptions',
  {
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

/**
 * Team rosters a signed-in shopper saved under a team name, to order again next season
 * (docs/storefront.md "Team orders"). The roster is kept whole as the editor sent it; its product
 * is a plain number, as on order lines, so that a product switched off leaves the roster readable.
 */
export const teamRosters = keyedTable(
  'team_rosters',
  {
    userId: parentId('user_id', () => users.id),
    name: text('name').notNull(),
    productId: integer('product_id').notNull(),
    roster: jsonb('roster').$type<SavedRosterValue>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('team_rosters_user_name_uq').on(t.userId, sql`lower(${t.name})`), check('team_rosters_name_ck', sql`length(${t.name}) between 1 and 40`)],
);
