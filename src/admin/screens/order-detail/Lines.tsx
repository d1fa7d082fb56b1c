/** The order's lines with everything printed or packed for each: size, print type, player or name and number, lettering, patches, add-ons. */
import { Grid, Space, Tag, Typography } from 'antd';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import type { OrderLineRecord } from '../../../domain/orders.model.ts';
import { LETTERING_PARTS, printRow, printRows } from '../../../domain/personalisation.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useT } from '../../i18n.tsx';
import { useMoney } from '../orders/labels.tsx';
import { refundedQuantities } from './refund.ts';
import { RowsTable } from '../../widgets/RowsTable.tsx';

/** The line's print rows (domain/personalisation.ts, printRows) as staff read them: every lettering choice, patches with their prices. */
export function Personalisation({ line }: { line: OrderLineRecord }) {
  const { t } = useT();
  const money = useMoney();
  const rows = printRows(line);
  const type = printRow(rows, 'type');
  const print = printRow(rows, 'print');
  const lettering = printRow(rows, 'lettering');
  const patches = printRow(rows, 'patches');
  const addons = printRow(rows, 'addons');
  const premium = (option: string) => t(`adminOrders.premium.${option}` as MessageKey);
  return (
    <div className="admin-personalisation" data-testid={`line-${line.id}`}>
      <div>
        {type && <Tag>{t(`adminOrders.customType.${type.customType}` as MessageKey)}</Tag>}
        {print && (
          <strong className="admin-print" data-print>
            {print.text}
          </strong>
        )}
      </div>
      {print && lettering && (
        <Typography.Text type="secondary">
          {LETTERING_PARTS.map(({ part }) => t(`print.lettering.${part}.staff`, { option: premium(lettering[part]) })).join(' · ')}
        </Typography.Text>
      )}
      {patches && (
        <div>
          {t('adminOrders.detail.patches')}: {patches.items.map((p) => `${p.patchName} (${money(p.patchPrice, 'EUR')})`).join(', ')}
        </div>
      )}
      {addons && (
        <div>
          {t('adminOrders.detail.addons')}: {addons.items.map((a) => a.name).join(', ')}
        </div>
      )}
    </div>
  );
}

export function Lines({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  const money = useMoney();
  const currency = order.amounts.currency;
  const refunded = refundedQuantities(order.refunds);
  // Phones get one column of what to print under the product instead of a wide table.
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <RowsTable<OrderLineRecord>
      rowKey="id"
      dataSource={order.lines}
      width={narrow ? undefined : 720}
      tableLayout={narrow ? 'fixed' : undefined}
      data-testid="order-lines"
      columns={[
        {
          key: 'product',
          title: t('adminOrders.detail.product'),
          render: (_v, line) => (
            <Space align="start">
              {line.image && !narrow && <img src={line.image} alt="" width={48} height={48} className="admin-thumb" loading="lazy" />}
              <div className="admin-two-lines">
                <span>{line.name}</span>
                {line.group && <Typography.Text type="secondary">{t('adminOrders.detail.team', { name: line.group.name })}</Typography.Text>}
                {narrow && (
                  <>
                    <Typography.Text type="secondary">
                      {t('adminOrders.detail.size')}: {line.size} · {money(line.unitPrice, currency)}
                    </Typography.Text>
                    <Personalisation line={line} />
                  </>
                )}
              </div>
            </Space>
          ),
        },
        ...(narrow
          ? []
          : [
              { key: 'size', dataIndex: 'size', title: t('adminOrders.detail.size'), width: 70 },
              { key: 'print', title: t('adminOrders.detail.print'), render: (_v: unknown, line: OrderLineRecord) => <Personalisation line={line} /> },
              { key: 'unit', title: t('adminOrders.detail.unitPrice'), align: 'right' as const, render: (_v: unknown, line: OrderLineRecord) => money(line.unitPrice, currency) },
            ]),
        {
          key: 'qty',
          title: t('adminOrders.detail.quantity'),
          align: 'right',
          width: narrow ? 64 : 110,
          render: (_v, line) => (
            <div className="admin-two-lines is-end">
              <span>{line.quantity}</span>
              {refunded.get(line.id) ? <Typography.Text type="warning" className="admin-nowrap">{t('adminOrders.detail.refundedQty', { count: refunded.get(line.id)! })}</Typography.Text> : null}
            </div>
          ),
        },
        { key: 'total', title: t('adminOrders.detail.lineTotal'), align: 'right', width: narrow ? 84 : undefined, render: (_v, line) => money(line.lineTotal, currency) },
      ]}
    />
  );
}
