/** The back office's coupon calls (coupon:edit: R_SUPER, and R_ADMIN by default). */
import type { Page } from '../../../domain/api/envelope.ts';
import { adminCouponsApi } from '../../../domain/api/admin/coupons.ts';
import type { CouponUse } from '../../../domain/coupons.model.ts';
import { couponCreateRequestSchema, couponIdRequestSchema, couponListRequestSchema, couponUpdateRequestSchema, couponUsageRequestSchema } from '../../../domain/coupons.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { Guards } from '../../http/auth.ts';
import { actorOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import type { CouponDesk } from './coupon-desk.ts';

export interface CouponRouteDeps {
  desk: CouponDesk;
  /** The orders that used a coupon (the back-office module reads orders). */
  usage: (couponId: number, page: PageRequest) => Promise<Page<CouponUse>>;
}

export function couponRoutes({ desk, usage }: CouponRouteDeps, guards: Guards) {
  const edit = guards.requirePermission(PERMISSIONS.COUPON_EDIT);
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminCouponsApi.couponList, {
      summary: 'Coupons, newest first, searched by code and filtered by state (active, scheduled, expired, used up)',
      preValidation: edit,
      request: couponListRequestSchema,
      handler: async (request) => ok(await desk.list({ query: request.body.query, state: request.body.state }, request.body)),
    });
    route(adminCouponsApi.coupon, {
      summary: 'One coupon as the editor shows it',
      preValidation: edit,
      request: couponIdRequestSchema,
      handler: async (request) => ok(await desk.get(request.body.id)),
    });
    route(adminCouponsApi.createCoupon, {
      summary: 'A new coupon (code unique, in the shop format); audited',
      preValidation: edit,
      request: couponCreateRequestSchema,
      handler: async (request) => ok(await desk.create(actorOf(request), request.body)),
    });
    route(adminCouponsApi.updateCoupon, {
      summary: 'Save a coupon; the use limit cannot go below its uses; audited with the fields changed',
      preValidation: edit,
      request: couponUpdateRequestSchema,
      handler: async (request) => ok(await desk.update(actorOf(request), request.body.id, request.body.coupon)),
    });
    route(adminCouponsApi.expireCoupon, {
      summary: 'End a coupon now; audited',
      preValidation: edit,
      request: couponIdRequestSchema,
      handler: async (request) => ok(await desk.expire(actorOf(request), request.body.id)),
    });
    route(adminCouponsApi.couponUsage, {
      summary: 'The orders that used a coupon, newest first',
      preValidation: edit,
      request: couponUsageRequestSchema,
      handler: async (request) => ok(await usage(request.body.id, request.body)),
    });
  });
}
