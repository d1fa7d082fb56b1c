/**
 * The template shell around every signed-in screen: the layout mode chosen in the theme drawer
 * (vertical on narrow screens, with the menu in a drawer), header, tab bar with its cached
 * screens, footer, watermark and progress bar.
 */
import { useStore } from '@nanostores/react';
import { Drawer, Grid, Layout, Watermark } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { UserInfo } from '../../domain/account.model.ts';
import { homeFor } from '../../domain/admin-routes.model.ts';
import { endNavigationProgress, followRequests, startNavigationProgress } from '../../stores/progress.ts';
import { useT } from '../i18n.tsx';
import { HOME, matchRoute, mayOpen, titleKey } from '../routes.tsx';
import { activePath, openTab, type Tab, type TabsState } from '../state/tabs.ts';
import { $themeSettings } from '../state/theme.ts';
import { WATERMARK, effectiveLayout, watermarkBox, watermarkText } from '../state/theme-settings.ts';
import { Brand } from './Brand.tsx';
import { Header } from './Header.tsx';
import { MixSider, SideMenu, TopMenu } from './Menus.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { TabBar } from './TabBar.tsx';
import { TabPanes } from './TabPanes.tsx';

function homeTab(buttons: readonly string[]): Tab | null {
  if (!mayOpen(HOME, buttons)) return null;
  return { id: HOME.path, label: titleKey(HOME), routeKey: HOME.name, routePath: HOME.path, fullPath: HOME.path, fixedIndex: 0, ...(HOME.icon ? { icon: HOME.icon } : {}) };
}

export function Shell({ user }: { user: UserInfo }) {
  const { t } = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useStore($themeSettings);
  const screens = Grid.useBreakpoint();
  // antd reports breakpoints after its first measure; until then the screen counts as wide.
  const narrow = screens.sm === false;
  const mode = effectiveLayout(settings.layout.mode, narrow);
  const [collapsed, setCollapsed] = useState(false);
  const [menuDrawer, setMenuDrawer] = useState(false);
  const match = useMemo(() => matchRoute(location.pathname), [location.pathname]);
  const allowed = match !== null && !match.route.constant && mayOpen(match.route, user.buttons);
  const tabOfLocation = (): Tab | null =>
    match && allowed
      ? {
          id: location.pathname,
          label: titleKey(match.route),
          routeKey: match.route.name,
          routePath: match.route.path,
          fullPath: `${location.pathname}${location.search}`,
          ...(match.route.icon ? { icon: match.route.icon } : {}),
        }
      : null;
  const [tabs, setTabs] = useState<TabsState>(() => {
    const home = homeTab(user.buttons);
    const start = { tabs: home ? [home] : [], active: home?.id ?? '' };
    const current = tabOfLocation();
    return current ? openTab(start, current) : start;
  });

  // Before the screens' own effects, so a screen already loaded can end the bar it started.
  useLayoutEffect(() => {
    startNavigationProgress();
  }, [location.pathname]);
  useEffect(() => followRequests(), []);

  useEffect(() => {
    const tab = tabOfLocation();
    if (!tab) {
      endNavigationProgress();
      return;
    }
    setTabs((current) => openTab(current, tab));
    setMenuDrawer(false);
  }, [match, allowed, location.pathname, location.search]);

  // The tab is active at once, not when the router gets there: a close right after a click acts
  // on the tab the user sees as active.
  const selectTab = (tab: Tab) => {
    setTabs((current) => ({ ...current, active: tab.id }));
    navigate(tab.fullPath);
  };

  const changeTabs = (next: TabsState) => {
    setTabs(next);
    const path = activePath(next);
    if (next.active !== tabs.active && path) navigate(path);
  };

  if (location.pathname === '/' || location.pathname === '') {
    const home = homeFor(user.roles);
    return <Navigate replace to={home ? (matchRoute(`/${home}`)?.route.path ?? HOME.path) : '/403'} />;
  }

  const showSider = mode === 'vertical' || mode === 'vertical-mix' || mode === 'horizontal-mix';
  const menuProps = { buttons: user.buttons, pathname: location.pathname };
  const onCurrentScreen = match && allowed ? tabs.active : null;

  const sider = narrow ? (
    <Drawer placement="left" open={menuDrawer} onClose={() => setMenuDrawer(false)} size={settings.sider.width} styles={{ body: { padding: 0 } }} title={t('admin.brand')} data-testid="menu-drawer">
      <SideMenu {...menuProps} collapsed={false} />
    </Drawer>
  ) : showSider ? (
    mode === 'vertical-mix' ? (
      <MixSider {...menuProps} width={settings.sider.width} railWidth={settings.sider.collapsedWidth} />
    ) : (
      <Layout.Sider className="admin-sider" width={settings.sider.width} collapsedWidth={settings.sider.collapsedWidth} collapsed={collapsed} trigger={null} theme="light" data-testid="sider">
        {mode === 'vertical' && <Brand collapsed={collapsed} height={settings.header.height} />}
        <SideMenu {...menuProps} collapsed={collapsed} onlyGroupOfPath={mode === 'horizontal-mix'} />
      </Layout.Sider>
    )
  ) : null;

  const content = (
    <Layout className={`admin-shell admin-layout-${mode} admin-scroll-${settings.scrollMode}`} data-layout={mode} data-narrow={narrow ? 'true' : 'false'}>
      <ProgressBar colour={settings.themeColor} />
      {(mode === 'horizontal' || mode === 'horizontal-mix') && !narrow ? (
        <Header user={user} height={settings.header.height} menu={<TopMenu {...menuProps} groupsOnly={mode === 'horizontal-mix'} />} brand={<Brand collapsed={false} height={settings.header.height} />} />
      ) : null}
      <Layout className="admin-body" hasSider={sider !== null && !narrow}>
        {sider}
        <Layout className="admin-main" style={{ marginInlineStart: 0 }}>
          {mode === 'vertical' || mode === 'vertical-mix' || narrow ? (
            <Header
              user={user}
              height={settings.header.height}
              onToggleSider={() => (narrow ? setMenuDrawer(true) : setCollapsed((value) => !value))}
              collapsed={narrow ? true : collapsed}
              breadcrumb={match && allowed ? match : null}
            />
          ) : null}
          {settings.tab.visible && <TabBar state={tabs} onChange={changeTabs} mode={settings.tab.mode} height={settings.tab.height} onSelect={selectTab} />}
          <Layout.Content className="admin-content" id="admin-content">
            {match === null ? <TabPanes.NotFound /> : !allowed ? <TabPanes.Forbidden /> : null}
            <TabPanes tabs={tabs.tabs} active={onCurrentScreen} cache={settings.tab.cache} animate={settings.page.animate} scrollMode={settings.scrollMode} />
          </Layout.Content>
          <Layout.Footer className="admin-footer" style={{ height: settings.footer.height }}>
            {t('admin.footer')}
          </Layout.Footer>
        </Layout>
      </Layout>
    </Layout>
  );

  if (!settings.watermark.visible) return content;
  return (
    <Watermark
      className="admin-watermark"
      content={watermarkText(settings, t('admin.brand'), user.userName)}
      font={{ fontSize: WATERMARK.fontSize }}
      {...watermarkBox()}
      rotate={WATERMARK.rotate}
      zIndex={WATERMARK.zIndex}
      data-testid="watermark"
    >
      {content}
    </Watermark>
  );
}
