/**
 * antd's theme for the back office's settings, with every text colour at WCAG 2.2 AA (4.5:1) and
 * every control's border, switch track and focus ring at 3:1 (1.4.11) in both schemes
 * (docs/back-office.md "Accessibility").
 *
 * antd's own colours fall short (grey descriptions 3.36:1, placeholders 1.84:1, and the theme and
 * status colours as text or under white button text), and staff may pick any theme or status
 * colour in the theme drawer. So each colour is replaced by the nearest shade of itself that
 * passes on every surface it is drawn on: darker in the light scheme, lighter in the dark one,
 * hue and saturation kept (the default #646cff stays the shop's violet-blue). In the dark scheme a
 * colour light enough to read on the dark surfaces is too light under white text, so solid
 * buttons there carry the page's dark surface colour as their text.
 *
 * The shades are found with the palette generator antd derives its tokens with (@ant-design/colors,
 * mirrored below); tests/unit/admin/theme-tokens.test.ts checks the result through antd's own
 * getDesignToken, so a change in antd's derivation fails there.
 */
import { generate } from '@ant-design/colors';
import { FastColor } from '@ant-design/fast-color';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { StatusColour, ThemeSettings } from './theme-settings.ts';

/** WCAG 2.2 AA for text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/** WCAG 2.2 AA for a control's boundary and its states: borders, focus rings, tracks (1.4.11). */
export const MIN_NON_TEXT_CONTRAST = 3;

/** WCAG contrast of `foreground` (blended over `background` when translucent) against an opaque `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const back = new FastColor(background);
  const front = new FastColor(foreground).onBackground(back);
  const [a, b] = [front.getLuminance(), back.getLuminance()];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const passes = (colour: string, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST) => backgrounds.every((back) => contrastRatio(colour, back) >= min);

/**
 * The nearest shade of `colour`, one lightness step (1 %) at a time, darker or lighter, that
 * `ok` accepts (black or white at the end of the road, which pass on the surfaces we use).
 */
function shadeUntil(colour: string, darker: boolean, ok: (shade: string) => boolean): string {
  // From the colour's own HSL each step (FastColor's darken() mixes HSV saturation into HSL).
  const { h, s, l, a } = new FastColor(colour).toHsl();
  for (let step = 0; step <= 100; step += 1) {
    const shade = new FastColor({ h, s, l: Math.min(1, Math.max(0, l + (darker ? -step : step) / 100)), a }).toHexString();
    if (ok(shade)) return shade;
  }
  return darker ? '#000000' : '#ffffff';
}

/** antd's palette of a seed colour, named as its map tokens (themes/default|dark/colors.js). */
function palette(seed: string, dark: boolean) {
  const c = generate(seed, dark ? { theme: 'dark' } : {});
  return dark
    ? { bg: c[0]!, border: c[2]!, hover: c[6]!, base: c[5]!, active: c[4]!, textHover: c[6]!, text: c[5]!, textActive: c[4]!, linkHover: c[3]! }
    : { bg: c[0]!, border: c[2]!, hover: c[4]!, base: c[5]!, active: c[6]!, textHover: c[4]!, text: c[5]!, textActive: c[6]!, linkHover: c[3]! };
}

/** Tag colours (antd presets): their text is the palette's 7th shade on its 1st. */
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'] as const;

interface Surfaces {
  container: string;
  layout: string;
  elevated: string;
  textBase: string;
  /** The preset (tag) colours' seeds. */
  presets: Record<string, string>;
}

const surfaceCache = new Map<boolean, Surfaces>();

/** The scheme's page surfaces as antd derives them (they do not depend on the colours we change). */
function surfacesOf(dark: boolean): Surfaces {
  let surfaces = surfaceCache.get(dark);
  if (!surfaces) {
    const token = antdTheme.getDesignToken({ algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm });
    const presets = Object.fromEntries(PRESETS.map((name) => [name, token[name]]));
    surfaces = { container: token.colorBgContainer, layout: token.colorBgLayout, elevated: token.colorBgElevated, textBase: dark ? '#ffffff' : '#000000', presets };
    surfaceCache.set(dark, surfaces);
  }
  return surfaces;
}

type Palette = ReturnType<typeof palette>;

/** How far a colour's background tint may stand from the page surface (antd's own are 1.1 to 1.4). */
const MAX_TINT_CONTRAST = 1.5;

/**
 * A theme or status colour made readable: the seed shaded until its colour reads on `surfaces`,
 * on its own light (or, dark scheme, dark) background and, for solid buttons, under their text.
 * The background stays the one of the colour as chosen: the palette of a darkened seed has
 * greyer tints, which would not carry the text.
 */
function readableRole(seed: string, dark: boolean, surfaces: readonly string[], bgOf: (p: Palette) => string, onSolid?: string): { seed: string; palette: Palette; bg: string } {
  // A tint is a tint: near the page (black's palette starts at #404040, too dark to carry text).
  const bg = shadeUntil(bgOf(palette(seed, dark)), dark, (shade) => contrastRatio(shade, surfaces[0]!) <= MAX_TINT_CONTRAST);
  const shaded = shadeUntil(seed, !dark, (shade) => {
    const base = palette(shade, dark).base;
    return passes(base, [...surfaces, bg]) && (onSolid === undefined || passes(onSolid, [base]));
  });
  return { seed: shaded, palette: palette(shaded, dark), bg };
}

/**
 * The derived shades (hover, active, text) that fall short, moved until they pass: as text on the
 * surfaces and, for the colours of solid buttons, under the button's text.
 */
