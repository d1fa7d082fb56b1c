/**
 * The tab bar's rules (specification: entity "Tab", state "Tabs"): tabs open with navigation,
 * close one by one or left, right or all but one; fixed tabs (the home tab) survive every clear;
 * closing the active tab shows the last one left. Pure functions over a list; the shell keeps the
 * list in React state and navigates to the `active` they answer.
 */

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
