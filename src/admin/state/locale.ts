/**
 * The back office's language: the shop's own choice (`SOY_lang`, stores/locale.ts), so a
 * language picked in the shop or here holds in both; without one, the browser's languages decide.
 */
import { useStore } from '@nanostores/react';
import { pickLocale, type Locale } from '../../domain/locale.ts';
import { $chosenLocale, chooseLocale } from '../../stores/locale.ts';

export function useAdminLocale(): [Locale, (locale: Locale) => void] {
  const chosen = useStore($chosenLocale);
  const locale = chosen ?? pickLocale(typeof navigator === 'undefined' ? null : navigator.languages.join(','));
  return [locale, chooseLocale];
}
