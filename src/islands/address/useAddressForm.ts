/**
 * The address form's state for any page that asks for an address (the address book's editor,
 * checkout's shipping address): values, the country and state lists, what follows a change of
 * country, the autofill suggestion, and the errors shown next to fields. Render it with
 * {@link AddressFields}; call {@link AddressForm.check} on submit.
 *
 *     const form = useAddressForm({ initial, saved });
 *     <form onSubmit={(e) => { e.preventDefault(); const address = form.check(); if (address) save(address); }}>
 *       <AddressFields form={form} />
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AddressRecord } from '../../domain/account.model.ts';
import type { AddressInput } from '../../domain/account.schema.ts';
import type { FieldIssue } from '../../domain/api/envelope.ts';
import type { Country, State } from '../../domain/catalogue.schema.ts';
import { loadCountries, loadStates } from '../../stores/addresses.ts';
import {
  checkAddress,
  emptyAddress,
  errorsFromServer,
  firstErrorField,
  phoneCodeAfterCountry,
  provinceAfterCountry,
  type AddressField,
  type AddressFormValues,
  type FieldErrors,
} from './address-form.ts';
import { suggestAddress, suggestionChanges, type AddressSuggestion } from './autofill.ts';

/** Typing pauses this long before the suggestion is worked out again. */
const SUGGEST_DELAY_MS = 350;

export type ListStatus = 'loading' | 'ready' | 'error';

export interface AddressForm {
  values: AddressFormValues;
  errors: FieldErrors;
  /** Every country, sorted for the page's language. */
  countries: Country[];
  countriesStatus: ListStatus;
  /** The chosen country's states (empty: the province is free text). */
  states: State[];
  statesStatus: ListStatus;
  country: Country | undefined;
  /** A loaded country's states (to name a suggested province), or undefined. */
  statesOf(countryCode: string): readonly State[] | undefined;
  suggestion: AddressSuggestion | null;
  /** A prefix for element ids, so two forms can share a page. */
  idPrefix: string;
  setField<K extends keyof AddressFormValues>(field: K, value: AddressFormValues[K]): void;
  /** Checks a field when the shopper leaves it, once it has a value or an error. */
  touch(field: AddressField): void;
  applySuggestion(): void;
  dismissSuggestion(): void;
  retryLists(): void;
  /** Checks everything; answers the address to send, or null after showing what is wrong (focus moves there). */
  check(): AddressInput | null;
  /** Shows the server's refusal next to the fields it names; false when it names none. */
  showServerError(issues: readonly FieldIssue[]): boolean;
  /** Replaces every value (an address loaded for editing). */
  reset(values: AddressFormValues): void;
}

export interface AddressFormOptions {
  initial?: Partial<AddressFormValues>;
  /** The shopper's saved addresses (for the autofill suggestion); the one being edited is left out. */
  saved?: readonly AddressRecord[];
  /** Set when editing: sent as the address's id. */
  id?: number | undefined;
  idPrefix?: string;
}

