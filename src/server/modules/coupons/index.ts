/** The coupons module: coupons and their redemptions (counted when an order is placed, given back when it is cancelled, unpaid or paid). */
export * from './schema.ts';
export * from './redemptions-schema.ts';
export { CouponService, couponMessage, couponRefused, type CouponCustomer, type CouponEvaluation } from './coupons.ts';
export { anonymiseRedemptions } from './erasure.ts';
export { CouponDesk, type CouponEdit } from './coupon-desk.ts';
export { couponRoutes, type CouponRouteDeps } from './routes.ts';
