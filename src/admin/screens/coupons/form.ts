/**
 * The coupon editor's form values and their mapping to the save request: amounts are typed in
 * major units (12.50) and sent as minor units; dates are dayjs values in the form, ISO instants in
 * the request. Pure, with unit tests.
 */
import type { Dayjs } from 'dayjs';
import type { AdminCoupon, CouponKind } from '../../../domain/coupons.model.ts';
import { CURRENCY_CODES, minorUnitDigits, type CurrencyCode } from '../../../domain/money.model.ts';
import { toMinor as toMinorIn } from '../order-detail/refund.ts';
import type { RequestOf } from '../../../domain/api/endpoint.ts';
import type { adminCouponsApi } from '../../../domain/api/admin/coupons.ts';

export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  percent: number | null;
  /** Major units per currency. */
  amounts: Partial<Record<CurrencyCode, number | null>>;
  /** Major units, EUR. */
  minSpend: number | null;
  validity: [Dayjs | null, Dayjs | null] | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  includesPersonalised: boolean;
}

/** What the editor sends: the contract's create request (an update adds the id). */
export type CouponEditRequest = RequestOf<typeof adminCouponsApi.createCoupon>;

/** 12.5 -> 1250 in `currency` (EUR when not said): the refund form's rule. */
export const toMinor = (major: number, currency: CurrencyCode = 'EUR'): number => toMinorIn(major, currency, minorUnitDigits);

export function emptyCoupon(): CouponFormValues {
  return { code: '', kind: 'percent', percent: 10, amounts: {}, minSpend: 0, validity: null, usageLimit: null, perCustomerLimit: null, includesPersonalised: true };
}

export function formOf(coupon: AdminCoupon, day: (iso: string) => Dayjs): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.percent,
    amounts: coupon.amounts ? (Object.fromEntries(CURRENCY_CODES.map((c) => [c, coupon.amounts![c] / 100])) as Record<CurrencyCode, number>) : {},
    minSpend: coupon.minSpendEur / 100,
    validity: coupon.startsAt || coupon.endsAt ? [coupon.startsAt ? day(coupon.startsAt) : null, coupon.endsAt ? day(coupon.endsAt) : null] : null,
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    includesPersonalised: coupon.includesPersonalised,
  };
}

/** What the server checks again (and answers field by field); a missing amount is sent as 0 for it to name. */
export function requestOf(values: CouponFormValues): CouponEditRequest {
  const fixed = values.kind === 'fixed';
  return {
    code: values.code.trim(),
    kind: values.kind,
    percent: fixed ? null : (values.percent ?? null),
    amounts: fixed ? (Object.fromEntries(CURRENCY_CODES.map((c) => [c, toMinor(values.amounts[c] ?? 0, c)])) as Record<CurrencyCode, number>) : null,
    minSpendEur: toMinor(values.minSpend ?? 0),
    startsAt: values.validity?.[0]?.toISOString() ?? null,
    endsAt: values.validity?.[1]?.toISOString() ?? null,
    usageLimit: values.usageLimit ?? null,
    perCustomerLimit: values.perCustomerLimit ?? null,
    includesPersonalised: values.includesPersonalised,
  };
}

/** The server's field path (body.amounts.GBP, body.coupon.usageLimit) as the form's name. */
export function formFieldOf(path: string): (string | number)[] | null {
  const parts = path.split('.').filter((p) => p !== 'body' && p !== 'coupon');
  if (parts.length === 0) return null;
  if (parts[0] === 'minSpendEur') return ['minSpend'];
  if (parts[0] === 'startsAt' || parts[0] === 'endsAt') return ['validity'];
  return parts;
}
