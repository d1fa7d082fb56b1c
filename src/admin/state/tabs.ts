/**
 * The tab bar's rules (specification: entity "Tab", state "Tabs"): tabs open with navigation,
 * close one by one or left, right or all but one; fixed tabs (the home tab) survive every clear;
 * closing the active tab shows the last one left; the open tabs outlive a reload. Pure functions
 * over a list; the shell keeps the list in React state, navigates to the `active` they answer and
 * stores it under `SOY_globalTabs`.
 */
import { ADMIN_ROUTES, type AdminRoute } from '../../domain/back-office/routes.model.ts';
import type { MessageKey, MessageValues } from '../../i18n/core.ts';
import { matchIn, titleKey } from './route-table.ts';

/** Local storage name (under the shop's `SOY_` prefix, client/storage.ts) of the open tabs. */
export const TABS_STORAGE_NAME = 'globalTabs';

export interface Tab {
  /** The path without its query: one tab per screen, one per order for the order detail. */
  id: string;
  /** Key of the title in the `admin` namespace. */
  label: string;
  routeKey: string;
  routePath: string;
  /** Path with query, where the tab goes back to. */
  fullPath: string;
  /** Set on fixed tabs: their place at the start of the bar; they cannot be closed. */
  fixedIndex?: number;
  icon?: string;
  /**
   * What the tab's screen is about, once it has loaded it (a product's title, a customer's name
   * or email): the tab and the document title say it instead of "Product 217".
   */
  name?: string;
}

export interface TabsState {
  tabs: Tab[];
  active: string;
}

export function isFixed(tab: Tab): boolean {
  return tab.fixedIndex !== undefined;
}

/** Fixed tabs first, in their order; the rest as opened. */
function ordered(tabs: Tab[]): Tab[] {
  const fixed = tabs.filter(isFixed).sort((a, b) => a.fixedIndex! - b.fixedIndex!);
  return [...fixed, ...tabs.filter((tab) => !isFixed(tab))];
}

/** Navigating to a screen: its tab is added (or updated, for a new query) and becomes active. */
export function openTab(state: TabsState, tab: Tab): TabsState {
  const index = state.tabs.findIndex((t) => t.id === tab.id);
  if (index === -1) return { tabs: ordered([...state.tabs, tab]), active: tab.id };
  const tabs = state.tabs.slice();
  tabs[index] = { ...tabs[index]!, fullPath: tab.fullPath };
  return { tabs, active: tab.id };
}

/** Keeps the active tab if it is still there, else the last one left. */
function settle(before: TabsState, tabs: Tab[]): TabsState {
  if (tabs.some((tab) => tab.id === before.active)) return { tabs, active: before.active };
  return { tabs, active: tabs.at(-1)?.id ?? '' };
}

/** Closes one tab (fixed ones stay). */
export function closeTab(state: TabsState, id: string): TabsState {
  const tab = state.tabs.find((t) => t.id === id);
  if (!tab || isFixed(tab)) return state;
  return settle(state, state.tabs.filter((t) => t.id !== id));
}

/** Closes every tab but `id` and the fixed ones; `id` becomes active. */
export function closeOthers(state: TabsState, id: string): TabsState {
  const tabs = state.tabs.filter((t) => t.id === id || isFixed(t));
  return tabs.some((t) => t.id === id) ? { tabs, active: id } : settle(state, tabs);
}

/** Closes the unfixed tabs left of `id`. */
export function closeLeft(state: TabsState, id: string): TabsState {
  const index = state.tabs.findIndex((t) => t.id === id);
  if (index === -1) return state;
  return settle(state, state.tabs.filter((t, i) => i >= index || isFixed(t)));
}

/** Closes the unfixed tabs right of `id`. */
export function closeRight(state: TabsState, id: string): TabsState {
  const index = state.tabs.findIndex((t) => t.id === id);
  if (index === -1) return state;
  return settle(state, state.tabs.filter((t, i) => i <= index || isFixed(t)));
}

/** Closes every unfixed tab. */
export function closeAll(state: TabsState): TabsState {
  return settle(state, state.tabs.filter(isFixed));
}

/** The tab's full path to navigate to after a change, or null when the active tab is gone. */
export function activePath(state: TabsState): string | null {
  return state.tabs.find((tab) => tab.id === state.active)?.fullPath ?? null;
}

/** The tab of a route: `id` the path shown, `fullPath` with its query; the home tab is fixed first. */
export function routeTab(route: AdminRoute, id: string, fullPath: string, fixed = false): Tab {
  return { id, label: titleKey(route), routeKey: route.name, routePath: route.path, fullPath, ...(fixed ? { fixedIndex: 0 } : {}), ...(route.icon ? { icon: route.icon } : {}) };
}

