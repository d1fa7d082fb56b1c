/**
 * The cart page's island (spec section 2 "Cart"): the lines with quantity and line total, a
 * coupon code field (kept for the checkout, which checks and applies it), subtotal, discount,
 * shipping "calculated at checkout", total, Checkout and Continue shopping. The page is the
 * cart, so it hydrates at once (`client:load`) and reads the same store as the drawer.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { Locale } from '../../domain/locale.ts';
import type { Messages } from '../../i18n/core.ts';
import { IslandI18n, useTranslation } from '../../i18n/react.tsx';
import { $cart, $couponCode, COUPON_CODE_MAX, cartLineIds, forgetCouponCode, keepCouponCode, watchCart } from '../../stores/cart.ts';
import { CartLines } from './CartLine.tsx';
import { CartNotice } from './CartNotice.tsx';
import { CartSkeleton } from './CartSkeleton.tsx';
import { CartLoadError, EmptyCartIcon } from './CartStates.tsx';
import { CartTotals, PersonalisedNotice, TierHint } from './CartSummary.tsx';
import { checkoutHref, homeHref } from './links.ts';
import { useLineActions } from './useLineActions.ts';
import './cart.css';

export interface CartPageProps {
  locale: Locale;
  messages: Partial<Messages>;
}

export default function CartPage(props: CartPageProps) {
  return (
    <IslandI18n locale={props.locale} messages={props.messages}>
      <Cart locale={props.locale} />
    </IslandI18n>
  );
}

const LINES_HEADING_ID = 'cart-page-lines-heading';
const EMPTY_TITLE_ID = 'cart-page-empty-title';

function Cart({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { status, page, busyIds } = useStore($cart);
  useEffect(() => watchCart(), []);

  // A removed line takes the focused button with it: continue from the list's heading, or from
  // the empty state once the last line is gone (after React has drawn the new state).
  const focusAfterRemoval = useCallback(() => {
    requestAnimationFrame(() => (document.getElementById(LINES_HEADING_ID) ?? document.getElementById(EMPTY_TITLE_ID))?.focus());
  }, []);
  const lineActions = useLineActions(focusAfterRemoval);

  let body;
  if (status === 'listing' && page) {
    body = (
      <div className="cart-page-layout">
        <section className="cart-page-lines" aria-labelledby={LINES_HEADING_ID}>
          <h2 id={LINES_HEADING_ID} className="sr-only" tabIndex={-1}>
            {t('cart.page.linesHeading')}
          </h2>
          <CartNotice />
          <div className="cart-page-cols" aria-hidden="true">
            <span>{t('cart.page.colProduct')}</span>
            <span>{t('cart.page.colQuantity')}</span>
            <span>{t('cart.page.colTotal')}</span>
          </div>
          <CartLines page={page} locale={locale} variant="page" busyIds={busyIds} actions={lineActions} />
        </section>
        <aside className="cart-page-summary" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading" className="cart-summary-heading">
            {t('cart.page.summaryHeading')}
          </h2>
          <p className="cart-drawer-count">{t('cart.summary.items', { count: page.summary.itemCount })}</p>
          <CouponForm />
          <CartTotals page={page} locale={locale} withShipping />
          <TierHint itemCount={page.summary.itemCount} />
          <PersonalisedNotice page={page} />
          <a className="cart-button cart-button--block" href={checkoutHref(locale, cartLineIds(page))}>
            {t('cart.drawer.checkout')}
          </a>
          <a className="cart-text-link" href={homeHref(locale)}>
            {t('cart.page.continueShopping')}
          </a>
        </aside>
      </div>
    );
  } else if (status === 'empty') {
    body = (
      <div className="cart-empty cart-empty--page">
        <CartNotice />
        <EmptyCartIcon />
        <h2 id={EMPTY_TITLE_ID} className="cart-empty-title" tabIndex={-1}>
          {t('cart.drawer.empty')}
        </h2>
        <p className="cart-empty-hint">{t('cart.page.emptyHint')}</p>
        <a className="cart-button" href={homeHref(locale)}>
          {t('cart.page.continueShopping')}
        </a>
      </div>
    );
  } else if (status === 'error') {
    body = <CartLoadError className="cart-empty cart-empty--page" />;
  } else if (status === 'loading') {
    body = <CartSkeleton label={t('cart.drawer.loading')} rows={2} />;
  } else {
    // The built HTML (before the island starts): an empty box of the skeleton's height, so that
    // without JavaScript only the page's own fallback message shows.
    body = <div className="cart-page-pending" />;
  }

  return (
    <div className="cart-page">
      {body}
      <p className="sr-only" aria-live="polite">
        {lineActions.announcement}
      </p>
    </div>
  );
}

/**
 * The coupon code field. Coupon rules come with the checkout, so Apply keeps the code (SOY_
 * storage) for the checkout to check and says so; it never shows a discount it cannot vouch for.
 */
function CouponForm() {
  const { t } = useTranslation();
  const kept = useStore($couponCode, { ssr: () => undefined });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed === '') return setError(t('cart.coupon.required'));
    if (trimmed.length > COUPON_CODE_MAX) return setError(t('cart.coupon.tooLong', { max: COUPON_CODE_MAX }));
    keepCouponCode(trimmed);
    setValue('');
    setError(null);
  };

  return (
    <form className="cart-coupon" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-code`}>{t('cart.coupon.label')}</label>
      <div className="cart-coupon-row">
        <input
          id={`${id}-code`}
          name="coupon"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={COUPON_CODE_MAX}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="cart-button cart-button--secondary">
          {t('cart.coupon.apply')}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="cart-field-error">
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {kept ? (
          <p className="cart-coupon-kept">
            <span>{t('cart.coupon.kept', { code: kept })}</span>
            <button type="button" className="cart-text-button" onClick={forgetCouponCode}>
              {t('cart.coupon.remove')}
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
