/** The back office's theme settings: defaults, reading stored values, the store under SOY_themeSettings. */
import '../../support/memory-storage.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../support/memory-storage.ts';
import { $themeSettings, cycleScheme, resetSettings, updateSettings } from '../../../src/admin/state/theme.ts';
import {
  DEFAULT_THEME_SETTINGS,
  THEME_DRAWER_WIDTH,
  THEME_PALETTE,
  effectiveLayout,
  isDark,
  nextScheme,
  readSettings,
  watermarkBox,
  watermarkText,
} from '../../../src/admin/state/theme-settings.ts';

describe('defaults (specification, section 9)', () => {
  it('has the specification numbers', () => {
    expect(DEFAULT_THEME_SETTINGS.themeColor).toBe('#646cff');
    expect(DEFAULT_THEME_SETTINGS.header.height).toBe(56);
    expect(DEFAULT_THEME_SETTINGS.tab.height).toBe(44);
    expect(DEFAULT_THEME_SETTINGS.sider).toEqual({ width: 220, collapsedWidth: 64 });
    expect(DEFAULT_THEME_SETTINGS.footer.height).toBe(48);
    expect(DEFAULT_THEME_SETTINGS.tab.cache).toBe(true);
    expect(DEFAULT_THEME_SETTINGS.watermark.visible).toBe(false);
    expect(THEME_DRAWER_WIDTH).toBe(360);
    expect(new Set(THEME_PALETTE).size).toBe(16);
  });
});

describe('scheme and layout rules', () => {
  it('cycles light -> dark -> auto -> light', () => {
    expect(nextScheme('light')).toBe('dark');
    expect(nextScheme('dark')).toBe('auto');
    expect(nextScheme('auto')).toBe('light');
  });

  it('is dark for dark, and for auto only while the system prefers dark', () => {
    expect(isDark('dark', false)).toBe(true);
    expect(isDark('auto', true)).toBe(true);
    expect(isDark('auto', false)).toBe(false);
    expect(isDark('light', true)).toBe(false);
  });

  it('forces vertical on narrow screens and gives the chosen layout back when wide', () => {
    for (const mode of ['vertical', 'vertical-mix', 'horizontal', 'horizontal-mix'] as const) {
      expect(effectiveLayout(mode, true)).toBe('vertical');
      expect(effectiveLayout(mode, false)).toBe(mode);
    }
  });

  it('repeats the rotated watermark text every 384 px across and down', () => {
    const { width, height, gap } = watermarkBox();
    const angle = (15 * Math.PI) / 180;
    expect(width * Math.cos(angle) + height * Math.sin(angle) + gap[0]).toBeCloseTo(384);
    expect(width * Math.sin(angle) + height * Math.cos(angle) + gap[1]).toBeCloseTo(384);
    expect(Math.min(...gap)).toBeGreaterThan(0);
  });

  it('writes the brand, or the typed text, with the user name', () => {
    expect(watermarkText(DEFAULT_THEME_SETTINGS, 'Jersey Shop', 'Ada L')).toBe('Jersey Shop · Ada L');
    expect(watermarkText({ ...DEFAULT_THEME_SETTINGS, watermark: { visible: true, text: 'Internal' } }, 'Jersey Shop', null)).toBe('Internal');
  });
});

describe('reading stored settings', () => {
  it('keeps good fields and defaults the wrong ones one by one; sizes are never stored choices', () => {
    const read = readSettings({
      themeScheme: 'dark',
      themeColor: 'red',
      otherColor: { info: '#123456', error: 5 },
      layout: { mode: 'sideways' },
      scrollMode: 'wrapper',
      tab: { visible: false, mode: 'button', height: 99 },
      header: { height: 10 },
      watermark: { visible: true, text: 'x'.repeat(100) },
    });
    expect(read.themeScheme).toBe('dark');
    expect(read.themeColor).toBe('#646cff');
    expect(read.otherColor).toEqual({ ...DEFAULT_THEME_SETTINGS.otherColor, info: '#123456' });
    expect(read.layout.mode).toBe('vertical');
    expect(read.scrollMode).toBe('wrapper');
    expect(read.tab).toEqual({ visible: false, cache: true, mode: 'button', height: 44 });
    expect(read.header.height).toBe(56);
    expect(read.watermark.text).toHaveLength(60);
  });

  it('reads anything that is not an object as the defaults', () => {
    expect(readSettings(null)).toEqual(DEFAULT_THEME_SETTINGS);
    expect(readSettings([1, 2])).toEqual(DEFAULT_THEME_SETTINGS);
  });
});

describe('the store', () => {
  beforeEach(() => {
    memoryStorage.clear();
    resetSettings();
  });

  it('starts at the defaults and persists a change as JSON under SOY_themeSettings', () => {
    expect($themeSettings.get()).toEqual(DEFAULT_THEME_SETTINGS);
    updateSettings((current) => ({ ...current, layout: { mode: 'horizontal-mix' } }));
    cycleScheme();
    expect($themeSettings.get().layout.mode).toBe('horizontal-mix');
    expect($themeSettings.get().themeScheme).toBe('dark');
    const stored = JSON.parse(memoryStorage.getItem('SOY_themeSettings')!);
    expect(stored.layout.mode).toBe('horizontal-mix');
    expect(stored.themeScheme).toBe('dark');
  });

  it('reset removes the stored entry and gives the defaults back', () => {
    updateSettings((current) => ({ ...current, themeColor: '#ef4444' }));
    resetSettings();
    expect(memoryStorage.getItem('SOY_themeSettings')).toBeNull();
    expect($themeSettings.get()).toEqual(DEFAULT_THEME_SETTINGS);
  });
});
