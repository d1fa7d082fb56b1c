/**
 * Customers (`customer:view`): every account searched by any part of its email or name, filtered
 * by status, a page at a time; a row opens the customer's detail in its tab.
 */
import { Space, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { peopleApi } from '../../../domain/api/people.ts';
import type { AdminCustomerRow } from '../../../domain/people.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';

import { useT } from '../../i18n.tsx';
import { ChoiceFilter } from '../../shell/FilterBar.tsx';
import { ListScreen, rowOpens, useListScreen } from '../../shell/paged-table.tsx';

export function CustomerStatusTag({ status }: { status: AdminCustomerRow['status'] }) {
  const { t } = useT();
  return <Tag color={status === 'active' ? 'green' : 'red'}>{t(`adminPeople.customers.statuses.${status}` as MessageKey)}</Tag>;
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
  const screen = useListScreen(peopleApi.customerList);
  return (
    <ListScreen
      screen={screen}
      search={{ label: t('adminPeople.customers.search'), testId: 'customers-search' }}
      filters={
        <>
          <ChoiceFilter name="status" label={t('adminPeople.customers.status')} placeholder={t('adminPeople.customers.anyStatus')} options={(['active', 'disabled'] as const).map((status) => ({ value: status, label: t(`adminPeople.customers.statuses.${status}`) }))} />
        </>
      }
      withReset
      rowKey="userId"
      scroll={{ x: 820 }}
      onRow={rowOpens((row) => navigate(`/customers/${row.userId}`))}
      columns={[
        { key: 'email', title: t('adminPeople.customers.email'), dataIndex: 'email', render: (email: string, row) => <Link to={`/customers/${row.userId}`}>{email}</Link> },
        { key: 'name', title: t('adminPeople.customers.name'), dataIndex: 'name' },
        { key: 'roles', title: t('adminPeople.customers.roles'), render: (_v, row) => <RoleTags roles={row.roles} /> },
        { key: 'status', title: t('adminPeople.customers.status'), render: (_v, row) => <CustomerStatusTag status={row.status} /> },
        { key: 'orders', title: t('adminPeople.customers.orders'), dataIndex: 'orders', align: 'right' },
        { key: 'createdAt', title: t('adminPeople.customers.createdAt'), dataIndex: 'createdAt', render: (at: string) => new Date(at).toLocaleDateString(locale) },
      ]}
      data-testid="customers-table"
    />
  );
}
