/**
 * What a customer's detail and a guest's share: the orders card, their latest orders (at most 100,
 * from the server), ten a page, where a row (click or Enter) or its number opens the order; the
 * two columns around it; the newsletter tag.
 */
import { Card, Col, Row, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderStatus } from '../../../domain/orders.model.ts';
import type { AdminCustomerOrder } from '../../../domain/back-office/customers.model.ts';
import { useT } from '../../i18n.tsx';
import { rowOpens } from '../../widgets/paged-table.tsx';
import { StatusTag, useDateTime, useMoney } from '../orders/labels.tsx';

/** `count`: all their orders, which the card's title gives; `orders` the latest of them. */
export function CustomerOrders({ orders, count, testId }: { orders: AdminCustomerOrder[]; count: number; testId: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const money = useMoney();
  const when = useDateTime();
  return (
    <Card size="small" title={`${t('adminCustomers.orderList')} (${count})`}>
      <Table<AdminCustomerOrder>
        rowKey="orderNo"
        size="small"
        dataSource={orders}
        pagination={orders.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: 520 }}
        locale={{ emptyText: t('adminCustomers.noOrders') }}
        onRow={rowOpens((order) => navigate(`/orders/${order.orderNo}`))}
        columns={[
          { key: 'orderNo', title: t('adminCustomers.orderNo'), dataIndex: 'orderNo', render: (orderNo: string) => <Link to={`/orders/${orderNo}`}>{orderNo}</Link> },
          { key: 'status', title: t('adminCustomers.orderStatus'), dataIndex: 'status', render: (status: OrderStatus) => <StatusTag status={status} /> },
          { key: 'total', title: t('adminCustomers.orderTotal'), align: 'right', render: (_v, order) => money(order.total, order.currency as CurrencyCode) },
          { key: 'createdAt', title: t('adminCustomers.placedAt'), dataIndex: 'createdAt', render: (at: string) => when(at) },
        ]}
        data-testid={testId}
      />
    </Card>
  );
}

/** Who the customer or guest is (left, or on top on a narrow screen) beside their orders. */
export function CustomerColumns({ children, ...orders }: { children: ReactNode; orders: AdminCustomerOrder[]; count: number; testId: string }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        {children}
      </Col>
      <Col xs={24} xl={14}>
        <CustomerOrders {...orders} />
      </Col>
    </Row>
  );
}

export function NewsletterTag({ subscribed }: { subscribed: boolean }) {
  const { t } = useT();
  return subscribed ? <Tag color="green">{t('adminCustomers.subscribed')}</Tag> : <Tag>{t('adminCustomers.notSubscribed')}</Tag>;
}
