/**
 * Returns and claims (`return:manage`, docs/back-office.md "Returns and claims"): the requests by
 * state (a button each, with its count), searched by return or order number; a request opens in a
 * drawer with its lines, photos, order and history, and the moves its state allows: approve with
 * the return instructions, decline with a reason (both mailed), mark received (restock per line,
 * never a printed one), resolve by a refund (also order:refund) or a free replacement order.
 */
import { Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminReturnsApi } from '../../../domain/api/admin/returns.ts';
import { RETURN_STATUSES, type AdminReturnRow, type ReturnStatus } from '../../../domain/returns.model.ts';
import { useT } from '../../i18n.tsx';
import { ListScreen, rowOpens, useListScreen } from '../../widgets/paged-table.tsx';
import { useDateTime } from '../orders/labels.tsx';
import { KindTag, STATUS_COLOURS } from './labels.tsx';
import { ReturnDrawer } from './ReturnDrawer.tsx';
import './returns.css';

export default function ReturnsScreen() {
  const { t } = useT();
  const when = useDateTime();
  const screen = useListScreen(adminReturnsApi.list);
  const [status, setStatus] = useState<ReturnStatus | 'all'>('requested');
  const [open, setOpen] = useState<string | null>(null);
  const counts = screen.list.data?.counts;
  const applyStatus = (next: ReturnStatus | 'all') => {
    setStatus(next);
    const values = screen.filterBar.form.getFieldsValue();
    screen.filterBar.onApply({ ...values, status: next === 'all' ? undefined : next });
  };
  // The first view is the requests waiting for a decision.
  const [started, setStarted] = useState(false);
  if (!started) {
    setStarted(true);
    screen.filterBar.onApply({ status: 'requested' });
  }

  return (
    <>
      {/* Buttons that wrap rather than tabs that fold away: every state stays one tap away at 375 px. */}
      <Radio.Group
        value={status}
        onChange={(e) => applyStatus(e.target.value as ReturnStatus | 'all')}
        optionType="button"
        className="admin-returns-tabs"
        aria-label={t('adminReturns.status')}
        options={[...RETURN_STATUSES, 'all' as const].map((s) => ({
          value: s,
          label: (
            <span data-testid={`returns-tab-${s}`}>
              {t(`adminReturns.statuses.${s}`)}
              {s !== 'all' && counts ? ` (${counts[s]})` : ''}
            </span>
          ),
        }))}
      />
      <ListScreen<AdminReturnRow, object>
        screen={{ ...screen, filterBar: { ...screen.filterBar, onApply: (values) => screen.filterBar.onApply({ ...values, ...(status === 'all' ? {} : { status }) }) } }}
        search={{ label: t('adminReturns.search'), testId: 'returns-search', maxLength: 40 }}
        rowKey="returnNo"
        scroll={{ x: 820 }}
        onRow={rowOpens((row) => setOpen(row.returnNo))}
        columns={[
          {
            key: 'returnNo',
            title: t('adminReturns.returnNo'),
            render: (_v, row) => (
              // The row opens it (a click, or Enter on the row, which is a tab stop): the number is no control of its own.
              <Typography.Text strong data-testid={`return-open-${row.returnNo}`}>
                {row.returnNo}
              </Typography.Text>
            ),
          },
          { key: 'kind', title: t('adminReturns.kind'), render: (_v, row) => <KindTag kind={row.kind} /> },
          { key: 'orderNo', title: t('adminReturns.orderNo'), dataIndex: 'orderNo' },
          { key: 'status', title: t('adminReturns.status'), render: (_v, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`adminReturns.statuses.${row.status}`)}</Tag> },
          { key: 'items', title: t('adminReturns.items'), dataIndex: 'itemCount', width: 80 },
          { key: 'photos', title: t('adminReturns.photos'), dataIndex: 'photoCount', width: 80 },
          { key: 'email', title: t('adminReturns.email'), dataIndex: 'email', responsive: ['md'] },
          { key: 'createdAt', title: t('adminReturns.createdAt'), dataIndex: 'createdAt', render: (at: string) => when(at) },
        ]}
        data-testid="returns-table"
      >
        <ReturnDrawer returnNo={open} onClose={() => setOpen(null)} />
      </ListScreen>
    </>
  );
}
