/**
 * An order's figures: items, the multi-buy and coupon discounts when they apply, shipping, the
 * tax where it is added, the total and the tax it includes, in the same rows and words whether
 * checkout quotes them or the order keeps them. Each amount is findable by its `data-total` name.
 */
import type { ReactNode } from 'react';
import type { Locale } from '../../domain/locale.ts';
import type { OrderAmounts } from '../../domain/orders.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { TaxAddedRows, TaxIncludedRows, TaxNotices, type TaxState } from './TaxFigures.tsx';

export type OrderFigures = Pick<OrderAmounts, 'itemCount' | 'items' | 'tierPercent' | 'tierDiscount' | 'couponDiscount' | 'total'> & { couponCode: string };

export function OrderTotals({
  figures,
  shipping,
  tax,
  locale,
  money,
  live,
}: {
  figures: OrderFigures;
  shipping: ReactNode;
  tax: TaxState;
  locale: Locale;
  money(amount: number): string;
  live?: 'polite';
}) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="totals checkout-totals" aria-live={live}>
        <Row name="items" label={t('checkout.summary.items', { count: figures.itemCount })}>{money(figures.items)}</Row>
        {figures.tierDiscount > 0 ? <Row name="tier" label={t('checkout.summary.tier', { percent: figures.tierPercent })}>{money(-figures.tierDiscount)}</Row> : null}
        {figures.couponDiscount > 0 ? <Row name="coupon" label={t('checkout.summary.coupon', { code: figures.couponCode })}>{money(-figures.couponDiscount)}</Row> : null}
        <Row name="shipping" label={t('checkout.summary.shipping')}>{shipping}</Row>
        <TaxAddedRows state={tax} money={money} locale={locale} />
        <Row name="total" label={t('checkout.summary.total')} className="totals-total checkout-totals-total">{money(figures.total)}</Row>
        <TaxIncludedRows state={tax} money={money} locale={locale} />
      </dl>
      <TaxNotices state={tax} />
    </>
  );
}

function Row({ name, label, className, children }: { name: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-total={name}>{children}</dd>
    </div>
  );
}
