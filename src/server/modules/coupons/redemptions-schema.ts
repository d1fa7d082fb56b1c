/** Coupon uses, one per order: apart from schema.ts because it refers to orders, which refer to coupons. */
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, refOrNull, requiredRef, serialId } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';
import { orderParent } from '../orders/schema.ts';
import { coupons } from './schema.ts';

/** One use of a coupon by one order; deleted (and the count given back) if the order is cancelled, unpaid or paid (a refund keeps it). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serialId(),
    couponId: requiredRef('coupon_id', () => coupons.id),
    orderId: orderParent(),
    userId: refOrNull('user_id', () => users.id),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.orderId),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_email_idx').on(t.couponId, t.email),
  ],
);
