/**
 * The shopper's chosen interface language (docs/storefront.md "Constants"): kept in local storage
 * under `SOY_lang` as JSON, and in a 30-day `SOY_lang` cookie so a server could honour it too.
 * Unset until the shopper picks a language; `/` then falls back to the browser's languages.
 */
import { persistentAtom } from '@nanostores/persistent';
import { decodeStored, storageKey, storedCodec } from '../client/storage.ts';
import { isLocale, type Locale } from '../domain/locale.ts';

const NAME = 'lang';
export const LANG_STORAGE_KEY = storageKey(NAME);
/** docs/storefront.md "Constants": 2592000 s. */
export const LANG_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Reads a stored value; missing gives undefined, anything but a known locale is removed too. */
export function decodeLocale(stored: string | null | undefined): Locale | undefined {
  return decodeStored(NAME, stored, isLocale) ?? undefined;
}

export const $chosenLocale = persistentAtom<Locale | undefined>(LANG_STORAGE_KEY, undefined, storedCodec(NAME, isLocale));

/** Remembers an explicit language choice (the header's language switch). */
export function chooseLocale(locale: string | undefined): void {
  if (!isLocale(locale)) return;
  $chosenLocale.set(locale);
  if (typeof document !== 'undefined') {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANG_STORAGE_KEY}=${locale}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  }
}
