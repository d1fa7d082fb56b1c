/**
 * The checkout (spec section 2 "Checkout"; README "Checkout, orders and payments"): contact
 * email for guests, shipping address (address book or typed), shipping method, coupon, the
 * order summary as the server quotes it, the personalised-items notice, then PayPal.
 *
 * The form stays on screen throughout. "Continue to payment" places the order (one
 * Idempotency-Key per attempt) and draws PayPal's buttons under it; any change to what was
 * placed drops that order from the page, so the next "Continue" places a new one, and nothing
 * changed after a cancelled approval means the next click pays the same order.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AddressRecord } from '../../domain/account.ts';
import { emailSchema } from '../../domain/account.ts';
import type { CheckoutQuote, PlacedOrder } from '../../domain/checkout.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../domain/money.ts';
import type { ShippingMethod } from '../../domain/shipping.ts';
import type { Messages } from '../../i18n/core.ts';
import { IslandI18n, useTranslation } from '../../i18n/react.tsx';
import { loadSavedAddresses } from '../../stores/addresses.ts';
import { $couponCode, mediaUrl } from '../../stores/cart.ts';
import { checkoutSource, forgetBuyNowLine, newAttemptKey, renderPaypalButtons, requestQuote, submitOrder, type CheckoutKind, type CheckoutSourceInput, type PlaceOrderInput } from '../../stores/checkout.ts';
import { $currency } from '../../stores/currency.ts';
import { $signedIn } from '../../stores/session.ts';
import { AddressFields } from '../address/AddressFields.tsx';
import { useAddressForm } from '../address/useAddressForm.ts';
import { useTypedBeforeHydration } from '../form/hydration.ts';
import { LineDetails } from '../cart/CartLine.tsx';
import { cartHref } from '../cart/links.ts';
import { orderSuccessHref, signInHref } from './links.ts';
import '../cart/cart.css';
import './checkout.css';

export interface CheckoutPageProps {
  locale: Locale;
  kind: CheckoutKind;
  messages: Partial<Messages>;
}

export default function CheckoutPage(props: CheckoutPageProps) {
  return (
    <IslandI18n locale={props.locale} messages={props.messages}>
      <Checkout locale={props.locale} kind={props.kind} />
    </IslandI18n>
  );
}

/** Typing in the coupon or address settles this long before the quote is asked again. */
const QUOTE_DELAY_MS = 300;
const NEW_ADDRESS = 'new';

type QuoteState = { status: 'loading' } | { status: 'ready'; quote: CheckoutQuote } | { status: 'error' };
type Payment =
  | { status: 'idle' }
  | { status: 'placing' }
  | { status: 'ready'; order: PlacedOrder; fingerprint: string }
  | { status: 'paid' };

