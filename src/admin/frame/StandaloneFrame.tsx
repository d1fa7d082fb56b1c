/**
 * The frame of the screens outside the shell (403, 404, 500): the brand and the header's
 * language, scheme and user menu, so a signed-out visitor gets "login or register" there and a
 * signed-in one their name and logout.
 */
import { useStore } from '@nanostores/react';
import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { useAdminSession } from '../state/session.ts';
import { $themeSettings } from '../state/theme.ts';
import { Brand } from './Brand.tsx';
import { LanguageSwitch, SchemeSwitch, UserMenu } from './HeaderButtons.tsx';

export function StandaloneFrame({ children }: { children: ReactNode }) {
  const { signedIn, user } = useAdminSession();
  const height = useStore($themeSettings).header.height;
  return (
    <Layout className="admin-standalone">
      <Layout.Header className="admin-header" style={{ height, lineHeight: `${height}px` }}>
        <Brand collapsed={false} height={height} />
        <div className="admin-header-actions">
          <LanguageSwitch />
          <SchemeSwitch />
          <UserMenu signedIn={signedIn} userName={user?.userName} />
        </div>
      </Layout.Header>
      <Layout.Content className="admin-content">{children}</Layout.Content>
    </Layout>
  );
}
