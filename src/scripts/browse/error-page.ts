/**
 * The error pages speak both languages; this puts the section in the visitor's language first,
 * judged from the address they asked for (`/zh-CN/...`), else the page of this site they came from
 * (the route guard sends a shopper from `/zh-CN/...` to `/403/`), else their browser.
 */
import { LOCALES, pickLocale, type Locale } from '../../domain/locale.ts';

function localeIn(path: string): Locale | undefined {
  return LOCALES.find((locale) => path.includes(`/${locale}/`));
}

function visitorLocale(): Locale {
  const referrer = document.referrer ? new URL(document.referrer) : null;
  const cameFrom = referrer?.origin === location.origin ? localeIn(referrer.pathname) : undefined;
  return localeIn(location.pathname) ?? cameFrom ?? pickLocale(navigator.languages.join(','));
}

const sections = document.querySelector<HTMLElement>('[data-error-sections]');
const first = sections?.querySelector<HTMLElement>(`[data-locale="${visitorLocale()}"]`);
if (sections && first && sections.firstElementChild !== first) sections.prepend(first);
