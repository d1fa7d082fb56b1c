/**
 * Asks before moving an order: to production, shipped (carrier, tracking number, optional link),
 * delivered, cancelled or refunded in full. An override (R_SUPER, personalised items already in
 * production) needs a reason. The server's refusal is shown by the HTTP layer and the dialog stays.
 */
import { App, Form, Input, Typography } from 'antd';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useStatusName } from '../orders/labels.tsx';
import type { MoveChoice } from './moves.ts';
import { TrackingFields } from './TrackingFields.tsx';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';

export type { MoveChoice };


interface Values {
  note?: string;
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  reason?: string;
}

export function MoveDialog({ order, choice, onClose }: { order: AdminOrderDetail; choice: MoveChoice | null; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const statusName = useStatusName();
  const [form] = Form.useForm<Values>();
  const move = useApiMutation(adminOrdersApi.moveOrder, [adminOrdersApi.order, adminOrdersApi.orderList, adminOrdersApi.dashboard, adminAuditApi.auditList]);
  const to = choice?.to;
  const question =
    to === 'cancelled' && order.status !== 'pending_payment'
      ? t('adminOrders.move.confirmCancelPaid', { orderNo: order.orderNo })
      : to === 'refunded'
        ? t('adminOrders.move.confirmFullRefund', { orderNo: order.orderNo })
        : t('adminOrders.move.confirm', { orderNo: order.orderNo, status: to ? statusName(to) : '' });

  const submit = async (values: Values) => {
    if (!choice) return;
    const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    await write(async () => {
      await move.mutateAsync({
        orderNo: order.orderNo,
        to: choice.to,
        from: order.status,
        note: text(values.note),
        ...(choice.to === 'shipped' ? { carrier: text(values.carrier), trackingNumber: text(values.trackingNumber), trackingUrl: text(values.trackingUrl) } : {}),
        ...(choice.override ? { override: true, reason: text(values.reason) } : {}),
      });
      void message.success(t('adminOrders.move.done', { status: statusName(choice.to) }));
      form.resetFields();
      onClose();
    });
  };

  return (
    <WriteDialog
      open={choice !== null}
      title={to ? t(`adminOrders.move.${to}` as MessageKey) : ''}
      onOk={() => form.submit()}
      onCancel={onClose}
      pending={move.isPending}
      destroyOnHidden
      data-testid="move-dialog"
    >
      <Typography.Paragraph>{question}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} preserve={false}>
        {to === 'shipped' && <TrackingFields testIdPrefix="ship" />}
        {choice?.override && (
          <Form.Item name="reason" label={t('adminOrders.move.overrideReason')} extra={t('adminOrders.move.override')} rules={[{ required: true, whitespace: true, message: t('adminOrders.move.reasonRequired') }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} data-testid="move-reason" />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('adminOrders.move.note')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1 }} />
        </Form.Item>
      </Form>
    </WriteDialog>
  );
}
