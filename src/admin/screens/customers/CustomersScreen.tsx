/**
 * Customers (`customer:view`): every account and every guest (an email that ordered without an
 * account) searched by the start of its email or name, filtered by type and status, a page at a
 * time, with their orders, paid total and last order; a row opens the account's or the guest's
 * detail in its tab.
 */
import { Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_STATUSES } from '../../../domain/account.model.ts';
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { CUSTOMER_KINDS, type AdminCustomerListRow, type AdminCustomerRow } from '../../../domain/back-office/customers.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';

import { useT } from '../../i18n.tsx';
import { ChoiceFilter } from '../../widgets/FilterBar.tsx';
import { ListScreen, rowOpens, useListScreen } from '../../widgets/paged-table.tsx';
import { useDateTime, useMoney } from '../orders/labels.tsx';

/** The detail screen's path of a row: the account's, or the guest's by email. */
export function customerPath(row: Pick<AdminCustomerListRow, 'userId' | 'email'>): string {
  return row.userId === null ? `/customers/guest?email=${encodeURIComponent(row.email)}` : `/customers/${row.userId}`;
}

export function CustomerKindTag({ kind }: { kind: AdminCustomerListRow['kind'] }) {
  const { t } = useT();
  return <Tag color={kind === 'guest' ? 'purple' : 'blue'}>{t(`adminCustomers.kinds.${kind}`)}</Tag>;
}

export function CustomerStatusTag({ status }: { status: AdminCustomerRow['status'] }) {
  const { t } = useT();
  return <Tag color={status === 'active' ? 'green' : 'red'}>{t(`adminCustomers.statuses.${status}` as MessageKey)}</Tag>;
}

export function RoleTags({ roles }: { roles: readonly string[] }) {
  const { t } = useT();
  return (
    <Space size={4} wrap>
      {roles.map((role) => (
        <Tag key={role} color={role === 'R_SUPER' ? 'gold' : role === 'R_ADMIN' ? 'blue' : undefined}>
          {t(`admin.staff.roleNames.${role}` as MessageKey)}
        </Tag>
      ))}
    </Space>
  );
}

export default function CustomersScreen() {
  const { t, locale } = useT();
  const navigate = useNavigate();
  const screen = useListScreen(adminCustomersApi.customerList);
  const money = useMoney();
  const when = useDateTime();
  return (
    <ListScreen
      screen={screen}
      search={{ label: t('adminCustomers.search'), testId: 'customers-search' }}
      filters={
        <>
          <ChoiceFilter name="kind" label={t('adminCustomers.kind')} placeholder={t('adminCustomers.anyKind')} options={CUSTOMER_KINDS.map((kind) => ({ value: kind, label: t(`adminCustomers.kinds.${kind}`) }))} />
          <ChoiceFilter name="status" label={t('adminCustomers.status')} placeholder={t('adminCustomers.anyStatus')} options={ACCOUNT_STATUSES.map((status) => ({ value: status, label: t(`adminCustomers.statuses.${status}`) }))} />
        </>
      }
      withReset
      rowKey={(row) => (row.userId === null ? `guest:${row.email}` : String(row.userId))}
      scroll={{ x: 1100 }}
      onRow={rowOpens((row) => navigate(customerPath(row)))}
      columns={[
        {
          key: 'email',
          title: t('adminCustomers.email'),
          dataIndex: 'email',
          // The type beside the email, so a phone's first column already tells guests apart.
          render: (email: string, row) => (
            <Space size={6} wrap>
              <Link to={customerPath(row)}>{email}</Link>
              <CustomerKindTag kind={row.kind} />
            </Space>
          ),
        },
        { key: 'name', title: t('adminCustomers.name'), dataIndex: 'name' },
        { key: 'roles', title: t('adminCustomers.roles'), render: (_v, row) => (row.kind === 'registered' ? <RoleTags roles={row.roles} /> : null) },
        { key: 'status', title: t('adminCustomers.status'), render: (_v, row) => (row.kind === 'registered' ? <CustomerStatusTag status={row.status} /> : null) },
        { key: 'orders', title: t('adminCustomers.orders'), dataIndex: 'orders', align: 'right' },
        { key: 'spent', title: t('adminCustomers.spent'), align: 'right', render: (_v, row) => money(row.spentEur, 'EUR') },
        { key: 'lastOrder', title: t('adminCustomers.lastOrder'), render: (_v, row) => when(row.lastOrderAt) },
        { key: 'createdAt', title: t('adminCustomers.since'), dataIndex: 'createdAt', render: (at: string) => new Date(at).toLocaleDateString(locale) },
      ]}
      data-testid="customers-table"
    />
  );
}
