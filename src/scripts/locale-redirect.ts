/**
 * Runs on `/` only: sends the shopper to their language's home. An explicit earlier choice
 * (`SOY_lang`) wins; otherwise the browser's preferred languages decide; otherwise en-US.
 * Without JavaScript the page's `<noscript>` refresh goes to en-US.
 */
import { pickLocale } from '../domain/locale.ts';
import { localePath } from '../i18n/paths.ts';
import { $chosenLocale } from '../stores/locale.ts';

const languages = navigator.languages?.length ? navigator.languages.join(',') : navigator.language;
const locale = $chosenLocale.get() ?? pickLocale(languages);
location.replace(localePath(locale, '/') + location.search + location.hash);
