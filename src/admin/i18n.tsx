/**
 * The back office's strings: every `admin*.json` of the page's locale (src/i18n/locales/<locale>/)
 * and `print.json` (namespace `print`, the print's words the storefront shares),
 * loaded on demand so a session in one language never downloads the other. The shell's strings
 * are `admin.json` (namespace `admin`); a screen adds its own file, `admin-orders.json` say
 * (namespace `adminOrders`), and the same import in the locale's index.ts for the key-parity
 * check: nothing here changes. Translation is the shop's own translator (src/i18n/core.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { createTranslate, type MessageKey, type MessageValues, type Messages } from '../i18n/core.ts';
import type { Locale } from '../domain/locale.ts';
import { ORDER_STATUS_NAMES } from '../domain/order-status-names.ts';

// With the print's words (print.json), which the storefront's pages share.
const catalogueFiles = import.meta.glob<Record<string, unknown>>(['../i18n/locales/*/admin*.json', '../i18n/locales/*/print.json'], { import: 'default' });

/** `admin-orders.json` → `adminOrders`. */
export function namespaceOf(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
  return base.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

export async function loadAdminMessages(locale: Locale): Promise<Partial<Messages>> {
  const entries = Object.entries(catalogueFiles).filter(([file]) => file.includes(`/locales/${locale}/`));
  const loaded = Object.fromEntries(await Promise.all(entries.map(async ([file, load]) => [namespaceOf(file), await load()] as const)));
  // The states' names are the domain's one table, which the server's messages use too.
  loaded.adminOrders = { ...loaded.adminOrders, status: ORDER_STATUS_NAMES[locale] };
  return loaded as Partial<Messages>;
}

export type AdminT = (key: MessageKey, values?: MessageValues) => string;

export function makeAdminT(locale: Locale, messages: Partial<Messages>): AdminT {
  return createTranslate(locale, messages);
}

export interface AdminI18n {
  locale: Locale;
  t: AdminT;
}

export const AdminI18nContext = createContext<AdminI18n>({ locale: 'en-US', t: (key) => key });

export function useT(): AdminI18n {
  return useContext(AdminI18nContext);
}

/**
 * The back office's words in `locale` rather than the staff member's: for paper printed in an
 * order's language (the team production sheet). Another locale's files load only when asked for;
 * null until they are here.
 */
export function useLocaleT(locale: Locale): AdminT | null {
  const current = useT();
  const other = locale !== current.locale;
  const messages = useQuery({ queryKey: ['admin-messages', locale], queryFn: () => loadAdminMessages(locale), enabled: other, staleTime: Infinity });
  return useMemo(() => (!other ? current.t : messages.data ? makeAdminT(locale, messages.data) : null), [other, current.t, messages.data, locale]);
}
