/**
 * The audit log (R_SUPER, `audit:view`): every back-office write, newest first, filtered by
 * action, entity, entity id and dates; a row opens to its values before and after, side by side.
 * The filters are applied on "search", so a half-typed filter stays as typed (also while
 * another tab is shown: the tab cache keeps this screen mounted).
 */
import { Form, Input, Typography } from 'antd';
import type { AuditRow } from '../../../domain/back-office/audit.model.ts';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';

import { useT } from '../../i18n.tsx';
import { ListScreen, useListScreen } from '../../widgets/paged-table.tsx';
import { diffValues } from './diff.ts';

function Changes({ row }: { row: AuditRow }) {
  const { t } = useT();
  const rows = diffValues(row.before, row.after);
  if (rows.length === 0) return <Typography.Text type="secondary">{t('admin.audit.noChange')}</Typography.Text>;
  return (
    <table className="admin-diff" data-testid="audit-diff">
      <thead>
        <tr>
          <th>{t('admin.audit.field')}</th>
          <th>{t('admin.audit.before')}</th>
          <th>{t('admin.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((diff) => (
          <tr key={diff.field} className={diff.changed ? 'is-changed' : ''}>
            <th scope="row">{diff.field}</th>
            <td className="before">{diff.before ?? t('admin.common.none')}</td>
            <td className="after">{diff.after ?? t('admin.common.none')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AuditScreen() {
  const { t, locale } = useT();
  const screen = useListScreen(adminAuditApi.auditList);

  return (
    <ListScreen
      screen={screen}
      filters={
        <>
          <Form.Item name="action" label={t('admin.audit.action')}>
            <Input allowClear placeholder={t('admin.audit.filterHint')} maxLength={60} data-testid="audit-action" />
          </Form.Item>
          <Form.Item name="entity" label={t('admin.audit.entity')}>
            <Input allowClear maxLength={40} />
          </Form.Item>
          <Form.Item name="entityId" label={t('admin.audit.entityId')}>
            <Input allowClear maxLength={60} />
          </Form.Item>
          {/* YYYY-MM-DD from the browser's own date inputs (antd's date picker would cost a deep link ~30 KB). */}
          <Form.Item name="from" label={t('admin.audit.from')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="to" label={t('admin.audit.to')}>
            <Input type="date" />
          </Form.Item>
        </>
      }
      withReset
      filtersTestId="audit-filters"
      rowKey="id"
      expandable={{ expandedRowRender: (row) => <Changes row={row} /> }}
      columns={[
        { key: 'at', title: t('admin.audit.at'), dataIndex: 'at', render: (at: string) => new Date(at).toLocaleString(locale) },
        { key: 'actor', title: t('admin.audit.actor'), dataIndex: 'actorEmail' },
        { key: 'action', title: t('admin.audit.action'), dataIndex: 'action', render: (action: string) => <code>{action}</code> },
        { key: 'entity', title: t('admin.audit.entity'), dataIndex: 'entity' },
        { key: 'entityId', title: t('admin.audit.entityId'), dataIndex: 'entityId' },
      ]}
      scroll={{ x: 720 }}
      data-testid="audit-table"
    />
  );
}
