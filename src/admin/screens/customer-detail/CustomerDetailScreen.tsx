/**
 * One customer (/admin/customers/:userId; a guest's orders are GuestDetail.tsx): account, status, roles, newsletter, addresses and
 * orders (each opening the order's detail). Disable and enable (`customer:edit`; staff accounts
 * are the staff screen's), roles through the staff calls (R_SUPER's `staff:manage`), the data
 * export as a JSON file, and erasure (`customer:erase`), confirmed by typing the email again.
 */
import { App, Button, Card, Descriptions, Form, Input, List, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../client/http.ts';
import { ROLES, type Role } from '../../../domain/account.model.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { downloadFile } from '../../widgets/download.ts';
import { useScreen, useTabName } from '../../frame/screen-context.ts';
import { validFields } from '../../widgets/valid-fields.ts';
import { useMay } from '../../state/session.ts';
import { CustomerStatusTag, RoleTags } from '../customers/CustomersScreen.tsx';
import { useDateTime } from '../orders/labels.tsx';
import { CustomerColumns, NewsletterTag } from './CustomerOrders.tsx';
import { GuestDetail } from './GuestDetail.tsx';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';

const STAFF_ROLES: Role[] = [ROLES.SUPER, ROLES.ADMIN];

/** `/customers/<id>` is an account; `/customers/guest?email=` a guest (customers list rows of either). */
export default function CustomerDetailScreen() {
  return useScreen().params.userId === 'guest' ? <GuestDetail /> : <AccountDetail />;
}

function AccountDetail() {
  const { t } = useT();
  const { modal } = App.useApp();
  const write = useWrite();
  const navigate = useNavigate();
  const when = useDateTime();
  const may = useMay();
  const userId = Number(useScreen().params.userId);
  const detail = useApiQuery(adminCustomersApi.customer, { userId }, { enabled: Number.isInteger(userId) && userId > 0, silent: true });
  // Its tab, and the browser's title, name the customer once read: their name, else their email.
  useTabName(detail.data ? detail.data.name.trim() || detail.data.email : null);
  const ask = useConfirmedWrite();
  const invalidates = [adminCustomersApi.customer, adminCustomersApi.customerList, adminAuditApi.auditList, adminStaffApi.staffList];
  const setStatus = useApiMutation(adminCustomersApi.setCustomerStatus, invalidates);
  const grant = useApiMutation(adminStaffApi.grantRole, invalidates);
  const revoke = useApiMutation(adminStaffApi.revokeRole, invalidates);
  const erase = useApiMutation(adminCustomersApi.eraseCustomer, invalidates);
  const exportData = useApiMutation(adminCustomersApi.exportCustomer);
  const [erasing, setErasing] = useState(false);
  const [eraseForm] = Form.useForm<{ confirmEmail: string }>();
  const [granting, setGranting] = useState<Role | null>(null);
  const roleName = (role: string) => t(`admin.staff.roleNames.${role}` as MessageKey);

  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.code === '1404';
    return <Result status={missing ? '404' : 'error'} title={missing ? t('adminCustomers.notFound') : t('admin.common.loadFailed')} />;
  }
  const customer = detail.data;
  if (!customer) return <Skeleton active />;
  const isStaffAccount = customer.roles.some((role) => STAFF_ROLES.includes(role as Role));

  const confirm = (content: string, run: () => Promise<unknown>) => ask({ content, done: t('admin.common.done') }, run);

  return (
    <div className="admin-screen" data-testid="customer-detail">
      <Space wrap style={{ marginBottom: 16 }}>
        {may(PERMISSIONS.CUSTOMER_EDIT) &&
          !isStaffAccount &&
          (customer.status === 'active' ? (
            <Button danger onClick={() => confirm(t('adminCustomers.disableConfirm', { email: customer.email }), () => setStatus.mutateAsync({ userId, status: 'disabled' }))} data-testid="customer-disable">
              {t('adminCustomers.disable')}
            </Button>
          ) : (
            <Button onClick={() => confirm(t('adminCustomers.enableConfirm', { email: customer.email }), () => setStatus.mutateAsync({ userId, status: 'active' }))} data-testid="customer-enable">
              {t('adminCustomers.enable')}
            </Button>
          ))}
        {may(PERMISSIONS.ORDER_CREATE) && customer.status === 'active' && (
          <Button type="primary" onClick={() => navigate(`/new-order?customer=${userId}`)} data-testid="customer-new-order">
            {t('adminNewOrder.forCustomer')}
          </Button>
        )}
        <Button
          loading={exportData.isPending}
          onClick={() =>
            exportData.mutateAsync({ userId }).then(
              (data) => downloadFile(`customer-${userId}.json`, JSON.stringify(data, null, 2), 'application/json'),
              () => undefined,
            )
          }
          data-testid="customer-export"
        >
          {t('adminCustomers.export')}
        </Button>
        {may(PERMISSIONS.CUSTOMER_ERASE) && !isStaffAccount && (
          <Button
            danger
            type="primary"
            onClick={() => {
              eraseForm.resetFields();
              setErasing(true);
            }}
            data-testid="customer-erase"
          >
            {t('adminCustomers.erase')}
          </Button>
        )}
      </Space>
      <CustomerColumns orders={customer.orderList} count={customer.orders} testId="customer-orders">
        <Card size="small" title={t('adminCustomers.detail')}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('adminCustomers.email')}>{customer.email}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.name')}>{customer.name || t('admin.common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.status')}>
              <span data-testid="customer-status">
                <CustomerStatusTag status={customer.status} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.roles')}>
              {may(PERMISSIONS.STAFF_MANAGE) ? (
                <Space size={4} wrap>
                  {customer.roles.map((role) => (
                    <Tag
                      key={role}
                      color={role === ROLES.SUPER ? 'gold' : role === ROLES.ADMIN ? 'blue' : undefined}
                      closable={STAFF_ROLES.includes(role as Role)}
                      closeIcon={STAFF_ROLES.includes(role as Role) ? undefined : false}
                      onClose={(event) => {
                        event.preventDefault();
                        confirm(t('adminCustomers.revokeConfirm', { email: customer.email, role: roleName(role) }), () => revoke.mutateAsync({ email: customer.email, role: role as Role }));
                      }}
                      {...(STAFF_ROLES.includes(role as Role) ? { 'aria-label': t('adminCustomers.revokeRole', { role: roleName(role) }) } : {})}
                    >
                      {roleName(role)}
                    </Tag>
                  ))}
                  <Select<Role>
                    size="small"
                    value={granting}
                    placeholder={t('adminCustomers.grantRole')}
                    style={{ minWidth: 120 }}
                    aria-label={t('adminCustomers.grantRole')}
                    options={STAFF_ROLES.filter((role) => !customer.roles.includes(role)).map((role) => ({ value: role, label: roleName(role) }))}
                    onChange={(role) => {
                      setGranting(null);
                      confirm(t('adminCustomers.grantConfirm', { email: customer.email, role: roleName(role) }), () => grant.mutateAsync({ email: customer.email, role }));
                    }}
                  />
                </Space>
              ) : (
                <RoleTags roles={customer.roles} />
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.newsletter')}>
              <NewsletterTag subscribed={customer.newsletter} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.locale')}>{customer.locale}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.createdAt')}>{when(customer.createdAt)}</Descriptions.Item>
          </Descriptions>
          {isStaffAccount && <Typography.Text type="secondary">{t('adminCustomers.staffNote')}</Typography.Text>}
        </Card>
        <Card size="small" title={t('adminCustomers.addresses')} style={{ marginTop: 16 }}>
          <List
            size="small"
            dataSource={customer.addresses}
            locale={{ emptyText: <Typography.Text type="secondary">{t('adminCustomers.noAddresses')}</Typography.Text> }}
            renderItem={(address) => (
              <List.Item>
                <div>
                  <strong>
                    {address.firstName} {address.lastName}
                  </strong>{' '}
                  {address.isDefault && <Tag color="blue">{t('adminCustomers.default')}</Tag>}
                  <div>
                    {address.address}, {address.postalCode} {address.city}, {address.country}
                  </div>
                  <Typography.Text type="secondary">{address.phone}</Typography.Text>
                </div>
              </List.Item>
            )}
          />
        </Card>
      </CustomerColumns>
      <WriteDialog
        open={erasing}
        title={t('adminCustomers.eraseTitle', { email: customer.email })}
        okText={t('adminCustomers.erase')}
        okButtonProps={{ danger: true }}
        pending={erase.isPending}
        onCancel={() => setErasing(false)}
        onOk={async () => {
          const valid = await validFields(eraseForm);
          if (!valid) return;
          const { confirmEmail } = valid;
          await write(async () => {
            const answer = await erase.mutateAsync({ userId, confirmEmail });
            setErasing(false);
            modal.success({ content: t('adminCustomers.erased', { count: answer.ordersAnonymised }), okText: t('admin.common.ok'), onOk: () => navigate('/customers') });
          });
        }}
      >
        <Typography.Paragraph type="danger">{t('adminCustomers.eraseWarning')}</Typography.Paragraph>
        <Form form={eraseForm} layout="vertical">
          <Form.Item
            name="confirmEmail"
            label={t('adminCustomers.eraseConfirmLabel')}
            rules={[{ required: true, validator: async (_rule, value: string) => (value?.trim().toLowerCase() === customer.email ? undefined : Promise.reject(new Error(t('adminCustomers.eraseConfirmLabel')))) }]}
          >
            <Input autoComplete="off" data-testid="erase-confirm" />
          </Form.Item>
        </Form>
      </WriteDialog>
    </div>
  );
}
