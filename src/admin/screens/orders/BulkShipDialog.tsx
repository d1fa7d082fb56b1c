/**
 * Bulk ship from a CSV (docs/back-office.md "Shipments"): the format shown, a file chosen, a dry
 * run answered as a table with an error per bad row, then the good rows shipped (bad rows are
 * skipped and stay listed), each order's shopper mailed once. The server checks every row again
 * as it ships it.
 */
import { App, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { CARRIERS } from '../../../domain/carriers.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { adminShipmentsApi } from '../../../domain/api/admin/shipments.ts';
import { SHIP_CSV_EXAMPLE, type ShipCsvAnswer, type ShipCsvResult } from '../../../domain/shipments.model.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useStatusName } from './labels.tsx';
import { csvTextOf } from '../../widgets/file-bodies.ts';

export function BulkShipDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const statusName = useStatusName();
  // A dry run changes nothing; reading the orders again after it costs little.
  const bulkShip = useApiMutation(adminShipmentsApi.bulkShip, [adminOrdersApi.orderList, adminOrdersApi.order, adminOrdersApi.dashboard, adminAuditApi.auditList]);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [answer, setAnswer] = useState<ShipCsvAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const close = () => {
    setCsv(null);
    setFileName('');
    setAnswer(null);
    onClose();
  };
  const run = async (apply: boolean, text = csv) => {
    if (!text) return;
    setBusy(true);
    try {
      const result = await bulkShip.mutateAsync({ csv: text, apply });
      setAnswer(result);
      if (apply) void message.success(t('adminShipments.bulkDone', { good: result.good, bad: result.bad, orders: result.orders }));
    } catch {
      // The HTTP layer has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const text = await csvTextOf(file);
    setCsv(text);
    setFileName(file.name);
    setAnswer(null);
    await run(false, text);
  };

  const done = answer?.applied === true;
  return (
    <Modal
      open={open}
      title={t('adminShipments.bulkTitle')}
      onCancel={close}
      width={900}
      destroyOnHidden
      data-testid="bulk-ship-dialog"
      footer={
        <Space wrap>
          <Button onClick={close}>{done ? t('admin.common.ok') : t('admin.common.cancel')}</Button>
          {answer && !done && answer.good > 0 && (
            <Button type="primary" loading={busy} onClick={() => void run(true)} data-testid="bulk-ship-apply">
              {t('adminShipments.bulkApply', { count: answer.good })}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph>{t('adminShipments.bulkIntro', { carriers: CARRIERS.map((c) => c.name).join(', ') })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('adminShipments.bulkSkipped')}</Typography.Paragraph>
      <details className="admin-bulk-example">
        <summary>{t('adminShipments.bulkExample')}</summary>
        <pre data-testid="bulk-ship-example">{SHIP_CSV_EXAMPLE}</pre>
      </details>
      <Space wrap className="admin-bulk-file">
        {/* A button the keyboard reaches (a label styled as one is no tab stop), opening the hidden file field. */}
        <Button onClick={() => fileInput.current?.click()} data-testid="bulk-ship-pick">
          {t('adminShipments.bulkPick')}
        </Button>
        <input ref={fileInput} type="file" accept=".csv,text/csv" hidden tabIndex={-1} onChange={(e) => void pick(e.target.files?.[0])} aria-label={t('adminShipments.bulkFile')} data-testid="bulk-ship-file" />
        {fileName && <Typography.Text code>{fileName}</Typography.Text>}
      </Space>
      {answer && (
        <>
          <Typography.Paragraph strong data-testid="bulk-ship-summary">
            {answer.good === 0 ? t('adminShipments.bulkNothing') : done ? t('adminShipments.bulkDone', { good: answer.good, bad: answer.bad, orders: answer.orders }) : t('adminShipments.bulkSummary', { good: answer.good, bad: answer.bad, orders: answer.orders })}
          </Typography.Paragraph>
          <Table<ShipCsvResult>
            rowKey="line"
            size="small"
            pagination={answer.rows.length > 50 ? { pageSize: 50 } : false}
            dataSource={answer.rows}
            scroll={{ x: 760 }}
            data-testid="bulk-ship-table"
            rowClassName={(row) => (row.error ? 'admin-row-error' : '')}
            onRow={(row) => ({ 'data-line': row.line, 'data-ok': row.error ? 'false' : 'true' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { key: 'line', title: t('adminShipments.row'), dataIndex: 'line', width: 60 },
              { key: 'order', title: t('adminShipments.order'), render: (_v, r) => r.orderNo ?? '—' },
              { key: 'carrier', title: t('adminShipments.carrier'), render: (_v, r) => r.carrier ?? '—' },
              { key: 'tracking', title: t('adminShipments.trackingNumber'), render: (_v, r) => (r.trackingNumber ? <Typography.Text code>{r.trackingNumber}</Typography.Text> : '—') },
              { key: 'lines', title: t('adminShipments.lines'), render: (_v, r) => (r.error ? '—' : r.lines.map((l) => `${l.name} ${l.size} × ${l.quantity}`).join('; ')) },
              { key: 'then', title: t('adminShipments.then'), render: (_v, r) => (r.then ? <Tag>{statusName(r.then)}</Tag> : '—') },
              { key: 'error', title: t('adminShipments.error'), render: (_v, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : <Tag color="green">{t('adminShipments.ok')}</Tag>) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
