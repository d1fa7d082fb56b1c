/** What a screen still being built shows: its title and a line saying so. */
import { Card, Typography } from 'antd';
import type { MessageKey } from '../../i18n/core.ts';
import { useT } from '../i18n.tsx';
import { useScreen } from './screen-context.ts';

export function Placeholder() {
  const { t } = useT();
  const { params, titleKey } = useScreen();
  return (
    <Card data-testid="placeholder">
      <Typography.Title level={3}>{t(titleKey as MessageKey, params)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.placeholder.building')}</Typography.Paragraph>
    </Card>
  );
}