export function useAddressForm({ initial, saved = [], id, idPrefix = 'address' }: AddressFormOptions = {}): AddressForm {
  const [values, setValues] = useState<AddressFormValues>(() => ({ ...emptyAddress(), ...initial }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [countries, setCountries] = useState<Country[]>([]);
  const [countriesStatus, setCountriesStatus] = useState<ListStatus>('loading');
  const [statesByCountry, setStatesByCountry] = useState<ReadonlyMap<string, State[]>>(new Map());
  const [statesStatus, setStatesStatus] = useState<ListStatus>('ready');
  const [suggestion, setSuggestion] = useState<AddressSuggestion | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(initial?.address ?? null);
  const [attempt, setAttempt] = useState(0);
  const checkedOnce = useRef(false);

  useEffect(() => {
    let live = true;
    setCountriesStatus('loading');
    loadCountries().then(
      (list) => {
        if (!live) return;
        const collator = new Intl.Collator(document.documentElement.lang || undefined);
        setCountries([...list].sort((a, b) => collator.compare(a.name, b.name)));
        setCountriesStatus('ready');
      },
      () => live && setCountriesStatus('error'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const byCode = useMemo(() => new Map(countries.map((c) => [c.code, c])), [countries]);
  const country = byCode.get(values.country);

  const fetchStates = useCallback((code: string) => {
    setStatesStatus('loading');
    return loadStates(code).then(
      (list) => {
        setStatesByCountry((known) => new Map(known).set(code, list));
        setStatesStatus('ready');
        return list;
      },
      () => {
        setStatesStatus('error');
        return null;
      },
    );
  }, []);

  useEffect(() => {
    if (country?.hasStates && !statesByCountry.has(country.code)) void fetchStates(country.code);
  }, [country, statesByCountry, fetchStates, attempt]);

  const states = (country && statesByCountry.get(country.code)) || [];

  const validate = useCallback(
    (next: AddressFormValues) => checkAddress(next, byCode.get(next.country), statesByCountry.get(next.country)?.map((s) => s.code), id),
    [byCode, statesByCountry, id],
  );

  // The latest values for the handlers below, which run one event at a time.
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const commit = useCallback(
    (next: AddressFormValues) => {
      valuesRef.current = next;
      setValues(next);
      // After a failed submit, errors follow the typing so the shopper sees each one go.
      if (checkedOnce.current) {
        const result = validate(next);
        setErrors(result.ok ? {} : result.errors);
      }
    },
    [validate],
  );

  /** `current` with another country, and the phone code and province that follow it. */
  const withCountry = useCallback(
    (current: AddressFormValues, code: string): AddressFormValues => {
      if (code === current.country) return current;
      const previous = byCode.get(current.country);
      const chosen = byCode.get(code);
      return { ...current, country: code, phoneCode: phoneCodeAfterCountry(current.phoneCode, previous, chosen), province: provinceAfterCountry(current.province, previous, chosen) };
    },
    [byCode],
  );

  const setField = useCallback(
    <K extends keyof AddressFormValues>(field: K, value: AddressFormValues[K]) => {
      const current = valuesRef.current;
      commit(field === 'country' ? withCountry(current, value as string) : { ...current, [field]: value });
    },
    [commit, withCountry],
  );

  const touch = useCallback(
    (field: AddressField) => {
      const current = valuesRef.current;
      if (current[field].trim() === '' && !checkedOnce.current) return;
      const result = validate(current);
      const fieldError = result.ok ? undefined : result.errors[field];
      setErrors((known) => {
        const next = { ...known };
        if (fieldError) next[field] = fieldError;
        else delete next[field];
        return next;
      });
    },
    [validate],
  );

  // The suggestion follows the address field (after a pause in typing) and the lists it reads.
  const places = useMemo(() => saved.filter((record) => record.id !== id), [saved, id]);
  useEffect(() => {
    const text = values.address;
    const timer = setTimeout(() => {
      const found = suggestAddress(text, { country: values.country, countries, states: statesByCountry, saved: places });
      const target = found?.country ?? values.country;
      if (found && byCode.get(target)?.hasStates && !statesByCountry.has(target)) {
        // The line is read against its country's provinces: fetch them, and this runs again when they come.
        setSuggestion(null);
        void fetchStates(target);
        return;
      }
      const useful = found && suggestionChanges(found, values) && text !== dismissed ? found : null;
      setSuggestion(useful);
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, countries, statesByCountry, places, byCode, dismissed, fetchStates]);

  const applySuggestion = useCallback(() => {
    if (!suggestion) return;
    const next = { ...(suggestion.country ? withCountry(valuesRef.current, suggestion.country) : valuesRef.current), address: suggestion.address };
    for (const field of ['address2', 'city', 'province', 'postalCode'] as const) {
      const value = suggestion[field];
      if (value !== undefined) next[field] = value;
    }
    commit(next);
    // The street alone could match a saved address: no second suggestion right after the first.
    setDismissed(next.address);
    setSuggestion(null);
  }, [suggestion, withCountry, commit]);

  const dismissSuggestion = useCallback(() => {
    setDismissed(values.address);
    setSuggestion(null);
  }, [values.address]);

  const focusField = useCallback(
    (field: AddressField | null) => {
      if (!field) return;
      // After React has drawn the messages, so the field's description is current when read out.
      requestAnimationFrame(() => document.getElementById(`${idPrefix}-${field}`)?.focus());
    },
    [idPrefix],
  );

  const check = useCallback((): AddressInput | null => {
    checkedOnce.current = true;
    const result = validate(values);
    if (result.ok) {
      setErrors({});
      return result.address;
    }
    setErrors(result.errors);
    focusField(firstErrorField(result.errors));
    return null;
  }, [validate, values, focusField]);

  const showServerError = useCallback(
    (issues: readonly FieldIssue[]) => {
      const found = errorsFromServer(issues);
      if (!found) return false;
      setErrors(found);
      focusField(firstErrorField(found));
      return true;
    },
    [focusField],
  );

  const reset = useCallback((next: AddressFormValues) => {
    valuesRef.current = next;
    setValues(next);
    setErrors({});
    setDismissed(next.address);
  }, []);

  const retryLists = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    values,
    errors,
    countries,
    countriesStatus,
    states,
    statesStatus,
    country,
    statesOf: (code: string) => statesByCountry.get(code),
    suggestion,
    idPrefix,
    setField,
    touch,
    applySuggestion,
    dismissSuggestion,
    retryLists,
    check,
    showServerError,
    reset,
  };
}
