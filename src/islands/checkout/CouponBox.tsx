/** The checkout's coupon: typed, applied with its button or Enter, and what the quote says of it. */
import { useState } from 'react';
import type { CheckoutQuote } from '../../domain/checkout.model.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { couponText } from './coupon-text.ts';

export function CouponBox(props: {
  id: string;
  value: string;
  onValue(value: string): void;
  applied: string | null;
  state: CheckoutQuote['coupon'];
  money(amount: number): string;
  onApply(code: string): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const inputId = `${props.id}-coupon`;
  const apply = () => {
    const code = props.value.trim();
    if (!code) return setError(t('checkout.coupon.required'));
    setError(null);
    props.onApply(code);
  };
  const state = props.applied && props.state?.code.toUpperCase() === props.applied.toUpperCase() ? props.state : null;
  return (
    <section className="checkout-section" aria-labelledby={`${props.id}-coupon-heading`}>
      <h2 id={`${props.id}-coupon-heading`}>{t('checkout.coupon.heading')}</h2>
      <div className="checkout-coupon">
        <label htmlFor={inputId} className="sr-only">
          {t('checkout.coupon.label')}
        </label>
        <input
          id={inputId}
          name="coupon"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder={t('checkout.coupon.label')}
          value={props.value}
          onChange={(event) => props.onValue(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code rather than submitting the whole checkout.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        <button type="button" className="button secondary" onClick={apply}>
          {t('checkout.coupon.apply')}
        </button>
      </div>
      <div aria-live="polite" className="checkout-coupon-state">
        {error ? <p className="af-error">{error}</p> : null}
        {state?.valid ? (
          <p className="checkout-coupon-ok" data-coupon="valid">
            {t('checkout.coupon.applied', { code: state.code, amount: props.money(state.discount) })}{' '}
            <button type="button" className="checkout-link-button" onClick={props.onClear}>
              {t('checkout.coupon.clear')}
            </button>
          </p>
        ) : state ? (
          <p className="af-error" data-coupon="invalid">
            {couponText(t, state.reason)}{' '}
            <button type="button" className="checkout-link-button" onClick={props.onClear}>
              {t('checkout.coupon.clear')}
            </button>
          </p>
        ) : null}
      </div>
    </section>
  );
}
