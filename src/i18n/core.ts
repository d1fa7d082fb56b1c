/**
 * What pages and islands share: the catalogue's shape, i18next instances made from a catalogue,
 * and locale-aware paths. Imports no catalogue itself, so an island bundles only i18next and
 * receives its own locale's strings as a prop (see `react.tsx`).
 */
import { createInstance, type i18n, type TFunction } from 'i18next';
import type { Locale } from '../domain/locale.ts';
import type enUS from './locales/en-US/index.ts';

/** The message catalogue; en-US is the reference, zh-CN must have the same keys (checked in index.ts). */
export type Messages = typeof enUS;
export type Namespace = keyof Messages;
/** Some top-level sections of a catalogue, as handed to an island. */
export type MessagesSubset<K extends Namespace = Namespace> = Pick<Messages, K>;

export type { TFunction };

/**
 * A ready i18next instance for one locale. Initialised synchronously (`initAsync: false`): the
 * resources are already in memory, so build-time rendering and island hydration see the same text.
 * Values are not HTML-escaped here because Astro and React escape what they render.
 */
export function createI18n(locale: Locale, messages: Partial<Messages>): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [locale],
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export { assetPath, localePath } from './paths.ts';
