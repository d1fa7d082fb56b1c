/**
 * The standalone error pages (403, 404, 500): what each is called in the catalogues, its picture,
 * and the way onward it offers besides the home page.
 */
import { LOCALES, getT, type MessageKey } from '../../i18n/index.ts';

export const ERROR_PAGES = {
  403: { kind: 'forbidden', illustration: 'forbidden', onward: { path: '/login/', label: 'browse.errors.signIn' } },
  404: { kind: 'notFound', illustration: 'not-found', onward: { path: '/search/', label: 'browse.errors.search' } },
  500: { kind: 'serverError', illustration: 'server-error', onward: { path: '/contact-us/', label: 'browse.errors.contact' } },
} as const satisfies Record<number, { kind: string; illustration: string; onward: { path: string; label: MessageKey } }>;

export type ErrorCode = keyof typeof ERROR_PAGES;

/** The page's title in every locale ("Not found / 未找到"): one file serves both. */
export function errorTitles(code: ErrorCode): string {
  return LOCALES.map((locale) => getT(locale)(`browse.errors.${ERROR_PAGES[code].kind}.title`)).join(' / ');
}
