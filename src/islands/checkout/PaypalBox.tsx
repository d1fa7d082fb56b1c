/** PayPal's buttons for the placed order, and what the page says while they load, pay or fail. */
import { useEffect, useRef, useState } from 'react';
import type { PlacedOrder } from '../../domain/checkout.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney } from '../../domain/money.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { forgetBuyNowLine, renderPaypalButtons } from '../../stores/checkout.ts';
import { orderSuccessHref } from './links.ts';
import type { CheckoutMessage } from './useCheckout.ts';
import { AlertLine } from '../AlertLine.tsx';
import { StatusLine } from '../StatusLine.tsx';

export function PaypalBox(props: { locale: Locale; order: PlacedOrder | null; onMessage(message: CheckoutMessage | null): void; onPaid(): void; onDead(): void }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed' | 'capturing'>('loading');
  const { order, locale, onMessage, onPaid, onDead } = props;

  useEffect(() => {
    if (!order || !container.current) return;
    let live = true;
    let remove: (() => void) | null = null;
    setStatus('loading');
    renderPaypalButtons(container.current, { orderNo: order.orderNo, token: order.accessToken, currency: order.currency }, {
      onPaid(answer) {
        onPaid();
        forgetBuyNowLine();
        window.location.assign(orderSuccessHref(locale, answer.orderNo, order.accessToken));
      },
      onDeclined: () => onMessage({ kind: 'error', text: t('checkout.pay.declined') }),
      onCancelled: () => onMessage({ kind: 'info', text: t('checkout.pay.cancelled') }),
      onDead() {
        onMessage({ kind: 'error', text: t('checkout.pay.dead') });
        onDead();
      },
      onFailed: () => onMessage({ kind: 'error', text: t('checkout.pay.failed') }),
    }).then(
      (close) => {
        if (!live) return close();
        remove = close;
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
      remove?.();
      if (container.current) container.current.replaceChildren();
    };
  }, [order]);

  return (
    <section className="checkout-pay" aria-labelledby="checkout-pay-heading">
      <h3 id="checkout-pay-heading">{t('checkout.pay.heading')}</h3>
      {order ? (
        <p className="checkout-muted">
          {t('checkout.pay.intro', { orderNo: order.orderNo, total: formatMoney(order.total, order.currency, locale) })}
        </p>
      ) : null}
      <StatusLine>{status === 'loading' ? t('checkout.pay.loading') : null}</StatusLine>
      <AlertLine className="checkout-message is-error">{status === 'failed' ? t('checkout.pay.loadFailed') : null}</AlertLine>
      <div ref={container} className="checkout-paypal" data-paypal-container />
    </section>
  );
}
