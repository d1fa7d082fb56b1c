/**
 * The app's frame: strings of the chosen language, antd's theme from the theme settings (dark
 * algorithm, theme and status colours, applied as they change), the query cache, the router, and
 * the HTTP layer's notices drawn with antd.
 */
import { LoadingOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router';
import type { Locale } from '../domain/locale.ts';
import type { Messages } from '../i18n/core.ts';
import { createQueryClient } from './api.ts';
import { AdminI18nContext, loadAdminMessages, makeAdminT } from './i18n.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { HttpNotices } from './frame/HttpNotices.tsx';
import { ScrollRegions } from './frame/ScrollRegions.tsx';
import { ThemeVars } from './frame/ThemeVars.tsx';
import { useAdminLocale } from './state/locale.ts';
import { $themeSettings } from './state/theme.ts';
import { isDark } from './state/theme-settings.ts';
import { adminTheme, onSolidColour } from './state/theme-tokens.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * A busy button's spinner drawn as it is, not through antd's grow-and-shrink motion: when a write
 * answers before the spinner has grown in, that motion never ends and the idle button keeps a
 * hidden "loading" icon in its accessible name (seen on the order-change dialog's confirm button).
 * Two-character Chinese labels stay as written: antd's inserted space ("角 色") makes the visible
 * text no longer part of a button's aria-label ("… 的角色"), which axe counts as a mismatch.
 */
const BUTTONS = { loadingIcon: <LoadingOutlined />, autoInsertSpace: false };

function useSystemDark(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = matchMedia(DARK_QUERY);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => matchMedia(DARK_QUERY).matches,
  );
}

interface Loaded {
  locale: Locale;
  messages: Partial<Messages>;
  antd: AntdLocale | undefined;
}

/** The locale's strings and antd's own (zh-CN; antd speaks en-US by default), with dayjs's for the date pickers. */
async function loadLocale(locale: Locale): Promise<Loaded> {
  const messages = loadAdminMessages(locale);
  if (locale === 'zh-CN') {
    const [antd, dayjs] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs'), import('dayjs/locale/zh-cn')]);
    dayjs.default.locale('zh-cn');
    return { locale, messages: await messages, antd: antd.default };
  }
  const dayjs = await import('dayjs');
  dayjs.default.locale('en');
  return { locale, messages: await messages, antd: undefined };
}

const basename = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/admin`;

export function App() {
  const [locale] = useAdminLocale();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [queryClient] = useState(createQueryClient);
  const settings = useStore($themeSettings);
  const dark = isDark(settings.themeScheme, useSystemDark());

  useEffect(() => {
    let current = true;
    void loadLocale(locale).then((result) => {
      if (current) setLoaded(result);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dataset['scheme'] = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [locale, dark]);

  const i18n = useMemo(() => (loaded ? { locale: loaded.locale, t: makeAdminT(loaded.locale, loaded.messages) } : null), [loaded]);
  // zeroRuntime: antd's component styles come from its static sheet (imported in main.tsx) instead
  // of being generated in the browser at each screen's first render; the theme's tokens still
  // reach them as CSS variables (docs/back-office.md "Styles").
  const theme = useMemo(() => ({ ...adminTheme(settings, dark), zeroRuntime: true }), [dark, settings]);

  // Until its strings are here the page's own splash stays.
  if (!i18n) return null;
  return (
    <AdminI18nContext.Provider value={i18n}>
      <ConfigProvider theme={theme} locale={loaded?.antd} button={BUTTONS}>
        <AntApp>
          <ThemeVars onPrimary={onSolidColour(theme)} />
          <ScrollRegions />
          <QueryClientProvider client={queryClient}>
            <BrowserRouter basename={basename}>
              <AppRoutes />
              <HttpNotices />
            </BrowserRouter>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </AdminI18nContext.Provider>
  );
}
