/**
 * The order's parcels (docs/back-office.md "Shipments"): each with its carrier, tracking number
 * and link, the lines it holds, its scans, when its tracking was corrected; and the correction
 * dialog (order:move), which the server audits and mails to the shopper once.
 */
import { App, Button, Card, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { adminShipmentsApi } from '../../../domain/api/admin/shipments.ts';
import { isOrderStatus, type ShipmentRecord } from '../../../domain/orders.model.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { TrackingFields } from './TrackingFields.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { useWrite } from '../../widgets/write.ts';
import { useDateTime, useStatusName } from '../orders/labels.tsx';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';

interface Values {
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

function CorrectDialog({ order, parcel, index, onClose }: { order: AdminOrderDetail; parcel: ShipmentRecord | null; index: number; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [form] = Form.useForm<Values>();
  const correct = useApiMutation(adminShipmentsApi.correctShipment, [adminOrdersApi.order, adminAuditApi.auditList]);
  const submit = async (values: Values) => {
    if (!parcel) return;
    const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    await write(async () => {
      await correct.mutateAsync({ orderNo: order.orderNo, shipmentId: parcel.id, carrier: text(values.carrier) ?? '', trackingNumber: text(values.trackingNumber) ?? '', trackingUrl: text(values.trackingUrl) });
      void message.success(t('adminShipments.correctedDone'));
      onClose();
    });
  };
  return (
    <WriteDialog
      open={parcel !== null}
      title={t('adminShipments.correctTitle', { n: index + 1 })}
      onOk={() => form.submit()}
      onCancel={onClose}
      pending={correct.isPending}
      destroyOnHidden
      data-testid="correct-dialog"
    >
      <Typography.Paragraph type="secondary">{t('adminShipments.correctIntro')}</Typography.Paragraph>
      {parcel && (
        <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false} initialValues={{ carrier: parcel.carrier, trackingNumber: parcel.trackingNumber }}>
          <TrackingFields testIdPrefix="correct" />
        </Form>
      )}
    </WriteDialog>
  );
}

export function Parcels({ order, mayCorrect }: { order: AdminOrderDetail; mayCorrect: boolean }) {
  const { t } = useT();
  const when = useDateTime();
  const statusName = useStatusName();
  const scanStatus = (status: string) => (isOrderStatus(status) ? statusName(status) : status);
  const [fixing, setFixing] = useState<number | null>(null);
  useFocusReturn(fixing !== null);
  const whole = (s: ShipmentRecord) => s.lines.length === order.lines.length && s.lines.every((l) => l.quantity === order.lines.find((o) => o.id === l.orderItemId)?.quantity);
  return (
    <>
      {order.shipments.map((s, i) => (
        <Card
          key={s.id}
          size="small"
          className="admin-shipment"
          data-testid="order-shipment"
          title={order.shipments.length > 1 ? t('adminShipments.parcel', { n: i + 1 }) : undefined}
          extra={
            mayCorrect && (
              <Button size="small" onClick={() => setFixing(i)} data-testid="correct-open">
                {t('adminShipments.correct')}
              </Button>
            )
          }
        >
          <Space direction="vertical" size={2}>
            <span>
              {s.carrier} · <Typography.Text code>{s.trackingNumber}</Typography.Text>
            </span>
            <Typography.Text type="secondary">{when(s.shippedAt)}</Typography.Text>
            {s.correctedAt && <Typography.Text type="warning">{t('adminShipments.corrected', { at: when(s.correctedAt) })}</Typography.Text>}
            {s.trackingUrl && (
              <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
                {t('adminOrders.detail.tracking')}
              </a>
            )}
            <ul className="admin-parcel-content" data-testid="parcel-lines">
              {whole(s) && order.shipments.length === 1 ? (
                <li>{t('adminShipments.wholeOrder')}</li>
              ) : (
                s.lines.map((l) => (
                  <li key={l.orderItemId}>
                    #{l.orderItemId} {l.name} · {l.size} × {l.quantity}
                  </li>
                ))
              )}
            </ul>
            {s.events.map((e) => (
              <Typography.Text key={`${e.at}-${e.status}`} type="secondary">
                {when(e.at)} · {scanStatus(e.status)} · {e.description}
                {e.location ? ` (${e.location})` : ''}
              </Typography.Text>
            ))}
          </Space>
        </Card>
      ))}
      <CorrectDialog order={order} parcel={fixing === null ? null : (order.shipments[fixing] ?? null)} index={fixing ?? 0} onClose={() => setFixing(null)} />
    </>
  );
}
