/**
 * The address form's rules that are not React: its values, what changes with the country (phone
 * code, province), turning the shared schema's issues and the server's answer into messages next
 * to fields, and the lines an address is shown as. Validation itself is the domain's
 * `addressInputSchema`, the same the server runs.
 */
import { type AddressRecord } from '../../domain/account.model.ts';
import { addressInputSchema, type AddressInput } from '../../domain/account.schema.ts';
import type { FieldIssue } from '../../domain/api/envelope.ts';
import { fieldMessageOf, type ACCOUNT_MESSAGES } from '../../domain/field-messages.ts';
import type { PostalAddress } from '../../domain/address.model.ts';
import { serverFieldErrors } from '../form/server-issues.ts';

export interface AddressFormValues extends PostalAddress {
  isDefault: boolean;
}

export type AddressField = Exclude<keyof AddressFormValues, 'isDefault'>;

/** The fields in the order the form shows them (and focuses the first wrong one). */
export const ADDRESS_FIELDS: readonly AddressField[] = ['firstName', 'lastName', 'company', 'address', 'address2', 'country', 'province', 'city', 'postalCode', 'phoneCode', 'phone'];

export function emptyAddress(): AddressFormValues {
  return { firstName: '', lastName: '', company: '', address: '', address2: '', country: '', province: '', postalCode: '', phoneCode: '', city: '', phone: '', isDefault: false };
}

export function valuesFromRecord(record: AddressRecord): AddressFormValues {
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    company: record.company,
    address: record.address,
    address2: record.address2,
    country: record.country,
    province: record.province,
    postalCode: record.postalCode,
    phoneCode: record.phoneCode,
    city: record.city,
    phone: record.phone,
    isDefault: record.isDefault,
  };
}

/** What a country brings to the form. */
export interface CountryFacts {
  code: string;
  phoneCode: string;
  hasStates: boolean;
}

/**
 * The phone code after the country changes: the new country's, unless the shopper typed a code
 * of their own (one that is neither empty nor the previous country's), which stays.
 */
export function phoneCodeAfterCountry(current: string, previous: CountryFacts | undefined, next: CountryFacts | undefined): string {
  if (!next) return current;
  const typedOwn = current.trim() !== '' && current.trim() !== previous?.phoneCode;
  return typedOwn ? current : next.phoneCode;
}

/**
 * The province after the country changes: a state code means nothing in another country, so it
 * is cleared; free text typed for a country without a list is kept for another such country.
 */
export function provinceAfterCountry(current: string, previous: CountryFacts | undefined, next: CountryFacts | undefined): string {
  if (!next || next.hasStates || previous?.hasStates) return '';
  return current;
}

/** A message next to a field: a key of the `address.errors` messages with its values, or the server's own words. */
export type FieldError = { key: ErrorKey; values?: Record<string, number> } | { text: string };
export type FieldErrors = Partial<Record<AddressField, FieldError>>;

/** The shared messages the address form can show, each with a translation in `address.errors`. */
export const ERROR_KEYS = [
  'firstNameRequired',
  'lastNameRequired',
  'addressRequired',
  'cityRequired',
  'countryRequired',
  'provinceRequired',
  'provinceInvalid',
  'phoneCodeInvalid',
  'phoneRequired',
  'phoneInvalid',
  'postalCodeInvalid',
  'textInvalid',
] as const satisfies readonly (keyof typeof ACCOUNT_MESSAGES)[];
export type ErrorKey = (typeof ERROR_KEYS)[number] | 'tooLong';

function isErrorKey(key: string): key is ErrorKey {
  return key === 'tooLong' || (ERROR_KEYS as readonly string[]).includes(key);
}

function isField(name: unknown): name is AddressField {
  return typeof name === 'string' && (ADDRESS_FIELDS as readonly string[]).includes(name);
}

/** A message of the shared schemas becomes its key (so the page can say it in its language). */
function errorFor(message: string, maximum?: unknown): FieldError {
  const found = fieldMessageOf(message);
  if (found && isErrorKey(found.key)) return found.key === 'tooLong' ? { key: 'tooLong', values: { max: Number(found.values?.['max']) } } : { key: found.key };
  if (typeof maximum === 'number' || typeof maximum === 'bigint') return { key: 'tooLong', values: { max: Number(maximum) } };
  return { text: message };
}

/** The first issue of each field, from the shared schema's check. */
export function errorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string; maximum?: unknown }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = errorFor(issue.message, issue.maximum);
  }
  return errors;
}

/**
 * A server's 1001 field issues (read by islands/form/server-issues.ts, the message in the page's
 * language) as errors next to fields; null when none is a field of the form.
 */
export function errorsFromServer(issues: readonly FieldIssue[]): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(serverFieldErrors(issues))) {
    if (isField(field)) errors[field] = errorFor(message);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export type CheckResult = { ok: true; address: AddressInput } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the shared schema, plus the one rule the schema leaves to the server
 * because it needs the country's list: a country with states needs one of them.
 */
export function checkAddress(values: AddressFormValues, country: CountryFacts | undefined, stateCodes: readonly string[] | undefined, id?: number): CheckResult {
  const parsed = addressInputSchema.safeParse({ ...values, ...(id !== undefined ? { id } : {}) });
  const errors = parsed.success ? {} : errorsFromIssues(parsed.error.issues);
  if (country?.hasStates && !errors.province) {
    if (values.province.trim() === '') errors.province = { key: 'provinceRequired' };
    else if (stateCodes && !stateCodes.includes(values.province)) errors.province = { key: 'provinceInvalid' };
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, address: parsed.data };
}

/** The field the shopper should look at first. */
export function firstErrorField(errors: FieldErrors): AddressField | null {
  return ADDRESS_FIELDS.find((field) => errors[field] !== undefined) ?? null;
}
