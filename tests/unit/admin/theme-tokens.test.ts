/**
 * The back office's colours reach WCAG 2.2 AA (4.5:1 for text) in both schemes: computed from the
 * tokens antd derives from our theme config (antd's own getDesignToken), so a token that regresses,
 * here or in antd, fails. For the specification's default theme colour, every palette colour of the
 * theme drawer and a few colours staff could pick that cannot pass as they are.
 */
import { FastColor } from '@ant-design/fast-color';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_SETTINGS, THEME_PALETTE, type ThemeSettings } from '../../../src/admin/state/theme-settings.ts';
import { adminTheme } from '../../../src/admin/state/theme-tokens.ts';

const AA = 4.5;

/** WCAG contrast of `foreground` (blended over `background` when translucent) against `background`. */
function ratio(foreground: string, background: string): number {
  const back = new FastColor(background);
  const front = new FastColor(foreground).onBackground(back);
  const [a, b] = [front.getLuminance(), back.getLuminance()];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Tag colours the screens use (`<Tag color=...>`): text is the palette's 7th on its 1st. */
const TAG_COLOURS = ['blue', 'green', 'red', 'gold', 'magenta', 'orange', 'cyan', 'purple', 'volcano', 'geekblue', 'lime'];

/** Every text colour on every surface it is drawn on, as `[what, foreground, background]`. */
function pairs(settings: ThemeSettings, dark: boolean): [string, string, string][] {
  const config = adminTheme(settings, dark);
  const token = antdTheme.getDesignToken(config) as unknown as Record<string, string>;
  const surfaces = ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'];
  const list: [string, string, string][] = [];
  const on = (fore: string, backs: string[]) => {
    for (const back of backs) list.push([`${fore} on ${back}`, token[fore]!, token[back]!]);
  };
  for (const text of ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorTextLabel', 'colorTextHeading']) on(text, surfaces);
  // The selected menu entry, the active tab and the selected table row are drawn on colorPrimaryBg.
  on('colorPrimary', [...surfaces, 'colorPrimaryBg']);
  on('colorLink', [...surfaces, 'colorPrimaryBg']);
  on('colorLinkHover', surfaces);
  for (const status of ['Error', 'Success', 'Warning', 'Info']) {
    on(`color${status}`, [...surfaces, `color${status}Bg`]);
    on(`color${status}Text`, [...surfaces, `color${status}Bg`]);
  }
  const button = (config.components?.Button ?? {}) as Record<string, string | undefined>;
  const onPrimary = button['primaryColor'] ?? token['colorTextLightSolid']!;
  const onDanger = button['dangerColor'] ?? token['colorTextLightSolid']!;
  for (const back of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive']) list.push([`primary button text on ${back}`, onPrimary, token[back]!]);
  for (const back of ['colorError', 'colorErrorHover', 'colorErrorActive']) list.push([`danger button text on ${back}`, onDanger, token[back]!]);
  for (const component of ['Table'] as const) {
    // Their "no data" text is antd's disabled grey unless the component says otherwise.
    const empty = (config.components?.[component] as Record<string, string> | undefined)?.['colorTextDisabled'] ?? token['colorTextDisabled']!;
    for (const back of surfaces) list.push([`${component}'s no-data text on ${back}`, empty, token[back]!]);
  }
  for (const colour of TAG_COLOURS) {
    list.push([`${colour} tag`, token[`${colour}7`]!, token[`${colour}1`]!]);
    list.push([`${colour} tag on colorBgContainer`, token[`${colour}7`]!, token['colorBgContainer']!]);
  }
  return list;
}

function failures(settings: ThemeSettings, dark: boolean): string[] {
  return pairs(settings, dark)
    .map(([what, fore, back]) => ({ what, fore, back, value: ratio(fore, back) }))
    .filter(({ value }) => !(value >= AA))
    .map(({ what, fore, back, value }) => `${what}: ${fore} on ${back} = ${value.toFixed(2)}:1`);
}

const withColours = (themeColor: string, status?: string): ThemeSettings => ({
  ...DEFAULT_THEME_SETTINGS,
  themeColor,
  otherColor: status ? { info: status, success: status, warning: status, error: status } : DEFAULT_THEME_SETTINGS.otherColor,
});

describe.each([
  ['light', false],
  ['dark', true],
] as const)('the %s scheme', (_name, dark) => {
  it('passes 4.5:1 for every text colour with the default settings', () => {
    expect(failures(DEFAULT_THEME_SETTINGS, dark)).toEqual([]);
  });

  it.each(THEME_PALETTE)('passes with the palette colour %s as the theme colour', (colour) => {
    expect(failures(withColours(colour), dark)).toEqual([]);
  });

  it.each(['#ffff00', '#ffffff', '#000000', '#00ff00', '#777777'])('passes with %s picked for the theme and every status colour', (colour) => {
    expect(failures(withColours(colour, colour), dark)).toEqual([]);
  });
});

/** WCAG 2.2 AA for the parts of a control and its states (1.4.11 non-text contrast). */
const NON_TEXT = 3;

/**
 * Every boundary or state indicator of a control on what it sits on or beside, as `[what,
 * colour, background]`: input, select, date and checkbox borders, the focus ring (the primary
 * colour, admin-keyboard.css) and the focused or hovered input's border, the switch's track (off,
 * hovered, on) on the page and under its handle, and a checked checkbox.
 */
function nonTextPairs(settings: ThemeSettings, dark: boolean): [string, string, string][] {
  const config = adminTheme(settings, dark);
  const token = antdTheme.getDesignToken(config) as unknown as Record<string, string>;
  const surfaces = ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'];
  const switchTokens = { ...token, ...((config.components?.Switch ?? {}) as Record<string, string>) };
  const handle = switchTokens['handleBg'] ?? token['colorWhite']!;
  const list: [string, string, string][] = [];
  for (const back of surfaces) {
    list.push([`colorBorder (inputs, checkboxes) on ${back}`, token['colorBorder']!, token[back]!]);
    list.push([`focus ring (colorPrimary) on ${back}`, token['colorPrimary']!, token[back]!]);
    list.push([`hovered input border (colorPrimaryHover) on ${back}`, token['colorPrimaryHover']!, token[back]!]);
    list.push([`checked checkbox (colorPrimary) on ${back}`, token['colorPrimary']!, token[back]!]);
    list.push([`switch track off on ${back}`, switchTokens['colorTextQuaternary']!, token[back]!]);
    list.push([`switch track off, hovered, on ${back}`, switchTokens['colorTextTertiary']!, token[back]!]);
    list.push([`switch track on on ${back}`, token['colorPrimary']!, token[back]!]);
  }
  // The handle is opaque and sits on the track: it must stand out from it, off and on.
  list.push(['switch handle on its track off', handle, new FastColor(switchTokens['colorTextQuaternary']!).onBackground(new FastColor(token['colorBgContainer']!)).toHexString()]);
  list.push(['switch handle on its track on', handle, token['colorPrimary']!]);
  list.push(['switch handle on its track on, hovered', handle, token['colorPrimaryHover']!]);
  return list;
}

function nonTextFailures(settings: ThemeSettings, dark: boolean): string[] {
  return nonTextPairs(settings, dark)
    .map(([what, fore, back]) => ({ what, fore, back, value: ratio(fore, back) }))
    .filter(({ value }) => !(value >= NON_TEXT))
    .map(({ what, fore, back, value }) => `${what}: ${fore} on ${back} = ${value.toFixed(2)}:1`);
}

describe.each([
  ['light', false],
  ['dark', true],
] as const)('non-text contrast in the %s scheme (WCAG 1.4.11)', (_name, dark) => {
  it('passes 3:1 for borders, focus rings, checkboxes and switches with the default settings', () => {
    expect(nonTextFailures(DEFAULT_THEME_SETTINGS, dark)).toEqual([]);
  });

  it.each([...THEME_PALETTE, '#ffff00', '#ffffff', '#000000'])('passes with %s as the theme colour', (colour) => {
    expect(nonTextFailures(withColours(colour), dark)).toEqual([]);
  });
});

describe('the brand', () => {
  it('keeps the specification theme colour where it passes, and its hue where it is shaded', () => {
    const light = antdTheme.getDesignToken(adminTheme(DEFAULT_THEME_SETTINGS, false));
    const dark = antdTheme.getDesignToken(adminTheme(DEFAULT_THEME_SETTINGS, true));
    for (const token of [light, dark]) {
      const hue = new FastColor(token.colorPrimary).getHue();
      expect(Math.abs(hue - new FastColor(DEFAULT_THEME_SETTINGS.themeColor).getHue())).toBeLessThan(3);
    }
  });
});
