/** The signed-in shopper's orders (spec: account orders), newest first, ten a page. */
import { useEffect, useState } from 'react';
import type { Page } from '../../domain/api/envelope.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney } from '../../domain/money.model.ts';
import type { OrderSummary } from '../../domain/orders.model.ts';
import { unreachable } from '../../stores/failures.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import { mediaUrl } from '../../stores/cart.ts';
import { loadOrderList } from '../../stores/orders.ts';
import { homeHref } from '../cart/links.ts';
import { orderDetailHref } from '../checkout/links.ts';
import { formatDate, useStatusLabel } from './wording.ts';
import '../checkout/checkout.css';
import './orders.css';
import { StatusLine } from '../StatusLine.tsx';

export default withIslandI18n(Orders);

const PAGE_SIZE = 10;

function Orders({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const [current, setCurrent] = useState(1);
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; page: Page<OrderSummary> } | { status: 'error'; offline: boolean }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadOrderList(current, PAGE_SIZE).then(
      (page) => live && setState({ status: 'ready', page }),
      (error: unknown) => live && setState({ status: 'error', offline: unreachable(error) }),
    );
    return () => {
      live = false;
    };
  }, [current, attempt]);

  if (state.status === 'loading') return <StatusLine>{t('checkout.order.loading')}</StatusLine>;
  if (state.status === 'error') return <LoadFailure offline={state.offline} message={t('checkout.orders.loadError')} onRetry={() => setAttempt((n) => n + 1)} />;
  const { page } = state;
  if (page.records.length === 0 && current === 1) {
    return (
      <div className="checkout-empty">
        <p className="orders-empty">{t('checkout.orders.empty')}</p>
        <a className="button" href={homeHref(locale)}>
          {t('checkout.orders.shop')}
        </a>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  return (
    <>
      <ul className="orders-list" role="list">
        {page.records.map((order) => (
          <li key={order.orderNo} className="order-card orders-item" data-order-no={order.orderNo}>
            <div className="orders-item-head">
              <a href={orderDetailHref(locale, order.orderNo)} className="order-number" aria-label={t('checkout.orders.view', { orderNo: order.orderNo })}>
                {order.orderNo}
              </a>
              <span className={`order-status order-status--${order.status}`}>{label(order.status)}</span>
            </div>
            <div className="orders-item-body">
              <span className="orders-previews">
                {order.preview.map((item, index) => (
                  <img key={index} src={mediaUrl(item.image)} width={48} height={53} alt={item.name} loading="lazy" decoding="async" />
                ))}
              </span>
              <span className="checkout-muted">
                {formatDate(order.createdAt, locale)} · {t('checkout.orders.items', { count: order.itemCount })}
              </span>
              <strong>{formatMoney(order.total, order.currency, locale)}</strong>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="orders-pager" aria-label={t('checkout.orders.page', { current, pages })}>
          <button type="button" className="button secondary" disabled={current <= 1} onClick={() => setCurrent((c) => c - 1)}>
            {t('checkout.orders.previous')}
          </button>
          <span>{t('checkout.orders.page', { current, pages })}</span>
          <button type="button" className="button secondary" disabled={current >= pages} onClick={() => setCurrent((c) => c + 1)}>
            {t('checkout.orders.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
