/** What a screen still being built shows: its title and a line saying so. */
import { Card, Typography } from 'antd';
import { routeByName, titleKey } from '../routes.tsx';
import { useT } from '../i18n.tsx';
import { useScreen } from './screen-context.ts';

export function Placeholder({ route }: { route: string }) {
  const { t } = useT();
  const { params } = useScreen();
  const found = routeByName(route);
  return (
    <Card>
      <Typography.Title level={3}>{found ? t(titleKey(found), params) : route}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.placeholder.building')}</Typography.Paragraph>
    </Card>
  );
}
