/**
 * The menu in its four placements: the sider (vertical), the header (horizontal), the header's
 * groups with the sider's entries (horizontal-mix), and a rail of groups beside their entries
 * (vertical-mix). Entries are the screens the user's permission codes open.
 */
import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminRoute } from '../../domain/back-office/routes.model.ts';
import { useT, type AdminT } from '../i18n.tsx';
import { MENU_GROUPS, groupOf, useRouteTable } from '../routes.tsx';
import { matchIn, menuEntries, routeNamed, titleKey, type RouteTable } from '../state/route-table.ts';
import { routeIcon } from './icons.tsx';

interface MenuGroup {
  key: string;
  title: string;
  icon: string;
  entries: AdminRoute[];
}

/** The groups with the entries this user may open; empty groups are left out. */
function menuGroups(table: RouteTable, t: AdminT): MenuGroup[] {
  const open = menuEntries(table);
  return MENU_GROUPS.map((group) => ({
    key: group.key,
    title: t(group.titleKey),
    icon: group.icon,
    entries: open.filter((route) => group.routes.includes(route.name)),
  })).filter((group) => group.entries.length > 0);
}

/** The menu entry lit for a path: the screen's own, or the one it belongs under. */
function selectedPath(table: RouteTable, pathname: string): string | undefined {
  const route = matchIn(table.routes, pathname)?.route;
  if (!route) return undefined;
  return route.activeMenu ? routeNamed(table, route.activeMenu)?.path : route.path;
}

function currentGroup(table: RouteTable, pathname: string): string | undefined {
  const route = matchIn(table.routes, pathname)?.route;
  return route ? groupOf(route) : undefined;
}

function entryItems(entries: AdminRoute[], t: AdminT): NonNullable<MenuProps['items']> {
  return entries.map((route) => ({ key: route.path, icon: routeIcon(route.icon), label: t(titleKey(route)) }));
}

/** Each group as a sub-menu of its entries; `group:` keeps a group's key apart from the entries' paths. */
function groupItems(groups: MenuGroup[], t: AdminT): NonNullable<MenuProps['items']> {
  return groups.map((g) => ({ key: groupKey(g), icon: routeIcon(g.icon), label: g.title, children: entryItems(g.entries, t) }));
}

function groupKey(group: MenuGroup): string {
  return `group:${group.key}`;
}

interface MenuInput {
  pathname: string;
}

export function SideMenu({ pathname, collapsed, onlyGroupOfPath = false }: MenuInput & { collapsed: boolean; onlyGroupOfPath?: boolean }) {
  const { t } = useT();
  const navigate = useNavigate();
  const table = useRouteTable();
  const groups = menuGroups(table, t);
  const selected = selectedPath(table, pathname);
  const group = currentGroup(table, pathname);
  const items = onlyGroupOfPath
    ? entryItems(groups.find((g) => g.key === group)?.entries ?? groups[0]?.entries ?? [], t)
    : groupItems(groups, t);
  return (
    <Menu
      className="admin-menu"
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selected ? [selected] : []}
      // Drawn folded from the start (the folded vertical-mix menu), open groups would show as pop-ups.
      defaultOpenKeys={collapsed ? [] : groups.map(groupKey)}
      onClick={({ key }) => navigate(key)}
      data-testid="side-menu"
    />
  );
}

export function TopMenu({ pathname, groupsOnly }: MenuInput & { groupsOnly: boolean }) {
  const { t } = useT();
  const navigate = useNavigate();
  const table = useRouteTable();
  const groups = menuGroups(table, t);
  const selected = groupsOnly ? currentGroup(table, pathname) : selectedPath(table, pathname);
  const items = groupsOnly
    ? groups.map((g) => ({ key: g.key, icon: routeIcon(g.icon), label: g.title }))
    : groupItems(groups, t);
  return (
    <Menu
      className="admin-top-menu"
      mode="horizontal"
      items={items}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => navigate(groupsOnly ? (groups.find((g) => g.key === key)?.entries[0]?.path ?? '/') : key)}
      data-testid="top-menu"
    />
  );
}

/**
 * vertical-mix: a rail of groups (the folded sider's width) and the chosen group's entries. Folded,
 * only the rail's width is left: the groups as icons, their entries in a pop-up, as the folded
 * vertical menu does.
 */
export function MixSider({ pathname, width, railWidth, collapsed }: MenuInput & { width: number; railWidth: number; collapsed: boolean }) {
  const { t } = useT();
  const navigate = useNavigate();
  const table = useRouteTable();
  const groups = menuGroups(table, t);
  const pathGroup = currentGroup(table, pathname);
  const [chosen, setChosen] = useState(pathGroup ?? groups[0]?.key);
  useEffect(() => {
    if (pathGroup) setChosen(pathGroup);
  }, [pathGroup]);
  const selected = selectedPath(table, pathname);
  const entries = groups.find((g) => g.key === chosen)?.entries ?? [];
  if (collapsed) {
    return (
      <Layout.Sider className="admin-sider admin-mix-sider" width={width} collapsedWidth={railWidth} collapsed trigger={null} theme="light" data-testid="sider">
        <SideMenu pathname={pathname} collapsed />
      </Layout.Sider>
    );
  }
  return (
    <Layout.Sider className="admin-sider admin-mix-sider" width={width} theme="light" data-testid="sider">
      <div className="admin-mix">
        <nav className="admin-mix-rail" style={{ width: railWidth }}>
          {groups.map((g) => (
            <button key={g.key} type="button" className={g.key === chosen ? 'is-active' : ''} onClick={() => setChosen(g.key)} aria-pressed={g.key === chosen}>
              {routeIcon(g.icon)}
              <span>{g.title}</span>
            </button>
          ))}
        </nav>
        <Menu className="admin-menu" mode="inline" items={entryItems(entries, t)} selectedKeys={selected ? [selected] : []} onClick={({ key }) => navigate(key)} data-testid="side-menu" />
      </div>
    </Layout.Sider>
  );
}
