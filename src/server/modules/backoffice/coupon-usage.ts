/**
 * The orders that used a coupon, newest first: its redemptions (one per order, counted while the
 * order holds the use; an unpaid order cancelled gives it back) with each order's figures.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import type { CouponUse } from '../../../domain/coupons.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { Db } from '../../db/client.ts';
import { pageOf, pageWindow, type PageRequest } from '../../db/paging.ts';
import { couponRedemptions } from '../coupons/index.ts';
import { orders } from '../orders/index.ts';

export async function couponUsage(db: Db, couponId: number, page: PageRequest): Promise<Page<CouponUse>> {
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ orderNo: orders.orderNo, placedAt: orders.createdAt, email: orders.email, status: orders.status, currency: orders.currency, total: orders.total, couponDiscount: orders.couponDiscount })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(eq(couponRedemptions.couponId, couponId))
      .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId)),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, placedAt: r.placedAt.toISOString(), currency: r.currency as CurrencyCode })),
    total?.n ?? 0,
    page,
  );
}
