/**
 * Roles (R_SUPER, `staff:manage`; docs/back-office.md "Roles and permission codes"): the built-in
 * roles, read-only, and the owner's custom ones, each with its codes grouped by area and how many
 * accounts hold it. A custom role is made and changed in one dialog (name, description, code
 * checkboxes) and deleted after a question; the server refuses deleting one somebody holds, and
 * says how many do. Roles are given to members on the Staff screen.
 */
import { App, Button, Checkbox, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';
import { CUSTOM_ROLE_PERMISSIONS, type Permission, type StaffRole } from '../../../domain/back-office/staff.model.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { AskButton } from '../../widgets/AskButton.tsx';
import { CardScreen } from '../../widgets/CardScreen.tsx';
import { notedColumn } from '../../widgets/noted.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { validFields } from '../../widgets/valid-fields.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { useFormWrite } from '../field-errors.ts';
import { codeAreas, useRoleNames } from './role-names.ts';

interface RoleForm {
  name: string;
  description: string;
  codes: Permission[];
}

export default function RolesScreen() {
  const { t } = useT();
  const { message } = App.useApp();
  const roles = useApiQuery(adminStaffApi.roleList);
  const invalidates = [adminStaffApi.roleList, adminStaffApi.staffList, adminAuditApi.auditList];
  const create = useApiMutation(adminStaffApi.createRole, invalidates);
  const update = useApiMutation(adminStaffApi.updateRole, invalidates);
  const remove = useApiMutation(adminStaffApi.deleteRole, invalidates);
  const { roleName, codeName } = useRoleNames(roles.data);
  // null: closed; a role: editing it; 'new': making one.
  const [editing, setEditing] = useState<StaffRole | 'new' | null>(null);
  const [form] = Form.useForm<RoleForm>();
  const write = useFormWrite(form, ['name', 'description', 'codes']);

  const open = (role: StaffRole | 'new') => {
    form.resetFields();
    form.setFieldsValue(role === 'new' ? { name: '', description: '', codes: [] } : { name: role.name, description: role.description, codes: role.codes });
    setEditing(role);
  };
  const submit = async () => {
    if (!editing) return;
    const values = await validFields(form);
    if (!values) return;
    const input = { name: values.name, description: values.description ?? '', codes: values.codes ?? [] };
    await write(async () => {
      if (editing === 'new') await create.mutateAsync(input);
      else await update.mutateAsync({ key: editing.key, ...input });
      void message.success(t('adminRoles.done'));
      setEditing(null);
    });
  };

  const dialogs = (
    <WriteDialog
      open={editing !== null}
      title={t(editing === 'new' ? 'adminRoles.createTitle' : 'adminRoles.editTitle')}
      pending={create.isPending || update.isPending}
      onCancel={() => setEditing(null)}
      onOk={() => void submit()}
      width={720}
      data-testid="role-dialog"
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('adminRoles.name')} rules={[{ required: true, whitespace: true, message: t('adminRoles.nameRequired') }, { max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="description" label={t('adminRoles.description')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="codes" label={t('adminRoles.codes')} extra={`${t('adminRoles.codesHelp')} ${t('adminRoles.ownerOnly')}`}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Space direction="vertical" size={8} style={{ width: '100%' }}>
              {codeAreas(CUSTOM_ROLE_PERMISSIONS).map(({ area, codes }) => (
                <fieldset key={area} className="admin-role-area">
                  <legend>{t(`adminRoles.areas.${area}`)}</legend>
                  <Space wrap size={[16, 4]}>
                    {codes.map((code) => (
                      <Checkbox key={code} value={code} data-testid={`role-code-${code}`}>
                        {codeName(code)}
                      </Checkbox>
                    ))}
                  </Space>
                </fieldset>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </WriteDialog>
  );

  return (
    <CardScreen help={t('adminRoles.intro')} title={t('adminRoles.title')} create={{ label: t('adminRoles.new'), onClick: () => open('new'), testId: 'role-new' }} dialogs={dialogs}>
      <RowsTable<StaffRole>
        rowKey="key"
        width={900}
        loading={roles.isPending}
        dataSource={roles.data ?? []}
        data-testid="roles-table"
        columns={[
          // Wide enough for a role's name on one line when the table scrolls on a phone ("超级管理员" broke into three).
          { ...notedColumn<StaffRole>('name', t('adminRoles.name'), (role) => <Typography.Text strong>{roleName(role.key)}</Typography.Text>, (role) => role.description), width: 150 },
          { key: 'kind', title: t('adminRoles.kind'), render: (_value, role) => <Tag color={role.builtIn ? 'gold' : 'blue'}>{t(role.builtIn ? 'adminRoles.builtIn' : 'adminRoles.custom')}</Tag> },
          {
            key: 'codes',
            title: t('adminRoles.codes'),
            render: (_value, role) => (
              <Space direction="vertical" size={4}>
                {codeAreas(role.codes).map(({ area, codes }) => (
                  <div key={area}>
                    <Typography.Text type="secondary">{t(`adminRoles.areas.${area}`)}: </Typography.Text>
                    {codes.map((code) => (
                      <Tag key={code} title={code}>
                        {codeName(code)}
                      </Tag>
                    ))}
                  </div>
                ))}
              </Space>
            ),
          },
          { key: 'holders', title: t('adminRoles.holders'), dataIndex: 'holders' },
          {
            key: 'actions',
            title: t('admin.common.actions'),
            render: (_value, role) =>
              role.builtIn ? null : (
                <Space>
                  <Button size="small" onClick={() => open(role)} aria-label={t('adminRoles.editFor', { name: role.name })}>
                    {t('adminRoles.edit')}
                  </Button>
                  <AskButton
                    danger
                    aria-label={t('adminRoles.deleteFor', { name: role.name })}
                    question={{ content: t('adminRoles.deleteConfirm', { name: role.name }), done: t('adminRoles.done') }}
                    run={() => remove.mutateAsync({ key: role.key })}
                  >
                    {t('adminRoles.delete')}
                  </AskButton>
                </Space>
              ),
          },
        ]}
      />
    </CardScreen>
  );
}
