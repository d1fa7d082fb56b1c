/**
 * The address form's autofill suggestion, worked out in the browser from what the shopper typed
 * in the address field and from their own saved addresses: no outside service.
 *
 * Two cases are worth a suggestion:
 *
 * 1. A whole address pasted or typed on one line, "street, city, province postcode, country"
 *    (commas, Chinese commas or new lines between parts), as it comes out of an email, a map or
 *    another shop. Read from the end: a country name (or a common short form such as "USA"), a
 *    postal code (the country's own pattern where it has a well-known one, else any short code
 *    with a digit, before or after the city: "75001 Paris" and "Austin, TX 73301" both work), a
 *    province of that country's list, then the city; what is left is the street, and a leading
 *    "Flat 12A" / "Apt 3" part goes to the second line. Details the shopper already used for the
 *    same postal code or city in a saved address fill what the line leaves out.
 * 2. The start of the street of a saved address ("1 Nath" for "1 Nathan Road"): offer that
 *    address's place (street, second line, city, province, postal code, country), not its name
 *    or phone, which may be someone else's.
 *
 * Pure: the form gives the country list, the state lists it has loaded and the saved addresses.
 */

export interface CountryChoice {
  code: string;
  name: string;
}

export interface StateChoice {
  code: string;
  name: string;
}

