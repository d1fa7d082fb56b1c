/** How the order pages word an order's dates and states. */
import type { Locale } from '../../domain/locale.ts';
import type { OrderStatus } from '../../domain/orders.model.ts';
import { useTranslation } from '../../i18n/react.tsx';

export function formatDate(iso: string, locale: Locale, withTime = false): string {
  return new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(iso));
}

/** "Paid", or "Payment under review" while PayPal holds a pending capture. */
export function useStatusLabel(): (status: OrderStatus, paymentStatus?: string | null) => string {
  const { t } = useTranslation();
  return (status, paymentStatus) => (status === 'pending_payment' && paymentStatus === 'PENDING' ? t('checkout.status.review') : t(`checkout.status.${status}`));
}
