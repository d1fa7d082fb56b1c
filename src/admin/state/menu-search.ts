/**
 * The search palette's list (Ctrl/Cmd+K, docs/back-office.md "Header"): the menu's entries whose
 * title, in the language shown, or path contains the keyword, case and surrounding spaces
 * ignored, then what the server found (orders, customers, products, teams, coupons), grouped by
 * kind. An empty keyword finds nothing: the palette then shows its "no data" state.
 */
import { SEARCH_KINDS, type SearchKind, type SearchResult } from '../../domain/back-office/search.model.ts';

export interface MenuEntry {
  name: string;
  title: string;
  path: string;
  icon?: string | undefined;
}

export function searchMenu(entries: readonly MenuEntry[], keyword: string): MenuEntry[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [];
  return entries.filter((entry) => entry.title.toLowerCase().includes(needle) || entry.path.toLowerCase().includes(needle));
}

/** Arrow keys move the selection round the list. */
export function moveSelection(index: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  return (index + step + count) % count;
}

/** One line of the palette: a menu entry or a server result, with the path it opens. */
export interface PaletteItem {
  /** Unique in the list (the selection's option id is its index). */
  key: string;
  group: 'menu' | SearchKind;
  title: string;
  subtitle: string;
  path: string;
  icon?: string | undefined;
}

export interface PaletteGroup {
  group: PaletteItem['group'];
  /** Each item with its index in the whole list, which the arrow keys walk. */
  items: { item: PaletteItem; index: number }[];
}

/** Menu entries first, then the server's results in the kinds' order (menu, orders, customers, products, teams, coupons). */
export function paletteItems(menu: readonly MenuEntry[], found: readonly SearchResult[]): PaletteItem[] {
  const entries = menu.map((entry): PaletteItem => ({ key: `menu:${entry.name}`, group: 'menu', title: entry.title, subtitle: '', path: entry.path, icon: entry.icon }));
  const results = SEARCH_KINDS.flatMap((kind) => found.filter((result) => result.kind === kind).map((result): PaletteItem => ({ key: `${kind}:${result.key}`, group: kind, title: result.title, subtitle: result.subtitle, path: result.path })));
  return [...entries, ...results];
}

/** The list cut into its groups, in order, each item keeping its place in the whole list. */
export function paletteGroups(items: readonly PaletteItem[]): PaletteGroup[] {
  const groups: PaletteGroup[] = [];
  items.forEach((item, index) => {
    const last = groups.at(-1);
    if (last?.group === item.group) last.items.push({ item, index });
    else groups.push({ group: item.group, items: [{ item, index }] });
  });
  return groups;
}

/**
 * The selected item's place: the selection is kept as its item's key, so when new results arrive
 * it stays on the same item while that is still listed, else goes to the first.
 */
export function keptSelection(key: string | null, items: readonly PaletteItem[]): number {
  const at = key === null ? -1 : items.findIndex((item) => item.key === key);
  return at >= 0 ? at : items.length ? 0 : -1;
}
