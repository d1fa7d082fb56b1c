/**
 * One order (/admin/orders/:orderNo, deep-linkable): its lines with their full personalisation,
 * amounts with the tax frozen at placement, its invoices and credit notes, customer, address, payments with PayPal ids, refunds, status timeline and shipments,
 * internal notes, and the moves the caller may make (the server's nextStatuses, plus the
 * R_SUPER override where personalised items are already in production).
 */
import { Alert, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../client/http.ts';
import type { AdminOrderDetail, AdminPayment, AdminRefund } from '../../../domain/back-office/orders.model.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { PAID_STATUSES, PRINTED_STATUSES } from '../../../domain/orders.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { useScreen } from '../../frame/screen-context.ts';
import { useAdminSession } from '../../state/session.ts';
import { sheetPath } from '../orders/filters.ts';
import { PaymentTag, StatusTag, useDateTime, useMoney, useStatusName } from '../orders/labels.tsx';
import { Lines } from './Lines.tsx';
import { MoveDialog, type MoveChoice } from './MoveDialog.tsx';
import { offeredMoves } from './moves.ts';
import { Notes } from './Notes.tsx';
import { leftOf, ParcelDialog } from './ParcelDialog.tsx';
import { Parcels } from './Parcels.tsx';
import { PrintDocsButtons } from '../orders/PrintDocsButtons.tsx';
import { OrderChanges } from './OrderChanges.tsx';
import { RefundDialog } from './RefundDialog.tsx';
import { AddedTax, Documents, IncludedTax } from './TaxParts.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { OfflinePayments, PayOfflineButton, PriceReasons, SourceTag } from './StaffOrderParts.tsx';

function Amounts({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  const money = useMoney();
  const a = order.amounts;
  const row = (label: string, value: number, testId?: string) => (
    <div className="admin-amount-row" data-testid={testId}>
      <span>{label}</span>
      <span>{money(value, a.currency)}</span>
    </div>
  );
  return (
    <div className="admin-amounts">
      {row(t('adminOrders.detail.items'), a.items)}
      {a.tierDiscount > 0 && row(t('adminOrders.detail.tierDiscount', { percent: a.tierPercent }), -a.tierDiscount)}
      {a.couponDiscount > 0 && row(t('adminOrders.detail.coupon', { code: a.couponCode ?? '' }), -a.couponDiscount)}
      {row(t('adminOrders.detail.shipping'), a.shipping)}
      <AddedTax tax={a.tax} currency={a.currency} />
      <div className="admin-amount-row is-total" data-testid="order-total">
        <span>{t('adminOrders.detail.total')}</span>
        <span>{money(a.total, a.currency)}</span>
      </div>
      <IncludedTax tax={a.tax} currency={a.currency} />
      {PAID_STATUSES.includes(order.status) || order.refunds.length > 0 ? row(t('adminOrders.detail.refundable'), order.refundable, 'order-refundable') : null}
    </div>
  );
}

function Payments({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  const money = useMoney();
  const when = useDateTime();
  const code = (value: string | null) => (value ? <Typography.Text code copyable>{value}</Typography.Text> : '—');
  // A status the shop learns to store later still shows, as its code.
  const paymentRowStatus = (status: string) => {
    const key = `adminOrders.paymentRow.${status}` as MessageKey;
    const name = t(key);
    return name === key ? status : name;
  };
  return (
    <>
      <RowsTable<AdminPayment>
        rowKey={(p) => p.paypalOrderId ?? p.provider}
        dataSource={order.payments}
        width={640}
        data-testid="order-payments"
        columns={[
          { key: 'provider', title: t('adminOrders.detail.provider'), render: (_v, p) => (p.provider === 'paypal' ? 'PayPal' : t(`adminNewOrder.provider.${p.provider}` as MessageKey)) },
          { key: 'status', title: t('adminOrders.detail.paymentStatus'), render: (_v, p) => <Tag data-status={p.status}>{paymentRowStatus(p.status)}</Tag> },
          { key: 'amount', title: t('adminOrders.detail.amount'), align: 'right', render: (_v, p) => money(p.amount, p.currency) },
          { key: 'order', title: t('adminOrders.detail.paypalOrderId'), render: (_v, p) => code(p.paypalOrderId) },
          { key: 'capture', title: t('adminOrders.detail.captureId'), render: (_v, p) => code(p.captureId) },
          { key: 'payer', title: t('adminOrders.detail.payer'), render: (_v, p) => [p.payerName, p.payerEmail].filter(Boolean).join(' · ') || '—' },
        ]}
      />
      <OfflinePayments order={order} />
      {order.refunds.length > 0 && (
        <>
          <Typography.Title level={5} className="admin-subtitle">
            {t('adminOrders.detail.refunds')}
          </Typography.Title>
          <RowsTable<AdminRefund>
            rowKey="id"
            dataSource={order.refunds}
            width={720}
            data-testid="order-refunds"
            columns={[
              { key: 'at', title: t('adminOrders.detail.at'), render: (_v, r) => when(r.at) },
              { key: 'amount', title: t('adminOrders.detail.amount'), align: 'right', render: (_v, r) => money(r.amount, r.currency) },
              {
                key: 'status',
                title: t('adminOrders.detail.paymentStatus'),
                render: (_v, r) => <Tag color={r.status === 'completed' ? 'green' : r.status === 'failed' ? 'red' : 'gold'}>{t(`adminOrders.detail.refundStatus.${r.status}` as MessageKey)}</Tag>,
              },
              { key: 'id', title: t('adminOrders.detail.refundId'), render: (_v, r) => code(r.paypalRefundId) },
              { key: 'reason', title: t('adminOrders.detail.reason'), dataIndex: 'reason' },
              { key: 'by', title: t('adminOrders.detail.by'), dataIndex: 'byEmail' },
              { key: 'restocked', title: t('adminOrders.detail.restocked'), render: (_v, r) => (r.restocked ? t('adminOrders.common.yes') : t('adminOrders.common.no')) },
            ]}
          />
        </>
      )}
    </>
  );
}

function History({ order, mayCorrect }: { order: AdminOrderDetail; mayCorrect: boolean }) {
  const when = useDateTime();
  const statusName = useStatusName();
  return (
    <>
      <Timeline
        data-testid="order-timeline"
        items={order.timeline.map((event) => ({
          key: `${event.to}-${event.at}`,
          content: (
            <div>
              <strong>{statusName(event.to)}</strong> <Typography.Text type="secondary">{when(event.at)}</Typography.Text>
              {event.note && <div className="admin-note-text">{event.note}</div>}
            </div>
          ),
        }))}
      />
      <Parcels order={order} mayCorrect={mayCorrect} />
    </>
  );
}

export default function OrderDetailScreen() {
  const { t } = useT();
  const { params } = useScreen();
  const orderNo = params.orderNo ?? '';
  const navigate = useNavigate();
  const { user } = useAdminSession();
  const may = (code: string) => user?.buttons.includes(code) ?? false;
  const when = useDateTime();
  const query = useApiQuery(adminOrdersApi.order, { orderNo }, { silent: true });
  const [moving, setMoving] = useState<MoveChoice | null>(null);
  useFocusReturn(moving !== null);
  const [refunding, setRefunding] = useState(false);
  useFocusReturn(refunding);
  const [parcelling, setParcelling] = useState(false);
  useFocusReturn(parcelling);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError || !query.data) {
    const notFound = isApiError(query.error) && (query.error.code === '1404' || query.error.code === '1001');
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={orderNo}
        subTitle={notFound ? t('adminOrders.detail.notFound') : t('adminOrders.common.loadFailed')}
        extra={<Button onClick={() => navigate('/orders')}>{t('adminOrders.detail.back')}</Button>}
        data-testid="order-missing"
      />
    );
  }
  const order = query.data;
  const mayOverride = may(PERMISSIONS.ORDER_OVERRIDE);
  const moves = offeredMoves(order, mayOverride);
  const mayRefund = may(PERMISSIONS.ORDER_REFUND) && order.refundable > 0 && PAID_STATUSES.includes(order.status);
  const a = order.shippingAddress;
  // Part of it may ship while it is paid, in production or partly shipped, and something is left.
  const mayShipPart = may(PERMISSIONS.ORDER_MOVE) && ['paid', 'processing', 'partially_shipped'].includes(order.status) && [...leftOf(order).values()].some((n) => n > 0);

  return (
    <div className="admin-screen admin-order" data-testid="order-detail" data-order-status={order.status}>
      <Card>
        <div className="admin-order-head">
          <div>
            <Typography.Title level={3} className="admin-order-no">
              {order.orderNo}
            </Typography.Title>
            <Space wrap size={4}>
              <StatusTag status={order.status} />
              <PaymentTag state={order.paymentState} named />
              {order.personalised && <Tag color="magenta">{t('adminOrders.list.personalised')}</Tag>}
              <SourceTag order={order} />
              <Typography.Text type="secondary">{t('adminOrders.detail.placed', { at: when(order.createdAt) })}</Typography.Text>
            </Space>
          </div>
          <Space wrap className="admin-order-actions" data-testid="order-actions">
            {may(PERMISSIONS.ORDER_SHEET) && <Button onClick={() => navigate(sheetPath([order.orderNo]))}>{t('adminOrders.detail.productionSheet')}</Button>}
            {may(PERMISSIONS.ORDER_SHEET) && <PrintDocsButtons orderNos={[order.orderNo]} labels={{ slip: 'adminShipments.packingSlip', label: 'adminShipments.label' }} testIds={{ slip: 'print-slip', label: 'print-label' }} />}
            {order.source === 'staff' && order.status === 'pending_payment' && may(PERMISSIONS.ORDER_PAY_OFFLINE) && <PayOfflineButton order={order} />}
            {mayShipPart && (
              <Button onClick={() => setParcelling(true)} data-testid="ship-part">
                {t('adminShipments.shipPart')}
              </Button>
            )}
            {moves.map((choice) => (
              <Button
                key={`${choice.to}-${choice.override}`}
                type={choice.to === 'processing' || choice.to === 'shipped' ? 'primary' : 'default'}
                danger={choice.to === 'cancelled' || choice.to === 'refunded'}
                onClick={() => setMoving(choice)}
                data-move={choice.to}
                data-override={choice.override ? 'true' : undefined}
              >
                {t(`adminOrders.move.${choice.to}` as MessageKey)}
                {choice.override ? ' *' : ''}
              </Button>
            ))}
            {mayRefund && (
              <Button danger onClick={() => setRefunding(true)} data-testid="refund-open">
                {t('adminOrders.refund.open')}
              </Button>
            )}
          </Space>
        </div>
        {moves.some((m) => m.override) && <Alert type="warning" showIcon message={t('adminOrders.move.override')} className="admin-order-alert" />}
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('adminOrders.detail.lines')}>
            <Lines order={order} />
            <PriceReasons order={order} />
            <Amounts order={order} />
          </Card>
          <Card title={t('adminTax.order.documents')} data-testid="order-documents-card">
            <Documents order={order} />
          </Card>
          <Card title={t('adminOrders.detail.payments')}>
            <Payments order={order} />
          </Card>
          <Card title={t('adminOrderChanges.title')} data-testid="order-changes-card">
            <OrderChanges order={order} mayEdit={may(PERMISSIONS.ORDER_EDIT)} />
          </Card>
          <Card title={t('adminOrders.detail.notes')}>
            <Notes orderNo={order.orderNo} notes={order.notes} mayWrite={may(PERMISSIONS.ORDER_NOTE)} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('adminOrders.detail.customer')}>
            <Descriptions column={1} size="small" data-testid="order-customer">
              <Descriptions.Item label={t('adminOrders.detail.name')}>{order.customer.name}</Descriptions.Item>
              <Descriptions.Item label={t('adminOrders.detail.email')}>
                <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
              </Descriptions.Item>
              <Descriptions.Item label={t('adminOrders.detail.account')}>{order.customer.userId === null ? t('adminOrders.detail.guest') : `#${order.customer.userId}`}</Descriptions.Item>
              <Descriptions.Item label={t('adminOrders.detail.language')}>{order.customer.locale}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('adminOrders.detail.shipTo')}>
            <address className="admin-address" data-testid="order-address">
              {`${a.firstName} ${a.lastName}`.trim()}
              {a.company && <br />}
              {a.company}
              <br />
              {a.address}
              {a.address2 && (
                <>
                  <br />
                  {a.address2}
                </>
              )}
              <br />
              {[a.postalCode, a.city].filter(Boolean).join(' ')}
              {a.provinceName || a.province ? `, ${a.provinceName || a.province}` : ''}
              <br />
              {a.countryName || a.country}
              <br />
              {t('adminOrders.detail.phone')}: {a.phoneCode} {a.phone}
            </address>
            <Typography.Text type="secondary">
              {t('adminOrders.detail.delivery', { method: t(`adminOrders.shippingMethod.${order.shippingMethod}` as MessageKey), min: order.delivery.minDays, max: order.delivery.maxDays })}
            </Typography.Text>
          </Card>
          <Card title={t('adminOrders.detail.timeline')}>
            <History order={order} mayCorrect={may(PERMISSIONS.ORDER_MOVE)} />
          </Card>
        </Col>
      </Row>
      {moves.length === 0 && !mayRefund && <Typography.Paragraph type="secondary">{t('adminOrders.detail.noActions')}</Typography.Paragraph>}
      <MoveDialog order={order} choice={moving} onClose={() => setMoving(null)} />
      <ParcelDialog order={order} open={parcelling} onClose={() => setParcelling(false)} />
      <RefundDialog order={order} open={refunding} mayOverride={mayOverride && order.personalised && PRINTED_STATUSES.includes(order.status)} onClose={() => setRefunding(false)} />
    </div>
  );
}
