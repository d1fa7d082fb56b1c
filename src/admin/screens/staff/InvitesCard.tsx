/**
 * The staff screen's invites (docs/back-office.md "Inviting staff"): the "Invite" dialog (email,
 * role, the mail's language) and the pending invites with resend and revoke. The server keeps the
 * rules (staff already, invited already, which roles) and writes the audit rows.
 */
import { App, Button, Card, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { emailSchema } from '../../../domain/account.schema.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { invitesApi } from '../../../domain/api/admin/invites.ts';
import { INVITABLE_ROLES, isInvitableRole, type PendingInvite } from '../../../domain/back-office/invites.ts';
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';
import { useRoleNames } from '../staff-roles/role-names.ts';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../domain/locale.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { schemaRule } from '../../widgets/schema-rule.ts';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { useFormWrite } from '../field-errors.ts';

interface InviteForm {
  email: string;
  role: string;
  locale: Locale;
}

export function InvitesCard() {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const ask = useConfirmedWrite();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<InviteForm>();
  const saveWrite = useFormWrite(form, ['email', 'role']);
  const pending = useApiQuery(invitesApi.pending);
  const invalidates = [invitesApi.pending, adminAuditApi.auditList];
  const invite = useApiMutation(invitesApi.invite, invalidates);
  const resend = useApiMutation(invitesApi.resend, invalidates);
  const revoke = useApiMutation(invitesApi.revoke, invalidates);
  // The built-in roles and the Roles screen's own (the same list the Staff screen's roles dialog shows).
  const roleList = useApiQuery(adminStaffApi.roleList);
  const { roleName } = useRoleNames(roleList.data);
  const roleOptions = (roleList.data?.map((role) => role.key) ?? INVITABLE_ROLES).filter(isInvitableRole).map((role) => ({ value: role, label: roleName(role) }));
  const date = (at: string) => new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await saveWrite(async () => {
      await invite.mutateAsync(values);
      void message.success(t('adminInvites.sent', { email: values.email }));
      setOpen(false);
      form.resetFields();
    });
  };

  const again = (item: PendingInvite) =>
    write(async () => {
      await resend.mutateAsync({ id: item.id });
      void message.success(t('adminInvites.resent', { email: item.email }));
    });

  return (
    <Card
      size="small"
      title={t('adminInvites.pending')}
      extra={
        <Button type="primary" onClick={() => setOpen(true)} data-testid="invite-open">
          {t('adminInvites.invite')}
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid="invites-card"
    >
      <List<PendingInvite>
        dataSource={pending.data ?? []}
        loading={pending.isPending}
        // Secondary text, as the customer's addresses: List draws its own empty text in the
        // disabled grey (2.2:1 in the dark scheme), and a component token does not reach it.
        locale={{ emptyText: <Typography.Text type="secondary">{t('adminInvites.none')}</Typography.Text> }}
        renderItem={(item) => (
          <List.Item
            data-testid="pending-invite"
            actions={[
              <Button key="resend" size="small" onClick={() => void again(item)} aria-label={t('adminInvites.resendFor', { email: item.email })}>
                {t('adminInvites.resend')}
              </Button>,
              <Button
                key="revoke"
                size="small"
                danger
                onClick={() => ask({ content: t('adminInvites.revokeConfirm', { email: item.email }), done: t('adminInvites.revoked') }, () => revoke.mutateAsync({ id: item.id }))}
                aria-label={t('adminInvites.revokeFor', { email: item.email })}
              >
                {t('adminInvites.revoke')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={4} wrap>
                  <Typography.Text strong>{item.email}</Typography.Text>
                  <Tag color="blue">{roleName(item.role)}</Tag>
                  {item.expired && <Tag color="red">{t('adminInvites.expired')}</Tag>}
                </Space>
              }
              description={
                <Space size={[12, 0]} wrap>
                  {!item.expired && <span>{t('adminInvites.expires', { date: date(item.expiresAt) })}</span>}
                  <span>{t('adminInvites.sendCount', { count: item.sendCount })}</span>
                  {item.invitedBy && <span>{t('adminInvites.invitedBy', { email: item.invitedBy })}</span>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <WriteDialog open={open} title={t('adminInvites.title')} okText={t('adminInvites.send')} pending={invite.isPending} onCancel={() => setOpen(false)} onOk={() => void send()} data-testid="invite-dialog">
        <Typography.Paragraph type="secondary">{t('adminInvites.help')}</Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false} initialValues={{ role: INVITABLE_ROLES[0], locale }}>
          <Form.Item name="email" label={t('adminInvites.email')} rules={[{ required: true, whitespace: true, message: t('adminInvites.required') }, schemaRule(emailSchema, t('adminInvites.emailInvalid'))]}>
            <Input type="email" autoComplete="off" data-testid="invite-email" />
          </Form.Item>
          <Form.Item name="role" label={t('adminInvites.role')}>
            <Select options={roleOptions} data-testid="invite-role" />
          </Form.Item>
          <Form.Item name="locale" label={t('adminInvites.language')}>
            <Select options={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))} data-testid="invite-locale" />
          </Form.Item>
        </Form>
      </WriteDialog>
    </Card>
  );
}
