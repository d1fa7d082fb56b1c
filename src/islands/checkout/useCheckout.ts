/**
 * The checkout's state and what moves it: the form's own fields (email, address choice, shipping
 * method, coupon, personalised-items terms) in one reducer, the saved addresses, the server's
 * quote (asked again, debounced, when what it depends on changes) and the placed order that
 * PayPal pays. The sections (sections.tsx, CouponBox.tsx, OrderSummary.tsx, PaypalBox.tsx) only
 * draw this state and send its actions.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import type { AddressRecord } from '../../domain/account.model.ts';
import { emailSchema } from '../../domain/account.schema.ts';
import type { CheckoutQuote, PlacedOrder } from '../../domain/checkout.model.ts';
import { DEFAULT_CURRENCY, type CurrencyCode } from '../../domain/money.model.ts';
import type { ShippingMethod } from '../../domain/shipping.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { loadSavedAddresses } from '../../stores/addresses.ts';
import { $couponCode } from '../../stores/cart.ts';
import { checkoutSource, newAttemptKey, requestQuote, submitOrder, type CheckoutKind, type CheckoutSourceInput, type PlaceOrderInput } from '../../stores/checkout.ts';
import { $currency } from '../../stores/currency.ts';
import { $signedIn } from '../../stores/session.ts';
import { useAddressForm, type AddressForm } from '../address/useAddressForm.ts';
import { useTypedBeforeHydration } from '../form/hydration.ts';
import { serverFieldErrors } from '../form/server-issues.ts';
import { couponText } from './coupon-text.ts';

/** Typing in the coupon or address settles this long before the quote is asked again. */
const QUOTE_DELAY_MS = 300;
export const NEW_ADDRESS = 'new';

export type QuoteState = { status: 'loading' } | { status: 'ready'; quote: CheckoutQuote } | { status: 'error' };
export type Payment = { status: 'idle' } | { status: 'placing' } | { status: 'ready'; order: PlacedOrder; fingerprint: string } | { status: 'paid' };
export type CheckoutMessage = { kind: 'error' | 'info'; text: string };

/** What the shopper fills in, and what the page says back about it. */
export interface CheckoutFields {
  email: string;
  emailError: string | null;
  addressChoice: string;
  method: ShippingMethod;
  /** What is typed in the coupon box, and the code applied to the quote. */
  couponInput: string;
  coupon: string | null;
  accepted: boolean;
  termsError: boolean;
  payment: Payment;
  message: CheckoutMessage | null;
}

export type CheckoutAction =
  | { type: 'email'; value: string }
  | { type: 'emailError'; error: string | null }
  | { type: 'addressChoice'; choice: string }
  | { type: 'method'; method: ShippingMethod }
  | { type: 'couponInput'; value: string }
  | { type: 'applyCoupon'; code: string }
  | { type: 'clearCoupon' }
  | { type: 'accept'; accepted: boolean }
  | { type: 'termsMissing' }
  | { type: 'payment'; payment: Payment }
  | { type: 'message'; message: CheckoutMessage | null };

const INITIAL: CheckoutFields = {
  email: '',
  emailError: null,
  addressChoice: NEW_ADDRESS,
  method: 'standard',
  couponInput: '',
  coupon: null,
  accepted: false,
  termsError: false,
  payment: { status: 'idle' },
  message: null,
};

export function checkoutReducer(state: CheckoutFields, action: CheckoutAction): CheckoutFields {
  switch (action.type) {
    case 'email':
      // The error goes as the shopper corrects the address; it comes back on leaving or sending.
      return { ...state, email: action.value, emailError: null };
    case 'emailError':
      return { ...state, emailError: action.error };
    case 'addressChoice':
      return { ...state, addressChoice: action.choice };
    case 'method':
      return { ...state, method: action.method };
    case 'couponInput':
      return { ...state, couponInput: action.value };
    case 'applyCoupon':
      return { ...state, coupon: action.code, couponInput: action.code };
    case 'clearCoupon':
      return { ...state, coupon: null, couponInput: '' };
    case 'accept':
      return { ...state, accepted: action.accepted, termsError: false, message: null };
    case 'termsMissing':
      return { ...state, termsError: true };
    case 'payment':
      return { ...state, payment: action.payment };
    case 'message':
      return { ...state, message: action.message };
  }
}