/** The parts of a saved address a suggestion may reuse. */
export interface SavedPlace {
  id: number;
  address: string;
  address2: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

export interface AutofillContext {
  /** The form's country (ISO code), or '' when none is chosen yet. */
  country: string;
  countries: readonly CountryChoice[];
  /** State lists the form has loaded, by country code. */
  states: ReadonlyMap<string, readonly StateChoice[]>;
  /** The shopper's saved addresses, without the one being edited. */
  saved: readonly SavedPlace[];
}

export interface AddressSuggestion {
  /** The street line as it would become. */
  address: string;
  address2?: string;
  city?: string;
  /** A state code for countries with a list, else free text. */
  province?: string;
  postalCode?: string;
  country?: string;
  /** Whether any part came from a saved address (the page says so). */
  fromSaved: boolean;
}

/**
 * Short forms people type for a few countries, beyond the names in the list, and the English
 * names of the countries shoppers of the Chinese pages most often write in English.
 */
const COUNTRY_ALIASES: Record<string, string> = {
  'hong kong': 'HK',
  china: 'CN',
  'united states': 'US',
  'united kingdom': 'GB',
  macau: 'MO',
  macao: 'MO',
  taiwan: 'TW',
  singapore: 'SG',
  usa: 'US',
  us: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'hong kong sar': 'HK',
  hksar: 'HK',
  香港: 'HK',
  prc: 'CN',
  中国: 'CN',
  uae: 'AE',
};

/** Postal codes with a well-known shape, matched at the end of a part. */
const POSTAL_PATTERNS: Record<string, RegExp> = {
  US: /(?:^|\s)(\d{5}(?:-\d{4})?)$/,
  CA: /(?:^|\s)([A-Z]\d[A-Z] ?\d[A-Z]\d)$/i,
  GB: /(?:^|\s)([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i,
  NL: /(?:^|\s)(\d{4} ?[A-Z]{2})$/i,
  JP: /(?:^|\s)(\d{3}-\d{4})$/,
  BR: /(?:^|\s)(\d{5}-?\d{3})$/,
};
/** Elsewhere: a code of 3 to 7 digits (optionally one dash) after the part's other words... */
const POSTAL_AT_END = /(?:^|\s)(\d{3,7}(?:-\d{3,4})?)$/;
/** ...or before the city, as most of Europe writes it ("75001 Paris", "D-10115 Berlin"). */
const POSTAL_FIRST = /^(?:[A-Z]{1,2}-)?(\d{4,6})\s+(\D.*)$/i;
/** A flat, apartment or unit part: goes to the second line. */
const UNIT = /^(?:flat|apt\.?|apartment|unit|suite|ste\.?|room|rm\.?|floor|fl\.?|#)\s*\S|^\S*(?:室|楼|樓|座)$/i;

/** Case, accents, dots and extra spaces do not matter when comparing names. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Postal codes compare without case or spaces ("sw1a 1aa" is "SW1A1AA"). */
function postalKey(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

function findCountry(part: string, countries: readonly CountryChoice[]): string | null {
  const folded = fold(part);
  const alias = COUNTRY_ALIASES[folded];
  if (alias && countries.some((c) => c.code === alias)) return alias;
  const byName = countries.find((c) => fold(c.name) === folded);
  if (byName) return byName.code;
  // A bare ISO code only when typed in capitals ("HK"), so words such as "to" or "in" never match.
  if (/^[A-Z]{2}$/.test(part.trim())) return countries.find((c) => c.code === part.trim())?.code ?? null;
  return null;
}

function findState(part: string, states: readonly StateChoice[] | undefined): string | null {
  if (!states || states.length === 0) return null;
  const folded = fold(part);
  return states.find((s) => fold(s.code) === folded || fold(s.name) === folded)?.code ?? null;
}

/** Takes a postal code off the end (or the start) of `part`; answers the code and what is left. */
function takePostal(part: string, country: string): { postalCode: string; rest: string; restIsCity: boolean } | null {
  const pattern = POSTAL_PATTERNS[country] ?? POSTAL_AT_END;
  const atEnd = pattern.exec(part);
  if (atEnd) return { postalCode: atEnd[1]!.toUpperCase(), rest: part.slice(0, atEnd.index).trim(), restIsCity: false };
  if (!POSTAL_PATTERNS[country]) {
    const first = POSTAL_FIRST.exec(part);
    if (first) return { postalCode: first[1]!, rest: first[2]!.trim(), restIsCity: true };
  }
  return null;
}

/** A state named by the whole part, or by its last word ("Austin TX"): the code and what is left. */
function takeState(part: string, states: readonly StateChoice[] | undefined): { province: string; rest: string } | null {
  const whole = findState(part, states);
  if (whole) return { province: whole, rest: '' };
  const space = part.lastIndexOf(' ');
  if (space < 0) return null;
  const tail = findState(part.slice(space + 1), states);
  return tail ? { province: tail, rest: part.slice(0, space).trim() } : null;
}

/** Reads a one-line address; null when it has nothing beyond the street. */
function parseLine(text: string, ctx: AutofillContext): AddressSuggestion | null {
  const parts = text
    .split(/[,，;\n]/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const found: Omit<AddressSuggestion, 'address' | 'fromSaved'> = {};
  if (parts.length > 1 && UNIT.test(parts[0]!)) found.address2 = parts.shift()!;
  // The first part left is the street: never read as a city, a code or a country.
  const last = () => (parts.length > 1 ? parts[parts.length - 1]! : null);

  const countryPart = last();
  const country = countryPart ? findCountry(countryPart, ctx.countries) : null;
  if (country) {
    found.country = country;
    parts.pop();
  }
  const target = country ?? ctx.country;

  const postalPart = last();
  // A postal code the shopper already used counts whatever its shape (no country chosen yet, say).
  const known = postalPart ? ctx.saved.find((place) => place.postalCode && postalKey(place.postalCode) === postalKey(postalPart)) : undefined;
  const postal = postalPart ? (known ? { postalCode: known.postalCode, rest: '', restIsCity: false } : takePostal(postalPart, target)) : null;
  if (postal) {
    found.postalCode = postal.postalCode;
    parts.pop();
    if (postal.rest && postal.restIsCity) found.city = postal.rest;
    else if (postal.rest) parts.push(postal.rest);
  }

  const provincePart = last();
  const state = provincePart ? takeState(provincePart, ctx.states.get(target)) : null;
  if (state) {
    found.province = state.province;
    parts.pop();
    if (state.rest) parts.push(state.rest);
  }

  // One letter is a city being typed, not a city.
  const cityPart = last();
  if (!found.city && cityPart && cityPart.length >= 2) {
    found.city = cityPart;
    parts.pop();
  }

  if (Object.keys(found).length === 0) return null;
  return { address: parts.join(', '), fromSaved: false, ...found };
}

/** Fills what the line left out from a saved address with the same postal code, or else the same city. */
function enrichFromSaved(suggestion: AddressSuggestion, ctx: AutofillContext): AddressSuggestion {
  const sameCountry = (place: SavedPlace) => !suggestion.country || place.country === suggestion.country;
  const byPostal = suggestion.postalCode ? ctx.saved.find((place) => place.postalCode && postalKey(place.postalCode) === postalKey(suggestion.postalCode!) && sameCountry(place)) : undefined;
  const byCity = suggestion.city ? ctx.saved.find((place) => fold(place.city) === fold(suggestion.city!) && sameCountry(place)) : undefined;
  const match = byPostal ?? byCity;
  if (!match) return suggestion;
  const enriched = { ...suggestion };
  let used = false;
  const fill = (key: 'city' | 'province' | 'country', value: string) => {
    if (!enriched[key] && value) {
      enriched[key] = value;
      used = true;
    }
  };
  fill('country', match.country);
  // The province belongs to the saved address's country: only taken when the countries agree.
  if (enriched.country === match.country) fill('province', match.province);
  if (byPostal) fill('city', match.city);
  return used ? { ...enriched, fromSaved: true } : suggestion;
}

/** A saved address whose street starts with what was typed (at least four characters). */
function savedByStreet(text: string, ctx: AutofillContext): AddressSuggestion | null {
  const typed = fold(text);
  if (typed.length < 4) return null;
  const match = ctx.saved.find((place) => fold(place.address).startsWith(typed));
  if (!match) return null;
  return {
    address: match.address,
    ...(match.address2 ? { address2: match.address2 } : {}),
    city: match.city,
    ...(match.province ? { province: match.province } : {}),
    ...(match.postalCode ? { postalCode: match.postalCode } : {}),
    country: match.country,
    fromSaved: true,
  };
}

/** The suggestion for the address field's text, or null when there is nothing useful to offer. */
export function suggestAddress(text: string, ctx: AutofillContext): AddressSuggestion | null {
  const parsed = parseLine(text, ctx);
  if (parsed) return enrichFromSaved(parsed, ctx);
  return savedByStreet(text, ctx);
}

/** The form fields a suggestion can set. */
export type SuggestedField = 'address' | 'address2' | 'city' | 'province' | 'postalCode' | 'country';
export const SUGGESTED_FIELDS: readonly SuggestedField[] = ['address', 'address2', 'city', 'province', 'postalCode', 'country'];

/** Whether applying the suggestion would change any of `current`'s fields. */
export function suggestionChanges(suggestion: AddressSuggestion, current: Record<SuggestedField, string>): boolean {
  return SUGGESTED_FIELDS.some((field) => suggestion[field] !== undefined && suggestion[field] !== current[field]);
}

/** A suggestion's parts in the form's order, with names for the codes, for the page to show each beside its field's label. */
export function suggestionSummary(suggestion: AddressSuggestion, names: { country(code: string): string; province(code: string): string }): { field: SuggestedField; text: string }[] {
  const order: SuggestedField[] = ['address', 'address2', 'country', 'province', 'city', 'postalCode'];
  const parts: { field: SuggestedField; text: string }[] = [];
  for (const field of order) {
    const value = suggestion[field];
    if (!value) continue;
    parts.push({ field, text: field === 'country' ? names.country(value) : field === 'province' ? names.province(value) : value });
  }
  return parts;
}
