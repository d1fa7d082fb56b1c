/**
 * The one translator of the shop, used by Astro pages at build time and by islands in the browser:
 * key lookup, `{{name}}` interpolation and `_one`/`_other` plurals (Intl.PluralRules). That is all
 * the catalogues use (no nesting, context or formatting), so no i18n library is shipped: i18next
 * with react-i18next cost about 18 KB gzip per island page, this file well under 1 KB.
 *
 * The mechanics are `src/domain/translate.ts`, which the server's message catalogue uses too.
 * Imports no catalogue itself, so an island bundles only this and receives its own locale's
 * strings as a prop (see `react.tsx`).
 */
import type { Locale } from '../domain/locale.ts';
import { createTranslator, type MessageValues } from '../domain/translate.ts';
import type enUS from './locales/en-US/index.ts';

export { interpolate, type MessageValues } from '../domain/translate.ts';

/** The message catalogue; en-US is the reference, zh-CN must have the same keys (checked in index.ts). */
export type Messages = typeof enUS;
export type Namespace = keyof Messages;
/** Some top-level sections of a catalogue, as handed to an island. */
export type MessagesSubset<K extends Namespace = Namespace> = Pick<Messages, K>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : never;
type Leaf = Leaves<Messages>;
/** Every message key, e.g. `cart.line.remove`, plus the base of plural keys (`cart.summary.items` for `cart.summary.items_one`). */
export type MessageKey = Leaf | PluralBase<Leaf>;
/** `t('cart.summary.items', { count: 3 })`: the message in the translator's locale. */
export type TFunction = (key: MessageKey, values?: MessageValues) => string;

/**
 * A translate function over `messages` (a whole catalogue or the sections an island was given).
 * An unknown key comes back as itself. Values are not HTML-escaped: Astro and React escape what
 * they render.
 */
export function createTranslate(locale: Locale, messages: Partial<Messages>): TFunction {
  // Keys found once per catalogue: the build looks up the same few hundred on every page.
  let found = lookups.get(messages);
  if (!found) {
    found = new Map();
    lookups.set(messages, found);
  }
  const known = found;
  return createTranslator(locale, (key) => {
    if (known.has(key)) return known.get(key);
    const text = key.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
    known.set(key, text);
    return text;
  });
}

const lookups = new WeakMap<Partial<Messages>, Map<string, unknown>>();

export { assetPath, localePath } from './paths.ts';

/**
 * The whole catalogues, registered by `index.ts` where it runs: the build and the server, never
 * the browser. Islands that load their texts as chunks render on the server from these.
 */
const registeredCatalogues = new Map<Locale, Messages>();

export function registerCatalogue(locale: Locale, messages: Messages): void {
  registeredCatalogues.set(locale, messages);
}

export function registeredCatalogue(locale: Locale): Messages | undefined {
  return registeredCatalogues.get(locale);
}
