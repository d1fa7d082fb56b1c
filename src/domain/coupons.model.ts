/**
 * Coupon rules. A coupon takes a percentage or a fixed amount (kept in EUR minor units and
 * converted like prices, or named per currency) off the items after the tier discount; it never
 * takes more than that, so a total cannot go below zero. A coupon that excludes personalised items
 * takes its share of the other lines only. Its minimum spend is compared with the same base. No zod here,
 * so browser code may import values from this module; the request schemas are in
 * coupons.schema.ts.
 */
import { convertFromEur, divRound, type CurrencyCode, type RateTable } from './money.model.ts';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_PROBLEMS = ['unknown', 'inactive', 'not-started', 'expired', 'min-spend', 'used-up', 'customer-limit', 'personalised-excluded'] as const;
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
  /** For fixed coupons: the amount in each currency's minor units, as the back office set it; null: amountEur converted. */
  amounts: Partial<Record<CurrencyCode, number>> | null;
  /** False: personalised (printed) lines neither count towards the minimum nor get the discount. */
  includesPersonalised: boolean;
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
  /** The same for the lines that are not personalised (couponBases). */
  baseWithoutPersonalised: number;
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
  const base = rule.includesPersonalised ? context.base : context.baseWithoutPersonalised;
  if (base <= 0 && context.base > 0) return 'personalised-excluded';
  if (base < convertFromEur(rule.minSpendEur, context.currency, context.rates)) return 'min-spend';
  return null;
}

/** A fixed coupon's amount in `currency`: the one set for it, else the EUR amount converted. */
export function fixedAmountIn(rule: Pick<CouponRule, 'amountEur' | 'amounts'>, currency: CurrencyCode, rates?: RateTable): number {
  return rule.amounts?.[currency] ?? convertFromEur(rule.amountEur ?? 0, currency, rates);
}

/**
 * What a coupon is applied to: the items after the tier discount (`base`), and the same for the
 * lines that are not personalised, each line carrying its share of the tier discount.
 */
export function couponBases(lines: readonly { lineTotal: number; personalised: boolean }[], tier: { discountPercent: number; total: number }): { base: number; baseWithoutPersonalised: number } {
  const plain = lines.reduce((sum, line) => sum + (line.personalised ? 0 : line.lineTotal), 0);
  return { base: tier.total, baseWithoutPersonalised: Math.min(tier.total, plain - divRound(plain * tier.discountPercent, 100)) };
}

/** The amount the coupon takes off `base` (in `currency`), never more than `base`. */
export function couponDiscount(rule: Pick<CouponRule, 'kind' | 'percent' | 'amountEur' | 'amounts'>, base: number, currency: CurrencyCode, rates?: RateTable): number {
  if (base <= 0) return 0;
  const raw = rule.kind === 'percent' ? divRound(base * (rule.percent ?? 0), 100) : fixedAmountIn(rule, currency, rates);
  return Math.max(0, Math.min(base, raw));
}

// ---------- the back office ----------

/** Where a coupon stands now, as the back office lists it. */
export const COUPON_STATES = ['active', 'scheduled', 'expired', 'used-up'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** Expired (or switched off) first, then used up, then not started yet; else active. */
export function couponState(rule: Pick<CouponRule, 'active' | 'startsAt' | 'endsAt' | 'usageLimit' | 'usedCount'>, now: Date): CouponState {
  if (!rule.active || (rule.endsAt && now >= rule.endsAt)) return 'expired';
  if (rule.usageLimit !== null && rule.usedCount >= rule.usageLimit) return 'used-up';
  if (rule.startsAt && now < rule.startsAt) return 'scheduled';
  return 'active';
}

/** A coupon as the back office shows and edits it; dates are ISO instants. */
export interface AdminCoupon {
  id: number;
  code: string;
  kind: CouponKind;
  percent: number | null;
  /** Fixed coupons: minor units per currency (converted from EUR for a coupon made before amounts were set). */
  amounts: Record<CurrencyCode, number> | null;
  minSpendEur: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  includesPersonalised: boolean;
  usedCount: number;
  state: CouponState;
  createdAt: string;
}

/** One order that used a coupon. */
export interface CouponUse {
  orderNo: string;
  placedAt: string;
  email: string;
  status: string;
  currency: CurrencyCode;
  total: number;
  couponDiscount: number;
}
