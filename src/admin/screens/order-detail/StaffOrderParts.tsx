/**
 * What the order detail shows of a staff order (docs/back-office.md "Manual orders"): where it
 * came from (staff, or the replacement of another order), each offline payment's method,
 * reference and reason, the lines whose price staff set by hand with why, and "Mark paid offline"
 * for one still waiting for its link (order:pay-offline).
 */
import { App, Button, Descriptions, Form, Input, List, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrderChangesApi } from '../../../domain/api/admin/order-changes.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { adminStaffOrdersApi } from '../../../domain/api/admin/staff-orders.ts';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { OFFLINE_PAYMENT_METHODS, type OfflinePaymentMethod } from '../../../domain/order-changes.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { ScreenLink } from '../../widgets/ScreenLink.tsx';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';

export function SourceTag({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  if (order.source === 'staff') return <Tag color="blue" data-testid="order-source">{t('adminNewOrder.source.staff')}</Tag>;
  if (order.source === 'replacement' && order.replacesOrderNo)
    return (
      <Tag color="purple" data-testid="order-source">
        <ScreenLink to={`/orders/${order.replacesOrderNo}`}>{t('adminNewOrder.source.replacement', { orderNo: order.replacesOrderNo })}</ScreenLink>
      </Tag>
    );
  return null;
}

/** The offline payments' details, under the payments table. */
export function OfflinePayments({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  const offline = order.payments.filter((p) => p.provider === 'offline');
  if (offline.length === 0) return null;
  return (
    <>
      {offline.map((p) => (
        <Descriptions key={p.offlineReference ?? 'offline'} size="small" column={1} title={t('adminNewOrder.offline.title')} data-testid="order-offline-payment" className="admin-subtitle">
          <Descriptions.Item label={t('adminNewOrder.offline.method')}>{p.offlineMethod ? t(`adminNewOrder.offlineMethods.${p.offlineMethod}` as MessageKey) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('adminNewOrder.offline.reference')}>{p.offlineReference}</Descriptions.Item>
          <Descriptions.Item label={t('adminNewOrder.offline.reason')}>{p.offlineReason}</Descriptions.Item>
        </Descriptions>
      ))}
      <Typography.Paragraph type="secondary">{t('adminNewOrder.offline.noRefund')}</Typography.Paragraph>
    </>
  );
}

/** The lines whose price staff set by hand, with why. */
export function PriceReasons({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  if (order.priceReasons.length === 0) return null;
  const name = (id: number) => {
    const line = order.lines.find((l) => l.id === id);
    return line ? `${line.name} · ${line.size}` : `#${id}`;
  };
  return (
    <List
      size="small"
      header={<strong>{t('adminNewOrder.priceReasons')}</strong>}
      dataSource={order.priceReasons}
      data-testid="order-price-reasons"
      renderItem={(r) => (
        <List.Item>
          {name(r.id)}: {r.reason}
        </List.Item>
      )}
    />
  );
}

/** "Mark paid offline" for a staff order still waiting for its money. */
export function PayOfflineButton({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ method: OfflinePaymentMethod; reference: string; reason: string }>();
  const pay = useApiMutation(adminStaffOrdersApi.payOffline, [adminOrdersApi.order, adminOrdersApi.orderList, adminOrdersApi.dashboard, adminOrderChangesApi.changes, adminAuditApi.auditList]);
  const required = [{ required: true, whitespace: true, message: t('adminNewOrder.required') }];
  const submit = async () => {
    const v = await form.validateFields();
    await write(async () => {
      await pay.mutateAsync({ orderNo: order.orderNo, method: v.method, reference: v.reference.trim(), reason: v.reason.trim() });
      void message.success(t('adminNewOrder.offline.done'));
      setOpen(false);
    });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="pay-offline-open">
        {t('adminNewOrder.offline.open')}
      </Button>
      <WriteDialog open={open} title={t('adminNewOrder.offline.dialogTitle', { orderNo: order.orderNo })} okText={t('adminNewOrder.offline.ok')} onOk={() => void submit()} pending={pay.isPending} onCancel={() => setOpen(false)} destroyOnHidden data-testid="pay-offline-dialog">
        <Form form={form} layout="vertical" initialValues={{ method: 'bank-transfer' }} preserve={false}>
          <Form.Item name="method" label={t('adminNewOrder.offlineMethod')}>
            <Select options={OFFLINE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`adminNewOrder.offlineMethods.${m}` as MessageKey) }))} />
          </Form.Item>
          <Form.Item name="reference" label={t('adminNewOrder.reference')} rules={required}>
            <Input maxLength={100} data-testid="pay-offline-reference" />
          </Form.Item>
          <Form.Item name="reason" label={t('adminNewOrder.offlineReason')} rules={required}>
            <Input maxLength={500} data-testid="pay-offline-reason" />
          </Form.Item>
        </Form>
      </WriteDialog>
    </>
  );
}