function Checkout({ locale, kind }: { locale: Locale; kind: CheckoutKind }) {
  const { t } = useTranslation();
  const id = useId();
  const currency = useStore($currency);
  const signedIn = useStore($signedIn);
  const keptCoupon = useStore($couponCode, { ssr: () => undefined });
  const [source, setSource] = useState<CheckoutSourceInput | null | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [saved, setSaved] = useState<AddressRecord[] | null>(null);
  const [addressChoice, setAddressChoice] = useState<string>(NEW_ADDRESS);
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [quote, setQuote] = useState<QuoteState>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [payment, setPayment] = useState<Payment>({ status: 'idle' });
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const form = useAddressForm({ idPrefix: `${id}-ship` });
  // The address fields take their own; the email and the coupon are this form's.
  const formRef = useRef<HTMLFormElement | null>(null);
  useTypedBeforeHydration(formRef, (name, typed) => {
    if (name === 'email') setEmail(typed);
    else if (name === 'coupon') setCouponInput(typed);
  });

  // The sign-in link comes back here; the address is only known in the browser.
  const [here, setHere] = useState('');
  useEffect(() => {
    setSource(checkoutSource(kind, window.location.search));
    setHere(window.location.pathname + window.location.search);
  }, [kind]);
  // The cart page's coupon comes along once.
  useEffect(() => {
    if (keptCoupon && coupon === null) {
      setCoupon(keptCoupon);
      setCouponInput(keptCoupon);
    }
  }, [keptCoupon]);

  useEffect(() => {
    if (!signedIn) {
      setSaved(null);
      setAddressChoice(NEW_ADDRESS);
      return;
    }
    let live = true;
    loadSavedAddresses().then(
      (records) => {
        if (!live) return;
        setSaved(records);
        const preferred = records.find((r) => r.isDefault) ?? records[0];
        if (preferred) setAddressChoice(String(preferred.id));
      },
      () => live && setSaved([]),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const savedAddress = addressChoice === NEW_ADDRESS ? null : (saved?.find((r) => String(r.id) === addressChoice) ?? null);
  const country = savedAddress ? savedAddress.country : form.values.country || undefined;

  // Re-quote when what it depends on changes (debounced, the older answer cancelled).
  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      requestQuote({ source, currency, country, shippingMethod: method, couponCode: coupon }, controller.signal).then(
        (answer) => setQuote({ status: 'ready', quote: answer }),
        () => !controller.signal.aborted && setQuote({ status: 'error' }),
      );
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, currency, country, method, coupon, reload]);

  const ready = quote.status === 'ready' ? quote.quote : null;
  const personalised = ready?.notices.personalised ?? false;

  /** What would be placed now, without the address check (for the fingerprint). */
  const draft = useMemo(
    () =>
      JSON.stringify({
        source,
        currency,
        email: signedIn ? undefined : email.trim(),
        address: savedAddress ? savedAddress.id : form.values,
        method,
        coupon,
      }),
    [source, currency, signedIn, email, savedAddress, form.values, method, coupon],
  );

  // A change to anything placed takes the placed order off the page: paying must match the form.
  useEffect(() => {
    if (payment.status === 'ready' && payment.fingerprint !== draft) {
      setPayment({ status: 'idle' });
      setMessage(null);
    }
  }, [draft, payment]);

  if (source === null) {
    return (
      <div className="checkout-empty">
        <p>{t('checkout.page.empty')}</p>
        <a className="button" href={cartHref(locale)}>
          {t('checkout.page.backToCart')}
        </a>
      </div>
    );
  }

  const money = (amount: number, code: CurrencyCode = ready?.currency ?? currency) => formatMoney(amount, code, locale);

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    if (!source || !ready || payment.status === 'placing') return;
    setMessage(null);
    let problems = false;
    const emailOk = signedIn || emailSchema.safeParse(email.trim()).success;
    setEmailError(emailOk ? null : t('checkout.contact.emailInvalid'));
    if (!emailOk) problems = true;
    let address: PlaceOrderInput['address'];
    if (!savedAddress) {
      // Shows the address's errors and focuses the first of them.
      const typed = form.check();
      if (!typed) problems = true;
      else {
        const { id: _id, isDefault: _isDefault, ...rest } = typed as typeof typed & { id?: number };
        address = rest;
      }
    }
    if (personalised && !accepted) {
      setTermsError(true);
      problems = true;
    }
    if (problems) {
      // The email comes first on the page: it takes the focus from the address's errors.
      if (!emailOk) document.getElementById(`${id}-email`)?.focus();
      setMessage({ kind: 'error', text: t('checkout.errors.fixFields') });
      return;
    }
    if (ready.coupon && !ready.coupon.valid) {
      setMessage({ kind: 'error', text: couponText(t, ready.coupon.reason) });
      return;
    }
    if (ready.notices.stock.length > 0) {
      setMessage({ kind: 'error', text: t('checkout.errors.stock') });
      return;
    }
    const body: PlaceOrderInput = {
      source,
      currency,
      ...(signedIn ? {} : { email: email.trim() }),
      ...(savedAddress ? { addressId: savedAddress.id } : { address: address! }),
      shippingMethod: method,
      couponCode: coupon,
      acceptPersonalisedTerms: personalised && accepted,
    };
    // One key per attempt: the same form again (after a failure) is the same attempt.
    if (attempt.current?.fingerprint !== draft) attempt.current = { fingerprint: draft, key: newAttemptKey() };
    setPayment({ status: 'placing' });
    let result = await submitOrder(body, attempt.current.key);
    if (!result.ok && result.problem === 'key-reused') {
      attempt.current = { fingerprint: draft, key: newAttemptKey() };
      result = await submitOrder(body, attempt.current.key);
    }
    if (result.ok) {
      setPayment({ status: 'ready', order: result.order, fingerprint: draft });
      return;
    }
    setPayment({ status: 'idle' });
    if (result.problem === 'stock') {
      setMessage({ kind: 'error', text: t('checkout.errors.stock') });
      setReload((n) => n + 1);
    } else if (result.problem === 'coupon') {
      setMessage({ kind: 'error', text: couponText(t, result.reason) });
      setReload((n) => n + 1);
    } else if (result.problem === 'address') {
      setMessage({ kind: 'error', text: t('checkout.errors.address') });
    } else if (result.problem === 'other') {
      if (!form.showServerError(result.issues)) setMessage({ kind: 'error', text: t('checkout.errors.other', { message: result.message }) });
    }
  }

  const stockNotices = ready?.notices.stock ?? [];

  return (
    <form ref={formRef} className="checkout" method="post" onSubmit={(event) => void onContinue(event)} noValidate aria-busy={payment.status === 'placing' || undefined}>
      <div className="checkout-main">
        {!signedIn ? (
          <section className="checkout-section" aria-labelledby={`${id}-contact`}>
            <div className="checkout-section-head">
              <h2 id={`${id}-contact`}>{t('checkout.contact.heading')}</h2>
              <p className="checkout-signin">
                {t('checkout.contact.haveAccount')} <a href={signInHref(locale, here)}>{t('checkout.contact.signIn')}</a>
              </p>
            </div>
            <div className="af-field">
              <label htmlFor={`${id}-email`}>
                {t('checkout.contact.email')}
                <span className="af-required" aria-hidden="true">
                  {' '}*
                </span>
              </label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : `${id}-email-hint`}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (emailError) setEmailError(null);
                }}
                onBlur={() => email.trim() && setEmailError(emailSchema.safeParse(email.trim()).success ? null : t('checkout.contact.emailInvalid'))}
              />
              {emailError ? (
                <p id={`${id}-email-error`} className="af-error">
                  {emailError}
                </p>
              ) : (
                <p id={`${id}-email-hint`} className="af-hint">
                  {t('checkout.contact.emailHint')}
                </p>
              )}
            </div>
          </section>
        ) : null}

        <section className="checkout-section" aria-labelledby={`${id}-address`}>
          <h2 id={`${id}-address`}>{t('checkout.address.heading')}</h2>
          {signedIn && saved === null ? <p className="checkout-muted">{t('checkout.address.loading')}</p> : null}
          {signedIn && saved && saved.length > 0 ? (
            <fieldset className="checkout-choices">
              <legend className="sr-only">{t('checkout.address.choose')}</legend>
              {saved.map((record) => (
                <label key={record.id} className="checkout-choice">
                  <input type="radio" name="addressChoice" value={record.id} checked={addressChoice === String(record.id)} onChange={() => setAddressChoice(String(record.id))} />
                  <span className="checkout-choice-body">
                    <strong>
                      {record.firstName} {record.lastName}
                      {record.isDefault ? <span className="checkout-badge">{t('checkout.address.default')}</span> : null}
                    </strong>
                    <span>{[record.address, record.address2, record.city, record.postalCode, record.countryName ?? record.country].filter(Boolean).join(', ')}</span>
                  </span>
                </label>
              ))}
              <label className="checkout-choice">
                <input type="radio" name="addressChoice" value={NEW_ADDRESS} checked={addressChoice === NEW_ADDRESS} onChange={() => setAddressChoice(NEW_ADDRESS)} />
                <span className="checkout-choice-body">
                  <strong>{t('checkout.address.useNew')}</strong>
                </span>
              </label>
            </fieldset>
          ) : null}
          {addressChoice === NEW_ADDRESS && (!signedIn || saved !== null) ? <AddressFields form={form} showDefault={false} /> : null}
        </section>

        <section className="checkout-section" aria-labelledby={`${id}-shipping`}>
          <h2 id={`${id}-shipping`}>{t('checkout.shipping.heading')}</h2>
          {ready?.shippingOptions ? (
            <fieldset className="checkout-choices">
              <legend className="sr-only">{t('checkout.shipping.heading')}</legend>
              {ready.shippingOptions.map((option) => (
                <label key={option.method} className="checkout-choice checkout-choice--row" data-method={option.method}>
                  <input type="radio" name="shippingMethod" value={option.method} checked={method === option.method} onChange={() => setMethod(option.method)} />
                  <span className="checkout-choice-body">
                    <strong>{t(`checkout.shipping.${option.method}`)}</strong>
                    <span>{t('checkout.shipping.days', { min: option.minDays, max: option.maxDays })}</span>
                  </span>
                  <span className="checkout-choice-price">{option.free ? t('checkout.shipping.free') : money(option.amount)}</span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="checkout-muted">{t('checkout.shipping.needCountry')}</p>
          )}
        </section>

        <CouponBox
          id={id}
          value={couponInput}
          onValue={setCouponInput}
          applied={coupon}
          state={ready?.coupon ?? null}
          money={money}
          onApply={(code) => setCoupon(code)}
          onClear={() => {
            setCoupon(null);
            setCouponInput('');
          }}
        />
      </div>

      <aside className="checkout-summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`}>{t('checkout.summary.heading')}</h2>
        {quote.status === 'error' ? (
          <div className="checkout-message is-error" role="alert">
            <p>{t('checkout.page.loadError')}</p>
            <button type="button" className="button secondary" onClick={() => setReload((n) => n + 1)}>
              {t('checkout.page.retry')}
            </button>
          </div>
        ) : !ready ? (
          <p className="checkout-muted" role="status">
            {t('checkout.page.loading')}
          </p>
        ) : (
          <>
            <ul className="checkout-lines" role="list">
              {ready.lines.map((line, index) => (
                <li key={line.cartItemId ?? index} className="checkout-line" data-personalised={line.personalised || undefined}>
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
              ))}
            </ul>
            {stockNotices.length > 0 ? (
              <ul className="checkout-message is-error" role="alert">
                {stockNotices.map((notice) => (
                  <li key={`${notice.productId}-${notice.size}`}>
                    {notice.available > 0 ? t('checkout.stock.fewer', { count: notice.available, size: notice.size }) : t('checkout.stock.soldOut', { size: notice.size })}
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="checkout-totals" aria-live="polite">
              <div>
                <dt>{t('checkout.summary.items', { count: ready.summary.itemCount })}</dt>
                <dd data-total="items">{money(ready.summary.items)}</dd>
              </div>
              {ready.summary.tierDiscount > 0 ? (
                <div>
                  <dt>{t('checkout.summary.tier', { percent: ready.summary.tierPercent })}</dt>
                  <dd data-total="tier">{money(-ready.summary.tierDiscount)}</dd>
                </div>
              ) : null}
              {ready.summary.couponDiscount > 0 ? (
                <div>
                  <dt>{t('checkout.summary.coupon', { code: ready.coupon?.code ?? '' })}</dt>
                  <dd data-total="coupon">{money(-ready.summary.couponDiscount)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('checkout.summary.shipping')}</dt>
                <dd data-total="shipping">{ready.shipping ? (ready.shipping.free ? t('checkout.shipping.free') : money(ready.shipping.amount)) : t('checkout.summary.shippingPending')}</dd>
              </div>
              <div className="checkout-totals-total">
                <dt>{t('checkout.summary.total')}</dt>
                <dd data-total="total">{money(ready.summary.total)}</dd>
              </div>
            </dl>
          </>
        )}

        {personalised ? (
          <div className={`checkout-terms${termsError && !accepted ? ' is-invalid' : ''}`}>
            <p>{t('checkout.personalised.notice')}</p>
            <label>
              <input
                type="checkbox"
                name="acceptPersonalisedTerms"
                checked={accepted}
                aria-invalid={termsError && !accepted ? true : undefined}
                aria-describedby={termsError && !accepted ? `${id}-terms-error` : undefined}
                onChange={(event) => {
                  setAccepted(event.target.checked);
                  setTermsError(false);
                  setMessage(null);
                }}
              />
              <span>{t('checkout.personalised.accept')}</span>
            </label>
            {termsError && !accepted ? (
              <p id={`${id}-terms-error`} className="af-error">
                {t('checkout.personalised.required')}
              </p>
            ) : null}
          </div>
        ) : null}

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
            onMessage={setMessage}
            onPaid={() => setPayment({ status: 'paid' })}
            onDead={() => {
              attempt.current = null;
              setPayment({ status: 'idle' });
            }}
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

type TFn = ReturnType<typeof useTranslation>['t'];

function couponText(t: TFn, reason: string | null): string {
  const known = ['unknown', 'inactive', 'not-started', 'expired', 'min-spend', 'used-up', 'customer-limit'];
  return reason && known.includes(reason) ? t(`checkout.coupon.reasons.${reason}` as 'checkout.coupon.reasons.unknown') : t('checkout.coupon.reasons.unknown');
}

function CouponBox(props: {
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

function PaypalBox(props: {
  locale: Locale;
  order: PlacedOrder | null;
  onMessage(message: { kind: 'error' | 'info'; text: string } | null): void;
  onPaid(): void;
  onDead(): void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed' | 'capturing'>('loading');
  const { order, locale, onMessage, onPaid, onDead } = props;

  useEffect(() => {
    if (!order || !container.current) return;
    let live = true;
    let remove: (() => void) | null = null;
    setStatus('loading');
    renderPaypalButtons(container.current, { orderNo: order.orderNo, token: order.accessToken, currency: order.currency }, {
      onPaid(answer) {
        onPaid();
        forgetBuyNowLine();
        window.location.assign(orderSuccessHref(locale, answer.orderNo, order.accessToken));
      },
      onDeclined: () => onMessage({ kind: 'error', text: t('checkout.pay.declined') }),
      onCancelled: () => onMessage({ kind: 'info', text: t('checkout.pay.cancelled') }),
      onDead() {
        onMessage({ kind: 'error', text: t('checkout.pay.dead') });
        onDead();
      },
      onFailed: () => onMessage({ kind: 'error', text: t('checkout.pay.failed') }),
    }).then(
      (close) => {
        if (!live) return close();
        remove = close;
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
      remove?.();
      if (container.current) container.current.replaceChildren();
    };
  }, [order]);

  return (
    <section className="checkout-pay" aria-labelledby="checkout-pay-heading">
      <h3 id="checkout-pay-heading">{t('checkout.pay.heading')}</h3>
      {order ? (
        <p className="checkout-muted">
          {t('checkout.pay.intro', { orderNo: order.orderNo, total: formatMoney(order.total, order.currency, locale) })}
        </p>
      ) : null}
      {status === 'loading' ? <p role="status">{t('checkout.pay.loading')}</p> : null}
      {status === 'failed' ? (
        <p className="checkout-message is-error" role="alert">
          {t('checkout.pay.loadFailed')}
        </p>
      ) : null}
      <div ref={container} className="checkout-paypal" data-paypal-container />
    </section>
  );
}
