/**
 * The cart's figures and the notes beside them, shared by the drawer and the cart page. Every
 * amount is the server's summary in the cart's currency; the tier hint, the free-shipping line
 * (the shop's live threshold, stores/shop-config.ts; checkout prices shipping itself) and the tax
 * row (tax is worked out once checkout knows the destination) are display only.
 */
import { useStore } from '@nanostores/react';
import type { CartPage } from '../../domain/cart.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { convertFromEur, formatMoney } from '../../domain/money.model.ts';
import { priceTaxNote } from '../../domain/tax/shown-prices.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { $discountTiers, nextDiscountTier } from '../../stores/cart.ts';
import { $shopConfig, ratesOf } from '../../stores/shop-config.ts';

export function CartTotals({ page, locale, withShipping = false }: { page: CartPage; locale: Locale; withShipping?: boolean }) {
  const { t } = useTranslation();
  const { summary, currency } = page;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const config = useStore($shopConfig);
  // Compared with the items after the tier discount, as checkout does before a coupon.
  const threshold = config ? convertFromEur(config.freeShippingThreshold, currency, ratesOf(config)) : null;
  const free = threshold !== null && summary.total >= threshold;
  // Before a destination, the currency says whether the prices include tax (docs/taxes.md "Where shoppers see it").
  const note = priceTaxNote(currency);
  return (
    <dl className="totals cart-totals">
      <div>
        <dt>{t('cart.summary.subtotal')}</dt>
        <dd data-total="subtotal">{money(summary.subtotal)}</dd>
      </div>
      <div>
        <dt>{summary.discountPercent > 0 ? t('cart.summary.discountPercent', { percent: summary.discountPercent }) : t('cart.summary.discount')}</dt>
        <dd data-total="discount" data-percent={summary.discountPercent}>
          {summary.discount > 0 ? money(-summary.discount) : money(0)}
        </dd>
      </div>
      {withShipping ? (
        <div>
          <dt>{t('cart.summary.shipping')}</dt>
          <dd>{t('cart.summary.shippingAtCheckout')}</dd>
          {threshold !== null ? (
            <dd className="cart-free-shipping" data-free-shipping-hint={free ? 'reached' : 'more'}>
              {free ? t('cart.summary.freeShipping') : t('cart.summary.freeShippingMore', { amount: money(threshold - summary.total) })}
            </dd>
          ) : null}
        </div>
      ) : null}
      <div data-tax-row="tax">
        <dt>{t('cart.summary.tax')}</dt>
        <dd data-total="tax">{note === 'plusTax' ? t('cart.summary.taxAtCheckout') : t(`cart.summary.taxIncluded.${note}`)}</dd>
      </div>
      <div className="totals-total cart-totals-total">
        <dt>{t('cart.summary.total')}</dt>
        <dd data-total="total">{money(summary.total)}</dd>
      </div>
    </dl>
  );
}

/** "Add 1 more item to save 10%", from the server's tier table; nothing once the top tier is reached. */
export function TierHint({ itemCount }: { itemCount: number }) {
  const { t } = useTranslation();
  const tiers = useStore($discountTiers);
  const next = tiers ? nextDiscountTier(itemCount, tiers) : null;
  if (!next) return null;
  return (
    <p className="cart-tier-hint">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z M7.5 7.5h.01" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{t('cart.summary.nextTier', { count: next.itemsToAdd, percent: next.percent })}</span>
    </p>
  );
}

/** docs/money-and-personalisation.md: said where the shopper decides, whenever a line is personalised. */
export function PersonalisedNotice({ page }: { page: CartPage }) {
  const { t } = useTranslation();
  if (!page.records.some((line) => line.personalised)) return null;
  return <p className="cart-personalised">{t('cart.personalised')}</p>;
}
