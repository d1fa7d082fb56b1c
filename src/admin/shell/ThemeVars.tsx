/** Hands antd's current tokens to the shell's own CSS (admin.css) as --admin-* properties on the page. */
import { theme } from 'antd';
import { useEffect } from 'react';

export function ThemeVars() {
  const { token } = theme.useToken();
  useEffect(() => {
    const vars: Record<string, string> = {
      '--admin-primary': token.colorPrimary,
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
  }, [token]);
  return null;
}
