/** Hands antd's current tokens to the shell's own CSS (admin.css) as --admin-* properties on the page. */
import { theme } from 'antd';
import { useEffect } from 'react';

/** `onPrimary`: text on a solid primary colour, the primary button's (state/theme-tokens.ts). */
export function ThemeVars({ onPrimary }: { onPrimary: string }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const vars: Record<string, string> = {
      '--admin-primary': token.colorPrimary,
      '--admin-on-primary': onPrimary,
      '--admin-primary-bg': token.colorPrimaryBg,
      '--admin-bg-container': token.colorBgContainer,
      '--admin-bg-layout': token.colorBgLayout,
      '--admin-border': token.colorBorderSecondary,
      '--admin-text': token.colorText,
      '--admin-text-secondary': token.colorTextSecondary,
      '--admin-fill': token.colorFillTertiary,
      '--admin-fill-strong': token.colorFill,
    };
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
  }, [token, onPrimary]);
  return null;
}
