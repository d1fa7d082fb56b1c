/**
 * Coupon rules. A coupon takes a percentage or a fixed amount (kept in EUR minor units and
 * converted like prices) off the items after the tier discount; it never takes more than that,
 * so a total cannot go below zero. Its minimum spend is compared with the same base. No zod here,
 * so browser code may import values from this module; the request schemas are in
 * coupons.schema.ts.
 */
import { convertFromEur, divRound, type CurrencyCode, type RateTable } from './money.model.ts';

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

export const COUPON_CODE_MAX = 32;

export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** 1-100, for percent coupons. */
  percent: number | null;
  /** EUR minor units, for fixed coupons. */
  amountEur: number | null;
  /** EUR minor units the items must reach after the tier discount; 0 for none. */
  minSpendEur: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses across every customer; null for no limit. */
  usageLimit: number | null;
  /** Uses per customer (account, or email for guests); null for no limit. */
  perCustomerLimit: number | null;
  usedCount: number;
  active: boolean;
}

export interface CouponContext {
  now: Date;
  currency: CurrencyCode;
  /** What the items cost after the tier discount, in `currency`. */
  base: number;
  /** Uses by this customer already counted. */
  customerUses: number;
  /** The shop's exchange rates (its settings); the defaults when absent. */
  rates?: RateTable;
}

/** Why the coupon cannot be used now, or null when it can. */
export function couponProblem(rule: CouponRule, context: CouponContext): CouponProblem | null {
  if (!rule.active) return 'inactive';
  if (rule.startsAt && context.now < rule.startsAt) return 'not-started';
  if (rule.endsAt && context.now >= rule.endsAt) return 'expired';
  if (rule.usageLimit !== null && rule.usedCount >= rule.usageLimit) return 'used-up';
  if (rule.perCustomerLimit !== null && context.customerUses >= rule.perCustomerLimit) return 'customer-limit';
  if (context.base < convertFromEur(rule.minSpendEur, context.currency, context.rates)) return 'min-spend';
  return null;
}

/** The amount the coupon takes off `base` (in `currency`), never more than `base`. */
export function couponDiscount(rule: Pick<CouponRule, 'kind' | 'percent' | 'amountEur'>, base: number, currency: CurrencyCode, rates?: RateTable): number {
  if (base <= 0) return 0;
  const raw = rule.kind === 'percent' ? divRound(base * (rule.percent ?? 0), 100) : convertFromEur(rule.amountEur ?? 0, currency, rates);
  return Math.max(0, Math.min(base, raw));
}
