/** The order's lines with everything printed or packed for each: size, print type, player or name and number, lettering, patches, add-ons; a team roster's lines as one block. */
import { Grid, Space, Tag, Typography } from 'antd';
import { useMemo, type HTMLAttributes, type ReactNode } from 'react';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import { cartSegments, groupStartsOpen } from '../../../domain/cart.model.ts';
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

/** A team roster's rows under one row of its own: "Team: Eagles", its shirts and total (docs/back-office.md "Team orders"). */
interface TeamRow {
  key: string;
  name: string;
  itemCount: number;
  total: number;
  children: OrderLineRecord[];
}
type LinesRow = OrderLineRecord | TeamRow;

const isTeam = (row: LinesRow): row is TeamRow => 'children' in row;

export function Lines({ order }: { order: AdminOrderDetail }) {
  const { t } = useT();
  const money = useMoney();
  const currency = order.amounts.currency;
  const refunded = refundedQuantities(order.refunds);
  // Phones get one column of what to print under the product instead of a wide table.
  const narrow = Grid.useBreakpoint().md === false;
  const rows = useMemo(
    () =>
      cartSegments(order.lines).map((segment): LinesRow =>
        segment.kind === 'line' ? segment.line : { key: `team-${segment.id}`, name: segment.name, itemCount: segment.itemCount, total: segment.total, children: segment.lines },
      ),
    [order.lines],
  );
  // A big roster starts folded, as in the cart: its summary row says what it holds.
  const openTeams = useMemo(() => rows.filter(isTeam).filter((team) => groupStartsOpen(team.children.length)).map((team) => team.key), [rows]);
  /** A column's cell for lines only: a team's row leaves it empty. */
  const onLine = (render: (line: OrderLineRecord) => ReactNode) => (_v: unknown, row: LinesRow) => (isTeam(row) ? null : render(row));
  return (
    <RowsTable<LinesRow>
      rowKey={(row) => (isTeam(row) ? row.key : String(row.id))}
      dataSource={rows}
      expandable={{ defaultExpandedRowKeys: openTeams, indentSize: 12 }}
      rowClassName={(row) => (isTeam(row) ? 'admin-team-row' : '')}
      onRow={(row) => (isTeam(row) ? ({ 'data-testid': 'order-team', 'data-team': row.name } as HTMLAttributes<HTMLElement>) : {})}
      width={narrow ? undefined : 720}
      tableLayout={narrow ? 'fixed' : undefined}
      className="admin-order-lines"
      data-testid="order-lines"
      columns={[
        {
          key: 'product',
          title: t('adminOrders.detail.product'),
          render: (_v, row) =>
            isTeam(row) ? (
              <div className="admin-two-lines">
                <strong>{t('adminOrders.detail.team', { name: row.name })}</strong>
                <Typography.Text type="secondary">{t('adminOrders.detail.teamShirts', { count: row.itemCount })}</Typography.Text>
              </div>
            ) : (
              <Space align="start">
                {row.image && !narrow && <img src={row.image} alt="" width={48} height={48} className="admin-thumb" loading="lazy" />}
                <div className="admin-two-lines">
                  <span>{row.name}</span>
                  {narrow && (
                    <>
                      <Typography.Text type="secondary">
                        {t('adminOrders.detail.size')}: {row.size} · {money(row.unitPrice, currency)}
                      </Typography.Text>
                      <Personalisation line={row} />
                    </>
                  )}
                </div>
              </Space>
            ),
        },
        ...(narrow
          ? []
          : [
              { key: 'size', title: t('adminOrders.detail.size'), width: 70, render: onLine((line) => line.size) },
              { key: 'print', title: t('adminOrders.detail.print'), render: onLine((line) => <Personalisation line={line} />) },
              { key: 'unit', title: t('adminOrders.detail.unitPrice'), align: 'right' as const, render: onLine((line) => money(line.unitPrice, currency)) },
            ]),
        {
          key: 'qty',
          title: t('adminOrders.detail.quantity'),
          align: 'right',
          width: narrow ? 64 : 110,
          render: (_v, row) =>
            isTeam(row) ? (
              <strong>{row.itemCount}</strong>
            ) : (
              <div className="admin-two-lines is-end">
                <span>{row.quantity}</span>
                {refunded.get(row.id) ? <Typography.Text type="warning" className="admin-nowrap">{t('adminOrders.detail.refundedQty', { count: refunded.get(row.id)! })}</Typography.Text> : null}
              </div>
            ),
        },
        {
          key: 'total',
          title: t('adminOrders.detail.lineTotal'),
          align: 'right',
          width: narrow ? 84 : undefined,
          render: (_v, row) => (isTeam(row) ? <strong>{money(row.total, currency)}</strong> : money(row.lineTotal, currency)),
        },
      ]}
    />
  );
}
