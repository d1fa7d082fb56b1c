/** Internal notes on an order (staff only), newest last, and the form that adds one. */
import { App, Button, Empty, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import type { AdminNote } from '../../../domain/back-office/orders.model.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useDateTime } from '../orders/labels.tsx';
import { useWrite } from '../../widgets/write.ts';

export function Notes({ orderNo, notes, mayWrite }: { orderNo: string; notes: AdminNote[]; mayWrite: boolean }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const when = useDateTime();
  const [text, setText] = useState('');
  const add = useApiMutation(adminOrdersApi.addNote, [adminOrdersApi.order, adminAuditApi.auditList]);
  const submit = async () => {
    if (!text.trim()) return;
    await write(async () => {
      await add.mutateAsync({ orderNo, text: text.trim() });
      setText('');
      void message.success(t('adminOrders.detail.noteAdded'));
    });
  };
  return (
    <div data-testid="order-notes">
      <Typography.Paragraph type="secondary">{t('adminOrders.detail.notesHint')}</Typography.Paragraph>
      {notes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminOrders.detail.noNotes')} />
      ) : (
        <List
          size="small"
          dataSource={notes}
          renderItem={(note) => (
            <List.Item>
              <div className="admin-note">
                <Typography.Text type="secondary">
                  {when(note.at)} · {note.authorEmail}
                </Typography.Text>
                <div className="admin-note-text">{note.text}</div>
              </div>
            </List.Item>
          )}
        />
      )}
      {mayWrite && (
        <Space.Compact className="admin-note-form">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={2000}
            autoSize={{ minRows: 1, maxRows: 6 }}
            placeholder={t('adminOrders.detail.notePlaceholder')}
            aria-label={t('adminOrders.detail.notePlaceholder')}
            data-testid="note-text"
          />
          <Button type="primary" onClick={() => void submit()} loading={add.isPending} disabled={!text.trim()} data-testid="note-add">
            {t('adminOrders.detail.addNote')}
          </Button>
        </Space.Compact>
      )}
    </div>
  );
}
