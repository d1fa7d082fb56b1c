/** Typed keys: `t('home.heroTitle')` is checked against the en-US catalogue. */
import 'i18next';
import type enUS from './locales/en-US/index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof enUS };
    returnNull: false;
  }
}
