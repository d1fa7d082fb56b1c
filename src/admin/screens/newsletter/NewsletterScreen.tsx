/**
 * Newsletter subscribers (`newsletter:manage`): searched by email, a page at a time, exported as
 * CSV (exactly the applied search), and unsubscribed one at a time (asks first; audited).
 */
import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { adminNewsletterApi } from '../../../domain/api/admin/newsletter.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { downloadFile } from '../../widgets/download.ts';
import { ListScreen, useListScreen } from '../../widgets/paged-table.tsx';
import { useDateTime } from '../orders/labels.tsx';

export default function NewsletterScreen() {
  const { t } = useT();
  const ask = useConfirmedWrite();
  const navigate = useNavigate();
  const when = useDateTime();
  const screen = useListScreen(adminNewsletterApi.subscriberList);
  const exportCsv = useApiMutation(adminNewsletterApi.subscriberExport);
  const unsubscribe = useApiMutation(adminNewsletterApi.unsubscribe, [adminNewsletterApi.subscriberList, adminCustomersApi.customer]);
  const sourceName = (source: string) => {
    const key = `adminNewsletter.sources.${source}` as MessageKey;
    const name = t(key);
    return name === key ? source : name;
  };

  return (
    <ListScreen
      screen={screen}
      search={{ label: t('adminNewsletter.search'), testId: 'newsletter-search', applyOnClear: true }}
      actions={
        <Button
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutateAsync(screen.filters).then((file) => downloadFile(file.fileName, file.csv, 'text/csv;charset=utf-8'), () => undefined)}
          data-testid="newsletter-export"
        >
          {t('admin.common.exportCsv')}
        </Button>
      }
      rowKey="id"
      scroll={{ x: 700 }}
      columns={[
        { key: 'email', title: t('adminNewsletter.email'), dataIndex: 'email' },
        { key: 'source', title: t('adminNewsletter.source'), dataIndex: 'source', render: (source: string) => sourceName(source) },
        {
          key: 'account',
          title: t('adminNewsletter.account'),
          dataIndex: 'userId',
          render: (userId: number | null) =>
            userId ? (
              <Typography.Link onClick={() => navigate(`/customers/${userId}`)}>#{userId}</Typography.Link>
            ) : (
              t('admin.common.none')
            ),
        },
        { key: 'createdAt', title: t('adminNewsletter.createdAt'), dataIndex: 'createdAt', render: (at: string) => when(at) },
        {
          key: 'actions',
          title: t('admin.common.actions'),
          render: (_v, row) => (
            <Button
              size="small"
              danger
              onClick={() =>
                ask({ content: t('adminNewsletter.unsubscribeConfirm', { email: row.email }), done: t('admin.common.done') }, () => unsubscribe.mutateAsync({ id: row.id }))
              }
            >
              {t('adminNewsletter.unsubscribe')}
            </Button>
          ),
        },
      ]}
      data-testid="newsletter-table"
    />
  );
}
