/**
 * The address form's autofill suggestion (src/islands/address/autofill.ts): one-line addresses in
 * the shapes shoppers paste, details filled from their own saved addresses, and the cases where
 * nothing should be suggested.
 */
import { describe, expect, it } from 'vitest';
import { suggestAddress, suggestionChanges, suggestionSummary, type AutofillContext, type SavedPlace } from '../../../../src/islands/address/autofill.ts';

const COUNTRIES = [
  { code: 'HK', name: 'Hong Kong' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
  { code: 'CN', name: 'China' },
  { code: 'CA', name: 'Canada' },
];
const STATES = new Map([
  [
    'HK',
    [
      { code: 'HKI', name: 'Hong Kong Island' },
      { code: 'KLN', name: 'Kowloon' },
      { code: 'NT', name: 'New Territories / Outlying Islands' },
    ],
  ],
  [
    'US',
    [
      { code: 'TX', name: 'Texas' },
      { code: 'NY', name: 'New York' },
    ],
  ],
  ['CA', [{ code: 'ON', name: 'Ontario' }]],
]);

function context(overrides: Partial<AutofillContext> = {}): AutofillContext {
  return { country: '', countries: COUNTRIES, states: STATES, saved: [], ...overrides };
}

function place(overrides: Partial<SavedPlace>): SavedPlace {
  return { id: 1, address: '', address2: '', city: '', province: '', postalCode: '', country: '', ...overrides };
}

describe('a whole address typed on one line', () => {
  it('reads a Hong Kong address: street, district, province by name, country', () => {
    expect(suggestAddress('1 Nathan Road, Tsim Sha Tsui, Kowloon, Hong Kong', context())).toEqual({ address: '1 Nathan Road', city: 'Tsim Sha Tsui', province: 'KLN', country: 'HK', fromSaved: false });
  });

  it('reads a US address with the state code and ZIP in one part, for the chosen country', () => {
    expect(suggestAddress('500 Congress Ave, Austin, TX 73301', context({ country: 'US' }))).toEqual({ address: '500 Congress Ave', city: 'Austin', province: 'TX', postalCode: '73301', fromSaved: false });
    // City and state without a comma between them, a ZIP+4, and a short country name.
    expect(suggestAddress('350 5th Ave, New York NY 10118-0110, USA', context())).toMatchObject({ address: '350 5th Ave', city: 'New York', province: 'NY', postalCode: '10118-0110', country: 'US' });
  });

  it('reads a UK postcode, a European postcode before the city, and a Canadian one', () => {
    expect(suggestAddress('10 Downing Street, London, sw1a 2aa, United Kingdom', context())).toMatchObject({ address: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' });
    expect(suggestAddress('12 Rue de Rivoli, 75001 Paris, France', context())).toMatchObject({ address: '12 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' });
    expect(suggestAddress('290 Bremner Blvd, Toronto, ON M5V 3L9, Canada', context())).toMatchObject({ city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9', country: 'CA' });
  });

  it('moves a leading flat or unit to the second line, and splits Chinese commas', () => {
    expect(suggestAddress('Flat 12A, 1 Nathan Road, Tsim Sha Tsui, Kowloon', context({ country: 'HK' }))).toEqual({ address: '1 Nathan Road', address2: 'Flat 12A', city: 'Tsim Sha Tsui', province: 'KLN', fromSaved: false });
    expect(suggestAddress('建国路88号，北京，100022', context({ country: 'CN' }))).toMatchObject({ address: '建国路88号', city: '北京', postalCode: '100022' });
  });

  it('ignores case, accents and dots in country names, and takes a capital ISO code', () => {
    expect(suggestAddress('1 Main St, Springfield, u.s.a.', context())).toMatchObject({ country: 'US', city: 'Springfield' });
    expect(suggestAddress('1 Nathan Road, Kowloon, HK', context())).toMatchObject({ country: 'HK', province: 'KLN' });
    // A lower-case two-letter word is a word, not a country.
    expect(suggestAddress('1 Main St, hk', context())).toMatchObject({ city: 'hk' });
    expect(suggestAddress('1 Main St, hk', context())?.country).toBeUndefined();
  });

  it('understands an English country name on the Chinese page, and Chinese names there', () => {
    const zh = context({ countries: [{ code: 'HK', name: '中国香港' }], states: new Map([['HK', [{ code: 'KLN', name: '九龙' }]]]) });
    // The province list is in the page's language, so only the country is read from English here.
    expect(suggestAddress('1 Nathan Road, Tsim Sha Tsui, Hong Kong', zh)).toEqual({ address: '1 Nathan Road', city: 'Tsim Sha Tsui', country: 'HK', fromSaved: false });
    expect(suggestAddress('弥敦道1号，尖沙咀，九龙，中国香港', zh)).toEqual({ address: '弥敦道1号', city: '尖沙咀', province: 'KLN', country: 'HK', fromSaved: false });
  });

  it('suggests nothing for a street alone or a city still being typed', () => {
    expect(suggestAddress('1 Nathan Road', context())).toBeNull();
    expect(suggestAddress('1 Nathan Road, T', context())).toBeNull();
    expect(suggestAddress('', context())).toBeNull();
    expect(suggestAddress(' , , ', context())).toBeNull();
  });
});

describe('details from the shopper’s saved addresses', () => {
  const london = place({ id: 7, address: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE', country: 'GB' });
  const kowloon = place({ id: 8, address: '1 Nathan Road', address2: 'Flat 12A', city: 'Tsim Sha Tsui', province: 'KLN', country: 'HK' });

  it('fills city and country from a saved address with the same postal code', () => {
    expect(suggestAddress('223 Baker Street, nw1 6xe', context({ saved: [london] }))).toEqual({ address: '223 Baker Street', postalCode: 'NW1 6XE', city: 'London', country: 'GB', fromSaved: true });
  });

  it('fills province and country from a saved address in the same city, not its postal code', () => {
    const found = suggestAddress('8 Canton Road, tsim sha tsui', context({ saved: [kowloon] }));
    expect(found).toEqual({ address: '8 Canton Road', city: 'tsim sha tsui', province: 'KLN', country: 'HK', fromSaved: true });
  });

  it('keeps a province only when the countries agree', () => {
    const found = suggestAddress('8 Canton Road, Tsim Sha Tsui, United States', context({ saved: [kowloon] }));
    expect(found).toMatchObject({ country: 'US', fromSaved: false });
    expect(found?.province).toBeUndefined();
  });

  it('offers the place of a saved address whose street starts with what was typed, without name or phone', () => {
    expect(suggestAddress('1 nath', context({ saved: [london, kowloon] }))).toEqual({ address: '1 Nathan Road', address2: 'Flat 12A', city: 'Tsim Sha Tsui', province: 'KLN', country: 'HK', fromSaved: true });
    expect(suggestAddress('1 N', context({ saved: [kowloon] }))).toBeNull();
    expect(suggestAddress('2 Nathan', context({ saved: [kowloon] }))).toBeNull();
  });
});

describe('showing a suggestion', () => {
  const suggestion = { address: '1 Nathan Road', city: 'Tsim Sha Tsui', province: 'KLN', country: 'HK', fromSaved: false };
  const current = { address: '1 Nathan Road, Tsim Sha Tsui, Kowloon, Hong Kong', address2: '', city: '', province: '', postalCode: '', country: '' };

  it('is offered only when it would change a field', () => {
    expect(suggestionChanges(suggestion, current)).toBe(true);
    expect(suggestionChanges(suggestion, { ...current, address: '1 Nathan Road', city: 'Tsim Sha Tsui', province: 'KLN', country: 'HK' })).toBe(false);
  });

  it('lists each part by field in the form’s order, with names for the codes', () => {
    const names = { country: (code: string) => (code === 'HK' ? 'Hong Kong' : code), province: (code: string) => (code === 'KLN' ? 'Kowloon' : code) };
    expect(suggestionSummary({ ...suggestion, address2: 'Flat 12A' }, names)).toEqual([
      { field: 'address', text: '1 Nathan Road' },
      { field: 'address2', text: 'Flat 12A' },
      { field: 'country', text: 'Hong Kong' },
      { field: 'province', text: 'Kowloon' },
      { field: 'city', text: 'Tsim Sha Tsui' },
    ]);
  });
});
