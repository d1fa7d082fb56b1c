/**
 * One return or claim: what the shopper wrote, the lines (with their print), the photos, the
 * order, the history, and the moves its state allows, each in a dialog asking what it needs. The
 * server decides every move again under the request's lock; a refusal (someone moved it meanwhile)
 * is shown by the HTTP layer and the dialog stays open.
 */
import { App, Button, Checkbox, Descriptions, Drawer, Form, Input, Radio, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { adminReturnsApi } from '../../../domain/api/admin/returns.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { RETURN_DESCRIPTION_MAX, type AdminReturnDetail } from '../../../domain/returns.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useMay } from '../../state/session.ts';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { ScreenLink } from '../../widgets/ScreenLink.tsx';
import { validFields } from '../../widgets/valid-fields.ts';
import { useWrite } from '../../widgets/write.ts';
import { useDateTime } from '../orders/labels.tsx';
import { ReturnPhotos } from './photos.tsx';
import { KindTag, STATUS_COLOURS } from './labels.tsx';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';

type Move = 'approve' | 'decline' | 'receive' | 'resolve';

export function ReturnDrawer({ returnNo, onClose }: { returnNo: string | null; onClose: () => void }) {
  const { t } = useT();
  useFocusReturn(returnNo !== null);
  return (
    <Drawer open={returnNo !== null} onClose={onClose} destroyOnHidden size="large" title={returnNo ? t('adminReturns.detail.title', { returnNo }) : ''} data-testid="return-drawer">
      {returnNo && <ReturnDetail returnNo={returnNo} />}
    </Drawer>
  );
}

function ReturnDetail({ returnNo }: { returnNo: string }) {
  const { t } = useT();
  const when = useDateTime();
  const may = useMay();
  const detail = useApiQuery(adminReturnsApi.detail, { returnNo });
  const [move, setMove] = useState<Move | null>(null);
  const r = detail.data;
  if (!r) return detail.isError ? <Typography.Text type="danger">{t('admin.common.loadFailed')}</Typography.Text> : <Spin />;
  const canRefund = may(PERMISSIONS.ORDER_REFUND);
  return (
    <div data-testid="return-detail" data-status={r.status}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('adminReturns.status')}>
          <Tag color={STATUS_COLOURS[r.status]} data-testid="return-status">
            {t(`adminReturns.statuses.${r.status}`)}
          </Tag>
          <KindTag kind={r.kind} />
        </Descriptions.Item>
        <Descriptions.Item label={t('adminReturns.orderNo')}>
          <ScreenLink to={`/orders/${r.orderNo}`}>{r.orderNo}</ScreenLink> <Typography.Text type="secondary">({t(`adminOrders.status.${r.orderStatus}` as MessageKey)})</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('adminReturns.email')}>{r.email}</Descriptions.Item>
        <Descriptions.Item label={t('adminReturns.createdAt')}>{when(r.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('adminReturns.detail.description')}>
          <span className="admin-return-description" data-testid="return-description">
            {r.description}
          </span>
        </Descriptions.Item>
        {r.decisionNote && (
          <Descriptions.Item label={r.status === 'declined' ? t('adminReturns.detail.reason') : t('adminReturns.detail.instructions')}>
            <span className="admin-return-description">{r.decisionNote}</span>
          </Descriptions.Item>
        )}
        {r.replacementOrderNo && (
          <Descriptions.Item label={t('adminReturns.detail.replacement')}>
            <ScreenLink to={`/orders/${r.replacementOrderNo}`}>
              <span data-testid="return-replacement">{r.replacementOrderNo}</span>
            </ScreenLink>
          </Descriptions.Item>
        )}
      </Descriptions>

      <div className="admin-return-actions">
        {r.status === 'requested' && (
          <>
            <Button type="primary" onClick={() => setMove('approve')} data-testid="return-approve">
              {t('adminReturns.moves.approve')}
            </Button>
            <Button danger onClick={() => setMove('decline')} data-testid="return-decline">
              {t('adminReturns.moves.decline')}
            </Button>
          </>
        )}
        {r.status === 'approved' && (
          <Button onClick={() => setMove('receive')} data-testid="return-receive">
            {t('adminReturns.moves.receive')}
          </Button>
        )}
        {r.resolvable && (
          <Button type="primary" onClick={() => setMove('resolve')} data-testid="return-resolve">
            {t('adminReturns.moves.resolve')}
          </Button>
        )}
      </div>

      <Typography.Title level={5}>{t('adminReturns.detail.lines')}</Typography.Title>
      <RowsTable
        rowKey="orderItemId"
        dataSource={r.lines}
        width={480}
        columns={[
          { key: 'title', title: t('adminReturns.detail.product'), dataIndex: 'title' },
          { key: 'size', title: t('adminReturns.detail.size'), dataIndex: 'size', width: 70 },
          { key: 'print', title: t('adminReturns.detail.print'), render: (_v, l) => (l.print ? <Tag>{l.print}</Tag> : l.personalised ? <Tag>{t('adminReturns.detail.printed')}</Tag> : '—') },
          { key: 'quantity', title: t('adminReturns.items'), dataIndex: 'quantity', width: 70 },
          { key: 'restock', title: t('adminReturns.detail.restocked'), render: (_v, l) => (l.restock === null ? '—' : l.restock ? t('adminReturns.detail.yes') : t('adminReturns.detail.no')), width: 100 },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('adminReturns.photos')}
      </Typography.Title>
      <ReturnPhotos returnNo={r.returnNo} ids={r.photoIds} />

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('adminReturns.detail.history')}
      </Typography.Title>
      <Timeline
        items={r.history.map((h) => ({
          children: (
            <div>
              <strong>{t(`adminReturns.history.${h.action.replace('.', '_')}` as MessageKey)}</strong> <Typography.Text type="secondary">{when(h.at)}</Typography.Text>
              {h.by && <div>{h.by}</div>}
              {h.note && <div className="admin-return-description">{h.note}</div>}
            </div>
          ),
        }))}
        data-testid="return-history"
      />
      <MoveDialog detail={r} move={move} canRefund={canRefund} onClose={() => setMove(null)} />
    </div>
  );
}

