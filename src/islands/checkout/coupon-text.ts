import type { useTranslation } from '../../i18n/react.tsx';

type TFn = ReturnType<typeof useTranslation>['t'];

const KNOWN = ['unknown', 'inactive', 'not-started', 'expired', 'min-spend', 'used-up', 'customer-limit', 'personalised-excluded'];

/** Why a coupon does not apply, in the page's language (an unknown reason reads as an unknown code). */
export function couponText(t: TFn, reason: string | null): string {
  return reason && KNOWN.includes(reason) ? t(`checkout.coupon.reasons.${reason}` as 'checkout.coupon.reasons.unknown') : t('checkout.coupon.reasons.unknown');
}
