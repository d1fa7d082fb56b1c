/**
 * The back office's theme settings (specification: entity "Theme settings", section 9): their
 * defaults, and how a stored value is read back. Pure, so the rules are tested without a browser;
 * the store that persists them is `theme.ts`.
 */

export const THEME_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ThemeScheme = (typeof THEME_SCHEMES)[number];

export const LAYOUT_MODES = ['vertical', 'vertical-mix', 'horizontal', 'horizontal-mix'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

export const SCROLL_MODES = ['wrapper', 'content'] as const;
export type ScrollMode = (typeof SCROLL_MODES)[number];

export const TAB_MODES = ['chrome', 'button'] as const;
export type TabMode = (typeof TAB_MODES)[number];

export const STATUS_COLOURS = ['info', 'success', 'warning', 'error'] as const;
export type StatusColour = (typeof STATUS_COLOURS)[number];

/** Section 9: the drawer's width and its palette of 16 colours. */
export const THEME_DRAWER_WIDTH = 360;
export const THEME_PALETTE = [
  '#646cff', '#3b82f6', '#6366f1', '#8b5cf6', '#a855f7', '#0ea5e9', '#06b6d4', '#14b8a6',
  '#10b981', '#22c55e', '#84cc16', '#eab308', '#f59e0b', '#f97316', '#ef4444', '#ec4899',
] as const;

/** Section 9: reloading a tab waits this long, or {@link RELOAD_DELAY_NO_ANIMATION_MS} without page animation. */
export const RELOAD_DELAY_MS = 300;
export const RELOAD_DELAY_NO_ANIMATION_MS = 40;
/** Section 9: the menu search's debounce; the palette asks the server after the same pause (one pause, so the menu entries and the results arrive together). */
export const MENU_SEARCH_DEBOUNCE_MS = 300;

/** Section 9: the watermark's drawing: 384 x 384 px tiles, 16 px text rotated -15 degrees. */
export const WATERMARK = { fontSize: 16, width: 384, height: 384, rotate: -15, zIndex: 9999 } as const;
/** The box the text is drawn in: room for the brand and a long name on one line. */
const WATERMARK_TEXT_BOX = { width: 300, height: 22 };

/**
 * antd's Watermark takes the text's box and the gap between boxes, and repeats the box once
 * rotated; drawing the text in a 384 x 384 box clips it where the rotation takes it past the
 * corners. So the box is the text's size, and the gap makes each repeat 384 px on both axes.
 */
export function watermarkBox(): { width: number; height: number; gap: [number, number] } {
  const angle = (Math.abs(WATERMARK.rotate) * Math.PI) / 180;
  const { width, height } = WATERMARK_TEXT_BOX;
  const rotatedWidth = width * Math.cos(angle) + height * Math.sin(angle);
  const rotatedHeight = width * Math.sin(angle) + height * Math.cos(angle);
  return { width, height, gap: [WATERMARK.width - rotatedWidth, WATERMARK.height - rotatedHeight] };
}

export interface ThemeSettings {
  themeScheme: ThemeScheme;
  themeColor: string;
  otherColor: Record<StatusColour, string>;
  layout: { mode: LayoutMode };
  scrollMode: ScrollMode;
  tab: { visible: boolean; cache: boolean; mode: TabMode; height: number };
  header: { height: number };
  sider: { width: number; collapsedWidth: number };
  footer: { height: number };
  page: { animate: boolean };
  /** The text is the brand unless staff typed their own; the user's name is added when shown. */
  watermark: { visible: boolean; text: string };
}

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  themeScheme: 'light',
  themeColor: '#646cff',
  otherColor: { info: '#2080f0', success: '#52c41a', warning: '#faad14', error: '#f5222d' },
  layout: { mode: 'vertical' },
  scrollMode: 'content',
  tab: { visible: true, cache: true, mode: 'chrome', height: 44 },
  header: { height: 56 },
  sider: { width: 220, collapsedWidth: 64 },
  footer: { height: 48 },
  page: { animate: true },
  watermark: { visible: false, text: '' },
};

/** Light, then dark, then auto, then light again (specification, state "Theme"). */
export function nextScheme(scheme: ThemeScheme): ThemeScheme {
  return THEME_SCHEMES[(THEME_SCHEMES.indexOf(scheme) + 1) % THEME_SCHEMES.length]!;
}

/** Whether the dark algorithm applies: dark, or auto while the system prefers dark. */
export function isDark(scheme: ThemeScheme, systemPrefersDark: boolean): boolean {
  return scheme === 'dark' || (scheme === 'auto' && systemPrefersDark);
}

/**
 * The layout actually drawn: on a narrow (`sm`) screen always vertical, with the sider in a
 * drawer. The chosen mode is left as stored, so it is back as soon as the screen widens.
 */
export function effectiveLayout(mode: LayoutMode, narrow: boolean): LayoutMode {
  return narrow ? 'vertical' : mode;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR.test(value);
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Settings from a stored value: each field that is missing or wrong takes its default, so an
 * older or hand-edited entry keeps what is still good instead of being thrown away whole. The
 * sizes are the specification's and not settable, so they always come from the defaults.
 */
export function readSettings(stored: unknown): ThemeSettings {
  const value = record(stored);
  const d = DEFAULT_THEME_SETTINGS;
  const other = record(value['otherColor']);
  const tab = record(value['tab']);
  const watermark = record(value['watermark']);
  return {
    themeScheme: pick(value['themeScheme'], THEME_SCHEMES, d.themeScheme),
    themeColor: isHexColour(value['themeColor']) ? value['themeColor'] : d.themeColor,
    otherColor: Object.fromEntries(STATUS_COLOURS.map((name) => [name, isHexColour(other[name]) ? other[name] : d.otherColor[name]])) as ThemeSettings['otherColor'],
    layout: { mode: pick(record(value['layout'])['mode'], LAYOUT_MODES, d.layout.mode) },
    scrollMode: pick(value['scrollMode'], SCROLL_MODES, d.scrollMode),
    tab: { ...d.tab, visible: flag(tab['visible'], d.tab.visible), cache: flag(tab['cache'], d.tab.cache), mode: pick(tab['mode'], TAB_MODES, d.tab.mode) },
    header: { ...d.header },
    sider: { ...d.sider },
    footer: { ...d.footer },
    page: { animate: flag(record(value['page'])['animate'], d.page.animate) },
    watermark: {
      visible: flag(watermark['visible'], d.watermark.visible),
      text: typeof watermark['text'] === 'string' ? watermark['text'].slice(0, 60) : d.watermark.text,
    },
  };
}

/** What the watermark says: the staff member's text or the brand, with the user's name. */
export function watermarkText(settings: ThemeSettings, brand: string, userName: string | null): string {
  const text = settings.watermark.text.trim() || brand;
  return userName ? `${text} · ${userName}` : text;
}
