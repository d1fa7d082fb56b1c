/**
 * i18n for Astro pages, layouts and components (build time).
 *
 * Islands do not import this file: it holds both catalogues. They import `react.tsx` and get the
 * strings they need as a prop, made here with {@link pickMessages}, so a page in one language
 * never downloads the other language's catalogue.
 *
 * Pages translate with the same function islands use (`createTranslate` in core.ts); Astro's own
 * i18n routing does the rest. Why no i18n library: see core.ts.
 */
import type { GetStaticPaths } from 'astro';
import { LOCALES, type Locale } from '../domain/locale.ts';
import { createTranslate, registerCatalogue, type Messages, type MessagesSubset, type Namespace, type TFunction } from './core.ts';
import enUS from './locales/en-US/index.ts';
import zhCN from './locales/zh-CN/index.ts';

export { LOCALES, DEFAULT_LOCALE, isLocale, type Locale } from '../domain/locale.ts';
export { assetPath, localePath, type MessageKey, type MessageValues, type Messages, type MessagesSubset, type Namespace, type TFunction } from './core.ts';

/** Fails type checking when the two catalogues' keys differ in either direction. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const catalogueShapesMatch: SameShape<typeof enUS, typeof zhCN> = true;
void catalogueShapesMatch;

const catalogues: Record<Locale, Messages> = { 'en-US': enUS, 'zh-CN': zhCN };
for (const locale of LOCALES) registerCatalogue(locale, catalogues[locale]);
const translators = new Map<Locale, TFunction>();

/** The translate function for `locale`, e.g. `t('home.heroTitle')`. */
export function getT(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslate(locale, catalogues[locale]);
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

/** Props of a page rendered once per locale, under `src/pages/[locale]/`. */
export interface LocalePageProps {
  locale: Locale;
}

/**
 * `getStaticPaths` of a page rendered once per locale: `export const getStaticPaths = localeStaticPaths;`.
 * None in a build of published content pages alone (`SITE_CONTENT_PAGES`, read by client/build-scope.ts
 * for the other routes; i18n may not import client).
 */
export const localeStaticPaths = (() => {
  const contentOnly = typeof process !== 'undefined' && process.env['SITE_CONTENT_PAGES'] !== undefined;
  return contentOnly ? [] : LOCALES.map((locale) => ({ params: { locale }, props: { locale } }));
}) satisfies GetStaticPaths;

/**
 * A page's or component's props with the translate function of their locale:
 * `const { locale, t } = pageI18n(Astro.props);`.
 */
export function pageI18n<P extends { locale: Locale }>(props: P): P & { t: TFunction } {
  return { ...props, t: getT(props.locale) };
}
