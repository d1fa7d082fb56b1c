/**
 * The fields of an address, for any form that asks for one: the
 * address book's editor and checkout's shipping address. State lives in {@link useAddressForm};
 * the surrounding `<form noValidate>` and its submit button belong to the page. Messages come from
 * the `address` namespace, which the page hands to its island with `pickMessages`.
 *
 * Each field has a visible label, its hint and error tied to it (`aria-describedby`), and
 * `aria-invalid` while wrong (the shared field, islands/form/Field.tsx); the browser's autofill
 * tokens are set for the given section.
 */
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Field as SharedField, type Described as SharedDescribed } from '../form/Field.tsx';
import { useTypedBeforeHydration } from '../form/hydration.ts';
import { ADDRESS_FIELDS, type AddressField, type FieldError } from './address-form.ts';
import { suggestionSummary } from './autofill.ts';
import type { AddressForm } from './useAddressForm.ts';
import './address.css';

/** The address look of the shared field (address.css); checkout's own fields wear it too. */
export const ADDRESS_LOOK = { field: 'af-field', hint: 'af-hint', error: 'af-error' };

export interface AddressFieldsProps {
  form: AddressForm;
  /** Offer "Set as default address" (the address book does; a one-off checkout address may not). */
  showDefault?: boolean;
  /** The autofill section: a shipping and a billing address on one page stay apart. */
  section?: 'shipping' | 'billing';
}

