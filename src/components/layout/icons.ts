/** The icons Icon.astro draws, and the mapping from the navigation tree's `icon` field. */

/** Icons the navigation tree may name (its `icon` field). */
export const NAV_ICONS = ['football', 'rugby', 'f1', 'basketball', 'shield', 'flag', 'trophy', 'shirt'] as const;
export type NavIconName = (typeof NAV_ICONS)[number];

/** Pictograms beside text (the tree's icons and the home page's promises), drawn with a finer line than the controls' icons. */
export const PICTOGRAMS: ReadonlySet<string> = new Set<string>([...NAV_ICONS, 'truck', 'returns']);

/** A line or shape of an icon, on its 24 x 24 grid: a path, or a circle. */
export type IconShape = { d: string; fill?: string; stroke?: string } | { cx: number; cy: number; r: number };

/** Each icon's shapes, drawn in this order (Icon.astro). */
export const ICON_SHAPES = {
  menu: [{ d: 'M4 6h16M4 12h16M4 18h16' }],
  close: [{ d: 'M6 6l12 12M18 6L6 18' }],
  search: [{ cx: 11, cy: 11, r: 6.5 }, { d: 'M16 16l4.5 4.5' }],
  user: [{ cx: 12, cy: 8, r: 4 }, { d: 'M4 21c0-4.2 3.6-7 8-7s8 2.8 8 7' }],
  cart: [{ d: 'M3 4h2.2l2.3 11h10.8l2.2-8H6.6' }, { cx: 9.5, cy: 19.5, r: 1.5 }, { cx: 17, cy: 19.5, r: 1.5 }],
  chat: [{ d: 'M20 11.5a8 8 0 0 1-11.8 7L4 20l1.4-4A8 8 0 1 1 20 11.5zM8.5 10h7M8.5 13.5h4.5' }],
  chevron: [{ d: 'M6 9l6 6 6-6' }],
  external: [{ d: 'M14 4h6v6M20 4l-9 9' }, { d: 'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5' }],
  football: [{ cx: 12, cy: 12, r: 9 }, { d: 'M12 7.5l3.8 2.8-1.4 4.4H9.6l-1.4-4.4z', fill: 'currentColor' }, { d: 'M12 7.5V3.2M15.8 10.3l4-1.4M14.4 14.7l2.5 3.4M9.6 14.7l-2.5 3.4M8.2 10.3l-4-1.4' }],
  rugby: [{ d: 'M5.2 18.8C2.6 16.2 3.6 10.4 7 7s9.2-4.4 11.8-1.8 1.6 9-1.8 12.4-9.2 4.4-11.8 1.2z' }, { d: 'M8.5 15.5l7-7M10 11.5l2.5 2.5M11.8 9.7l2.5 2.5M8.2 13.3l2.5 2.5' }],
  f1: [{ d: 'M5 21V3.5' }, { d: 'M5 4h14v9H5' }, { d: 'M5 4h3.5v3H5zM12 4h3.5v3H12zM8.5 7H12v3H8.5zM15.5 7H19v3h-3.5zM5 10h3.5v3H5zM12 10h3.5v3H12z', fill: 'currentColor', stroke: 'none' }],
  basketball: [{ cx: 12, cy: 12, r: 9 }, { d: 'M3 12h18M12 3v18M5.8 5.5c3.2 3.4 3.2 9.6 0 13M18.2 5.5c-3.2 3.4-3.2 9.6 0 13' }],
  shield: [{ d: 'M12 3l8 3v6c0 4.6-3.4 8.1-8 9-4.6-.9-8-4.4-8-9V6z' }],
  flag: [{ d: 'M5 21V3.5' }, { d: 'M5 4.5c2.8-1.6 5.2 1.6 8 0s4.6-1 6 0v8.5c-1.4-1-3.2-1.6-6 0s-5.2-1.6-8 0' }],
  trophy: [{ d: 'M8 4h8v5.5a4 4 0 0 1-8 0z' }, { d: 'M8 6H5.2a3 3 0 0 0 2.9 4M16 6h2.8a3 3 0 0 1-2.9 4M12 13.5V17M8.5 20.5h7M9.5 17h5v3.5h-5z' }],
  shirt: [{ d: 'M8.5 3.5L3.5 6.3l1.8 4 2.2-1V20.5h9V9.3l2.2 1 1.8-4-5-2.8c-.6 1.5-1.9 2.4-3.5 2.4s-2.9-.9-3.5-2.4z' }],
  truck: [{ d: 'M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7z' }, { cx: 6.5, cy: 17.5, r: 1.8 }, { cx: 17, cy: 17.5, r: 1.8 }],
  returns: [{ d: 'M4 9h11a5 5 0 0 1 0 10H9' }, { d: 'M8 5L4 9l4 4' }],
} as const satisfies Record<string, readonly IconShape[]>;

export type IconName = keyof typeof ICON_SHAPES;

/** The icon for a navigation item's `icon` field; an unknown or missing one gets the shirt. */
export function navIcon(name: string | null | undefined): NavIconName {
  return (NAV_ICONS as readonly (string | null | undefined)[]).includes(name) ? (name as NavIconName) : 'shirt';
}
