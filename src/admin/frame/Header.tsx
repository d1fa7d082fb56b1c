/**
 * The header: menu toggle, breadcrumb (or, in the horizontal layouts, the brand and the menu),
 * then menu search, full screen, language, colour scheme, theme drawer and the user menu.
 */
import { BgColorsOutlined, FullscreenExitOutlined, FullscreenOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Tooltip } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { UserInfo } from '../../domain/account.model.ts';
import { useT } from '../i18n.tsx';
import { MENU_GROUPS, groupOf } from '../routes.tsx';
import { titleKey, type RouteMatch } from '../state/route-table.ts';
import { LanguageSwitch, SchemeSwitch, UserMenu } from './HeaderButtons.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { ThemeDrawer } from './ThemeDrawer.tsx';

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  // A browser that refuses full screen (a policy, an iframe) leaves the page as it is: nothing to report.
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
  /** The screen's title as its tab says it (a product's name once loaded); else the route's. */
  screenTitle?: string | null;
  menu?: ReactNode;
  brand?: ReactNode;
}

export function Header({ user, height, onToggleSider, collapsed, breadcrumb, screenTitle, menu, brand }: HeaderProps) {
  const { t } = useT();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const [searching, setSearching] = useState(false);
  const [drawer, setDrawer] = useState(false);

  const group = breadcrumb ? MENU_GROUPS.find((g) => g.key === groupOf(breadcrumb.route)) : undefined;

  return (
    <Layout.Header className="admin-header" style={{ height, lineHeight: `${height}px` }}>
      {brand}
      {onToggleSider && (
        <Button type="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={onToggleSider} aria-label={t('admin.header.toggleSider')} data-testid="toggle-sider" />
      )}
      {breadcrumb && (
        <Breadcrumb
          className="admin-breadcrumb"
          items={[
            ...(group ? [{ title: t(group.titleKey) }] : []),
            // The product editor's "new" is a new product, not a product called "new".
            { title: screenTitle || (breadcrumb.route.name === 'product-editor' && breadcrumb.params.id === 'new' ? t('adminProducts.editor.newTitle') : t(titleKey(breadcrumb.route), breadcrumb.params)) },
          ]}
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
        <LanguageSwitch />
        <SchemeSwitch />
        <Tooltip title={t('admin.header.themeDrawer')}>
          <Button type="text" icon={<BgColorsOutlined />} onClick={() => setDrawer(true)} aria-label={t('admin.header.themeDrawer')} data-testid="open-theme-drawer" />
        </Tooltip>
        <UserMenu signedIn userName={user.userName} />
      </div>
      <MenuSearch open={searching} onOpenChange={setSearching} />
      <ThemeDrawer open={drawer} onClose={() => setDrawer(false)} />
    </Layout.Header>
  );
}
