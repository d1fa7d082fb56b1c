/**
 * The header's buttons that also show outside the shell (the standalone 403, 404 and 500 screens):
 * language, colour scheme, and the user menu, which offers "login or register" when signed out
 * (specification "Header": user name and logout when logged in, otherwise that button).
 */
import { DesktopOutlined, LoginOutlined, LogoutOutlined, MoonOutlined, SunOutlined, TranslationOutlined, UserOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { App, Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { cloneElement, useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { LOCALES, type Locale } from '../../domain/locale.ts';
import type { MessageKey } from '../../i18n/core.ts';
import { useT } from '../i18n.tsx';
import { useAdminLocale } from '../state/locale.ts';
import { useLogout } from '../state/session.ts';
import { $themeSettings, cycleScheme } from '../state/theme.ts';

const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };
const SCHEME_ICONS = { light: <SunOutlined />, dark: <MoonOutlined />, auto: <DesktopOutlined /> };

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * A header button with a menu, as the ARIA menu button pattern has it: Enter, Space, a click or
 * ArrowDown open it with the focus in the menu, the arrows move, Enter chooses, Escape closes;
 * either way the focus comes back to the button (docs/back-office.md "Keyboard").
 */
function MenuButton({ items, selectedKey, onChoose, button, buttonRef }: { items: MenuItems; selectedKey?: string; onChoose: (key: string) => void; button: ReactElement; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  const [open, setOpen] = useState(false);
  const own = useRef<HTMLButtonElement>(null);
  const trigger = buttonRef ?? own;
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  // Escape, Tab or a click outside: the focus, if it was in the menu, comes back to the button.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) return;
    requestAnimationFrame(() => {
      const at = document.activeElement;
      if (at === null || at === document.body || at.closest('.ant-dropdown')) trigger.current?.focus();
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      autoFocus
      menu={{
        items,
        ...(selectedKey === undefined ? {} : { selectable: true, selectedKeys: [selectedKey] }),
        onClick: ({ key }) => {
          close();
          onChoose(key);
        },
      }}
    >
      {cloneElement(button, { ref: trigger, onKeyDown, 'aria-haspopup': 'menu', 'aria-expanded': open } as never)}
    </Dropdown>
  );
}

/**
 * The language just chosen, until its strings are in: the page is drawn again in it (the header
 * with it), and the switch then takes back the focus the menu had, if nothing else holds it.
 */
let languageChosen: Locale | null = null;

export function LanguageSwitch() {
  const { t, locale: shown } = useT();
  const [locale, setLocale] = useAdminLocale();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (languageChosen !== shown) return;
    languageChosen = null;
    requestAnimationFrame(() => {
      if (document.activeElement === null || document.activeElement === document.body) button.current?.focus();
    });
  }, [shown]);
  return (
    <MenuButton
      items={LOCALES.map((code) => ({ key: code, label: LANGUAGE_NAMES[code], lang: code }))}
      selectedKey={locale}
      onChoose={(key) => {
        languageChosen = key as Locale;
        setLocale(key as Locale);
      }}
      buttonRef={button}
      button={<Button type="text" icon={<TranslationOutlined />} aria-label={t('admin.header.language')} data-testid="language" />}
    />
  );
}

/** Cycles light, dark, auto. */
export function SchemeSwitch() {
  const { t } = useT();
  const scheme = useStore($themeSettings).themeScheme;
  const label = t('admin.header.scheme', { scheme: t(`admin.theme.schemes.${scheme}` as MessageKey) });
  return (
    <Tooltip title={label}>
      <Button type="text" icon={SCHEME_ICONS[scheme]} onClick={cycleScheme} aria-label={label} data-testid="scheme" data-scheme={scheme} />
    </Tooltip>
  );
}

/**
 * Signed in: the user's name (when known) with logout, which asks first ("tip", "logoutConfirm")
 * and then resets the session. Signed out: "login or register", to the login screen.
 */
export function UserMenu({ signedIn, userName }: { signedIn: boolean; userName?: string | undefined }) {
  const { t } = useT();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const logout = useLogout();

  if (!signedIn) {
    return (
      <Button type="text" icon={<LoginOutlined />} onClick={() => navigate('/login')} data-testid="login-or-register">
        {t('admin.header.loginOrRegister')}
      </Button>
    );
  }

  const confirmLogout = () => {
    modal.confirm({
      title: t('admin.logout.tip'),
      content: t('admin.logout.logoutConfirm'),
      okText: t('admin.common.confirm'),
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        await logout();
        navigate('/login');
      },
    });
  };

  return (
    <MenuButton
      items={[{ key: 'logout', icon: <LogoutOutlined />, label: t('admin.header.logout') }]}
      onChoose={(key) => key === 'logout' && confirmLogout()}
      button={
        <Button type="text" icon={<UserOutlined />} aria-label={userName ? undefined : t('admin.header.account')} data-testid="user-menu">
          {userName && <span className="admin-user-name">{userName}</span>}
        </Button>
      }
    />
  );
}
