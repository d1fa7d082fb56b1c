/**
 * The checkout's summary as the server quotes it: lines, stock notices and the totals. A team
 * roster's rows are one block, as in the cart (GroupBlock; docs/storefront.md "Team orders").
 */
import type { CheckoutLine, CheckoutQuote } from '../../domain/checkout.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { mediaUrl } from '../../stores/cart.ts';
import { GroupedLines } from '../cart/GroupBlock.tsx';
import { LineDetails } from '../cart/LineDetails.tsx';
import { OrderTotals } from './OrderTotals.tsx';

export function OrderSummary({ quote, locale, money }: { quote: CheckoutQuote; locale: Locale; money(amount: number): string }) {
  const { t } = useTranslation();
  const stockNotices = quote.notices.stock;
  return (
    <>
      <GroupedLines
        lines={quote.lines}
        look="checkout"
        currency={quote.currency}
        locale={locale}
        line={(line, index) => <SummaryLine key={line.cartItemId ?? `line-${index}`} line={line} money={money} />}
      />
      {stockNotices.length > 0 ? (
        <ul className="checkout-message is-error" role="alert">
          {stockNotices.map((notice) => (
            <li key={`${notice.productId}-${notice.size}`}>
              {notice.available > 0 ? t('checkout.stock.fewer', { count: notice.available, size: notice.size }) : t('checkout.stock.soldOut', { size: notice.size })}
            </li>
          ))}
        </ul>
      ) : null}
      <OrderTotals
        figures={{ ...quote.summary, couponCode: quote.coupon?.code ?? '' }}
        shipping={quote.shipping ? (quote.shipping.free ? t('checkout.shipping.free') : money(quote.shipping.amount)) : t('checkout.summary.shippingPending')}
        tax={quote.tax ? { kind: 'known', tax: quote.tax, quoted: true } : { kind: 'pending' }}
        locale={locale}
        money={money}
        live="polite"
      />
    </>
  );
}

function SummaryLine({ line, money }: { line: CheckoutLine; money(amount: number): string }) {
  const { t } = useTranslation();
  return (
    <li className="checkout-line" data-personalised={line.personalised || undefined}>
      <span className="checkout-line-image">
        <img src={mediaUrl(line.image)} width={64} height={70} alt="" loading="lazy" decoding="async" />
        <span className="checkout-line-qty" aria-label={t('checkout.summary.quantity', { count: line.quantity })}>
          {line.quantity}
        </span>
      </span>
      <div className="checkout-line-info">
        <p className="checkout-line-name">{line.name}</p>
        <LineDetails line={line} />
      </div>
      <span className="checkout-line-total">{money(line.lineTotal)}</span>
    </li>
  );
}
