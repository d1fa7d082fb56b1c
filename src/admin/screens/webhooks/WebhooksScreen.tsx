/**
 * Webhooks (settings:edit, owners; docs/back-office.md "Webhooks"): the endpoints the shop POSTs
 * its events to, each added or changed in a dialog (address, events, on or off), its secret shown
 * once when it is made or rotated, a test event, and its delivery log with "Send again". The
 * server checks the address (https, no internal address in production) and its words land on the field.
 */
import { App, Alert, Button, Card, Checkbox, Drawer, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { webhooksApi } from '../../../domain/api/admin/webhooks.ts';
import { WEBHOOK_EVENTS, type WebhookDeliveryView, type WebhookEndpointView, type WebhookEndpointWithSecret, type WebhookEvent } from '../../../domain/back-office/webhooks.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { AskButton } from '../../widgets/AskButton.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { notedColumn } from '../../widgets/noted.tsx';
import { PagedTable, usePagedCall } from '../../widgets/paged-table.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { useFormWrite } from '../field-errors.ts';

const STATUS_COLOURS: Record<WebhookDeliveryView['status'], string> = { pending: 'blue', sending: 'processing', sent: 'green', failed: 'red' };

/** An event's name in the catalogue: its dot would read as a nesting there. */
const eventKey = (event: string) => `adminWebhooks.events.${event.replace('.', '_')}` as MessageKey;

interface EndpointForm {
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
}

export default function WebhooksScreen() {
  const { t } = useT();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<WebhookEndpointView | 'new' | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointView | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  useFocusReturn(editing !== null);
  useFocusReturn(logOf !== null);
  const list = useApiQuery(webhooksApi.list, {});
  const invalidates = [webhooksApi.list, webhooksApi.deliveries, adminAuditApi.auditList];
  const remove = useApiMutation(webhooksApi.remove, invalidates);
  const rotate = useApiMutation(webhooksApi.rotate, invalidates);
  const test = useApiMutation(webhooksApi.test, invalidates);
  const eventName = (event: string) => t(eventKey(event));
  const statusName = (status: WebhookDeliveryView['status']) => t(`adminWebhooks.statuses.${status}` as MessageKey);

  return (
    <Card
      title={t('admin.route.webhooks')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="webhook-new">
          {t('adminWebhooks.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('adminWebhooks.intro')}</Typography.Paragraph>
      <RowsTable<WebhookEndpointView>
        rowKey="id"
        width={980}
        loading={list.isPending}
        dataSource={list.data ?? []}
        locale={{ emptyText: list.isError ? t('admin.common.loadFailed') : t('adminWebhooks.none') }}
        data-testid="webhook-table"
        columns={[
          notedColumn<WebhookEndpointView>('url', t('adminWebhooks.url'), (endpoint) => <Typography.Text style={{ wordBreak: 'break-all' }}>{endpoint.url}</Typography.Text>, (endpoint) => endpoint.description),
          {
            key: 'events',
            title: t('adminWebhooks.eventsTitle'),
            render: (_v, endpoint) => (
              <Space size={4} wrap>
                {endpoint.events.map((event) => (
                  <Tag key={event}>{eventName(event)}</Tag>
                ))}
              </Space>
            ),
          },
          { key: 'active', title: t('adminWebhooks.state'), render: (_v, endpoint) => <Tag color={endpoint.active ? 'green' : 'default'}>{t(endpoint.active ? 'adminWebhooks.on' : 'adminWebhooks.off')}</Tag> },
          {
            key: 'last',
            title: t('adminWebhooks.lastDelivery'),
            render: (_v, endpoint) =>
              endpoint.lastStatus ? (
                <Space size={4} wrap>
                  <Tag color={STATUS_COLOURS[endpoint.lastStatus]}>{statusName(endpoint.lastStatus)}</Tag>
                  {endpoint.failed > 0 && <Typography.Text type="danger">{t('adminWebhooks.failedCount', { count: endpoint.failed })}</Typography.Text>}
                </Space>
              ) : (
                t('admin.common.none')
              ),
          },
          {
            key: 'actions',
            title: t('admin.common.actions'),
            width: 380,
            render: (_v, endpoint) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setEditing(endpoint)} aria-label={t('adminWebhooks.editFor', { url: endpoint.url })}>
                  {t('admin.common.edit')}
                </Button>
                <Button size="small" onClick={() => setLogOf(endpoint)} aria-label={t('adminWebhooks.logFor', { url: endpoint.url })} data-testid={`webhook-log-${endpoint.id}`}>
                  {t('adminWebhooks.log')}
                </Button>
                <AskButton
                  question={{ content: t('adminWebhooks.testConfirm', { url: endpoint.url }), done: t('adminWebhooks.testQueued') }}
                  run={() => test.mutateAsync({ id: endpoint.id })}
                  aria-label={t('adminWebhooks.testFor', { url: endpoint.url })}
                  data-testid={`webhook-test-${endpoint.id}`}
                >
                  {t('adminWebhooks.test')}
                </AskButton>
                <AskButton
                  question={{ content: t('adminWebhooks.rotateConfirm', { url: endpoint.url }), done: t('adminWebhooks.rotated') }}
                  run={async () => setSecret(await rotate.mutateAsync({ id: endpoint.id }))}
                  aria-label={t('adminWebhooks.rotateFor', { url: endpoint.url })}
                >
                  {t('adminWebhooks.rotate')}
                </AskButton>
                <AskButton
                  danger
                  question={{ content: t('adminWebhooks.removeConfirm', { url: endpoint.url }), done: t('adminWebhooks.removed') }}
                  run={() => remove.mutateAsync({ id: endpoint.id })}
                  aria-label={t('adminWebhooks.removeFor', { url: endpoint.url })}
                >
                  {t('admin.common.remove')}
                </AskButton>
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && (
        <EndpointDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(made) => {
            setEditing(null);
            setSecret(made);
          }}
          onSaved={() => {
            void message.success(t('admin.common.done'));
            setEditing(null);
          }}
        />
      )}
      {secret && (
        <Modal open title={t('adminWebhooks.secretTitle')} onCancel={() => setSecret(null)} footer={<Button type="primary" onClick={() => setSecret(null)}>{t('admin.common.ok')}</Button>} data-testid="webhook-secret">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={t('adminWebhooks.secretOnce')} />
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="webhook-secret-value">
              {secret.secret}
            </Typography.Text>
          </Space>
        </Modal>
      )}
      {logOf && <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />}
    </Card>
  );
}

function EndpointDialog({ endpoint, onClose, onCreated, onSaved }: { endpoint: WebhookEndpointView | null; onClose: () => void; onCreated: (made: WebhookEndpointWithSecret) => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<EndpointForm>();
  const write = useFormWrite(form, ['url', 'events']);
  const save = useApiMutation(webhooksApi.save, [webhooksApi.list, adminAuditApi.auditList]);
  const submit = async (values: EndpointForm) => {
    await write(async () => {
      const answer = await save.mutateAsync({ ...(endpoint ? { id: endpoint.id } : {}), ...values });
      if ('secret' in answer) onCreated(answer);
      else onSaved();
    });
  };
  return (
    <WriteDialog
      open
      title={endpoint ? t('adminWebhooks.editTitle') : t('adminWebhooks.addTitle')}
      pending={save.isPending}
      okText={t('admin.common.save')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="webhook-dialog"
    >
      <Form<EndpointForm>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={endpoint ? { url: endpoint.url, description: endpoint.description, events: endpoint.events, active: endpoint.active } : { url: '', description: '', events: [...WEBHOOK_EVENTS], active: true }}
      >
        <Form.Item name="url" label={t('adminWebhooks.url')} extra={t('adminWebhooks.urlHelp')} rules={[{ required: true, message: t('adminWebhooks.urlRequired') }]}>
          <Input inputMode="url" autoComplete="off" placeholder="https://" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="description" label={t('adminWebhooks.description')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="events" label={t('adminWebhooks.eventsTitle')} rules={[{ type: 'array', min: 1, message: t('adminWebhooks.eventsRequired') }]}>
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: `${t(eventKey(event))} (${event})` }))} />
        </Form.Item>
        <Form.Item name="active" label={t('adminWebhooks.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </WriteDialog>
  );
}

function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpointView; onClose: () => void }) {
  const { t, locale } = useT();
  const log = usePagedCall(webhooksApi.deliveries, { endpointId: endpoint.id }, 20);
  const again = useApiMutation(webhooksApi.redeliver, [webhooksApi.deliveries, webhooksApi.list, adminAuditApi.auditList]);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' }) : t('admin.common.none'));
  return (
    <Drawer
      open
      width="min(900px, 100vw)"
      title={t('adminWebhooks.logTitle', { url: endpoint.url })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button onClick={() => void log.query.refetch()} loading={log.query.isFetching} data-testid="webhook-log-refresh">
          {t('adminWebhooks.refresh')}
        </Button>
      }
      data-testid="webhook-log"
    >
      <PagedTable<WebhookDeliveryView>
        rowKey="id"
        size="small"
        {...log}
        scroll={{ x: 760 }}
        empty={t('adminWebhooks.noDeliveries')}
        columns={[
          { key: 'createdAt', title: t('adminWebhooks.at'), dataIndex: 'createdAt', render: (at: string) => <span className="admin-nowrap">{when(at)}</span> },
          { key: 'type', title: t('adminWebhooks.type'), dataIndex: 'type', render: (type: string) => <Typography.Text code>{type}</Typography.Text> },
          notedColumn<WebhookDeliveryView>(
            'status',
            t('adminWebhooks.status'),
            (row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`adminWebhooks.statuses.${row.status}` as MessageKey)}</Tag>,
            (row) => (row.status === 'pending' && row.nextAttemptAt ? t('adminWebhooks.next', { at: when(row.nextAttemptAt) }) : null),
          ),
          { key: 'code', title: t('adminWebhooks.code'), render: (_v, row) => row.lastStatusCode ?? t('admin.common.none') },
          { key: 'attempts', title: t('adminWebhooks.attempts'), dataIndex: 'attempts' },
          { key: 'error', title: t('adminWebhooks.error'), render: (_v, row) => (row.lastError ? <Typography.Text type="danger">{row.lastError}</Typography.Text> : t('admin.common.none')) },
          {
            key: 'again',
            title: t('admin.common.actions'),
            render: (_v, row) =>
              row.status === 'sending' ? null : (
                <AskButton
                  question={{ content: t('adminWebhooks.againConfirm', { type: row.type }), done: t('adminWebhooks.againQueued') }}
                  run={() => again.mutateAsync({ id: row.id })}
                  aria-label={t('adminWebhooks.againFor', { id: row.id })}
                  data-testid={`webhook-again-${row.id}`}
                >
                  {t('adminWebhooks.again')}
                </AskButton>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
