/**
 * Coupons without zod: the kinds, the reasons a code is refused, and what a successful check
 * answers. Browser code imports values from here: coupons.ts builds its request schema from other
 * modules' schemas at module level (`currencyCodeSchema.default(...)`), a call a bundler must keep,
 * so a value imported from it would bring zod into the page. coupons.ts re-exports all of this.
 */
import type { CurrencyCode } from './money.model.ts';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_PROBLEMS = ['unknown', 'inactive', 'not-started', 'expired', 'min-spend', 'used-up', 'customer-limit'] as const;
export type CouponProblem = (typeof COUPON_PROBLEMS)[number];

export interface CouponCheck {
  code: string;
  kind: CouponKind;
  percent: number | null;
  /** The fixed amount in the cart's currency, for fixed coupons. */
  amount: number | null;
  /** The minimum spend in the cart's currency (0 for none). */
  minSpend: number;
  /** What it takes off the cart now, in its currency. */
  discount: number;
  currency: CurrencyCode;
}
