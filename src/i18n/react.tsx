/**
 * i18n for React islands: an island receives `locale` and `messages` (from `pickMessages` in the
 * page), and its default export, `withIslandI18n(Inner)`, provides their translate function to
 * its tree; components inside call `useTranslation()`. The same props render the server HTML and
 * hydrate it, so both see identical text.
 *
 * Islands on the pages the build writes thousands of (a product page per product and locale) use
 * `withLoadedTexts` instead: their texts as a prop would be repeated in every page's HTML (9 KB of
 * each product page), so they load them as a chunk per locale, which the browser caches once.
 */
import { createContext, Suspense, use, useContext, useMemo, type ComponentType } from 'react';
import { isLocale, type Locale } from '../domain/locale.ts';
import { createTranslate, registeredCatalogue, type Messages, type MessagesSubset, type Namespace, type TFunction } from './core.ts';

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

/** One namespace's catalogue files as lazy chunks, from `import.meta.glob(…, { import: 'default' })`, keyed by path (`…/locales/en-US/cart.json`). */
export type TextChunks<T> = Record<string, () => Promise<T>>;

/** The chunks of each namespace an island loads. */
export type TextSources<K extends Namespace> = { [N in K]: TextChunks<Messages[N]> };

/** The locale folder a catalogue file is in (`…/locales/zh-CN/cart.json`). */
function localeOf(path: string): Locale | null {
  const folder = path.split('/').at(-2);
  return isLocale(folder) ? folder : null;
}

/**
 * An island's default export that loads its own texts. The server renders with the catalogue
 * `i18n/index.ts` registered where it runs (see registerCatalogue); in the browser, hydration
 * waits inside a Suspense boundary for the locale's chunks, keeping the server's HTML (the same
 * text) on screen until they arrive.
 */
export function withLoadedTexts<P extends { locale: Locale }, K extends Namespace>(Inner: ComponentType<P>, sources: TextSources<K>) {
  const namespaces = Object.keys(sources) as K[];
  /**
   * One load per locale, marked fulfilled once it is (the fields React's `use` reads), so `use`
   * answers a loaded locale at once without suspending.
   */
  const loading = new Map<Locale, Promise<MessagesSubset<K>> & { status?: 'fulfilled'; value?: MessagesSubset<K> }>();

  /** The island's namespaces of a whole catalogue, one object per catalogue (its lookups are remembered by it). */
  const picked = new WeakMap<Messages, MessagesSubset<K>>();
  function pick(catalogue: Messages): MessagesSubset<K> {
    let subset = picked.get(catalogue);
    if (!subset) {
      subset = Object.fromEntries(namespaces.map((namespace) => [namespace, catalogue[namespace]])) as MessagesSubset<K>;
      picked.set(catalogue, subset);
    }
    return subset;
  }

  function load(locale: Locale): Promise<MessagesSubset<K>> {
    let pending = loading.get(locale);
    if (!pending) {
      pending = Promise.all(
        namespaces.map(async (namespace) => {
          const chunk = Object.entries(sources[namespace]).find(([path]) => localeOf(path) === locale)?.[1];
          if (!chunk) throw new Error(`no ${namespace} texts for ${locale}`);
          return [namespace, await chunk()] as const;
        }),
      ).then((parts) => {
        const texts = Object.fromEntries(parts) as MessagesSubset<K>;
        Object.assign(pending!, { status: 'fulfilled', value: texts });
        return texts;
      });
      loading.set(locale, pending);
    }
    return pending;
  }

  function WithTexts(props: P) {
    const catalogue = registeredCatalogue(props.locale);
    // In the browser `use` is called on every render, loaded or not: were it skipped once the
    // chunk had arrived, a render React replays after `use` suspended (a chunk from the cache
    // arrives within the same render) would run fewer hooks than it expects, and hydration
    // failed with React errors #467 and #422 (docs/storefront.md "Islands' texts").
    const messages = useMemo(() => (catalogue ? pick(catalogue) : undefined), [catalogue]) ?? use(load(props.locale));
    const t = useMemo(() => createTranslate(props.locale, messages), [props.locale, messages]);
    return (
      <TranslateContext.Provider value={t}>
        <Inner {...props} />
      </TranslateContext.Provider>
    );
  }

  return function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <WithTexts {...props} />
      </Suspense>
    );
  };
}
