/** The names Icon.astro draws, and the mapping from the navigation tree's `icon` field. */

/** Icons the navigation tree may name (its `icon` field). */
export const NAV_ICONS = ['football', 'rugby', 'f1', 'basketball', 'shield', 'flag', 'trophy', 'shirt'] as const;
export type NavIconName = (typeof NAV_ICONS)[number];

/** Pictograms beside text (the tree's icons and the home page's promises), drawn with a finer line than the controls' icons. */
export const PICTOGRAMS: ReadonlySet<string> = new Set<string>([...NAV_ICONS, 'truck', 'returns']);

export type IconName = 'menu' | 'close' | 'search' | 'user' | 'cart' | 'chat' | 'chevron' | 'external' | 'truck' | 'returns' | NavIconName;

/** The icon for a navigation item's `icon` field; an unknown or missing one gets the shirt. */
export function navIcon(name: string | null | undefined): NavIconName {
  return (NAV_ICONS as readonly (string | null | undefined)[]).includes(name) ? (name as NavIconName) : 'shirt';
}
