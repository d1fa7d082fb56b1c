/**
 * The address form's rules (src/islands/address/address-form.ts): what follows a change of
 * country, the shared schema's and the server's messages placed next to their fields, and the
 * province rule the schema leaves to the country list.
 */
import { describe, expect, it } from 'vitest';
import type { AddressRecord } from '../../../../src/domain/account.model.ts';
import { addressLines } from '../../../../src/islands/address/address-lines.ts';
import { hongKongAddress } from '../../../support/addresses.ts';
import {
  checkAddress,
  emptyAddress,
  errorsFromServer,
  firstErrorField,
  phoneCodeAfterCountry,
  provinceAfterCountry,
  valuesFromRecord,
  type AddressFormValues,
} from '../../../../src/islands/address/address-form.ts';

const HK = { code: 'HK', phoneCode: '+852', hasStates: true };
const US = { code: 'US', phoneCode: '+1', hasStates: true };
const GB = { code: 'GB', phoneCode: '+44', hasStates: false };
const FR = { code: 'FR', phoneCode: '+33', hasStates: false };

function hongKong(overrides: Partial<AddressFormValues> = {}): AddressFormValues {
  return {
    ...emptyAddress(),
    firstName: 'Chan',
    lastName: 'Tai Man',
    address: '1 Nathan Road',
    country: 'HK',
    province: 'KLN',
    phoneCode: '+852',
    city: 'Tsim Sha Tsui',
    phone: '5123 4567',
    ...overrides,
  };
}

describe('phone code from the country', () => {
  it.each([
    ['takes the country’s code when none is typed', '', undefined, HK, '+852'],
    ['follows the country while the code is still the previous country’s', '+852', HK, US, '+1'],
    ['follows the country while the code is still the previous country’s, spaces and all', ' +1 ', US, GB, '+44'],
    ['keeps a code the shopper typed themselves (a phone from elsewhere)', '+86', HK, US, '+86'],
    ['keeps a code the shopper typed themselves when there was no country before', '+86', undefined, GB, '+86'],
    ['leaves the code alone when no country is chosen', '+852', HK, undefined, '+852'],
  ])('%s', (_case, typed, previous, next, expected) => {
    expect(phoneCodeAfterCountry(typed, previous, next)).toBe(expected);
  });
});

describe('province after a change of country', () => {
  it('clears a state code, which means nothing in another country', () => {
    expect(provinceAfterCountry('KLN', HK, US)).toBe('');
    expect(provinceAfterCountry('TX', US, GB)).toBe('');
  });

  it('keeps free text between two countries without lists', () => {
    expect(provinceAfterCountry('Greater London', GB, FR)).toBe('Greater London');
    expect(provinceAfterCountry('Greater London', GB, HK)).toBe('');
  });
});

describe('checking with the shared schema', () => {
  it('passes a complete Hong Kong address and answers what the API takes', () => {
    const result = checkAddress(hongKong({ firstName: '  Chan ' }), HK, ['HKI', 'KLN', 'NT'], 12);
    expect(result).toEqual({ ok: true, address: expect.objectContaining({ id: 12, firstName: 'Chan', province: 'KLN', company: '', isDefault: false }) });
  });

  it('names each wrong field with its message key, in the form’s order', () => {
    const result = checkAddress(hongKong({ firstName: '', city: ' ', phone: '555-CALL', phoneCode: '852', postalCode: '<>' }), HK, ['KLN']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      firstName: { key: 'firstNameRequired' },
      city: { key: 'cityRequired' },
      phone: { key: 'phoneInvalid' },
      phoneCode: { key: 'phoneCodeInvalid' },
      postalCode: { key: 'postalCodeInvalid' },
    });
    expect(firstErrorField(result.errors)).toBe('firstName');
  });

  it('says how long a field may be', () => {
    const result = checkAddress(hongKong({ address: 'x'.repeat(201) }), HK, ['KLN']);
    expect(result.ok ? null : result.errors.address).toEqual({ key: 'tooLong', values: { max: 200 } });
  });

  it('needs a province from the list for a country that has one, and none elsewhere', () => {
    const missing = checkAddress(hongKong({ province: '' }), HK, ['KLN']);
    expect(missing.ok ? null : missing.errors).toEqual({ province: { key: 'provinceRequired' } });
    const wrong = checkAddress(hongKong({ province: 'TX' }), HK, ['HKI', 'KLN', 'NT']);
    expect(wrong.ok ? null : wrong.errors).toEqual({ province: { key: 'provinceInvalid' } });
    expect(checkAddress(hongKong({ country: 'GB', province: '', phoneCode: '+44' }), GB, undefined).ok).toBe(true);
  });

  it('asks for a country', () => {
    const result = checkAddress(hongKong({ country: '', province: '' }), undefined, undefined);
    expect(result.ok ? null : result.errors).toEqual({ country: { key: 'countryRequired' } });
  });
});

describe('the server’s refusal next to its fields', () => {
  it('reads the envelope’s field issues, batch index and all', () => {
    expect(
      errorsFromServer([
        { path: 'body.0.province', message: 'Please select a Province of the chosen Country' },
        { path: 'body.0.city', message: 'Please enter the City' },
      ]),
    ).toEqual({
      province: { key: 'provinceInvalid' },
      city: { key: 'cityRequired' },
    });
    expect(errorsFromServer([{ path: 'body.0.address', message: 'At most 200 characters' }])).toEqual({ address: { key: 'tooLong', values: { max: 200 } } });
  });

  it('reads a checkout’s typed address (body.address.province) too', () => {
    expect(errorsFromServer([{ path: 'body.address.province', message: 'Please select the Province' }])).toEqual({ province: { key: 'provinceRequired' } });
  });

  it('keeps a message it has no key for as the server wrote it (a zh-CN answer is already in Chinese)', () => {
    expect(errorsFromServer([{ path: 'body.0.phone', message: 'something new' }])).toEqual({ phone: { text: 'something new' } });
    expect(errorsFromServer([{ path: 'body.0.city', message: '请输入城市' }])).toEqual({ city: { text: '请输入城市' } });
  });

  it('answers null when no field of the form is named', () => {
    expect(errorsFromServer([])).toBeNull();
    expect(errorsFromServer([{ path: 'body.0', message: 'Unrecognized key: "userId"' }])).toBeNull();
    expect(errorsFromServer([{ path: 'body.0.userId', message: 'invalid value' }])).toBeNull();
  });
});

describe('an address as the book shows it', () => {
  const record: AddressRecord = {
    id: 3,
    ...hongKongAddress,
    countryName: 'Hong Kong',
    province: 'KLN',
    provinceName: 'Kowloon',
    isDefault: true,
  };

  it('leaves out empty lines', () => {
    expect(addressLines(record)).toEqual(['Chan Tai Man', '1 Nathan Road', 'Flat 12A', 'Tsim Sha Tsui, Kowloon', 'Hong Kong', '+852 5123 4567']);
  });

  it('fills the form from it, the province as its code', () => {
    expect(valuesFromRecord(record)).toMatchObject({ province: 'KLN', country: 'HK', isDefault: true, company: '' });
  });
});
