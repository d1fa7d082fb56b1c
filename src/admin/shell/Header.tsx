/**
 * The header: menu toggle, breadcrumb (or, in the horizontal layouts, the brand and the menu),
 * then menu search, full screen, language, colour scheme, theme drawer and the user menu.
 */
import {
  BgColorsOutlined,
  DesktopOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SearchOutlined,
  SunOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useStore } from '@nanostores/react';
import { App, Breadcrumb, Button, Dropdown, Layout, Tooltip } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { UserInfo } from '../../domain/account.model.ts';
import { LOCALES, type Locale } from '../../domain/locale.ts';
import type { MessageKey } from '../../i18n/core.ts';
import { useT } from '../i18n.tsx';
import { MENU_GROUPS, groupOf } from '../routes.tsx';
import { titleKey, type RouteMatch } from '../state/route-table.ts';
import { useAdminLocale } from '../state/locale.ts';
import { useLogout } from '../state/session.ts';
import { $themeSettings, cycleScheme } from '../state/theme.ts';
import { MenuSearch } from './MenuSearch.tsx';
import { ThemeDrawer } from './ThemeDrawer.tsx';

const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };
const SCHEME_ICONS = { light: <SunOutlined />, dark: <MoonOutlined />, auto: <DesktopOutlined /> };

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [on, toggle];
}

interface HeaderProps {
  user: UserInfo;
  height: number;
  onToggleSider?: () => void;
  collapsed?: boolean;
  breadcrumb?: RouteMatch | null;
  menu?: ReactNode;
  brand?: ReactNode;
}

export function Header({ user, height, onToggleSider, collapsed, breadcrumb, menu, brand }: HeaderProps) {
  const { t } = useT();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const logout = useLogout();
  const [locale, setLocale] = useAdminLocale();
  const settings = useStore($themeSettings);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const [searching, setSearching] = useState(false);
  const [drawer, setDrawer] = useState(false);

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

  const group = breadcrumb ? MENU_GROUPS.find((g) => g.key === groupOf(breadcrumb.route)) : undefined;
  const schemeLabel = t('admin.header.scheme', { scheme: t(`admin.theme.schemes.${settings.themeScheme}` as MessageKey) });

  return (
    <Layout.Header className="admin-header" style={{ height, lineHeight: `${height}px` }}>
      {brand}
      {onToggleSider && (
        <Button type="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={onToggleSider} aria-label={t('admin.header.toggleSider')} data-testid="toggle-sider" />
      )}
      {breadcrumb && (
        <Breadcrumb
          className="admin-breadcrumb"
          items={[...(group ? [{ title: t(group.titleKey) }] : []), { title: t(titleKey(breadcrumb.route), breadcrumb.params) }]}
        />
      )}
      {menu && <div className="admin-header-menu">{menu}</div>}
      <div className="admin-header-actions">
        <Tooltip title={`${t('admin.header.menuSearch')} (Ctrl+K)`}>
          <Button type="text" icon={<SearchOutlined />} onClick={() => setSearching(true)} aria-label={t('admin.header.menuSearch')} data-testid="open-menu-search" />
        </Tooltip>
        <Tooltip title={fullscreen ? t('admin.header.exitFullscreen') : t('admin.header.fullscreen')}>
          <Button type="text" icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFullscreen} aria-label={fullscreen ? t('admin.header.exitFullscreen') : t('admin.header.fullscreen')} />
        </Tooltip>
        <Dropdown
          menu={{
            items: LOCALES.map((code) => ({ key: code, label: LANGUAGE_NAMES[code] })),
            selectable: true,
            selectedKeys: [locale],
            onClick: ({ key }) => setLocale(key as Locale),
          }}
        >
          <Button type="text" icon={<TranslationOutlined />} aria-label={t('admin.header.language')} data-testid="language" />
        </Dropdown>
        <Tooltip title={schemeLabel}>
          <Button type="text" icon={SCHEME_ICONS[settings.themeScheme]} onClick={cycleScheme} aria-label={schemeLabel} data-testid="scheme" data-scheme={settings.themeScheme} />
        </Tooltip>
        <Tooltip title={t('admin.header.themeDrawer')}>
          <Button type="text" icon={<BgColorsOutlined />} onClick={() => setDrawer(true)} aria-label={t('admin.header.themeDrawer')} data-testid="open-theme-drawer" />
        </Tooltip>
        <Dropdown
          menu={{
            items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('admin.header.logout') }],
            onClick: ({ key }) => key === 'logout' && confirmLogout(),
          }}
        >
          <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
            <span className="admin-user-name">{user.userName}</span>
          </Button>
        </Dropdown>
      </div>
      <MenuSearch open={searching} onOpenChange={setSearching} />
      <ThemeDrawer open={drawer} onClose={() => setDrawer(false)} />
    </Layout.Header>
  );
}
