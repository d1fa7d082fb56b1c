/**
 * One order as the success and detail pages show it: lines with their printing, amounts in the
 * order's frozen currency with its tax, shipping address, delivery estimate, status history,
 * shipments, and the invoice and credit notes.
 */
import { useState, type MouseEvent } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney } from '../../domain/money.model.ts';
import type { OrderDetail, OrderLineRecord } from '../../domain/orders.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { mediaUrl } from '../../stores/cart.ts';
import { documentUrl, fetchDocument } from '../../stores/orders.ts';
import { GroupedLines } from '../cart/GroupBlock.tsx';
import { LineDetails } from '../cart/LineDetails.tsx';
import { formatDate, useScanStatusName, useStatusLabel } from './wording.ts';
import { OrderTotals } from '../checkout/OrderTotals.tsx';
import { AlertLine } from '../AlertLine.tsx';

/**
 * The order's lines; a team roster's rows are one item of the list, as in the cart and the
 * checkout (GroupBlock): a block under the team's name with its shirts and total that opens and
 * closes, its rows inside.
 */
export function OrderLines({ order, locale }: { order: OrderDetail; locale: Locale }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, order.amounts.currency, locale);
  const line = (line: OrderLineRecord) => (
    <li key={line.id} className="checkout-line" data-order-line={line.id}>
      <span className="checkout-line-image">
        <img src={mediaUrl(line.image)} width={64} height={70} alt="" loading="lazy" decoding="async" />
        <span className="checkout-line-qty">{line.quantity}</span>
      </span>
      <div className="checkout-line-info">
        <p className="checkout-line-name">{line.name}</p>
        <LineDetails line={line} />
        <p className="checkout-muted">
          {money(line.unitPrice)} {t('checkout.order.quantity', { count: line.quantity })}
        </p>
      </div>
      <span className="checkout-line-total">{money(line.lineTotal)}</span>
    </li>
  );
  return (
    <GroupedLines lines={order.lines} look="checkout" currency={order.amounts.currency} locale={locale} line={line} />
  );
}

export function OrderAmounts({ order, locale }: { order: OrderDetail; locale: Locale }) {
  const { t } = useTranslation();
  const { amounts } = order;
  const money = (amount: number) => formatMoney(amount, amounts.currency, locale);
  return (
    <OrderTotals
      figures={{ ...amounts, couponCode: amounts.couponCode ?? '' }}
      shipping={amounts.shipping === 0 ? t('checkout.shipping.free') : money(amounts.shipping)}
      tax={{ kind: 'known', tax: amounts.tax, quoted: false }}
      locale={locale}
      money={money}
    />
  );
}

export function OrderAddress({ order }: { order: OrderDetail }) {
  const a = order.shippingAddress;
  return (
    <address className="order-address">
      {a.firstName} {a.lastName}
      {a.company ? <br /> : null}
      {a.company}
      <br />
      {a.address}
      {a.address2 ? `, ${a.address2}` : ''}
      <br />
      {[a.city, a.provinceName || a.province, a.postalCode].filter(Boolean).join(', ')}
      <br />
      {a.countryName}
      <br />
      {a.phoneCode} {a.phone}
    </address>
  );
}

export function OrderDelivery({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <p>
      {t('checkout.order.deliveryEstimate', { method: t(`checkout.shipping.${order.shippingMethod}`), min: order.delivery.minDays, max: order.delivery.maxDays })}
    </p>
  );
}

export function OrderTimeline({ order, locale }: { order: OrderDetail; locale: Locale }) {
  const label = useStatusLabel();
  return (
    <ol className="order-timeline">
      {order.timeline.map((event, index) => (
        <li key={index}>
          <strong>{label(event.to)}</strong> <time dateTime={event.at}>{formatDate(event.at, locale, true)}</time>
        </li>
      ))}
    </ol>
  );
}

export function OrderShipments({ shipments, locale }: { shipments: OrderDetail['shipments']; locale: Locale }) {
  const { t } = useTranslation();
  const scanStatus = useScanStatusName();
  if (shipments.length === 0) return <p className="checkout-muted">{t('checkout.order.noShipments')}</p>;
  return (
    <div className="order-shipments">
      {shipments.map((shipment, index) => (
        <div key={shipment.id} className="order-shipment" data-parcel={index + 1}>
          {shipments.length > 1 && <h3 className="order-parcel-title">{t('checkout.order.parcel', { n: index + 1 })}</h3>}
          <p>
            {t('checkout.order.carrier')}: <strong>{shipment.carrier}</strong> · {t('checkout.order.trackingNumber')}: <strong>{shipment.trackingNumber}</strong>
            {shipment.trackingUrl ? (
              <>
                {' · '}
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" data-tracking-link>
                  {t('checkout.order.trackParcel')}
                </a>
              </>
            ) : null}
          </p>
          {shipment.lines.length > 0 && (
            <ul className="order-parcel-lines" aria-label={t('checkout.order.parcelHolds')}>
              {shipment.lines.map((line) => (
                <li key={line.orderItemId}>{t('checkout.order.parcelLine', { name: line.name, size: line.size, quantity: line.quantity })}</li>
              ))}
            </ul>
          )}
          <ol className="order-timeline">
            {shipment.events.map((event, index) => (
              <li key={index}>
                <strong>{scanStatus(event.status)}</strong> <time dateTime={event.at}>{formatDate(event.at, locale, true)}</time>
                <span>
                  {event.description}
                  {event.location ? ` · ${event.location}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}

/**
 * The order's invoice and credit notes, each a PDF to download. A guest's link carries the
 * order's token and works as a plain link; a signed-in shopper's download is fetched with the
 * session's token (a link cannot send it) and saved under the document's number.
 */
export function OrderDocuments({ order, token, locale }: { order: OrderDetail; token: string | null; locale: Locale }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (order.documents.length === 0) return null;
  const money = (amount: number) => formatMoney(amount, order.amounts.currency, locale);
  const download = async (event: MouseEvent<HTMLAnchorElement>, url: string, number: string) => {
    if (token) return;
    event.preventDefault();
    setFailed(false);
    const pdf = await fetchDocument(url);
    if (!pdf) return setFailed(true);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(pdf);
    link.download = `${number}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };
  return (
    <section className="order-card" aria-labelledby="order-documents">
      <h2 id="order-documents">{t('checkout.order.documents')}</h2>
      <ul className="order-documents" role="list">
        {order.documents.map((doc) => {
          const name = doc.kind === 'invoice' ? t('checkout.order.invoice', { number: doc.number }) : t('checkout.order.creditNote', { number: doc.number });
          const url = documentUrl(order.orderNo, doc.number, token);
          return (
            <li key={doc.number} data-document={doc.number} data-kind={doc.kind}>
              <div>
                <p className="order-document-name">{name}</p>
                <p className="checkout-muted">
                  <time dateTime={doc.issuedAt}>{formatDate(doc.issuedAt, locale)}</time> · {t('checkout.order.documentTotal', { amount: money(doc.total), tax: money(doc.tax) })}
                </p>
              </div>
              {/* Its name starts with the words it shows (WCAG 2.5.3), then says which document. */}
              <a className="pill order-document-link" href={url} download={`${doc.number}.pdf`} aria-label={t('checkout.order.downloadNamed', { name })} onClick={(event) => void download(event, url, doc.number)}>
                {t('checkout.order.download')}
              </a>
            </li>
          );
        })}
      </ul>
      <AlertLine className="checkout-message is-error">{failed ? t('checkout.order.error') : null}</AlertLine>
    </section>
  );
}
