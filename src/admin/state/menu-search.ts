/**
 * The menu search modal's filter (specification "Template shell features"): entries of the menu
 * whose title, in the language shown, or path contains the keyword, case and surrounding spaces
 * ignored. An empty keyword finds nothing: the modal then shows its "no data" state.
 */

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
