import type { Locale, Localised } from '../../domain/locale.ts';

/** Picks the shopper's locale from a two-locale text, falling back to English. */
export function pick(text: Localised, locale: Locale): string {
  return text[locale] || text['en-US'];
}
