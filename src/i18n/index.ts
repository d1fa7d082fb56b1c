/**
 * i18n for Astro pages, layouts and components (build time).
 *
 * Islands do not import this file: it holds both catalogues. They import `react.tsx` and get the
 * strings they need as a prop, made here with {@link pickMessages}, so a page in one language
 * never downloads the other language's catalogue.
 *
 * Why not astro-i18next: its last release (2023) does not initialise under Astro 7 (DESIGN.md
 * section 2); i18next itself plus Astro's own i18n routing do the job.
 */
import type { Locale } from '../domain/locale.ts';
import { createI18n, type Messages, type MessagesSubset, type Namespace, type TFunction } from './core.ts';
import enUS from './locales/en-US/index.ts';
import zhCN from './locales/zh-CN/index.ts';

export { LOCALES, DEFAULT_LOCALE, isLocale, type Locale } from '../domain/locale.ts';
export { assetPath, localePath, type Messages, type MessagesSubset, type Namespace, type TFunction } from './core.ts';

/** Fails type checking when the two catalogues' keys differ in either direction. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const catalogueShapesMatch: SameShape<typeof enUS, typeof zhCN> = true;
void catalogueShapesMatch;

const catalogues: Record<Locale, Messages> = { 'en-US': enUS, 'zh-CN': zhCN };
const translators = new Map<Locale, TFunction>();

/** The translate function for `locale`, e.g. `t('home.heroTitle')`. */
export function getT(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = createI18n(locale, catalogues[locale]).t;
    translators.set(locale, t);
  }
  return t;
}

/** The whole catalogue of `locale`. */
export function getMessages(locale: Locale): Messages {
  return catalogues[locale];
}

/** The top-level sections an island needs, in its page's locale, to pass as its `messages` prop. */
export function pickMessages<K extends Namespace>(locale: Locale, namespaces: readonly K[]): MessagesSubset<K> {
  const all = catalogues[locale];
  const picked = {} as MessagesSubset<K>;
  for (const ns of namespaces) picked[ns] = all[ns];
  return picked;
}
