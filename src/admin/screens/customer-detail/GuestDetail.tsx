/**
 * A guest (/admin/customers/guest?email=...): an email that ordered without an account, with its
 * figures and its latest 100 orders (each opening the order's detail). Nothing to change here: a
 * guest has no account; an erasure or an export goes by the account once they register.
 */
import { Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { isApiError } from '../../../client/http.ts';
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useScreen } from '../../frame/screen-context.ts';
import { CustomerKindTag } from '../customers/CustomersScreen.tsx';
import { useDateTime, useMoney } from '../orders/labels.tsx';
import { CustomerColumns, NewsletterTag } from './CustomerOrders.tsx';

/** The email of the tab's address (`?email=`). */
export function guestEmailOf(fullPath: string): string {
  const query = fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?') + 1) : '';
  return (new URLSearchParams(query).get('email') ?? '').trim();
}

export function GuestDetail() {
  const { t } = useT();
  const money = useMoney();
  const when = useDateTime();
  const email = guestEmailOf(useScreen().fullPath);
  const detail = useApiQuery(adminCustomersApi.guestCustomer, { email }, { enabled: email.includes('@'), silent: true });

  if (detail.isError || !email.includes('@')) {
    const missing = !email.includes('@') || (isApiError(detail.error) && detail.error.code === '1404');
    return <Result status={missing ? '404' : 'error'} title={missing ? t('adminCustomers.guestNotFound') : t('admin.common.loadFailed')} />;
  }
  const guest = detail.data;
  if (!guest) return <Skeleton active />;

  return (
    <div className="admin-screen" data-testid="guest-detail">
      <CustomerColumns orders={guest.orderList} count={guest.orders} testId="guest-orders">
        <Card size="small" title={t('adminCustomers.guestTitle', { email: guest.email })}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('adminCustomers.email')}>{guest.email}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.name')}>{guest.name || t('admin.common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.kind')}>
              <CustomerKindTag kind="guest" />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.orders')}>{guest.orders}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.spent')}>{money(guest.spentEur, 'EUR')}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.firstOrder')}>{when(guest.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.lastOrder')}>{when(guest.lastOrderAt)}</Descriptions.Item>
            <Descriptions.Item label={t('adminCustomers.newsletter')}>
              <NewsletterTag subscribed={guest.newsletter} />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('adminCustomers.guestNote')}</Typography.Text>
        </Card>
      </CustomerColumns>
    </div>
  );
}
