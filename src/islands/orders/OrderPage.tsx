/**
 * The order-success and order-detail pages: one pre-rendered shell per locale that reads the
 * order number from the address and the guest's token from `?token=`, then loads the order.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { loadOrder, orderNoFromPath, type OrderLoad } from '../../stores/orders.ts';
import { $signedIn } from '../../stores/session.ts';
import { ordersHref, trackingHref } from '../checkout/links.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { OrderFix } from './OrderFix.tsx';
import { OrderReturns } from './OrderReturns.tsx';
import { OrderAddress, OrderAmounts, OrderDelivery, OrderDocuments, OrderLines, OrderShipments, OrderTimeline } from './OrderView.tsx';
import { formatDate, useStatusLabel } from './wording.ts';
import '../cart/cart.css';
import '../checkout/checkout.css';
import './orders.css';
import { StatusLine } from '../StatusLine.tsx';

export default withIslandI18n(Order);

function Order({ locale, variant }: { locale: Locale; variant: 'success' | 'detail' }) {
  const { t } = useTranslation();
  const signedIn = useStore($signedIn);
  const label = useStatusLabel();
  const [state, setState] = useState<OrderLoad | { status: 'loading' }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const orderNo = orderNoFromPath(window.location.pathname) ?? orderNoFromPath(new URLSearchParams(window.location.search).get('orderNo') ?? '');
    if (!orderNo) {
      setState({ status: 'not-found' });
      return;
    }
    const guestToken = new URLSearchParams(window.location.search).get('token');
    setToken(guestToken);
    void loadOrder(orderNo, guestToken).then(setState);
  }, [attempt]);

  if (state.status === 'loading') return <StatusLine>{t('checkout.order.loading')}</StatusLine>;
  if (state.status === 'error') {
    return (
      <LoadFailure offline={state.offline} message={t('checkout.order.error')} onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      >
        <a className="button secondary" href={trackingHref(locale)}>
          {t('checkout.order.track')}
        </a>
      </LoadFailure>
    );
  }
  if (state.status !== 'found') {
    return (
      <div className="checkout-empty" role="alert">
        <p>{t('checkout.order.notFound')}</p>
        <a className="button secondary" href={trackingHref(locale)}>
          {t('checkout.order.track')}
        </a>
      </div>
    );
  }

  const { order } = state;
  const paymentStatus = order.payment?.status ?? null;
  const statusText = label(order.status, paymentStatus);
  const paid = ['paid', 'processing', 'partially_shipped', 'shipped', 'delivered'].includes(order.status);

  return (
    <div className="order-page" data-order-status={order.status}>
      {variant === 'success' ? (
        <div className="order-hero">
          <h1 tabIndex={-1}>{t('checkout.success.heading')}</h1>
          <p>{paid ? t('checkout.success.paid') : paymentStatus === 'PENDING' ? t('checkout.success.pending') : t('checkout.success.unpaid')}</p>
          {paid ? <p>{t('checkout.success.email', { email: order.email })}</p> : null}
        </div>
      ) : (
        <h1>{t('checkout.detail.heading', { orderNo: order.orderNo })}</h1>
      )}

      <dl className="order-keyfacts">
        <div>
          <dt>{t('checkout.order.number')}</dt>
          <dd className="order-number" data-order-no>
            {order.orderNo}
          </dd>
        </div>
        <div>
          <dt>{t('checkout.order.status')}</dt>
          <dd>
            <span className={`order-status order-status--${order.status}`} data-status>
              {statusText}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('checkout.order.placed')}</dt>
          <dd>{formatDate(order.createdAt, locale, true)}</dd>
        </div>
        <div>
          <dt>{t('checkout.order.email')}</dt>
          <dd>{order.email}</dd>
        </div>
      </dl>

      <div className="order-grid">
        <section className="order-card" aria-labelledby="order-items">
          <h2 id="order-items">{t('checkout.order.items')}</h2>
          <OrderLines order={order} locale={locale} />
          <OrderAmounts order={order} locale={locale} />
        </section>
        <div className="order-side">
          <OrderFix order={order} token={token} locale={locale} onChanged={() => void loadOrder(order.orderNo, token).then(setState)} />
          <section className="order-card" aria-labelledby="order-address">
            <h2 id="order-address">{t('checkout.order.address')}</h2>
            <OrderAddress order={order} />
            <h2>{t('checkout.order.delivery')}</h2>
            <OrderDelivery order={order} />
            {order.personalised ? <p className="checkout-muted">{t('checkout.personalised.notice')}</p> : null}
          </section>
          <OrderDocuments order={order} token={token} locale={locale} />
          <OrderReturns order={order} token={token} locale={locale} />
          {variant === 'detail' ? (
            <>
              <section className="order-card" aria-labelledby="order-timeline">
                <h2 id="order-timeline">{t('checkout.order.timeline')}</h2>
                <OrderTimeline order={order} locale={locale} />
              </section>
              <section className="order-card" aria-labelledby="order-shipments">
                <h2 id="order-shipments">{t('checkout.order.shipments')}</h2>
                <OrderShipments shipments={order.shipments} locale={locale} />
              </section>
            </>
          ) : null}
          <div className="order-actions">
            <a className="button" href={trackingHref(locale, order.orderNo)}>
              {t('checkout.order.track')}
            </a>
            {signedIn ? (
              <a className="button secondary" href={ordersHref(locale)}>
                {variant === 'detail' ? t('checkout.detail.back') : t('checkout.order.allOrders')}
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
