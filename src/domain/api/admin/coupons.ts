/** The back office's coupons (docs/back-office.md "Settings and coupons"): any staff holding coupon:edit. */
import type { z } from 'zod';
import type { AdminCoupon, CouponUse } from '../../coupons.model.ts';
import type { couponCreateRequestSchema, couponIdRequestSchema, couponListRequestSchema, couponUpdateRequestSchema, couponUsageRequestSchema } from '../../coupons.schema.ts';
import type { Page } from '../envelope.ts';
import { post } from '../endpoint.ts';

export const adminCouponsApi = {
  couponList: post<z.input<typeof couponListRequestSchema>, Page<AdminCoupon>>('/admin/coupons/list'),
  coupon: post<z.input<typeof couponIdRequestSchema>, AdminCoupon>('/admin/coupons/get'),
  createCoupon: post<z.input<typeof couponCreateRequestSchema>, AdminCoupon>('/admin/coupons/create'),
  updateCoupon: post<z.input<typeof couponUpdateRequestSchema>, AdminCoupon>('/admin/coupons/update'),
  expireCoupon: post<z.input<typeof couponIdRequestSchema>, AdminCoupon>('/admin/coupons/expire'),
  couponUsage: post<z.input<typeof couponUsageRequestSchema>, Page<CouponUse>>('/admin/coupons/usage'),
};
