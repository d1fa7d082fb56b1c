/**
 * Staff (R_SUPER, `staff:manage`): accounts holding a staff role, searched by email or name;
 * grant or revoke a role, give or take a member's grants (codes beyond their role: refunds, ...),
 * give a member several roles at once (built-in and the owner's custom ones, the Roles screen's),
 * disable or enable an account. Every change asks first; the server keeps the rules (nobody
 * removes their own R_SUPER, disables themselves or changes their own grants, the last R_SUPER
 * stays) and writes the audit row. Two-step sign-in (docs/back-office.md "Two-step sign-in"):
 * the owner's switch requiring it of every staff member, and a member's reset after a lost device.
 * A member's sessions: the dialog of screens/sessions (docs/back-office.md "Sessions").
 */
import { App, Button, Checkbox, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ROLES, type Role } from '../../../domain/account.model.ts';
import { GRANTABLE_PERMISSIONS, permissionsOf, type Permission, type StaffMember } from '../../../domain/back-office/staff.model.ts';
import { useRoleNames } from '../staff-roles/role-names.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';
import { twoFactorApi } from '../../../domain/api/admin/two-factor.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useAdminSession } from '../../state/session.ts';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { ListScreen, useListScreen } from '../../widgets/paged-table.tsx';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { InvitesCard } from './InvitesCard.tsx';
import { MemberSessionsDialog } from '../sessions/MemberSessionsDialog.tsx';

const GRANTABLE: Role[] = [ROLES.SUPER, ROLES.ADMIN];
/** A built-in staff role: its tag's close revokes it (a custom one is taken in the roles dialog). */
const isBuiltIn = (role: string): role is Role => (GRANTABLE as string[]).includes(role);

