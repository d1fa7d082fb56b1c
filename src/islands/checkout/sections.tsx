/** The checkout form's sections: contact email (guests), shipping address, shipping method, and the personalised-items terms. */
import { emailSchema } from '../../domain/account.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { ADDRESS_LOOK, AddressFields } from '../address/AddressFields.tsx';
import { Field, FieldError } from '../form/Field.tsx';
import { signInHref } from './links.ts';
import { NEW_ADDRESS, type Checkout } from './useCheckout.ts';

export function ContactSection({ id, locale, checkout }: { id: string; locale: Locale; checkout: Checkout }) {
  const { t } = useTranslation();
  const { email, emailError } = checkout.fields;
  const inputId = `${id}-email`;
  return (
    <section className="checkout-section" aria-labelledby={`${id}-contact`}>
      <div className="checkout-section-head">
        <h2 id={`${id}-contact`}>{t('checkout.contact.heading')}</h2>
        <p className="checkout-signin">
          {t('checkout.contact.haveAccount')} <a href={signInHref(locale, checkout.here)}>{t('checkout.contact.signIn')}</a>
        </p>
      </div>
      <Field
        id={inputId}
        look={ADDRESS_LOOK}
        label={
          <>
            {t('checkout.contact.email')}
            <span className="af-required" aria-hidden="true">
              {' '}*
            </span>
          </>
        }
        // The hint gives way to the error.
        hint={emailError ? null : t('checkout.contact.emailHint')}
        error={emailError}
      >
        {(described) => (
          <input
            {...described}
            className="input input--compact"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => checkout.dispatch({ type: 'email', value: event.target.value })}
            onBlur={() => email.trim() && checkout.dispatch({ type: 'emailError', error: emailSchema.safeParse(email.trim()).success ? null : t('checkout.contact.emailInvalid') })}
          />
        )}
      </Field>
    </section>
  );
}

export function AddressSection({ id, checkout }: { id: string; checkout: Checkout }) {
  const { t } = useTranslation();
  const { signedIn, saved } = checkout;
  const { addressChoice } = checkout.fields;
  const choose = (choice: string) => checkout.dispatch({ type: 'addressChoice', choice });
  return (
    <section className="checkout-section" aria-labelledby={`${id}-address`}>
      <h2 id={`${id}-address`}>{t('checkout.address.heading')}</h2>
      {signedIn && saved === null ? <p className="checkout-muted">{t('checkout.address.loading')}</p> : null}
      {signedIn && saved && saved.length > 0 ? (
        <fieldset className="checkout-choices">
          <legend className="sr-only">{t('checkout.address.choose')}</legend>
          {saved.map((record) => (
            <label key={record.id} className="checkout-choice">
              <input type="radio" name="addressChoice" value={record.id} checked={addressChoice === String(record.id)} onChange={() => choose(String(record.id))} />
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
            <input type="radio" name="addressChoice" value={NEW_ADDRESS} checked={addressChoice === NEW_ADDRESS} onChange={() => choose(NEW_ADDRESS)} />
            <span className="checkout-choice-body">
              <strong>{t('checkout.address.useNew')}</strong>
            </span>
          </label>
        </fieldset>
      ) : null}
      {addressChoice === NEW_ADDRESS && (!signedIn || saved !== null) ? <AddressFields form={checkout.address} showDefault={false} /> : null}
    </section>
  );
}

export function ShippingSection({ id, checkout, money }: { id: string; checkout: Checkout; money(amount: number): string }) {
  const { t } = useTranslation();
  const options = checkout.ready?.shippingOptions;
  return (
    <section className="checkout-section" aria-labelledby={`${id}-shipping`}>
      <h2 id={`${id}-shipping`}>{t('checkout.shipping.heading')}</h2>
      {options ? (
        <fieldset className="checkout-choices">
          <legend className="sr-only">{t('checkout.shipping.heading')}</legend>
          {options.map((option) => (
            <label key={option.method} className="checkout-choice checkout-choice--row" data-method={option.method}>
              <input
                type="radio"
                name="shippingMethod"
                value={option.method}
                checked={checkout.fields.method === option.method}
                onChange={() => checkout.dispatch({ type: 'method', method: option.method })}
              />
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
  );
}

/** The personalised-items notice, whose box must be ticked before paying. */
export function TermsBox({ id, checkout }: { id: string; checkout: Checkout }) {
  const { t } = useTranslation();
  const { accepted, termsError } = checkout.fields;
  const missing = termsError && !accepted;
  return (
    <div className={`checkout-terms${missing ? ' is-invalid' : ''}`}>
      <p>{t('checkout.personalised.notice')}</p>
      <label>
        <input
          type="checkbox"
          name="acceptPersonalisedTerms"
          checked={accepted}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-terms-error` : undefined}
          onChange={(event) => checkout.dispatch({ type: 'accept', accepted: event.target.checked })}
        />
        <span>{t('checkout.personalised.accept')}</span>
      </label>
      <FieldError id={`${id}-terms`} className="af-error" error={missing ? t('checkout.personalised.required') : null} />
    </div>
  );
}
