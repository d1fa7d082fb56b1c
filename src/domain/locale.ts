export const LOCALES = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** Each language named in itself, as a language choice lists it (a reader finds their own whatever the page's language). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { 'en-US': 'English', 'zh-CN': '简体中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks our locale from an Accept-Language style list; anything else falls back to en-US. */
export function pickLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase();
    if (!tag) continue;
    if (tag === 'zh-cn' || tag === 'zh' || tag === 'zh-hans' || tag.startsWith('zh-hans')) return 'zh-CN';
    if (tag === 'en-us' || tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}

/** Text kept in both locales. */
export type Localised = Record<Locale, string>;