function fixDerived(prefix: string, p: Palette, bg: string, dark: boolean, surfaces: readonly string[], onSolid?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const named: Record<string, string> = { Hover: p.hover, Active: p.active, TextHover: p.textHover, Text: p.text, TextActive: p.textActive };
  for (const [suffix, colour] of Object.entries(named)) {
    const ok = (shade: string) => passes(shade, [...surfaces, bg]) && (onSolid === undefined || passes(onSolid, [shade]));
    if (!ok(colour)) out[`${prefix}${suffix}`] = shadeUntil(colour, !dark, ok);
  }
  return out;
}

/** The least opaque grey of the scheme's text colour that reads on every surface (antd's is 45 %). */
function readableGrey(textBase: string, backgrounds: readonly string[]): string {
  const base = new FastColor(textBase);
  for (let alpha = 0.45; alpha < 1; alpha += 0.01) {
    const grey = base.clone().setA(Math.round(alpha * 100) / 100).toRgbString();
    if (passes(grey, backgrounds)) return grey;
  }
  return base.toRgbString();
}

/**
 * The lightest (light scheme) or darkest (dark scheme) opaque grey, the scheme's text colour over
 * its container, that stands 3:1 from every surface: the border of inputs, selects, date fields,
 * checkboxes and radios, and the switch's track when off (antd's are 1.3 to 2.1:1).
 */
function controlGrey(textBase: string, container: string, backgrounds: readonly string[]): string {
  const back = new FastColor(container);
  for (let alpha = 0.15; alpha < 1; alpha += 0.01) {
    const grey = new FastColor(textBase).setA(Math.round(alpha * 100) / 100).onBackground(back).toHexString();
    if (passes(grey, backgrounds, MIN_NON_TEXT_CONTRAST)) return grey;
  }
  return new FastColor(textBase).toHexString();
}

export function adminTheme(settings: ThemeSettings, dark: boolean): ThemeConfig {
  const s = surfacesOf(dark);
  const surfaces = [s.container, s.layout, s.elevated];
  // Text on a solid colour (primary and danger buttons) is the page's surface: white on a
  // darkened colour in the light scheme, near-black on a lightened one in the dark scheme.
  const onSolid = s.container;

  // The selected menu entry and active tab draw the primary colour on its own background
  // (antd's dark scheme uses the border shade there), so it must read on that too.
  const primary = readableRole(settings.themeColor, dark, surfaces, (p) => (dark ? p.border : p.bg), onSolid);
  const derived: Record<string, string> = { colorPrimaryBg: primary.bg, ...fixDerived('colorPrimary', primary.palette, primary.bg, dark, surfaces, onSolid) };

  const seeds: Record<StatusColour, string> = { info: '', success: '', warning: '', error: '' };
  for (const name of ['info', 'success', 'warning', 'error'] as const) {
    // Links are the info colour (antd's rule) and show in selected table rows too.
    const around = name === 'info' ? [...surfaces, primary.bg] : surfaces;
    const solid = name === 'error' ? onSolid : undefined;
    const prefix = `color${name[0]!.toUpperCase()}${name.slice(1)}`;
    const role = readableRole(settings.otherColor[name], dark, around, (p) => p.bg, solid);
    seeds[name] = role.seed;
    Object.assign(derived, { [`${prefix}Bg`]: role.bg }, fixDerived(prefix, role.palette, role.bg, dark, around, solid));
    if (name === 'info') {
      const { linkHover, active } = role.palette;
      if (!passes(linkHover, around)) derived['colorLinkHover'] = shadeUntil(linkHover, !dark, (shade) => passes(shade, around));
      derived['colorLinkActive'] = derived['colorInfoActive'] ?? active;
    }
  }

  for (const preset of PRESETS) {
    const p = generate(s.presets[preset]!, dark ? { theme: 'dark' } : {});
    const text = p[6]!;
    const ok = (shade: string) => passes(shade, [p[0]!, s.container]);
    if (!ok(text)) derived[`${preset}7`] = derived[`${preset}-7`] = shadeUntil(text, !dark, ok);
  }

  const grey = readableGrey(s.textBase, [...surfaces, primary.bg]);
  const controlBorder = controlGrey(s.textBase, s.container, surfaces);
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary.seed,
      colorInfo: seeds.info,
      colorSuccess: seeds.success,
      colorWarning: seeds.warning,
      colorError: seeds.error,
      colorTextTertiary: grey,
      colorTextDescription: grey,
      // Placeholders read too (and never stand in for a label: every field has one).
      colorTextPlaceholder: grey,
      // Non-text contrast (1.4.11): the boundary of every input, select, date field, checkbox
      // and radio. Focus rings are the primary colour (admin-keyboard.css; text-grade already),
      // as is a focused input's border.
      colorBorder: controlBorder,
      ...derived,
      motion: settings.page.animate,
    },
    components: {
      Button: { primaryColor: onSolid, dangerColor: onSolid },
      // Its "no data" text is drawn in the disabled grey (1.84:1), yet it is text to read.
      Table: { colorTextDisabled: grey },
      // The track off stands 3:1 from the page, as a border does; the handle is the page's
      // surface colour (white in the light scheme, as antd's), so it stands out from the track
      // both off and on: a dark-scheme primary light enough to read is too light under white.
      Switch: { colorTextQuaternary: controlBorder, handleBg: onSolid },
    },
  };
}

/** The text colour on a solid theme colour (primary buttons, the chosen menu search entry). */
export function onSolidColour(config: ThemeConfig): string {
  return (config.components?.Button as { primaryColor?: string } | undefined)?.primaryColor ?? '#ffffff';
}
