/**
 * Intl formatters, made once per locale and options: making one is slow (a fraction of a
 * millisecond), and the build renders thousands of pages, each formatting with the same few.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let found = made.get(key) as T | undefined;
  if (!found) {
    found = make();
    made.set(key, found);
  }
  return found;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return once(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: string): Intl.PluralRules {
  return once(`plural|${locale}`, () => new Intl.PluralRules(locale));
}
