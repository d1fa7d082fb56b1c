/**
 * The dashboard: revenue today, 7 and 30 days (EUR, with the split per currency), orders per
 * status, daily orders and revenue over 30 days, top products, low-stock sizes and the latest
 * orders (each opening its detail); the storefront's real-user vitals, the site's rebuilds and the
 * mail outbox; for the owner, a warning while invoices would print no seller (Settings -> Seller).
 */
import { Button, Card, Col, Empty, List, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { AdminOrderRow } from '../../../domain/back-office/orders.model.ts';
import type { Dashboard, RevenueFigure } from '../../../domain/back-office/dashboard.model.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { ScreenLink } from '../../widgets/ScreenLink.tsx';
import { StatusTag, useDateTime, useMoney } from '../orders/labels.tsx';
import { adminSettingsApi } from '../../../domain/api/admin/settings.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { useMay } from '../../state/session.ts';
import { SellerWarning, sellerMissing } from '../settings/seller-warning.tsx';
import { DailyChart } from './Chart.tsx';
import { MailOutboxCard } from './MailOutboxCard.tsx';
import { SiteBuildCard } from './SiteBuildCard.tsx';
import { VitalsCard } from './VitalsCard.tsx';

function Revenue({ title, figure, testId }: { title: string; figure: RevenueFigure; testId: string }) {
  const { t } = useT();
  const money = useMoney();
  return (
    <Card data-testid={testId}>
      <Statistic title={title} value={money(figure.revenueEur, 'EUR')} />
      <Typography.Text type="secondary">{t('adminOrders.dashboard.orderCount', { count: figure.orders })}</Typography.Text>
      {figure.byCurrency.length > 0 && (
        <ul className="admin-currency-split" aria-label={t('adminOrders.dashboard.byCurrency')}>
          {figure.byCurrency.map((c) => (
            <li key={c.currency}>
              <span>{c.currency}</span>
              <span>{money(c.amount, c.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Body({ data }: { data: Dashboard }) {
  const { t } = useT();
  const money = useMoney();
  const when = useDateTime();
  const navigate = useNavigate();
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminOrders.dashboard.nothing')} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Revenue title={t('adminOrders.dashboard.today')} figure={data.revenue.today} testId="revenue-today" />
      </Col>
      <Col xs={24} md={8}>
        <Revenue title={t('adminOrders.dashboard.days7')} figure={data.revenue.days7} testId="revenue-7" />
      </Col>
      <Col xs={24} md={8}>
        <Revenue title={t('adminOrders.dashboard.days30')} figure={data.revenue.days30} testId="revenue-30" />
      </Col>
      <Col xs={24} xl={16}>
        <Card title={t('adminOrders.dashboard.chart')}>
          <DailyChart days={data.daily} />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('adminOrders.dashboard.statuses')} data-testid="status-counts">
          <List
            size="small"
            dataSource={data.statusCounts}
            locale={{ emptyText: empty }}
            renderItem={(row) => (
              <List.Item extra={<strong>{row.count}</strong>}>
                <StatusTag status={row.status} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('adminOrders.dashboard.topProducts')}>
          <Table
            rowKey={(row) => `${row.productId ?? row.title}`}
            size="small"
            pagination={false}
            dataSource={data.topProducts}
            locale={{ emptyText: empty }}
            columns={[
              { key: 'title', title: t('adminOrders.dashboard.product'), dataIndex: 'title' },
              { key: 'qty', title: t('adminOrders.dashboard.quantity'), dataIndex: 'quantity', align: 'right' },
              { key: 'rev', title: t('adminOrders.dashboard.revenue'), align: 'right', render: (_v, row) => money(row.revenueEur, 'EUR') },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('adminOrders.dashboard.lowStock')} data-testid="low-stock">
          <Table
            rowKey={(row) => `${row.productId}-${row.size}`}
            size="small"
            pagination={false}
            dataSource={data.lowStock}
            locale={{ emptyText: empty }}
            columns={[
              { key: 'title', title: t('adminOrders.dashboard.product'), dataIndex: 'title' },
              { key: 'size', title: t('adminOrders.dashboard.size'), dataIndex: 'size' },
              { key: 'stock', title: t('adminOrders.dashboard.stock'), dataIndex: 'stock', align: 'right', render: (stock: number) => <Typography.Text type={stock === 0 ? 'danger' : 'warning'}>{stock}</Typography.Text> },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card
          title={t('adminOrders.dashboard.latest')}
          extra={
            <Button type="link" onClick={() => navigate('/orders')}>
              {t('adminOrders.dashboard.allOrders')}
            </Button>
          }
        >
          <Table<AdminOrderRow>
            rowKey="orderNo"
            size="small"
            pagination={false}
            dataSource={data.latest}
            locale={{ emptyText: empty }}
            scroll={{ x: 640 }}
            data-testid="latest-orders"
            columns={[
              {
                key: 'orderNo',
                title: t('adminOrders.list.orderNo'),
                render: (_v, row) => (
                  <ScreenLink to={`/orders/${row.orderNo}`}>{row.orderNo}</ScreenLink>
                ),
              },
              { key: 'at', title: t('adminOrders.list.createdAt'), render: (_v, row) => when(row.createdAt) },
              { key: 'customer', title: t('adminOrders.list.customer'), dataIndex: 'customerName' },
              { key: 'status', title: t('adminOrders.list.status'), render: (_v, row) => <StatusTag status={row.status} /> },
              { key: 'total', title: t('adminOrders.list.total'), align: 'right', render: (_v, row) => money(row.total, row.currency) },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <VitalsCard />
      </Col>
      <Col span={24}>
        <SiteBuildCard />
      </Col>
      <Col span={24}>
        <MailOutboxCard />
      </Col>
    </Row>
  );
}

/** While invoices would print no seller, the owner (who may set it) is told so here too. */
function SellerNotice() {
  const may = useMay();
  const navigate = useNavigate();
  const allowed = may(PERMISSIONS.SETTINGS_EDIT);
  const settings = useApiQuery(adminSettingsApi.settings, undefined, { enabled: allowed, silent: true });
  if (!allowed || !settings.data || !sellerMissing(settings.data.settings.seller)) return null;
  return (
    <div className="admin-dashboard-notice">
      <SellerWarning onOpen={() => navigate('/settings?tab=seller')} />
    </div>
  );
}

export default function DashboardScreen() {
  const { t } = useT();
  const query = useApiQuery(adminOrdersApi.dashboard);
  return (
    <div className="admin-screen admin-dashboard" data-testid="dashboard">
      <SellerNotice />
      {query.data ? <Body data={query.data} /> : query.isError ? <Empty description={t('adminOrders.common.loadFailed')} /> : <Skeleton active paragraph={{ rows: 10 }} />}
    </div>
  );
}
