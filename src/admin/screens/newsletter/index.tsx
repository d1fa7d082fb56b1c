/**
 * Newsletter subscribers (`newsletter:manage`): searched by email, a page at a time, exported as
 * CSV (exactly the applied search), and unsubscribed one at a time (asks first; audited).
 */
import { App, Button, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { peopleApi } from '../../../domain/api/people.ts';
import type { AdminSubscriber } from '../../../domain/people.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { downloadFile } from '../../shell/download.ts';
import { FilterBar } from '../../shell/FilterBar.tsx';
import { pagedTable } from '../../shell/paged-table.ts';
import { useDateTime } from '../orders/labels.tsx';

const PAGE_SIZE = 20;

export default function NewsletterScreen() {
  const { t } = useT();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const when = useDateTime();
  const [form] = Form.useForm<{ query?: string }>();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useApiQuery(peopleApi.subscriberList, { current: page, size: PAGE_SIZE, ...(query ? { query } : {}) });
  const exportCsv = useApiMutation(peopleApi.subscriberExport);
  const unsubscribe = useApiMutation(peopleApi.unsubscribe, [peopleApi.subscriberList, peopleApi.customer]);
  const sourceName = (source: string) => {
    const key = `adminPeople.newsletter.sources.${source}` as MessageKey;
    const name = t(key);
    return name === key ? source : name;
  };

  return (
    <div className="admin-screen">
      <FilterBar<{ query?: string }>
        form={form}
        onApply={(values) => {
          setQuery(values.query?.trim() ?? '');
          setPage(1);
        }}
        after={
          <Button
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutateAsync(query ? { query } : {}).then((file) => downloadFile(file.fileName, file.csv, 'text/csv;charset=utf-8'), () => undefined)}
            data-testid="newsletter-export"
          >
            {t('adminPeople.common.exportCsv')}
          </Button>
        }
      >
        <Form.Item name="query">
          <Input allowClear maxLength={100} placeholder={t('adminPeople.newsletter.search')} aria-label={t('adminPeople.newsletter.search')} onClear={() => form.submit()} data-testid="newsletter-search" />
        </Form.Item>
      </FilterBar>
      <Table<AdminSubscriber>
        rowKey="id"
        size="middle"
        {...pagedTable(list, t, { current: page, pageSize: PAGE_SIZE, onChange: setPage })}
        scroll={{ x: 700 }}
        columns={[
          { key: 'email', title: t('adminPeople.newsletter.email'), dataIndex: 'email' },
          { key: 'source', title: t('adminPeople.newsletter.source'), dataIndex: 'source', render: (source: string) => sourceName(source) },
          {
            key: 'account',
            title: t('adminPeople.newsletter.account'),
            dataIndex: 'userId',
            render: (userId: number | null) =>
              userId ? (
                <Typography.Link onClick={() => navigate(`/customers/${userId}`)}>#{userId}</Typography.Link>
              ) : (
                t('admin.common.none')
              ),
          },
          { key: 'createdAt', title: t('adminPeople.newsletter.createdAt'), dataIndex: 'createdAt', render: (at: string) => when(at) },
          {
            key: 'actions',
            title: t('admin.common.actions'),
            render: (_v, row) => (
              <Button
                size="small"
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('admin.logout.tip'),
                    content: t('adminPeople.newsletter.unsubscribeConfirm', { email: row.email }),
                    okText: t('admin.common.confirm'),
                    cancelText: t('admin.common.cancel'),
                    onOk: () => unsubscribe.mutateAsync({ id: row.id }).then(() => void message.success(t('adminPeople.common.done')), () => undefined),
                  })
                }
              >
                {t('adminPeople.newsletter.unsubscribe')}
              </Button>
            ),
          },
        ]}
        data-testid="newsletter-table"
      />
    </div>
  );
}
