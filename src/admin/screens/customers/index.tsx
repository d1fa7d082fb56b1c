/**
 * Customers (`customer:view`): every account searched by any part of its email or name, filtered
 * by status, a page at a time; a row opens the customer's detail in its tab.
 */
import { Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { peopleApi } from '../../../domain/api/people.ts';
import type { AdminCustomerRow } from '../../../domain/people.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { FilterBar } from '../../shell/FilterBar.tsx';
import { pagedTable } from '../../shell/paged-table.ts';

const PAGE_SIZE = 20;

interface Filters {
  query?: string;
  status?: 'active' | 'disabled';
}

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
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const list = useApiQuery(peopleApi.customerList, { current: page, size: PAGE_SIZE, ...filters });
  return (
    <div className="admin-screen">
      <FilterBar<Filters>
        form={form}
        onApply={(values) => {
          setFilters({ ...(values.query?.trim() ? { query: values.query.trim() } : {}), ...(values.status ? { status: values.status } : {}) });
          setPage(1);
        }}
        onReset={() => {
          setFilters({});
          setPage(1);
        }}
      >
        <Form.Item name="query">
          <Input allowClear maxLength={100} placeholder={t('adminPeople.customers.search')} aria-label={t('adminPeople.customers.search')} data-testid="customers-search" />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ minWidth: 130 }}
            placeholder={t('adminPeople.customers.anyStatus')}
            aria-label={t('adminPeople.customers.status')}
            options={(['active', 'disabled'] as const).map((status) => ({ value: status, label: t(`adminPeople.customers.statuses.${status}`) }))}
          />
        </Form.Item>
      </FilterBar>
      <Table<AdminCustomerRow>
        rowKey="userId"
        size="middle"
        {...pagedTable(list, t, { current: page, pageSize: PAGE_SIZE, onChange: setPage })}
        scroll={{ x: 820 }}
        onRow={(row) => ({ onClick: () => navigate(`/customers/${row.userId}`), className: 'admin-clickable' })}
        columns={[
          { key: 'email', title: t('adminPeople.customers.email'), dataIndex: 'email', render: (email: string, row) => <a href={`/admin/customers/${row.userId}`} onClick={(event) => event.preventDefault()}>{email}</a> },
          { key: 'name', title: t('adminPeople.customers.name'), dataIndex: 'name' },
          { key: 'roles', title: t('adminPeople.customers.roles'), render: (_v, row) => <RoleTags roles={row.roles} /> },
          { key: 'status', title: t('adminPeople.customers.status'), render: (_v, row) => <CustomerStatusTag status={row.status} /> },
          { key: 'orders', title: t('adminPeople.customers.orders'), dataIndex: 'orders', align: 'right' },
          { key: 'createdAt', title: t('adminPeople.customers.createdAt'), dataIndex: 'createdAt', render: (at: string) => new Date(at).toLocaleDateString(locale) },
        ]}
        data-testid="customers-table"
      />
    </div>
  );
}
