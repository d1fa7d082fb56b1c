/**
 * The error pages speak both languages; this puts the section in the visitor's language first,
 * judged from the address they asked for (`/zh-CN/...`) or, failing that, their browser.
 */
import { LOCALES, pickLocale, type Locale } from '../../domain/locale.ts';

function visitorLocale(): Locale {
  for (const locale of LOCALES) if (location.pathname.includes(`/${locale}/`)) return locale;
  return pickLocale(navigator.languages.join(','));
}

const sections = document.querySelector<HTMLElement>('[data-error-sections]');
const first = sections?.querySelector<HTMLElement>(`[data-locale="${visitorLocale()}"]`);
if (sections && first && sections.firstElementChild !== first) sections.prepend(first);
