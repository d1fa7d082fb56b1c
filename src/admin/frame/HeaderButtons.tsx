/**
 * The header's buttons that also show outside the shell (the standalone 403, 404 and 500 screens):
 * language, colour scheme, and the user menu, which offers "login or register" when signed out
 * (specification "Header": user name and logout when logged in, otherwise that button).
 */
import { DesktopOutlined, LoginOutlined, LogoutOutlined, MoonOutlined, SafetyOutlined, SunOutlined, TranslationOutlined, UserOutlined } from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { App, Button, Dropdown, Modal, Tooltip, type MenuProps } from 'antd';
import { cloneElement, useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../domain/locale.ts';
import type { MessageKey } from '../../i18n/core.ts';
import { useT } from '../i18n.tsx';
import { useAdminLocale } from '../state/locale.ts';
import { useLogout } from '../state/session.ts';
import { $themeSettings, cycleScheme } from '../state/theme.ts';
import { TwoStepPanel } from '../screens/two-step/TwoStepPanel.tsx';

const SCHEME_ICONS = { light: <SunOutlined />, dark: <MoonOutlined />, auto: <DesktopOutlined /> };

type MenuItems = NonNullable<MenuProps['items']>;

/** The menu's items, in order (dividers and disabled items are no stops). */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')] : [];
}

/**
 * A header button with a menu, as the ARIA menu button pattern has it: Enter, Space, a click or
 * ArrowDown open it with the focus on the chosen item (else the first), the arrows, Home and End
 * move, Enter or Space chooses, Escape or Tab closes; either way the focus comes back to the button
 * (docs/back-office.md "Keyboard").
 *
 * The focus is managed here, not by antd: its dropdown's `autoFocus` focuses the menu three frames
 * after opening (a timer a close does not cancel), and its menu makes an item active on an arrow
 * but focuses it a frame later, so an Enter pressed in between chose the item the focus was still
 * on. Here an arrow moves the focus at once (the menu makes the focused item its active one), and
 * the first focus is one animation frame, retried until the popup can take it, cancelled on close.
 */
function MenuButton({ items, selectedKey, onChoose, button, buttonRef }: { items: MenuItems; selectedKey?: string; onChoose: (key: string) => void; button: ReactElement; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  const [open, setOpen] = useState(false);
  const own = useRef<HTMLButtonElement>(null);
  const trigger = buttonRef ?? own;
  const menu = useRef<HTMLDivElement>(null);
  // The header's menus hold items only (no dividers or groups): an item's place is its index.
  const selectedIndex = Math.max(0, items.findIndex((item) => item?.key === selectedKey));
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  // Escape on the button, or a click outside: the focus, if it was in the menu, comes back to the button.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) return;
    requestAnimationFrame(() => {
      const at = document.activeElement;
      if (at === null || at === document.body || at.closest('.ant-dropdown')) trigger.current?.focus();
    });
  };
  // Once open, the chosen item takes the focus as soon as the popup is shown (a hidden element
  // refuses it), unless the focus went elsewhere meanwhile; a close cancels the pending frame.
  useEffect(() => {
    if (!open) return undefined;
    let frame = 0;
    let tries = 0;
    const focusItem = () => {
      const at = document.activeElement;
      if (at !== null && at !== document.body && at !== trigger.current) return;
      const list = menuItems(menu.current);
      const target = list[selectedIndex] ?? list[0];
      target?.focus({ preventScroll: true });
      if (target === undefined || document.activeElement !== target) {
        tries += 1;
        if (tries < 120) frame = requestAnimationFrame(focusItem);
      }
    };
    frame = requestAnimationFrame(focusItem);
    return () => cancelAnimationFrame(frame);
  }, [open, selectedIndex, trigger]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    }
  };
  // Keys in the menu, before antd's menu sees them (capture): the focus moves at once.
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menu.current);
    const at = list.findIndex((item) => item === document.activeElement || item.contains(document.activeElement));
    const move = (index: number) => {
      event.preventDefault();
      event.stopPropagation();
      list[(index + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at < 0 ? list.length - 1 : at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case ' ':
        // Space chooses, as Enter does (antd's menu item answers Enter only).
        event.preventDefault();
        event.stopPropagation();
        list[at]?.click();
        return undefined;
      case 'Escape':
      case 'Tab':
        // Tab goes on from the button (the browser moves the focus after this handler).
        if (event.key === 'Escape') event.preventDefault();
        event.stopPropagation();
        close();
        return undefined;
      default:
        return undefined;
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      popupRender={(node) => (
        <div ref={menu} onKeyDownCapture={onMenuKeyDown}>
          {node}
        </div>
      )}
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
      items={LOCALES.map((code) => ({ key: code, label: LOCALE_NAMES[code], lang: code }))}
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
  const [twoStep, setTwoStep] = useState(false);

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
    <>
      <MenuButton
        items={[
          { key: 'two-step', icon: <SafetyOutlined />, label: t('adminTwoStep.menu') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('admin.header.logout') },
        ]}
        onChoose={(key) => (key === 'logout' ? confirmLogout() : key === 'two-step' && setTwoStep(true))}
        button={
          <Button type="text" icon={<UserOutlined />} aria-label={userName ? undefined : t('admin.header.account')} data-testid="user-menu">
            {userName && <span className="admin-user-name">{userName}</span>}
          </Button>
        }
      />
      {/* Mounted only while open: each opening reads the state afresh and starts from the first step. */}
      {twoStep && (
        <Modal open title={t('adminTwoStep.title')} onCancel={() => setTwoStep(false)} footer={null} destroyOnHidden data-testid="two-step-dialog">
          <TwoStepPanel />
        </Modal>
      )}
    </>
  );
}
