/**
 * The mail outbox (docs/back-office.md "Mail outbox"): how many mails wait and how many failed,
 * the newest of each, and "Send again" for staff with mail:retry. Polls while mail waits.
 */
import { Alert, App, Button, Card, Space, Typography, type TableColumnsType } from 'antd';
import { mailApi } from '../../../domain/api/admin/mail.ts';
import type { OutboxMessageView } from '../../../domain/back-office/mail.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useMay } from '../../state/session.ts';
import { useDateTime } from '../orders/labels.tsx';
import { usePolledStatus } from './polled-status.ts';
import { RowsTable } from '../../widgets/RowsTable.tsx';

const POLL_MS = 5_000;

export function MailOutboxCard() {
  const { t } = useT();
  const when = useDateTime();
  const { message } = App.useApp();
  const may = useMay();
  const { data, replace } = usePolledStatus(mailApi.status, POLL_MS, (status) => status.backlog > 0);
  const retry = useApiMutation(mailApi.retry);
  if (!data) return null;
  const mayRetry = may(PERMISSIONS.MAIL_RETRY);
  const columns: TableColumnsType<OutboxMessageView> = [
    { key: 'to', title: t('adminMail.to'), dataIndex: 'to' },
    { key: 'subject', title: t('adminMail.subject'), dataIndex: 'subject', ellipsis: true },
    { key: 'attempts', title: t('adminMail.attempts'), dataIndex: 'attempts', align: 'right' },
    { key: 'error', title: t('adminMail.error'), dataIndex: 'lastError', ellipsis: true },
  ];
  const retryColumn = {
    key: 'retry',
    title: '',
    render: (_value: unknown, row: OutboxMessageView) => (
      <Button size="small" loading={retry.isPending && retry.variables?.id === row.id} onClick={() => resend(row)}>
        {t('adminMail.retry')}
      </Button>
    ),
  };
  const nextColumn = { key: 'next', title: t('adminMail.next'), render: (_value: unknown, row: OutboxMessageView) => (row.nextAttemptAt ? when(row.nextAttemptAt) : t('adminMail.sending')) };
  const resend = (row: OutboxMessageView) =>
    retry.mutate(
      { id: row.id },
      {
        onSuccess: (next) => {
          replace(next);
          void message.success(t('adminMail.retried'));
        },
      },
    );
  return (
    <Card title={t('adminMail.title')} data-testid="mail-outbox">
      <Space direction="vertical" style={{ width: '100%' }}>
        {data.backlog === 0 && data.failed === 0 ? (
          <Typography.Text type="success" data-testid="mail-outbox-clear">
            {t('adminMail.allSent')}
          </Typography.Text>
        ) : null}
        {data.backlog > 0 && (
          <Typography.Text data-testid="mail-outbox-backlog">
            {t('adminMail.backlog', { count: data.backlog })}
            {data.oldestQueuedAt ? ` (${t('adminMail.oldest', { at: when(data.oldestQueuedAt) })})` : ''}
          </Typography.Text>
        )}
        {data.failed > 0 && <Alert type="error" showIcon message={t('adminMail.failed', { count: data.failed })} description={t('adminMail.failedHint')} data-testid="mail-outbox-failed" />}
        <MessageTable title={t('adminMail.failures')} rows={data.failures} columns={mayRetry ? [...columns, retryColumn] : columns} />
        <MessageTable title={t('adminMail.waiting')} rows={data.waiting} columns={[...columns, nextColumn]} />
      </Space>
    </Card>
  );
}

/** A titled list of outbox messages; nothing when there are none. */
function MessageTable({ title, rows, columns }: { title: string; rows: readonly OutboxMessageView[]; columns: TableColumnsType<OutboxMessageView> }) {
  if (rows.length === 0) return null;
  return <RowsTable<OutboxMessageView> rowKey="id" width title={() => title} dataSource={rows} columns={columns} />;
}