export default function StaffScreen() {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [granting, setGranting] = useState<{ email: string; role: Role } | null>(null);
  const [codes, setCodes] = useState<Choosing<Permission> | null>(null);
  const [sessionsOf, setSessionsOf] = useState<StaffMember | null>(null);
  const [holding, setHolding] = useState<Choosing<string> | null>(null);
  const { user } = useAdminSession();
  const screen = useListScreen(adminStaffApi.staffList);
  const invalidates = [adminStaffApi.staffList, adminAuditApi.auditList];
  const grant = useApiMutation(adminStaffApi.grantRole, invalidates);
  const revoke = useApiMutation(adminStaffApi.revokeRole, invalidates);
  const setStatus = useApiMutation(adminStaffApi.setStaffStatus, invalidates);
  const setGrant = useApiMutation(adminStaffApi.setGrant, invalidates);
  const roleList = useApiQuery(adminStaffApi.roleList);
  const setRoles = useApiMutation(adminStaffApi.setStaffRoles, [...invalidates, adminStaffApi.roleList]);
  const twoStep = useApiQuery(twoFactorApi.status);
  const setPolicy = useApiMutation(twoFactorApi.setPolicy, [twoFactorApi.status, adminAuditApi.auditList]);
  const resetTwoStep = useApiMutation(twoFactorApi.reset, invalidates);
  const { roleName } = useRoleNames(roleList.data);
  const codeName = (code: string) => t(`admin.staff.grantNames.${code}` as MessageKey);
  // The grantable codes a member's roles (custom ones too) hold already: nothing to give them.
  const byRole = (member: StaffMember) => permissionsOf(member.roles, [], roleList.data).filter((code) => GRANTABLE_PERMISSIONS.includes(code));
  const staffRoleKeys = (member: StaffMember) => member.roles.filter((role) => role !== ROLES.CUSTOMER);
  const mayGrant = (member: StaffMember) => member.userId !== user?.userId && byRole(member).length < GRANTABLE_PERMISSIONS.length;

  const ask = useConfirmedWrite();
  const confirm = (content: string, run: () => Promise<unknown>) => ask({ content, done: t('admin.staff.done') }, run);
  // A dialog's write: done, then the dialog closes; a failure leaves it open (write.ts reported it).
  const save = (run: () => Promise<unknown>, close: () => void) =>
    write(async () => {
      await run();
      void message.success(t('admin.staff.done'));
      close();
    });
  // One call per code changed: each is its own audited change on the server.
  const changeGrants = async (member: StaffMember, chosen: Permission[]) => {
    for (const code of GRANTABLE_PERMISSIONS) {
      if (chosen.includes(code) !== member.grants.includes(code)) await setGrant.mutateAsync({ userId: member.userId, code, granted: chosen.includes(code) });
    }
  };

  return (
    <ListScreen
      screen={screen}
      search={{ label: t('admin.staff.searchPlaceholder'), testId: 'staff-search', applyOnClear: true }}
      rowKey="userId"
      scroll={{ x: 1000 }}
      columns={[
        { key: 'email', title: t('admin.staff.email'), dataIndex: 'email' },
        { key: 'name', title: t('admin.staff.name'), dataIndex: 'name' },
        {
          key: 'roles',
          title: t('admin.staff.roles'),
          render: (_value, member) => (
            <Space size={4} wrap>
              {member.roles.map((role) => (
                <Tag
                  key={role}
                  color={role === ROLES.SUPER ? 'gold' : role === ROLES.ADMIN ? 'blue' : undefined}
                  closable={isBuiltIn(role)}
                  closeIcon={isBuiltIn(role) ? undefined : false}
                  onClose={(event) => {
                    event.preventDefault();
                    if (isBuiltIn(role)) confirm(t('admin.staff.revokeConfirm', { email: member.email, role: roleName(role) }), () => revoke.mutateAsync({ email: member.email, role }));
                  }}
                  {...(isBuiltIn(role) ? { 'aria-label': t('admin.staff.revoke', { role: roleName(role) }) } : {})}
                >
                  {roleName(role)}
                </Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'grants',
          title: t('admin.staff.grants'),
          render: (_value, member) =>
            byRole(member).length === GRANTABLE_PERMISSIONS.length ? (
              <Typography.Text type="secondary">{t('admin.staff.allByRole')}</Typography.Text>
            ) : (
              <Space size={4} wrap data-testid={`grants-${member.userId}`}>
                {member.grants.map((code) => (
                  <Tag key={code} color="purple">
                    {codeName(code)}
                  </Tag>
                ))}
              </Space>
            ),
        },
        {
          key: 'status',
          title: t('admin.staff.status'),
          dataIndex: 'status',
          render: (status: StaffMember['status']) => <Tag color={status === 'active' ? 'green' : 'red'}>{t(`admin.staff.statuses.${status}` as MessageKey)}</Tag>,
        },
        { key: 'createdAt', title: t('admin.staff.createdAt'), dataIndex: 'createdAt', render: (at: string) => new Date(at).toLocaleDateString(locale) },
        {
          key: 'actions',
          title: t('admin.common.actions'),
          render: (_value, member) => (
            <Space>
              <Button size="small" onClick={() => setGranting({ email: member.email, role: GRANTABLE.find((role) => !member.roles.includes(role)) ?? ROLES.ADMIN })}>
                {t('admin.staff.grant')}
              </Button>
              {member.userId !== user?.userId && (
                <Button size="small" onClick={() => setHolding({ member, chosen: staffRoleKeys(member) })} aria-label={t('adminRoles.editRolesFor', { email: member.email })}>
                  {t('adminRoles.editRoles')}
                </Button>
              )}
              {mayGrant(member) && (
                <Button size="small" onClick={() => setCodes({ member, chosen: member.grants })} aria-label={t('admin.staff.grantsFor', { email: member.email })}>
                  {t('admin.staff.editGrants')}
                </Button>
              )}
              <Button size="small" onClick={() => setSessionsOf(member)} aria-label={t('adminSessions.staffActionFor', { email: member.email })} data-testid={`sessions-${member.userId}`}>
                {t('adminSessions.staffAction')}
              </Button>
              {member.userId !== user?.userId && (
                <Button
                  size="small"
                  onClick={() => confirm(t('adminTwoStep.staff.resetConfirm', { email: member.email }), () => resetTwoStep.mutateAsync({ userId: member.userId }))}
                  aria-label={t('adminTwoStep.staff.resetFor', { email: member.email })}
                >
                  {t('adminTwoStep.staff.reset')}
                </Button>
              )}
              {member.status === 'active' ? (
                <Button
                  size="small"
                  danger
                  onClick={() => confirm(t('admin.staff.disableConfirm', { email: member.email }), () => setStatus.mutateAsync({ userId: member.userId, status: 'disabled' }))}
                >
                  {t('admin.staff.disable')}
                </Button>
              ) : (
                <Button size="small" onClick={() => confirm(t('admin.staff.enableConfirm', { email: member.email }), () => setStatus.mutateAsync({ userId: member.userId, status: 'active' }))}>
                  {t('admin.staff.enable')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
      actions={
        <Space>
          <Switch
            checked={twoStep.data?.required ?? false}
            loading={!twoStep.data || setPolicy.isPending}
            onChange={(required) => confirm(t(required ? 'adminTwoStep.staff.requireConfirm' : 'adminTwoStep.staff.unrequireConfirm'), () => setPolicy.mutateAsync({ required }))}
            aria-label={t('adminTwoStep.staff.require')}
            data-testid="two-step-required-switch"
          />
          <Typography.Text>{t('adminTwoStep.staff.require')}</Typography.Text>
        </Space>
      }
      data-testid="staff-table"
    >
    <InvitesCard />
    <WriteDialog
      open={granting !== null}
      title={t('admin.staff.grantTitle')}
      pending={grant.isPending}
      onCancel={() => setGranting(null)}
      onOk={() => granting && save(() => grant.mutateAsync(granting), () => setGranting(null))}
    >
      {granting && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select<Role> aria-label={t('admin.staff.roles')} value={granting.role} onChange={(role) => setGranting({ ...granting, role })} options={GRANTABLE.map((role) => ({ value: role, label: roleName(role) }))} style={{ width: '100%' }} />
          <span>{t('admin.staff.grantConfirm', { email: granting.email, role: roleName(granting.role) })}</span>
        </Space>
      )}
    </WriteDialog>
    <ChoicesDialog<Permission>
      choosing={codes}
      setChoosing={setCodes}
      title={(member) => t('admin.staff.grantsFor', { email: member.email })}
      help={t('admin.staff.grantsHelp')}
      options={(member) => GRANTABLE_PERMISSIONS.map((code) => ({ value: code, label: codeName(code), disabled: byRole(member).includes(code) }))}
      pending={setGrant.isPending}
      onSave={({ member, chosen }) => save(() => changeGrants(member, chosen), () => setCodes(null))}
      testId="grants-dialog"
    />
    {sessionsOf && <MemberSessionsDialog member={sessionsOf} onClose={() => setSessionsOf(null)} />}
    <ChoicesDialog<string>
      choosing={holding}
      setChoosing={setHolding}
      title={(member) => t('adminRoles.rolesTitle', { email: member.email })}
      help={t('adminRoles.rolesHelp')}
      options={() => (roleList.data ?? []).map((role) => ({ value: role.key, label: roleName(role.key) }))}
      pending={setRoles.isPending}
      onSave={({ member, chosen }) => save(() => setRoles.mutateAsync({ userId: member.userId, roles: chosen }), () => setHolding(null))}
      testId="roles-dialog"
    />
    </ListScreen>
  );
}

/** A member's set being ticked in a dialog: their grants, their roles. */
interface Choosing<V extends string> {
  member: StaffMember;
  chosen: V[];
}

interface ChoicesDialogProps<V extends string> {
  /** The member and what is ticked so far; null: closed. */
  choosing: Choosing<V> | null;
  setChoosing: (choosing: Choosing<V> | null) => void;
  title: (member: StaffMember) => string;
  help: string;
  options: (member: StaffMember) => { value: V; label: string; disabled?: boolean }[];
  pending: boolean;
  onSave: (choosing: Choosing<V>) => void;
  testId: string;
}

/** The dialog a member's set is ticked in: its help line, then a box a choice, one under another. */
function ChoicesDialog<V extends string>({ choosing, setChoosing, title, help, options, pending, onSave, testId }: ChoicesDialogProps<V>) {
  return (
    <WriteDialog open={choosing !== null} title={choosing ? title(choosing.member) : ''} pending={pending} onCancel={() => setChoosing(null)} onOk={() => choosing && onSave(choosing)} data-testid={testId}>
      {choosing && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
          <Checkbox.Group<V> value={choosing.chosen} onChange={(chosen) => setChoosing({ ...choosing, chosen })} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={options(choosing.member)} />
        </Space>
      )}
    </WriteDialog>
  );
}