export function AddressFields({ form, showDefault = true, section = 'shipping' }: AddressFieldsProps) {
  const { t } = useTranslation();
  const { values, country, countries, states, suggestion, idPrefix } = form;
  const hasStates = country?.hasStates === true;
  const auto = (token: string) => `${section} ${token}`;
  const listFailed = form.countriesStatus === 'error' || (hasStates && form.statesStatus === 'error');
  const grid = useRef<HTMLDivElement | null>(null);
  useTypedBeforeHydration(grid, (name, typed) => {
    const field = ADDRESS_FIELDS.find((known) => known === name);
    if (field) form.setField(field, typed);
  });

  const text = (field: AddressField, options: { label: string; required?: boolean; autoComplete: string; hint?: string; type?: string; inputMode?: 'tel' | 'text'; maxLength?: number; className?: string; after?: ReactNode }) => (
    <Field form={form} field={field} label={options.label} required={options.required ?? false} hint={options.hint} className={options.className}>
      {(described) => (
        <input
          {...described}
          className="input input--compact"
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={auto(options.autoComplete)}
          maxLength={options.maxLength}
          value={values[field]}
          onChange={(event: ChangeEvent<HTMLInputElement>) => form.setField(field, event.target.value)}
          onBlur={() => form.touch(field)}
        />
      )}
    </Field>
  );

  const choice = (field: 'country' | 'province', options: { label: string; autoComplete: string; empty: string; items: readonly { code: string; name: string }[] }) => (
    <Field form={form} field={field} label={options.label} required>
      {(described) => (
        <select {...described} className="input input--compact" autoComplete={auto(options.autoComplete)} value={values[field]} onChange={(event) => form.setField(field, event.target.value)} onBlur={() => form.touch(field)}>
          <option value="">{options.empty}</option>
          {options.items.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const applySuggestion = () => {
    form.applySuggestion();
    // The suggestion (and the button just pressed) goes: the shopper continues in the address field.
    document.getElementById(`${idPrefix}-address`)?.focus();
  };
  const dismissSuggestion = () => {
    form.dismissSuggestion();
    document.getElementById(`${idPrefix}-address`)?.focus();
  };
  const summary = suggestion
    ? suggestionSummary(suggestion, {
        country: (code) => countries.find((c) => c.code === code)?.name ?? code,
        province: (code) => form.statesOf(suggestion.country ?? values.country)?.find((s) => s.code === code)?.name ?? code,
      })
    : [];

  return (
    <div className="af-grid" ref={grid}>
      <p className="af-note af-wide">{t('address.requiredNote')}</p>
      {text('firstName', { label: t('address.fields.firstName'), required: true, autoComplete: 'given-name', maxLength: 50 })}
      {text('lastName', { label: t('address.fields.lastName'), required: true, autoComplete: 'family-name', maxLength: 50 })}
      {text('company', { label: t('address.fields.company'), autoComplete: 'organization', maxLength: 100, className: 'af-wide' })}
      {text('address', { label: t('address.fields.address'), required: true, autoComplete: 'address-line1', hint: t('address.hints.address'), className: 'af-wide' })}
      <div className="af-suggestion-slot af-wide" aria-live="polite">
        {suggestion ? (
          <div className="af-suggestion" data-address-suggestion>
            <p className="af-suggestion-text">{t(suggestion.fromSaved ? 'address.suggestion.saved' : 'address.suggestion.typed')}</p>
            <ul className="af-suggestion-parts">
              {summary.map(({ field, text: value }) => (
                <li key={field}>
                  <span className="af-suggestion-label">{t(`address.fields.${field}`)}:</span> <strong>{value}</strong>
                </li>
              ))}
            </ul>
            <p className="af-suggestion-actions">
              <button type="button" className="af-button af-button-small" onClick={applySuggestion}>
                {t('address.suggestion.apply')}
              </button>
              <button type="button" className="text-button af-link-button" onClick={dismissSuggestion}>
                {t('address.suggestion.dismiss')}
              </button>
            </p>
          </div>
        ) : null}
      </div>
      {text('address2', { label: t('address.fields.address2'), autoComplete: 'address-line2', maxLength: 200, className: 'af-wide' })}

      {choice('country', { label: t('address.fields.country'), autoComplete: 'country', empty: form.countriesStatus === 'loading' ? t('address.loadingCountries') : t('address.selectCountry'), items: countries })}
      {hasStates
        ? choice('province', { label: t('address.fields.province'), autoComplete: 'address-level1', empty: form.statesStatus === 'loading' ? t('address.loadingProvinces') : t('address.selectProvince'), items: states })
        : text('province', { label: t('address.fields.province'), autoComplete: 'address-level1', maxLength: 100 })}
      {listFailed ? (
        <p className="af-list-failed af-wide" role="alert">
          {t('address.listFailed')}{' '}
          <button type="button" className="text-button af-link-button" onClick={form.retryLists}>
            {t('address.retry')}
          </button>
        </p>
      ) : null}
      {text('city', { label: t('address.fields.city'), required: true, autoComplete: 'address-level2', maxLength: 100 })}
      {text('postalCode', { label: t('address.fields.postalCode'), autoComplete: 'postal-code', hint: t('address.hints.postalCode'), maxLength: 20 })}
      <div className="af-phone af-wide">
        {text('phoneCode', { label: t('address.fields.phoneCode'), required: true, autoComplete: 'tel-country-code', inputMode: 'tel', maxLength: 5, className: 'af-phone-code' })}
        {text('phone', { label: t('address.fields.phone'), required: true, autoComplete: 'tel-national', type: 'tel', maxLength: 20, className: 'af-phone-number' })}
        <p className="af-hint af-phone-hint" id={`${idPrefix}-phoneCode-hint`}>
          {t('address.hints.phoneCode')}
        </p>
      </div>
      {showDefault ? (
        <div className="af-check af-wide">
          <input id={`${idPrefix}-isDefault`} type="checkbox" checked={values.isDefault} onChange={(event) => form.setField('isDefault', event.target.checked)} />
          <label htmlFor={`${idPrefix}-isDefault`}>{t('address.fields.isDefault')}</label>
        </div>
      ) : null}
    </div>
  );
}

interface Described extends SharedDescribed {
  name: string;
  'aria-required': boolean | undefined;
}

/** The shared field in the address look: the label marks required and optional fields. */
function Field({
  form,
  field,
  label,
  required,
  hint,
  className,
  children,
}: {
  form: AddressForm;
  field: AddressField;
  label: string;
  required: boolean;
  hint?: string | undefined;
  className?: string | undefined;
  children: (described: Described) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = `${form.idPrefix}-${field}`;
  const error = form.errors[field];
  return (
    <SharedField
      id={id}
      look={ADDRESS_LOOK}
      className={className}
      label={
        <>
          {label}
          {required ? (
            <span className="af-required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : (
            <span className="af-optional"> ({t('address.optional')})</span>
          )}
        </>
      }
      hint={hint}
      // The phone code's hint is shared with the phone number, drawn once below both.
      sharedHintId={field === 'phoneCode' && !hint ? `${id}-hint` : undefined}
      error={error ? <ErrorText error={error} /> : null}
    >
      {(described) => children({ ...described, name: field, 'aria-required': required || undefined })}
    </SharedField>
  );
}

function ErrorText({ error }: { error: FieldError }) {
  const { t } = useTranslation();
  return <>{'text' in error ? error.text : t(`address.errors.${error.key}`, error.values ?? {})}</>;
}
