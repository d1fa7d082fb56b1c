/**
 * i18n for React islands: an island receives `locale` and `messages` (from `pickMessages` in the
 * page) and wraps its tree in {@link IslandI18n}; components inside call `useTranslation()`.
 * The same props render the server HTML and hydrate it, so both see identical text.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '../domain/locale.ts';
import { createTranslate, type Messages, type TFunction } from './core.ts';

export { localePath } from './paths.ts';
export type { MessageKey, TFunction } from './core.ts';

export interface IslandI18nProps {
  locale: Locale;
  messages: Partial<Messages>;
  children: ReactNode;
}

/** Outside an {@link IslandI18n}, keys come back as themselves, so the gap shows. */
const TranslateContext = createContext<TFunction>((key) => key);

export function IslandI18n({ locale, messages, children }: IslandI18nProps) {
  const t = useMemo(() => createTranslate(locale, messages), [locale, messages]);
  return <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>;
}

/** `const { t } = useTranslation()`: the island's translate function (stable across renders). */
export function useTranslation(): { t: TFunction } {
  return { t: useContext(TranslateContext) };
}
