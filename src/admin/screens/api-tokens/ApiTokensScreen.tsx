/**
 * API tokens for other systems (staff:manage; docs/back-office.md "API tokens"): the tokens with
 * their codes, expiry, last use and state; a new one made with chosen codes and a life, its secret
 * shown once with a copy button; a live one revoked after asking.
 */
import { Alert, Checkbox, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminApiTokensApi } from '../../../domain/api/admin/api-tokens.ts';
import { TOKEN_CODES, type ApiToken, type ApiTokenStatus, type NewApiToken } from '../../../domain/back-office/api-tokens.ts';
import type { Permission } from '../../../domain/back-office/staff.model.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { AskButton } from '../../widgets/AskButton.tsx';
import { CardScreen } from '../../widgets/CardScreen.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { validFields } from '../../widgets/valid-fields.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { useFormWrite } from '../field-errors.ts';
import { useDateTime } from '../orders/labels.tsx';

/** The lives offered, in days; the server takes 1 to 365. */
const LIVES = [30, 90, 180, 365] as const;

const STATUS_COLOURS: Record<ApiTokenStatus, string> = { active: 'green', expired: 'default', revoked: 'red' };

interface Fields {
  name: string;
  codes: Permission[];
  days: number;
}

export default function ApiTokensScreen() {
  const { t } = useT();
  const when = useDateTime();
  const list = useApiQuery(adminApiTokensApi.list);
  const create = useApiMutation(adminApiTokensApi.create, [adminApiTokensApi.list]);
  const revoke = useApiMutation(adminApiTokensApi.revoke, [adminApiTokensApi.list]);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<NewApiToken | null>(null);
  const [form] = Form.useForm<Fields>();
  const write = useFormWrite(form, ['name', 'codes', 'days']);

  const open = () => {
    form.resetFields();
    setCreating(true);
  };

  const onCreate = async () => {
    const valid = await validFields(form);
    if (!valid) return;
    await write(async () => {
      const answer = await create.mutateAsync({ name: valid.name.trim(), codes: valid.codes, days: valid.days });
      setCreating(false);
      setMade(answer);
    });
  };

  const dialogs = (
    <>
      <WriteDialog
        open={creating}
        title={t('adminApiTokens.createTitle')}
        okText={t('adminApiTokens.createOk')}
        pending={create.isPending}
        onCancel={() => setCreating(false)}
        onOk={() => void onCreate()}
        forceRender
      >
        <Form<Fields> form={form} layout="vertical" initialValues={{ codes: [], days: 90 }} onFinish={() => void onCreate()}>
          <Form.Item name="name" label={t('adminApiTokens.name')} extra={t('adminApiTokens.nameHint')} rules={[{ required: true, whitespace: true, message: t('adminApiTokens.nameRequired') }]}>
            <Input maxLength={60} autoComplete="off" data-testid="api-token-name" />
          </Form.Item>
          <Form.Item
            name="codes"
            label={t('adminApiTokens.codes')}
            extra={t('adminApiTokens.codesHint')}
            // A validator rather than `required`: antd would put aria-required on the group's div, which axe refuses there.
            rules={[{ validator: (_rule, codes?: Permission[]) => (codes?.length ? Promise.resolve() : Promise.reject(new Error(t('adminApiTokens.codesRequired')))) }]}
          >
            <Checkbox.Group className="admin-api-token-codes" role="group" aria-label={t('adminApiTokens.codes')} data-testid="api-token-codes">
              {TOKEN_CODES.map((code) => (
                <Checkbox key={code} value={code}>
                  <Typography.Text code>{code}</Typography.Text>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="days" label={t('adminApiTokens.life')}>
            <Select<number> options={LIVES.map((days) => ({ value: days, label: t('adminApiTokens.days', { count: days }) }))} data-testid="api-token-days" />
          </Form.Item>
        </Form>
      </WriteDialog>

      <WriteDialog
        open={made !== null}
        title={t('adminApiTokens.secretTitle', { name: made?.token.name ?? '' })}
        okText={t('adminApiTokens.secretDone')}
        pending={false}
        closable={false}
        maskClosable={false}
        keyboard={false}
        cancelButtonProps={{ style: { display: 'none' } }}
        // Gone from the page once closed (a closed dialog keeps its last content otherwise), and from the mutation's memory.
        destroyOnHidden
        onOk={() => {
          setMade(null);
          create.reset();
        }}
      >
        {made && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="api-token-secret-box">
            <Alert type="warning" showIcon message={t('adminApiTokens.secretWarning')} />
            <Typography.Paragraph className="admin-api-token-secret">
              <Typography.Text code copyable={{ text: made.secret, tooltips: [t('adminApiTokens.copy'), t('adminApiTokens.copied')] }} data-testid="api-token-secret">
                {made.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('adminApiTokens.secretUse')}</Typography.Text>
          </Space>
        )}
      </WriteDialog>
    </>
  );

  return (
    <CardScreen help={t('adminApiTokens.help')} title={t('adminApiTokens.title')} create={{ label: t('adminApiTokens.create'), onClick: open, testId: 'api-tokens-create' }} dialogs={dialogs}>
      <RowsTable<ApiToken>
        rowKey="id"
        width={820}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('adminApiTokens.none') }}
        columns={[
          { key: 'name', title: t('adminApiTokens.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
          {
            key: 'codes',
            title: t('adminApiTokens.codes'),
            dataIndex: 'codes',
            render: (codes: Permission[]) => (
              <Space size={[4, 4]} wrap>
                {codes.map((code) => (
                  <Typography.Text key={code} code>
                    {code}
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
          { key: 'expiresAt', title: t('adminApiTokens.expiresAt'), dataIndex: 'expiresAt', render: (at: string) => when(at) },
          { key: 'lastUsedAt', title: t('adminApiTokens.lastUsedAt'), dataIndex: 'lastUsedAt', render: (at: string | null) => (at ? when(at) : t('adminApiTokens.never')) },
          {
            key: 'status',
            title: t('adminApiTokens.status'),
            dataIndex: 'status',
            render: (status: ApiTokenStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`adminApiTokens.statuses.${status}`)}</Tag>,
          },
          {
            key: 'actions',
            title: t('admin.common.actions'),
            render: (_v, row) =>
              row.status === 'active' ? (
                <AskButton
                  danger
                  aria-label={t('adminApiTokens.revokeNamed', { name: row.name })}
                  question={{ content: t('adminApiTokens.revokeAsk', { name: row.name }), done: t('adminApiTokens.revoked') }}
                  run={() => revoke.mutateAsync({ id: row.id })}
                  data-testid={`api-token-revoke-${row.id}`}
                >
                  {t('adminApiTokens.revoke')}
                </AskButton>
              ) : null,
          },
        ]}
        data-testid="api-tokens-table"
      />
    </CardScreen>
  );
}
