/**
 * What a bulk move will do, shown before it does it (docs/back-office.md "The order screens"): the
 * orders it will move, whose shoppers are mailed, and those it cannot, each with why, from the
 * server's dry run (`bulkMovePreview`), so the states are today's and not the table's.
 */
import { Typography } from 'antd';
import type { BulkMovePreview } from '../../../domain/back-office/orders.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useT } from '../../i18n.tsx';
import { useStatusName } from './labels.tsx';

export function BulkPreview({ preview }: { preview: BulkMovePreview }) {
  const { t } = useT();
  const statusName = useStatusName();
  const to = statusName(preview.to);
  const { movable, blocked } = preview;
  return (
    <div className="admin-bulk-preview" data-testid="bulk-preview">
      {movable.length > 0 ? (
        <>
          <Typography.Paragraph>{t('adminOrders.bulk.willMove', { count: movable.length, status: to })}</Typography.Paragraph>
          <ul className="admin-bulk-list" data-testid="bulk-movable">
            {movable.map((order) => (
              <li key={order.orderNo}>
                <strong className="admin-nowrap">{order.orderNo}</strong> · {statusName(order.status)} · <span className="admin-break">{order.email}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Typography.Paragraph strong>{t('adminOrders.bulk.noneCanMove', { status: to })}</Typography.Paragraph>
      )}
      {blocked.length > 0 && (
        <>
          <Typography.Paragraph>{t('adminOrders.bulk.cannotMove', { count: blocked.length })}</Typography.Paragraph>
          <ul className="admin-bulk-list" data-testid="bulk-blocked">
            {blocked.map((order) => (
              <li key={order.orderNo}>
                <strong className="admin-nowrap">{order.orderNo}</strong>:{' '}
                {t(`adminOrders.bulk.reasons.${order.reason}` as MessageKey, { status: to, to, from: order.status ? statusName(order.status) : '' })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
