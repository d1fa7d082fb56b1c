/**
 * The owner's view of a staff member's sessions (staff:manage; docs/back-office.md "Sessions"),
 * opened from the staff screen's row: end one, or all; each asks first and is audited. The member
 * is refused at their next call and sent to sign in.
 */
import { Button, Modal, Space } from 'antd';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { sessionsApi } from '../../../domain/api/admin/sessions.ts';
import type { StaffMember } from '../../../domain/back-office/staff.model.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { SessionsTable, useDeviceName } from './SessionsTable.tsx';

export function MemberSessionsDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { t } = useT();
  const ask = useConfirmedWrite();
  const deviceName = useDeviceName();
  const sessions = useApiQuery(sessionsApi.ofMember, { userId: member.userId });
  const invalidates = [sessionsApi.ofMember, adminAuditApi.auditList];
  const endOne = useApiMutation(sessionsApi.endMember, invalidates);
  const endAll = useApiMutation(sessionsApi.endAllMember, invalidates);
  const count = sessions.data?.length ?? 0;

  return (
    <Modal open title={t('adminSessions.memberTitle', { email: member.email })} onCancel={onClose} footer={null} width={860} destroyOnHidden data-testid="member-sessions-dialog">
      <Space direction="vertical" style={{ width: '100%' }}>
        <SessionsTable
          sessions={sessions.data}
          loading={sessions.isLoading}
          endLabel={(session) => t('adminSessions.endNamed', { device: deviceName(session) })}
          onEnd={(session) =>
            ask(
              { content: t('adminSessions.endMemberConfirm', { email: member.email, device: deviceName(session), ip: session.ip || '—' }), done: t('adminSessions.ended') },
              () => endOne.mutateAsync({ userId: member.userId, sessionId: session.id }),
            )
          }
        />
        <Button
          danger
          disabled={count === 0}
          loading={endAll.isPending}
          onClick={() => ask({ content: t('adminSessions.endAllConfirm', { email: member.email, count }), done: t('adminSessions.ended') }, () => endAll.mutateAsync({ userId: member.userId }))}
          data-testid="member-sessions-end-all"
        >
          {t('adminSessions.endAll')}
        </Button>
      </Space>
    </Modal>
  );
}
