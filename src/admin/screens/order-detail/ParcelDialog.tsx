/**
 * Ship part of an order (docs/back-office.md "Shipments"): per line how many go in this parcel
 * (never more than is left), its carrier, tracking number and optional link. The server checks
 * again under the order's lock; a refusal (another parcel meanwhile) is shown and the dialog stays.
 */
import { App, Form, InputNumber, Typography } from 'antd';
import { useMemo } from 'react';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { adminShipmentsApi } from '../../../domain/api/admin/shipments.ts';
import type { OrderLineRecord } from '../../../domain/orders.model.ts';
import { unshippedOf } from '../../../domain/shipments.model.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { TrackingFields } from './TrackingFields.tsx';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';

interface Values {
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  quantities?: Record<string, number | null>;
}

/** What is left to ship of each line, as the order's parcels say. */
export function leftOf(order: AdminOrderDetail): Map<number, number> {
  return unshippedOf(order.lines, order.shipments.map((s) => ({ items: s.lines })));
}

export function ParcelDialog({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [form] = Form.useForm<Values>();
  const ship = useApiMutation(adminShipmentsApi.shipParcel, [adminOrdersApi.order, adminOrdersApi.orderList, adminOrdersApi.dashboard, adminAuditApi.auditList]);
  const left = useMemo(() => leftOf(order), [order]);
  const lines = order.lines.filter((line) => (left.get(line.id) ?? 0) > 0);

  const submit = async (values: Values) => {
    const picked = Object.entries(values.quantities ?? {})
      .map(([id, quantity]) => ({ orderItemId: Number(id), quantity: quantity ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (picked.length === 0) {
      void message.error(t('adminShipments.pickSomething'));
      return;
    }
    const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    await write(async () => {
      await ship.mutateAsync({ orderNo: order.orderNo, carrier: text(values.carrier) ?? '', trackingNumber: text(values.trackingNumber) ?? '', trackingUrl: text(values.trackingUrl), lines: picked });
      void message.success(t('adminShipments.shipped'));
      form.resetFields();
      onClose();
    });
  };

  return (
    <WriteDialog
      open={open}
      title={t('adminShipments.shipPartTitle', { orderNo: order.orderNo })}
      onOk={() => form.submit()}
      onCancel={onClose}
      pending={ship.isPending}
      destroyOnHidden
      width={640}
      data-testid="parcel-dialog"
    >
      <Typography.Paragraph type="secondary">{t('adminShipments.shipPartIntro')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false}>
        <RowsTable<OrderLineRecord>
          rowKey="id"
          dataSource={lines}
          width={480}
          className="admin-parcel-lines"
          columns={[
            { key: 'line', title: t('adminShipments.line'), render: (_v, line) => `#${line.id} ${line.name} · ${line.size}${line.customName ? ` · ${line.customName}` : ''}${line.customNumber ? ` ${line.customNumber}` : ''}` },
            { key: 'left', title: t('adminShipments.left'), align: 'right', render: (_v, line) => left.get(line.id) },
            {
              key: 'qty',
              title: t('adminShipments.inParcel'),
              align: 'right',
              render: (_v, line) => (
                <Form.Item name={['quantities', String(line.id)]} noStyle initialValue={0}>
                  <InputNumber min={0} max={left.get(line.id)} precision={0} style={{ width: 80 }} aria-label={`${t('adminShipments.inParcel')} #${line.id}`} data-testid={`parcel-qty-${line.id}`} />
                </Form.Item>
              ),
            },
          ]}
        />
        <TrackingFields testIdPrefix="parcel" />
      </Form>
    </WriteDialog>
  );
}
