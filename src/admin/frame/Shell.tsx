/**
 * The template shell around every signed-in screen: the layout mode chosen in the theme drawer
 * (vertical on narrow screens, with the menu in a drawer), header, tab bar with its cached
 * screens (the open tabs kept in local storage, back after a reload), footer, watermark and
 * progress bar.
 */
import { useStore } from '@nanostores/react';
import { Drawer, Grid, Layout, Watermark } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getStored, setStored } from '../../client/storage.ts';
import type { UserInfo } from '../../domain/account.model.ts';
import type { AdminRoute } from '../../domain/back-office/routes.model.ts';
import { endNavigationProgress, followRequests, startNavigationProgress } from '../../stores/progress.ts';
import { useT } from '../i18n.tsx';
import { useForbidden, useRouteTable } from '../routes.tsx';
import { resolvePath } from '../state/route-table.ts';
import { TABS_STORAGE_NAME, activePath, keepTabs, nameTab, openTab, restoreTabs, routeTab, tabTitle, tabsToStore, type Tab, type TabsState } from '../state/tabs.ts';
import { $themeSettings } from '../state/theme.ts';
import { WATERMARK, effectiveLayout, watermarkBox, watermarkText } from '../state/theme-settings.ts';
import { Brand } from './Brand.tsx';
import { useDocumentTitle } from './document-title.ts';
import { MAIN_CONTENT_ID } from '../widgets/focus-return.ts';
import { Header } from './Header.tsx';
import { Loading } from './Loading.tsx';
import { MixSider, SideMenu, TopMenu } from './Menus.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { TabBar } from './TabBar.tsx';
import { TabPanes } from './TabPanes.tsx';

/** First in the tab order, shown when focused: past the header, the menu and the tabs to the screen. */
function SkipLink() {
  const { t } = useT();
  return (
    <a
      className="admin-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus, not the address's hash: the router owns the address.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('admin.keyboard.skipToContent')}
    </a>
  );
}

function homeTab(home: AdminRoute | null): Tab | null {
  return home ? routeTab(home, home.path, home.path, true) : null;
}

/** The narrow layout's menu drawer, known to the focus rule below. */
const MENU_DRAWER_CLASS = 'admin-menu-drawer';

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
  // What had the focus as the menu drawer opened (the menu button). antd gives it back after the
  // closing motion whatever has the focus by then, so a select tapped on the new screen within
  // that motion lost it and its list closed; here it is given back only when the focus is still in
  // the drawer or nowhere (Escape, the close button, a menu pick left alone).
  const drawerOpener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (menuDrawer) drawerOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [menuDrawer]);
  const menuDrawerClosed = () => {
    const active = document.activeElement;
    if (active === null || active === document.body || active.closest(`.${MENU_DRAWER_CLASS}`)) drawerOpener.current?.focus({ preventScroll: true });
  };
  const table = useRouteTable();
  const verdict = useMemo(() => resolvePath(table, location.pathname), [table, location.pathname]);
  const forbidden = useForbidden(verdict);
  const match = verdict.kind === 'open' ? verdict.match : null;
  const tabOfLocation = (): Tab | null => (match ? routeTab(match.route, location.pathname, `${location.pathname}${location.search}`) : null);
  // A tab rebuilt from the table of today: null when the user may no longer open its screen.
  const reopen = (id: string, fullPath: string): Tab | null => {
    const found = resolvePath(table, id);
    return found.kind === 'open' ? routeTab(found.match.route, id, fullPath) : null;
  };
  const [tabs, setTabs] = useState<TabsState>(() => {
    const start = restoreTabs(getStored(TABS_STORAGE_NAME), user.userId, homeTab(table.home), reopen);
    const current = tabOfLocation();
    return current ? openTab(start, current) : start;
  });

  useEffect(() => {
    setStored(TABS_STORAGE_NAME, tabsToStore(user.userId, tabs));
  }, [user.userId, tabs]);

  // The browser's tab says which screen is shown, by the title its tab bar shows.
  const shownTab = match ? tabs.tabs.find((tab) => tab.id === tabs.active) : undefined;
  const screenTitle = shownTab ? tabTitle(shownTab, t) : null;
  useDocumentTitle(screenTitle);

  // The table changes when the user's codes do (dynamic mode: read again): tabs it no longer opens go.
  useEffect(() => {
    setTabs((current) => keepTabs(current, (tab) => reopen(tab.id, tab.fullPath) !== null));
  }, [table]);

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
  }, [match, location.pathname, location.search]);

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
    return <Navigate replace to={table.home?.path ?? '/403'} />;
  }

  const showSider = mode === 'vertical' || mode === 'vertical-mix' || mode === 'horizontal-mix';
  const menuProps = { pathname: location.pathname };
  const onCurrentScreen = match ? tabs.active : null;

  const sider = narrow ? (
    <Drawer
      placement="left"
      open={menuDrawer}
      onClose={() => setMenuDrawer(false)}
      focusable={{ focusTriggerAfterClose: false }}
      afterOpenChange={(open) => open || menuDrawerClosed()}
      rootClassName={MENU_DRAWER_CLASS}
      size={settings.sider.width} styles={{ body: { padding: 0 } }} title={t('admin.brand')} data-testid="menu-drawer">
      <SideMenu {...menuProps} collapsed={false} />
    </Drawer>
  ) : showSider ? (
    mode === 'vertical-mix' ? (
      <MixSider {...menuProps} width={settings.sider.width} railWidth={settings.sider.collapsedWidth} collapsed={collapsed} />
    ) : (
      <Layout.Sider className="admin-sider" width={settings.sider.width} collapsedWidth={settings.sider.collapsedWidth} collapsed={collapsed} trigger={null} theme="light" data-testid="sider">
        {mode === 'vertical' && <Brand collapsed={collapsed} height={settings.header.height} />}
        <SideMenu {...menuProps} collapsed={collapsed} onlyGroupOfPath={mode === 'horizontal-mix'} />
      </Layout.Sider>
    )
  ) : null;

  const content = (
    <Layout className={`admin-shell admin-layout-${mode} admin-scroll-${settings.scrollMode}`} data-layout={mode} data-narrow={narrow ? 'true' : 'false'}>
      <SkipLink />
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
              breadcrumb={match}
              screenTitle={screenTitle}
            />
          ) : null}
          {settings.tab.visible && <TabBar state={tabs} onChange={changeTabs} mode={settings.tab.mode} height={settings.tab.height} onSelect={selectTab} />}
          <Layout.Content className="admin-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
            {verdict.kind === 'missing' ? <TabPanes.NotFound /> : forbidden === 'checking' ? <Loading /> : forbidden === 'forbidden' ? <TabPanes.Forbidden /> : null}
            <TabPanes
              tabs={tabs.tabs}
              active={onCurrentScreen}
              cache={settings.tab.cache}
              animate={settings.page.animate}
              scrollMode={settings.scrollMode}
              onName={(id, name) => setTabs((current) => nameTab(current, id, name))}
            />
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
