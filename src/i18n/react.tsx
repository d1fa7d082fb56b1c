/**
 * i18n for React islands: an island receives `locale` and `messages` (from `pickMessages` in the
 * page), and its default export, `withIslandI18n(Inner)`, provides their translate function to
 * its tree; components inside call `useTranslation()`. The same props render the server HTML and
 * hydrate it, so both see identical text.
 */
import { createContext, useContext, useMemo, type ComponentType } from 'react';
import type { Locale } from '../domain/locale.ts';
import { createTranslate, type Messages, type TFunction } from './core.ts';

export { localePath } from './paths.ts';
export type { MessageKey, TFunction } from './core.ts';

/** What every island gets from its page: the locale, and the messages it needs (`pickMessages`). */
export interface IslandProps {
  locale: Locale;
  messages: Partial<Messages>;
}

/** Outside an island made by {@link withIslandI18n}, keys come back as themselves, so the gap shows. */
const TranslateContext = createContext<TFunction>((key) => key);

/**
 * An island's default export (`export default withIslandI18n(Cart);`): `Inner`, given all of the
 * page's props, with the translate function of their `locale` and `messages` for its tree.
 */
export function withIslandI18n<P>(Inner: ComponentType<P>) {
  return function Island(props: P & IslandProps) {
    const t = useMemo(() => createTranslate(props.locale, props.messages), [props.locale, props.messages]);
    return (
      <TranslateContext.Provider value={t}>
        <Inner {...props} />
      </TranslateContext.Provider>
    );
  };
}

/** `const { t } = useTranslation()`: the island's translate function (stable across renders). */
export function useTranslation(): { t: TFunction } {
  return { t: useContext(TranslateContext) };
}
