/** How the order pages word an order's dates and states. */
import type { Locale } from '../../domain/locale.ts';
import { isOrderStatus, type OrderStatus } from '../../domain/orders.model.ts';
import { useTranslation } from '../../i18n/react.tsx';

export function formatDate(iso: string, locale: Locale, withTime = false): string {
  return new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * "Paid", or "Payment under review" while PayPal holds a pending capture; a state with part of
 * the money given back says so ("Shipped · Partly refunded").
 */
export function useStatusLabel(): (status: OrderStatus, paymentStatus?: string | null) => string {
  const { t } = useTranslation();
  return (status, paymentStatus) => {
    if (status === 'pending_payment' && paymentStatus === 'PENDING') return t('checkout.status.review');
    const label = t(`checkout.status.${status}`);
    return paymentStatus === 'partially_refunded' && status !== 'refunded' ? `${label} · ${t('checkout.status.partiallyRefunded')}` : label;
  };
}

/** A parcel scan's status: the shop's own scans ("shipped", "delivered") named like order states, a carrier's own words as entered. */
export function useScanStatusName(): (status: string) => string {
  const { t } = useTranslation();
  return (status) => (isOrderStatus(status) ? t(`checkout.status.${status}`) : status);
}
