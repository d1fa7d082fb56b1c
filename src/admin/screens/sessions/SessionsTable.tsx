/**
 * A staff member's live sessions as a person recognises them (docs/back-office.md "Sessions"):
 * device, address, signed in, last used, and an "end" button per row. "My sessions" and the
 * owner's dialog for a member both draw it; each decides what ending means.
 */
import { Button, Tag, Typography } from 'antd';
import type { SessionInfo } from '../../../domain/back-office/sessions.ts';
import { useT } from '../../i18n.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { useDateTime } from '../orders/labels.tsx';

/** "Firefox on Windows", or what is known of it. */
export function useDeviceName(): (session: Pick<SessionInfo, 'browser' | 'os'>) => string {
  const { t } = useT();
  return ({ browser, os }) => t('adminSessions.device', { browser: browser || t('adminSessions.unknownBrowser'), os: os || t('adminSessions.unknownSystem') });
}

export function SessionsTable({ sessions, loading, onEnd, endLabel }: { sessions: SessionInfo[] | undefined; loading: boolean; onEnd: (session: SessionInfo) => void; endLabel: (session: SessionInfo) => string }) {
  const { t } = useT();
  const dateTime = useDateTime();
  const deviceName = useDeviceName();
  return (
    <RowsTable<SessionInfo>
      rowKey="id"
      width={680}
      loading={loading}
      dataSource={sessions ?? []}
      locale={{ emptyText: t('adminSessions.none') }}
      data-testid="sessions-table"
      columns={[
        {
          key: 'device',
          title: t('adminSessions.columns.device'),
          render: (_value, session) => (
            <span>
              {deviceName(session)}{' '}
              {session.current && (
                <Tag color="green" data-testid="session-current">
                  {t('adminSessions.current')}
                </Tag>
              )}
            </span>
          ),
        },
        { key: 'ip', title: t('adminSessions.columns.ip'), dataIndex: 'ip', render: (ip: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{ip || '—'}</Typography.Text> },
        { key: 'createdAt', title: t('adminSessions.columns.createdAt'), dataIndex: 'createdAt', render: (at: string) => dateTime(at) },
        { key: 'lastUsedAt', title: t('adminSessions.columns.lastUsedAt'), dataIndex: 'lastUsedAt', render: (at: string) => dateTime(at) },
        {
          key: 'actions',
          title: t('admin.common.actions'),
          render: (_value, session) => (
            <Button size="small" danger onClick={() => onEnd(session)} aria-label={endLabel(session)} data-testid="session-end">
              {session.current ? t('adminSessions.signOut') : t('adminSessions.end')}
            </Button>
          ),
        },
      ]}
    />
  );
}
