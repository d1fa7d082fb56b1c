/**
 * Translation for the product page's islands, reading the same catalogues (handed over with
 * `pickMessages`) and the same `{{name}}` and `_one`/`_other` conventions as i18next, without
 * i18next itself. Why: the product page's whole JavaScript budget is 95 KB gzip, React takes 69 KB
 * of it, and i18next with react-i18next would take another 18 KB, more than the configurator's
 * own code. Lookup, interpolation and plurals (Intl.PluralRules) are all these islands need.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '../../domain/locale.ts';
import type { Messages } from '../../i18n/core.ts';

export type ProductNamespace = 'configurator' | 'product' | 'site' | 'review';
export type ProductMessages = Pick<Messages, ProductNamespace>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : never;
type Leaf = Leaves<ProductMessages>;
/** Every message key, plus the base of plural keys (`reviews.count` for `reviews.count_one`). */
export type MessageKey = Leaf | PluralBase<Leaf>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A translate function over `messages`; an unknown key comes back as itself, as with i18next. */
export function createTranslate(locale: Locale, messages: Partial<ProductMessages>): Translate {
  const plurals = new Intl.PluralRules(locale);
  const lookup = (key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
  return (key, values) => {
    const count = values?.['count'];
    let text = typeof count === 'number' ? (lookup(`${key}_${plurals.select(count)}`) ?? lookup(`${key}_other`)) : undefined;
    text ??= lookup(key);
    if (typeof text !== 'string') return key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
  };
}

const TranslateContext = createContext<Translate>((key) => key);

export function ProductI18n({ locale, messages, children }: { locale: Locale; messages: Partial<ProductMessages>; children: ReactNode }) {
  const t = useMemo(() => createTranslate(locale, messages), [locale, messages]);
  return <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>;
}

export function useT(): Translate {
  return useContext(TranslateContext);
}
