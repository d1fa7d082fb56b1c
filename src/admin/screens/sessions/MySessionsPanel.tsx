/**
 * The caller's own sessions (docs/back-office.md "Sessions"), from the user menu: each device
 * signed in, with its address and last use; end one, or every other one. Ending the current
 * session is signing out, and asks as the user menu's logout does.
 */
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { sessionsApi } from '../../../domain/api/admin/sessions.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useLogout } from '../../state/session.ts';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { SessionsTable, useDeviceName } from './SessionsTable.tsx';

export function MySessionsPanel() {
  const { t } = useT();
  const navigate = useNavigate();
  const logout = useLogout();
  const ask = useConfirmedWrite();
  const deviceName = useDeviceName();
  const mine = useApiQuery(sessionsApi.mine);
  const endMine = useApiMutation(sessionsApi.endMine, [sessionsApi.mine]);
  const endOthers = useApiMutation(sessionsApi.endMyOthers, [sessionsApi.mine]);
  const others = (mine.data ?? []).filter((session) => !session.current).length;

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="my-sessions">
      <Typography.Paragraph type="secondary">{t('adminSessions.mineHelp')}</Typography.Paragraph>
      <SessionsTable
        sessions={mine.data}
        loading={mine.isLoading}
        endLabel={(session) => (session.current ? t('adminSessions.signOut') : t('adminSessions.endNamed', { device: deviceName(session) }))}
        onEnd={(session) =>
          session.current
            ? ask({ content: t('admin.logout.logoutConfirm'), done: t('adminSessions.signedOut') }, async () => {
                await logout();
                navigate('/login');
              })
            : ask({ content: t('adminSessions.endConfirm', { device: deviceName(session), ip: session.ip || '—' }), done: t('adminSessions.ended') }, () => endMine.mutateAsync({ sessionId: session.id }))
        }
      />
      <Button
        disabled={others === 0}
        loading={endOthers.isPending}
        onClick={() => ask({ content: t('adminSessions.endOthersConfirm', { count: others }), done: t('adminSessions.ended') }, () => endOthers.mutateAsync(undefined))}
        data-testid="sessions-end-others"
      >
        {t('adminSessions.endOthers')}
      </Button>
    </Space>
  );
}
