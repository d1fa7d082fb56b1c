/**
 * The checkout (docs/checkout-and-payments.md): contact email for guests, shipping address
 * (address book or typed), shipping method, coupon, the order summary as the server quotes it,
 * the personalised-items notice, then PayPal.
 *
 * The form stays on screen throughout. "Continue to payment" places the order (one
 * Idempotency-Key per attempt) and draws PayPal's buttons under it; any change to what was
 * placed drops that order from the page, so the next "Continue" places a new one, and nothing
 * changed after a cancelled approval means the next click pays the same order. The state and
 * its rules are useCheckout.ts; this file lays the sections out.
 */
import { useId } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../domain/money.model.ts';
import { useTranslation, withIslandI18n } from '../../i18n/react.tsx';
import type { CheckoutKind } from '../../stores/checkout.ts';
import { cartHref } from '../cart/links.ts';
import { CouponBox } from './CouponBox.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PaypalBox } from './PaypalBox.tsx';
import { AddressSection, ContactSection, ShippingSection, TermsBox } from './sections.tsx';
import { useCheckout } from './useCheckout.ts';
import '../cart/cart.css';
import './checkout.css';
import { StatusLine } from '../StatusLine.tsx';

export default withIslandI18n(Checkout);

function Checkout({ locale, kind }: { locale: Locale; kind: CheckoutKind }) {
  const { t } = useTranslation();
  const id = useId();
  const checkout = useCheckout(kind, id);
  const { fields, dispatch, ready, quote } = checkout;
  const { payment, message } = fields;

  if (checkout.source === null) {
    return (
      <div className="checkout-empty">
        <p>{t('checkout.page.empty')}</p>
        <a className="button" href={cartHref(locale)}>
          {t('checkout.page.backToCart')}
        </a>
      </div>
    );
  }

  const money = (amount: number, code: CurrencyCode = ready?.currency ?? checkout.currency) => formatMoney(amount, code, locale);

  return (
    <form
      ref={checkout.formRef}
      className="checkout"
      method="post"
      onSubmit={(event) => void checkout.onContinue(event)}
      noValidate
      aria-busy={payment.status === 'placing' || undefined}
    >
      <div className="checkout-main">
        {!checkout.signedIn ? <ContactSection id={id} locale={locale} checkout={checkout} /> : null}
        <AddressSection id={id} checkout={checkout} />
        <ShippingSection id={id} checkout={checkout} money={money} />
        <CouponBox
          id={id}
          value={fields.couponInput}
          onValue={(value) => dispatch({ type: 'couponInput', value })}
          applied={fields.coupon}
          state={ready?.coupon ?? null}
          money={money}
          onApply={(code) => dispatch({ type: 'applyCoupon', code })}
          onClear={() => dispatch({ type: 'clearCoupon' })}
        />
      </div>

      <aside className="checkout-summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`}>{t('checkout.summary.heading')}</h2>
        {quote.status === 'error' ? (
          <div className="checkout-message is-error" role="alert">
            <p>{t('checkout.page.loadError')}</p>
            <button type="button" className="button secondary" onClick={checkout.requote}>
              {t('checkout.page.retry')}
            </button>
          </div>
        ) : !ready ? (
          <StatusLine className="checkout-muted">{t('checkout.page.loading')}</StatusLine>
        ) : (
          <OrderSummary quote={ready} locale={locale} money={money} />
        )}

        {checkout.personalised ? <TermsBox id={id} checkout={checkout} /> : null}

        <div aria-live="polite">
          {message ? (
            <p className={`checkout-message is-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
              {message.text}
            </p>
          ) : null}
        </div>

        {payment.status === 'ready' || payment.status === 'paid' ? (
          <PaypalBox
            locale={locale}
            order={payment.status === 'ready' ? payment.order : null}
            onMessage={(next) => dispatch({ type: 'message', message: next })}
            onPaid={() => dispatch({ type: 'payment', payment: { status: 'paid' } })}
            onDead={checkout.forgetOrder}
          />
        ) : (
          <button type="submit" className="button checkout-continue" disabled={!ready || payment.status === 'placing'}>
            {payment.status === 'placing' ? t('checkout.actions.placing') : t('checkout.actions.continue')}
          </button>
        )}
      </aside>
    </form>
  );
}
