/**
 * i18n for React islands: an island receives `locale` and `messages` (from `pickMessages` in the
 * page) and wraps its tree in {@link IslandI18n}; components inside call `useTranslation()`.
 * The same props render the server HTML and hydrate it, so both see identical text.
 */
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '../domain/locale.ts';
import { createI18n, type Messages } from './core.ts';

export { useTranslation } from 'react-i18next';
export { localePath } from './paths.ts';

export interface IslandI18nProps {
  locale: Locale;
  messages: Partial<Messages>;
  children: ReactNode;
}

export function IslandI18n({ locale, messages, children }: IslandI18nProps) {
  const i18n = useMemo(() => createI18n(locale, messages), [locale, messages]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
