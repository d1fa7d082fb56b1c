/** The 403, 404 and 500 screens: the storefront's illustration, a title, a line, and the way on. */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import type { MessageKey } from '../../i18n/core.ts';
import { useT } from '../i18n.tsx';
import { Illustration, type IllustrationName } from './Illustration.tsx';

const ART: Record<403 | 404 | 500, IllustrationName> = { 403: 'forbidden', 404: 'not-found', 500: 'server-error' };

export function ErrorScreen({ code }: { code: 403 | 404 | 500 }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Result
      className="admin-error-screen"
      data-testid={`error-${code}`}
      icon={<Illustration name={ART[code]} />}
      title={t(`admin.error.${code}.title` as MessageKey)}
      subTitle={t(`admin.error.${code}.text` as MessageKey)}
      extra={[
        <Button key="home" type="primary" onClick={() => navigate('/')}>
          {t('admin.error.home')}
        </Button>,
        code === 403 ? (
          <Button key="login" onClick={() => navigate('/login')}>
            {t('admin.error.signIn')}
          </Button>
        ) : null,
        <Button key="shop" href={import.meta.env.BASE_URL}>
          {t('admin.error.shop')}
        </Button>,
      ]}
    />
  );
}
