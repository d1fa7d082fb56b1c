/**
 * The cart page's island (docs/storefront.md "Routes"): the lines with quantity and line total, a
 * coupon code field (checked against the cart, kept for the checkout), subtotal, discount,
 * shipping "calculated at checkout", total, Checkout and Continue shopping. It reads the same
 * store as the drawer; the page draws the lines before it loads (cart.astro).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import type { CartPage } from '../../domain/cart.model.ts';
import type { CouponCheck, CouponProblem } from '../../domain/coupons.model.ts';
import { formatMoney } from '../../domain/money.model.ts';
import { $cart, $couponCode, CART_CLOSED, COUPON_CODE_MAX, cartLineIds, checkCoupon, forgetCouponCode, keepCouponCode, watchCart } from '../../stores/cart.ts';
import { CartLines } from './CartLine.tsx';
import { CartNotice } from './CartNotice.tsx';
import { CartSkeleton } from './CartSkeleton.tsx';
import { CartLoadError, EmptyCart } from './CartStates.tsx';
import { CartTotals, PersonalisedNotice, TierHint } from './CartSummary.tsx';
import { checkoutHref, homeHref } from './links.ts';
import { useLineActions } from './useLineActions.ts';
import './cart.css';

export default withIslandI18n(Cart);

const LINES_HEADING_ID = 'cart-page-lines-heading';
const EMPTY_TITLE_ID = 'cart-page-empty-title';

function Cart({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  // The page's own script may have the cart already (cart.astro): hydrate as built, then show it.
  const { status, page, busyIds } = useStore($cart, { ssr: () => CART_CLOSED });
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
        <section className="cart-page-lines panel" aria-labelledby={LINES_HEADING_ID}>
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
        <aside className="cart-page-summary panel" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading" className="cart-summary-heading">
            {t('cart.page.summaryHeading')}
          </h2>
          <p className="cart-drawer-count">{t('cart.summary.items', { count: page.summary.itemCount })}</p>
          <CouponForm page={page} locale={locale} />
          <CartTotals page={page} locale={locale} withShipping />
          <TierHint itemCount={page.summary.itemCount} />
          <PersonalisedNotice page={page} />
          <a className="button cart-action cart-action--block" href={checkoutHref(locale, cartLineIds(page))}>
            {t('cart.drawer.checkout')}
          </a>
          <a className="text-button cart-text-link" href={homeHref(locale)}>
            {t('cart.page.continueShopping')}
          </a>
        </aside>
      </div>
    );
  } else if (status === 'empty') {
    body = (
      <EmptyCart
        className="cart-empty empty-state cart-empty--page panel"
        title={
          <h2 id={EMPTY_TITLE_ID} className="cart-empty-title" tabIndex={-1}>
            {t('cart.drawer.empty')}
          </h2>
        }
        hint={t('cart.page.emptyHint')}
        action={{ href: homeHref(locale), label: t('cart.page.continueShopping') }}
      />
    );
  } else if (status === 'error') {
    body = <CartLoadError className="cart-empty empty-state cart-empty--page panel" />;
  } else if (status === 'loading') {
    // The listing's layout, with placeholder lines and the summary's box, so the cart takes their places.
    body = (
      <div className="cart-page-layout">
        <CartSkeleton label={t('cart.drawer.loading')} rows={2} className="panel" />
        <div className="cart-page-summary panel cart-skeleton-summary" aria-hidden="true">
          <span className="skeleton cart-skeleton-bar cart-skeleton-bar--wide" />
          <span className="skeleton cart-skeleton-bar" />
          <span className="skeleton cart-skeleton-bar cart-skeleton-bar--short" />
        </div>
      </div>
    );
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
 * The coupon code field: Apply checks the code against these lines (ironCoupon/apply) and says
 * what it takes off, or why it does not apply; a good code is kept (SOY_couponCode) for the
 * checkout, which applies it to the order. A kept code the cart stops qualifying for (a line
 * removed below its minimum spend, say) is dropped with the reason, as the checkout's quote
 * would refuse it. The cart's own total stays the server's.
 */
function CouponForm({ page, locale }: { page: CartPage; locale: Locale }) {
  const { t } = useTranslation();
  const kept = useStore($couponCode, { ssr: () => undefined });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<CouponCheck | null>(null);
  const [dropped, setDropped] = useState<{ code: string; reason: CouponProblem } | null>(null);
  const [checking, setChecking] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const lineIds = cartLineIds(page);
  const linesKey = lineIds.join(',');

  // The kept code's discount follows the cart (quantities, currency).
  useEffect(() => {
    if (!kept) {
      setCheck(null);
      return;
    }
    let live = true;
    void checkCoupon(kept, page.currency, lineIds).then((result) => {
      if (!live) return;
      if (result.ok) return setCheck(result.check);
      setCheck(null);
      // A refusal, not a failed call: the code no longer applies to these lines.
      if (result.reason) {
        setDropped({ code: kept, reason: result.reason });
        forgetCouponCode();
      }
    });
    return () => {
      live = false;
    };
  }, [kept, page.currency, page.summary.total, linesKey]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed === '') return setError(t('cart.coupon.required'));
    if (trimmed.length > COUPON_CODE_MAX) return setError(t('cart.coupon.tooLong', { max: COUPON_CODE_MAX }));
    setChecking(true);
    const result = await checkCoupon(trimmed, page.currency, lineIds);
    setChecking(false);
    if (!result.ok) {
      setError(result.reason ? t(`cart.coupon.reasons.${result.reason}`) : t('cart.coupon.failed'));
      return;
    }
    setCheck(result.check);
    keepCouponCode(result.check.code);
    setValue('');
    setError(null);
    setDropped(null);
  };

  return (
    <form className="cart-coupon" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label htmlFor={`${id}-code`}>{t('cart.coupon.label')}</label>
      <div className="cart-coupon-row">
        <input
          className="input"
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
        <button type="submit" className="button cart-action cart-action--secondary" aria-disabled={checking || undefined}>
          {t('cart.coupon.apply')}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="cart-field-error">
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {checking ? <p className="cart-coupon-kept">{t('cart.coupon.checking')}</p> : null}
        {dropped && !kept ? (
          <p className="cart-field-error" data-coupon-dropped={dropped.code}>
            {t('cart.coupon.dropped', { code: dropped.code, reason: t(`cart.coupon.reasons.${dropped.reason}`) })}
          </p>
        ) : null}
        {kept ? (
          <p className="cart-coupon-kept" data-coupon-kept={kept}>
            <span>
              {check && check.code.toUpperCase() === kept.toUpperCase()
                ? t('cart.coupon.applied', { code: check.code, amount: formatMoney(check.discount, check.currency, locale) })
                : t('cart.coupon.kept', { code: kept })}
            </span>
            <button type="button" className="text-button cart-text-button" onClick={forgetCouponCode}>
              {t('cart.coupon.remove')}
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
