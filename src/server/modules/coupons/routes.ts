/** The back office's coupon calls (coupon:edit: R_SUPER, and R_ADMIN by default). */
import type { Page } from '../../../domain/api/envelope.ts';
import { adminCouponsApi } from '../../../domain/api/admin/coupons.ts';
import type { CouponUse } from '../../../domain/coupons.model.ts';
import { couponCreateRequestSchema, couponIdRequestSchema, couponListRequestSchema, couponUpdateRequestSchema, couponUsageRequestSchema } from '../../../domain/coupons.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import type { CouponDesk } from './coupon-desk.ts';

export interface CouponRouteDeps {
  desk: CouponDesk;
  /** The orders that used a coupon (the back-office module reads orders). */
  usage: (couponId: number, page: PageRequest) => Promise<Page<CouponUse>>;
}

export function couponRoutes({ desk, usage }: CouponRouteDeps, guards: Guards) {
  return backOfficeCalls(guards, [PERMISSIONS.COUPON_EDIT], (edit) => {
    edit(adminCouponsApi.couponList, 'Coupons, newest first, searched by code and filtered by state (active, scheduled, expired, used up)', couponListRequestSchema, ({ body }) =>
      desk.list({ query: body.query, state: body.state }, body),
    );
    edit(adminCouponsApi.coupon, 'One coupon as the editor shows it', couponIdRequestSchema, ({ body }) => desk.get(body.id));
    edit(adminCouponsApi.createCoupon, 'A new coupon (code unique, in the shop format); audited', couponCreateRequestSchema, ({ body, actor }) => desk.create(actor, body));
    edit(adminCouponsApi.updateCoupon, 'Save a coupon; the use limit cannot go below its uses; audited with the fields changed', couponUpdateRequestSchema, ({ body, actor }) =>
      desk.update(actor, body.id, body.coupon),
    );
    edit(adminCouponsApi.expireCoupon, 'End a coupon now; audited', couponIdRequestSchema, ({ body, actor }) => desk.expire(actor, body.id));
    edit(adminCouponsApi.couponUsage, 'The orders that used a coupon, newest first', couponUsageRequestSchema, ({ body }) => usage(body.id, body));
  });
}