/** Keeps the tabs `keep` accepts (the fixed ones always), the active one where it can. */
export function keepTabs(state: TabsState, keep: (tab: Tab) => boolean): TabsState {
  const tabs = state.tabs.filter((tab) => isFixed(tab) || keep(tab));
  return tabs.length === state.tabs.length ? state : settle(state, tabs);
}

/** Names the tab `id` (null: its route's title again); the same state when nothing changes. */
export function nameTab(state: TabsState, id: string, name: string | null): TabsState {
  const index = state.tabs.findIndex((tab) => tab.id === id);
  const tab = state.tabs[index];
  const named = name?.trim() ? name.trim().slice(0, NAME_MAX) : undefined;
  if (!tab || tab.name === named) return state;
  const next: Tab = { ...tab };
  if (named) next.name = named;
  else delete next.name;
  const tabs = state.tabs.slice();
  tabs[index] = next;
  return { ...state, tabs };
}

/** A name longer than this is cut (a tab is no place for a paragraph). */
const NAME_MAX = 80;

type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * A tab's title: the name its screen gave it; else its route's title with the route's parameters
 * (the order detail names its order number); a new product's editor says so.
 */
export function tabTitle(tab: Tab, t: Translate): string {
  if (tab.name) return tab.name;
  if (tab.id === '/products/new') return t('adminProducts.editor.newTitle');
  const params = matchIn(ADMIN_ROUTES, tab.id)?.params;
  return t(tab.label as MessageKey, params && Object.keys(params).length ? Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)])) : undefined);
}

/** The browser tab's title: the screen's, then the back office's and the shop's names, in the user's language. */
export function documentTitle(screen: string | null, t: Translate): string {
  return [screen, t('admin.brandSuffix'), t('admin.brand')].filter(Boolean).join(' · ');
}

/** What is stored: whose tabs they are, each tab's paths (and name), and the active one. */
export interface StoredTabs {
  userId: number;
  tabs: { id: string; fullPath: string; name?: string }[];
  active: string;
}

export function tabsToStore(userId: number, state: TabsState): StoredTabs {
  return { userId, tabs: state.tabs.map((tab) => ({ id: tab.id, fullPath: tab.fullPath, ...(tab.name ? { name: tab.name } : {}) })), active: state.active };
}

/** A stored entry's paths, when they are an app path and that path with a query at most. */
function storedPaths(value: unknown): { id: string; fullPath: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, fullPath } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof fullPath !== 'string' || !id.startsWith('/') || id.startsWith('//')) return null;
  return fullPath === id || fullPath.startsWith(`${id}?`) ? { id, fullPath } : null;
}

/**
 * The tabs of the last visit, after a reload: only the same user's; each rebuilt by `reopen`
 * from today's route table (null: the user may no longer open it, and it is dropped); the home
 * tab fixed first whatever was stored; the active one as it was, else the home tab. Anything
 * unreadable gives the home tab alone.
 */
export function restoreTabs(stored: unknown, userId: number, home: Tab | null, reopen: (id: string, fullPath: string) => Tab | null): TabsState {
  let state: TabsState = { tabs: home ? [home] : [], active: home?.id ?? '' };
  if (typeof stored !== 'object' || stored === null) return state;
  const { userId: owner, tabs, active } = stored as Partial<Record<keyof StoredTabs, unknown>>;
  if (owner !== userId || !Array.isArray(tabs)) return state;
  for (const entry of tabs) {
    const paths = storedPaths(entry);
    if (!paths) continue;
    if (paths.id === home?.id) {
      // The home tab stays the fixed one; only where it was left (its query) comes back.
      state = { ...state, tabs: state.tabs.map((tab) => (tab.id === home.id ? { ...tab, fullPath: paths.fullPath } : tab)) };
      continue;
    }
    const tab = reopen(paths.id, paths.fullPath);
    if (tab && !isFixed(tab) && !state.tabs.some((other) => other.id === tab.id)) {
      // The name it had, until its screen loads and names it again.
      const name = (entry as { name?: unknown }).name;
      state = nameTab({ ...state, tabs: [...state.tabs, tab] }, tab.id, typeof name === 'string' ? name : null);
    }
  }
  const activeId = typeof active === 'string' && state.tabs.some((tab) => tab.id === active) ? active : state.active;
  return { tabs: state.tabs, active: activeId };
}