export interface Checkout {
  fields: CheckoutFields;
  dispatch(action: CheckoutAction): void;
  currency: CurrencyCode;
  signedIn: boolean;
  /** Where the checkout comes from (the cart or one bought-now line); null: nothing to check out; undefined until read. */
  source: CheckoutSourceInput | null | undefined;
  /** The page's own address, for the sign-in link to come back to. */
  here: string;
  /** The saved addresses of a signed-in shopper (null while loading or signed out). */
  saved: AddressRecord[] | null;
  savedAddress: AddressRecord | null;
  address: AddressForm;
  quote: QuoteState;
  ready: CheckoutQuote | null;
  personalised: boolean;
  /** Ask for the quote again (after an error, or a refusal that changed it). */
  requote(): void;
  formRef: React.RefObject<HTMLFormElement | null>;
  onContinue(event: FormEvent): Promise<void>;
  /** PayPal said the placed order can no longer be paid: the next "Continue" places a new one. */
  forgetOrder(): void;
}

export function useCheckout(kind: CheckoutKind, idPrefix: string): Checkout {
  const { t } = useTranslation();
  // Hydration draws what the build drew (the default currency, signed out); the browser's own
  // follow in the next render (docs/storefront.md "Hydration never differs from the HTML").
  const currency = useStore($currency, { ssr: () => DEFAULT_CURRENCY });
  const signedIn = useStore($signedIn, { ssr: () => false });
  const keptCoupon = useStore($couponCode, { ssr: () => undefined });
  const [fields, dispatch] = useReducer(checkoutReducer, INITIAL);
  const [source, setSource] = useState<CheckoutSourceInput | null | undefined>(undefined);
  const [saved, setSaved] = useState<AddressRecord[] | null>(null);
  const [quote, setQuote] = useState<QuoteState>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [here, setHere] = useState('');
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const address = useAddressForm({ idPrefix: `${idPrefix}-ship` });
  const { email, addressChoice, method, coupon, accepted, payment } = fields;

  // The address fields take their own; the email and the coupon are this form's.
  const formRef = useRef<HTMLFormElement | null>(null);
  useTypedBeforeHydration(formRef, (name, typed) => {
    if (name === 'email') dispatch({ type: 'email', value: typed });
    else if (name === 'coupon') dispatch({ type: 'couponInput', value: typed });
  });

  // The sign-in link comes back here; the address is only known in the browser.
  useEffect(() => {
    setSource(checkoutSource(kind, window.location.search));
    setHere(window.location.pathname + window.location.search);
  }, [kind]);
  // The cart page's coupon comes along once.
  useEffect(() => {
    if (keptCoupon && coupon === null) dispatch({ type: 'applyCoupon', code: keptCoupon });
  }, [keptCoupon]);

  useEffect(() => {
    if (!signedIn) {
      setSaved(null);
      dispatch({ type: 'addressChoice', choice: NEW_ADDRESS });
      return;
    }
    let live = true;
    loadSavedAddresses().then(
      (records) => {
        if (!live) return;
        setSaved(records);
        const preferred = records.find((r) => r.isDefault) ?? records[0];
        if (preferred) dispatch({ type: 'addressChoice', choice: String(preferred.id) });
      },
      () => live && setSaved([]),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const savedAddress = addressChoice === NEW_ADDRESS ? null : (saved?.find((r) => String(r.id) === addressChoice) ?? null);
  const country = savedAddress ? savedAddress.country : address.values.country || undefined;
  // Canada's and the US's tax depends on the province or state (docs/taxes.md); elsewhere it is
  // free text that changes nothing, so typing it does not ask for another quote.
  const province = country === 'CA' || country === 'US' ? (savedAddress ? savedAddress.province : address.values.province) || undefined : undefined;

  // Re-quote when what it depends on changes (debounced, the older answer cancelled).
  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      requestQuote({ source, currency, country, province, shippingMethod: method, couponCode: coupon }, controller.signal).then(
        (answer) => setQuote({ status: 'ready', quote: answer }),
        () => !controller.signal.aborted && setQuote({ status: 'error' }),
      );
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, currency, country, province, method, coupon, reload]);

  const ready = quote.status === 'ready' ? quote.quote : null;
  const personalised = ready?.notices.personalised ?? false;
  const requote = () => setReload((n) => n + 1);

  /** What would be placed now, without the address check (for the fingerprint). */
  const draft = useMemo(
    () =>
      JSON.stringify({
        source,
        currency,
        email: signedIn ? undefined : email.trim(),
        address: savedAddress ? savedAddress.id : address.values,
        method,
        coupon,
      }),
    [source, currency, signedIn, email, savedAddress, address.values, method, coupon],
  );

  // A change to anything placed takes the placed order off the page: paying must match the form.
  useEffect(() => {
    if (payment.status === 'ready' && payment.fingerprint !== draft) {
      dispatch({ type: 'payment', payment: { status: 'idle' } });
      dispatch({ type: 'message', message: null });
    }
  }, [draft, payment]);

  const fail = (text: string) => dispatch({ type: 'message', message: { kind: 'error', text } });

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    if (!source || !ready || payment.status === 'placing') return;
    dispatch({ type: 'message', message: null });
    let problems = false;
    const emailOk = signedIn || emailSchema.safeParse(email.trim()).success;
    // Left empty, the field says so; typed wrong, it says how it should look.
    dispatch({ type: 'emailError', error: emailOk ? null : t(email.trim() === '' ? 'checkout.contact.emailRequired' : 'checkout.contact.emailInvalid') });
    if (!emailOk) problems = true;
    let typedAddress: PlaceOrderInput['address'];
    if (!savedAddress) {
      // Shows the address's errors and focuses the first of them.
      const typed = address.check();
      if (!typed) problems = true;
      else {
        const { id: _id, isDefault: _isDefault, ...rest } = typed as typeof typed & { id?: number };
        typedAddress = rest;
      }
    }
    if (personalised && !accepted) {
      dispatch({ type: 'termsMissing' });
      problems = true;
    }
    if (problems) {
      // The email comes first on the page: it takes the focus from the address's errors.
      if (!emailOk) document.getElementById(`${idPrefix}-email`)?.focus();
      return fail(t('checkout.errors.fixFields'));
    }
    if (ready.coupon && !ready.coupon.valid) return fail(couponText(t, ready.coupon.reason));
    if (ready.notices.stock.length > 0) return fail(t('checkout.errors.stock'));
    const body: PlaceOrderInput = {
      source,
      currency,
      ...(signedIn ? {} : { email: email.trim() }),
      ...(savedAddress ? { addressId: savedAddress.id } : { address: typedAddress! }),
      shippingMethod: method,
      couponCode: coupon,
      acceptPersonalisedTerms: personalised && accepted,
    };
    // One key per attempt: the same form again (after a failure) is the same attempt.
    if (attempt.current?.fingerprint !== draft) attempt.current = { fingerprint: draft, key: newAttemptKey() };
    dispatch({ type: 'payment', payment: { status: 'placing' } });
    let result = await submitOrder(body, attempt.current.key);
    if (!result.ok && result.problem === 'key-reused') {
      attempt.current = { fingerprint: draft, key: newAttemptKey() };
      result = await submitOrder(body, attempt.current.key);
    }
    if (result.ok) {
      dispatch({ type: 'payment', payment: { status: 'ready', order: result.order, fingerprint: draft } });
      return;
    }
    dispatch({ type: 'payment', payment: { status: 'idle' } });
    if (result.problem === 'stock') {
      fail(t('checkout.errors.stock'));
      requote();
    } else if (result.problem === 'coupon') {
      fail(couponText(t, result.reason));
      requote();
    } else if (result.problem === 'address') {
      fail(t('checkout.errors.address'));
    } else if (result.problem === 'other') {
      // The fields the answer names, beside them (the email here, the address's in its form).
      const emailIssue = serverFieldErrors(result.issues)['email'];
      if (emailIssue && !signedIn) {
        dispatch({ type: 'emailError', error: emailIssue });
        address.showServerError(result.issues);
        // After the address form's own focus move (also a frame away): the email comes first on the page.
        requestAnimationFrame(() => document.getElementById(`${idPrefix}-email`)?.focus());
      } else if (!address.showServerError(result.issues)) fail(t('checkout.errors.other', { message: result.message }));
    }
  }

  return {
    fields,
    dispatch,
    currency,
    signedIn,
    source,
    here,
    saved,
    savedAddress,
    address,
    quote,
    ready,
    personalised,
    requote,
    formRef,
    onContinue,
    forgetOrder() {
      attempt.current = null;
      dispatch({ type: 'payment', payment: { status: 'idle' } });
    },
  };
}
