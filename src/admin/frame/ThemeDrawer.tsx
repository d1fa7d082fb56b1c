/**
 * The theme drawer (specification: entity "Theme settings", section 9): 360 px wide, every
 * setting applies at once and is kept under `SOY_themeSettings`; "reset" brings the defaults back.
 */
import { useStore } from '@nanostores/react';
import { App, Button, Divider, Drawer, Flex, Grid, Input, Segmented, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../i18n/core.ts';
import { useT } from '../i18n.tsx';
import { $themeSettings, resetSettings, updateSettings } from '../state/theme.ts';
import {
  LAYOUT_MODES,
  SCROLL_MODES,
  STATUS_COLOURS,
  TAB_MODES,
  THEME_DRAWER_WIDTH,
  THEME_PALETTE,
  THEME_SCHEMES,
  type ThemeSettings,
} from '../state/theme-settings.ts';
import { ColourPicker } from '../widgets/ColourPicker.tsx';

/** A setting's row: its label, which names the control beside it (`labelId`, for aria-labelledby). */
function Row({ label, labelId, children, testId }: { label: string; labelId?: string; children: ReactNode; testId?: string }) {
  return (
    <Flex justify="space-between" align="center" gap={12} className="admin-drawer-row" data-testid={testId}>
      <Typography.Text id={labelId}>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const settings = useStore($themeSettings);
  const narrow = Grid.useBreakpoint().sm === false;
  const set = (change: Partial<ThemeSettings>) => updateSettings((current) => ({ ...current, ...change }));
  const options = <T extends string>(values: readonly T[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}` as MessageKey) }));

  return (
    <Drawer title={t('admin.theme.title')} open={open} onClose={onClose} size={THEME_DRAWER_WIDTH} className="admin-theme-drawer" data-testid="theme-drawer">
      <Divider titlePlacement="center">{t('admin.theme.scheme')}</Divider>
      <Segmented
        block
        value={settings.themeScheme}
        options={options(THEME_SCHEMES, 'admin.theme.schemes')}
        onChange={(themeScheme) => set({ themeScheme })}
        data-testid="drawer-scheme"
      />

      <Divider titlePlacement="center">{t('admin.theme.colours')}</Divider>
      <Row label={t('admin.theme.primary')}>
        <ColourPicker label={t('admin.theme.primary')} value={settings.themeColor} disabledAlpha onChangeComplete={(colour) => set({ themeColor: colour.toHexString() })} />
      </Row>
      <div className="admin-palette" role="group" aria-label={t('admin.theme.palette')}>
        {THEME_PALETTE.map((colour) => (
          <button
            key={colour}
            type="button"
            className={`admin-swatch${colour === settings.themeColor ? ' is-active' : ''}`}
            style={{ background: colour }}
            aria-label={colour}
            aria-pressed={colour === settings.themeColor}
            onClick={() => set({ themeColor: colour })}
          />
        ))}
      </div>
      {STATUS_COLOURS.map((name) => (
        <Row key={name} label={t(`admin.theme.${name}` as MessageKey)}>
          <ColourPicker
            label={t(`admin.theme.${name}` as MessageKey)}
            value={settings.otherColor[name]}
            disabledAlpha
            onChangeComplete={(colour) => set({ otherColor: { ...settings.otherColor, [name]: colour.toHexString() } })}
          />
        </Row>
      ))}

      <Divider titlePlacement="center">{t('admin.theme.layout')}</Divider>
      <div className="admin-layout-picker" role="radiogroup" aria-label={t('admin.theme.layout')}>
        {LAYOUT_MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={settings.layout.mode === mode}
            className={`admin-layout-option${settings.layout.mode === mode ? ' is-active' : ''}`}
            onClick={() => set({ layout: { mode } })}
            data-testid={`layout-${mode}`}
          >
            <span className={`admin-layout-sketch sketch-${mode}`} aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            <span>{t(`admin.theme.layouts.${mode}` as MessageKey)}</span>
          </button>
        ))}
      </div>
      {narrow && <Typography.Paragraph type="secondary">{t('admin.theme.narrow')}</Typography.Paragraph>}
      <Row label={t('admin.theme.scrollMode')} labelId="theme-scroll-mode">
        <Segmented aria-labelledby="theme-scroll-mode" size="small" value={settings.scrollMode} options={options(SCROLL_MODES, 'admin.theme.scrollModes')} onChange={(scrollMode) => set({ scrollMode })} />
      </Row>

      <Divider titlePlacement="center">{t('admin.theme.tabBar')}</Divider>
      <Row label={t('admin.theme.tabVisible')} labelId="theme-tab-visible">
        <Switch aria-labelledby="theme-tab-visible" checked={settings.tab.visible} onChange={(visible) => set({ tab: { ...settings.tab, visible } })} />
      </Row>
      <Row label={t('admin.theme.tabMode')} labelId="theme-tab-mode">
        <Segmented aria-labelledby="theme-tab-mode" size="small" value={settings.tab.mode} options={options(TAB_MODES, 'admin.theme.tabModes')} onChange={(mode) => set({ tab: { ...settings.tab, mode } })} disabled={!settings.tab.visible} />
      </Row>

      <Divider titlePlacement="center">{t('admin.theme.sizes')}</Divider>
      <Typography.Paragraph type="secondary" data-testid="theme-sizes">
        {t('admin.theme.sizesText', {
          header: settings.header.height,
          tab: settings.tab.height,
          sider: settings.sider.width,
          collapsed: settings.sider.collapsedWidth,
          footer: settings.footer.height,
        })}
      </Typography.Paragraph>

      <Divider titlePlacement="center">{t('admin.theme.page')}</Divider>
      <Row label={t('admin.theme.pageAnimate')} labelId="theme-page-animate">
        <Switch aria-labelledby="theme-page-animate" checked={settings.page.animate} onChange={(animate) => set({ page: { animate } })} />
      </Row>

      <Divider titlePlacement="center">{t('admin.theme.watermark')}</Divider>
      <Row label={t('admin.theme.watermarkVisible')} labelId="theme-watermark-visible" testId="watermark-switch">
        <Switch aria-labelledby="theme-watermark-visible" checked={settings.watermark.visible} onChange={(visible) => set({ watermark: { ...settings.watermark, visible } })} />
      </Row>
      <Row label={t('admin.theme.watermarkText')} labelId="theme-watermark-text">
        <Input
          aria-labelledby="theme-watermark-text"
          value={settings.watermark.text}
          maxLength={60}
          placeholder={t('admin.theme.watermarkTextHint')}
          onChange={(event) => set({ watermark: { ...settings.watermark, text: event.target.value } })}
          style={{ maxWidth: 180 }}
        />
      </Row>

      <Button
        block
        danger
        className="admin-drawer-reset"
        onClick={() => {
          resetSettings();
          void message.success(t('admin.theme.resetDone'));
        }}
      >
        {t('admin.theme.reset')}
      </Button>
    </Drawer>
  );
}