interface MoveForm {
  note?: string;
  by?: 'refund' | 'replacement';
  restock?: number[];
}

function MoveDialog({ detail, move, canRefund, onClose }: { detail: AdminReturnDetail; move: Move | null; canRefund: boolean; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [form] = Form.useForm<MoveForm>();
  const refresh = [adminReturnsApi.list, adminReturnsApi.detail];
  const approve = useApiMutation(adminReturnsApi.approve, refresh);
  const decline = useApiMutation(adminReturnsApi.decline, refresh);
  const receive = useApiMutation(adminReturnsApi.receive, refresh);
  const resolve = useApiMutation(adminReturnsApi.resolve, refresh);
  const pending = approve.isPending || decline.isPending || receive.isPending || resolve.isPending;
  const { returnNo } = detail;
  const submit = async () => {
    const v = await validFields(form);
    if (!v) return;
    await write(async () => {
      if (move === 'approve') await approve.mutateAsync({ returnNo, instructions: v.note ?? '' });
      if (move === 'decline') await decline.mutateAsync({ returnNo, reason: v.note ?? '' });
      if (move === 'receive') await receive.mutateAsync({ returnNo, restock: detail.lines.map((l) => ({ orderItemId: l.orderItemId, restock: (v.restock ?? []).includes(l.orderItemId) })) });
      if (move === 'resolve') await resolve.mutateAsync({ returnNo, by: v.by ?? 'replacement', ...(v.note?.trim() ? { note: v.note.trim() } : {}) });
      void message.success(t('adminReturns.moves.done'));
      onClose();
    });
  };
  const noteRequired = move === 'approve' || move === 'decline';
  return (
    <WriteDialog
      open={move !== null}
      title={move ? t(`adminReturns.moves.${move}Title`, { returnNo }) : ''}
      okButtonProps={{ danger: move === 'decline', ...({ 'data-testid': 'return-move-ok' } as Record<`data-${string}`, string>) }}
      pending={pending}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ by: detail.kind === 'claim' || !canRefund ? 'replacement' : 'refund', restock: [] }} preserve={false}>
        {move === 'receive' && (
          <Form.Item name="restock" label={t('adminReturns.moves.restockLabel')} extra={t('adminReturns.moves.restockHelp')}>
            <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
              {detail.lines.map((l) => (
                <Checkbox key={l.orderItemId} value={l.orderItemId} disabled={l.personalised} data-testid={`return-restock-${l.orderItemId}`}>
                  {l.title} ({l.size}) × {l.quantity}
                  {l.personalised ? ` — ${t('adminReturns.moves.printedNoRestock')}` : ''}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        )}
        {move === 'resolve' && (
          <Form.Item name="by" label={t('adminReturns.moves.resolveBy')}>
            <Radio.Group>
              <Radio value="refund" disabled={!canRefund} data-testid="return-by-refund">
                {t('adminReturns.moves.byRefund')}
                {!canRefund && <Typography.Text type="secondary"> ({t('adminReturns.moves.refundNeedsCode')})</Typography.Text>}
              </Radio>
              <Radio value="replacement" data-testid="return-by-replacement">
                {t('adminReturns.moves.byReplacement')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {move !== 'receive' && (
          <Form.Item
            name="note"
            label={move === 'approve' ? t('adminReturns.moves.instructions') : move === 'decline' ? t('adminReturns.moves.reason') : t('adminReturns.moves.noteOptional')}
            rules={noteRequired ? [{ required: true, whitespace: true, message: t('adminReturns.moves.noteRequired') }] : []}
            extra={noteRequired ? t('adminReturns.moves.mailed') : undefined}
          >
            <Input.TextArea maxLength={move === 'resolve' ? 500 : RETURN_DESCRIPTION_MAX} rows={4} data-testid="return-move-note" />
          </Form.Item>
        )}
      </Form>
    </WriteDialog>
  );
}
