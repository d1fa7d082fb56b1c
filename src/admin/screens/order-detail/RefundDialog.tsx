/**
 * A refund through PayPal, by lines (with quantities; their stock returns when they never left the
 * shop, and, for each plain line of an order shipped, when staff tick "back in stock": returned
 * goods fit to sell again; a printed line never) or by an amount, with a reason; R_SUPER may
 * override the personalised rule. The idempotency key is
 * made when the dialog opens, so a double click or a retry names the same refund and cannot pay
 * twice. The dialog asks once more, with the amount, before sending.
 */
import { App, Checkbox, Form, Input, InputNumber, Segmented, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { minorUnitDigits } from '../../../domain/money.model.ts';
import { lineRestockable, type OrderLineRecord } from '../../../domain/orders.model.ts';
import { printShortText } from '../../../domain/personalisation.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useMoney } from '../orders/labels.tsx';
import { estimateLines, linesLeft, newIdempotencyKey, refundRequest, toMinor, type RefundMode } from './refund.ts';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';

interface Props {
  order: AdminOrderDetail;
  open: boolean;
  /** Whether the caller may override (and the order needs it for printed items). */
  mayOverride: boolean;
  onClose: () => void;
}

export function RefundDialog(props: Props) {
  // A fresh body (and key) each time the dialog opens.
  return props.open ? <RefundBody {...props} /> : null;
}

function RefundBody({ order, mayOverride, onClose }: Props) {
  const { t } = useT();
  const { modal, message } = App.useApp();
  const write = useWrite();
  const money = useMoney();
  const currency = order.amounts.currency;
  const [key] = useState(newIdempotencyKey);
  const fieldId = useId();
  const [mode, setMode] = useState<RefundMode>('lines');
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState(false);
  const [restock, setRestock] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useApiMutation(adminOrdersApi.refund, [adminOrdersApi.order, adminOrdersApi.orderList, adminOrdersApi.dashboard, adminAuditApi.auditList]);
  const left = useMemo(() => new Map(linesLeft(order).map((l) => [l.id, l.left])), [order]);
  const chosen = order.lines.filter((line) => (quantities[line.id] ?? 0) > 0);
  const estimate = mode === 'lines' ? estimateLines(order, quantities) : amount === null ? 0 : toMinor(amount, currency, minorUnitDigits);
  const digits = minorUnitDigits(currency);

  const send = () => {
    const built = refundRequest(order.orderNo, key, { mode, quantities, restock, amount: amount === null ? null : toMinor(amount, currency, minorUnitDigits), reason, override }, order.refundable);
    if (!built.ok) {
      setProblem(built.problem === 'tooMuch' ? t('adminOrders.refund.tooMuch', { max: money(order.refundable, currency) }) : built.problem === 'reasonRequired' ? t('adminOrders.move.reasonRequired') : t('adminOrders.refund.nothingChosen'));
      return;
    }
    setProblem(null);
    modal.confirm({
      title: t('adminOrders.move.confirmTitle'),
      content: t('adminOrders.refund.confirm', { amount: money(estimate, currency) }),
      okText: t('adminOrders.refund.submit'),
      cancelText: t('admin.common.cancel'),
      onOk: () =>
        write(async () => {
          await refund.mutateAsync(built.body);
          void message.success(t('adminOrders.refund.done'));
          onClose();
        }),
    });
  };

  return (
    <WriteDialog
      open
      width={720}
      title={t('adminOrders.refund.title', { orderNo: order.orderNo })}
      okText={t('adminOrders.refund.submit')}
      onOk={send}
      onCancel={onClose}
      pending={refund.isPending}
      data-testid="refund-dialog"
    >
      <Segmented<RefundMode>
        value={mode}
        onChange={setMode}
        options={[
          { value: 'lines', label: t('adminOrders.refund.byLines') },
          { value: 'amount', label: t('adminOrders.refund.byAmount') },
        ]}
        data-testid="refund-mode"
      />
      <div className="admin-refund-body">
        {mode === 'lines' ? (
          <RowsTable<OrderLineRecord>
            rowKey="id"
            dataSource={order.lines}
            width={600}
            columns={[
              {
                key: 'line',
                title: t('adminOrders.refund.line'),
                render: (_v, line) => (
                  <div className="admin-two-lines">
                    <span>{line.name}</span>
                    <Typography.Text type="secondary">
                      {line.size}
                      {printShortText(line) ? ` · ${printShortText(line)}` : ''} · {money(line.unitPrice, currency)}
                    </Typography.Text>
                  </div>
                ),
              },
              { key: 'left', title: t('adminOrders.refund.left'), align: 'right', render: (_v, line) => left.get(line.id) ?? 0 },
              {
                key: 'qty',
                title: t('adminOrders.refund.quantity'),
                align: 'right',
                render: (_v, line) => (
                  <InputNumber
                    min={0}
                    max={left.get(line.id) ?? 0}
                    precision={0}
                    disabled={(left.get(line.id) ?? 0) === 0}
                    value={quantities[line.id] ?? null}
                    onChange={(value) => setQuantities((q) => ({ ...q, [line.id]: value }))}
                    aria-label={`${t('adminOrders.refund.quantity')} ${line.name}`}
                    data-testid={`refund-qty-${line.id}`}
                    style={{ width: 80 }}
                  />
                ),
              },
              {
                key: 'restock',
                title: t('adminOrders.refund.restock'),
                render: (_v, line) =>
                  line.personalised ? (
                    <Typography.Text type="secondary">{t('adminOrders.refund.restockPrinted')}</Typography.Text>
                  ) : lineRestockable(order.status, false) ? (
                    <Typography.Text type="secondary">{t('adminOrders.refund.restockAuto')}</Typography.Text>
                  ) : (
                    <Checkbox
                      checked={restock.includes(line.id)}
                      disabled={(quantities[line.id] ?? 0) === 0}
                      onChange={(e) => setRestock((ids) => (e.target.checked ? [...ids, line.id] : ids.filter((id) => id !== line.id)))}
                      aria-label={t('adminOrders.refund.restockLine', { name: line.name })}
                      data-testid={`refund-restock-${line.id}`}
                    />
                  ),
              },
            ]}
          />
        ) : (
          <Form.Item label={t('adminOrders.refund.amount', { currency })} htmlFor={`${fieldId}-amount`} extra={t('adminOrders.refund.amountHint', { max: money(order.refundable, currency) })} layout="vertical">
            <InputNumber<number>
              min={0}
              max={order.refundable / 10 ** digits}
              precision={digits}
              step={digits ? 0.01 : 1}
              value={amount}
              onChange={setAmount}
              id={`${fieldId}-amount`}
              style={{ width: 200 }}
              data-testid="refund-amount"
            />
          </Form.Item>
        )}
        {mode === 'lines' && chosen.length > 0 && (
          <Typography.Paragraph type="secondary" data-testid="refund-estimate">
            {t('adminOrders.refund.estimate', { amount: money(estimate, currency) })}
          </Typography.Paragraph>
        )}
        {/* Not a form of antd's (no field names), so each label is tied to its field by id. */}
        <Form.Item label={t('adminOrders.refund.reason')} htmlFor={`${fieldId}-reason`} layout="vertical" required>
          <Input.TextArea id={`${fieldId}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoSize={{ minRows: 2 }} placeholder={t('adminOrders.refund.reasonPlaceholder')} data-testid="refund-reason" />
        </Form.Item>
        {mayOverride && (
          <Checkbox checked={override} onChange={(e) => setOverride(e.target.checked)} data-testid="refund-override">
            {t('adminOrders.refund.override')}
          </Checkbox>
        )}
        {problem && (
          <Typography.Paragraph type="danger" role="alert">
            {problem}
          </Typography.Paragraph>
        )}
      </div>
    </WriteDialog>
  );
}
