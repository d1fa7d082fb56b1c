/**
 * The storefront's pre-rendered pages: whether they show the catalogue as it is, the rebuild in
 * progress, and the last one's outcome (docs/site-builds.md). Polls while changes wait or a
 * build runs; R_SUPER can queue a build of every page.
 */
import { Alert, App, Button, Card, Progress, Space, Typography } from 'antd';
import { useId } from 'react';
import { siteApi } from '../../../domain/api/admin/site.ts';
import type { SiteBuildStatusView, SiteBuildView } from '../../../domain/back-office/site.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useMay } from '../../state/session.ts';
import { useDateTime } from '../orders/labels.tsx';
import { usePolledStatus } from './polled-status.ts';

const POLL_MS = 3_000;

function busy(status: SiteBuildStatusView): boolean {
  return status.running !== null || status.pending.changes > 0;
}

function LastBuild({ build }: { build: SiteBuildView }) {
  const { t } = useT();
  const when = useDateTime();
  const what = build.reason.all ? t('adminSite.every') : t('adminSite.products', { count: build.reason.products + build.reason.teams });
  if (build.status === 'failed') {
    return <Alert type="error" showIcon message={t('adminSite.failed', { at: when(build.finishedAt) })} description={build.error} data-testid="site-build-failed" />;
  }
  return (
    <Space direction="vertical" size={2}>
      <Typography.Text data-testid="site-build-last">{t('adminSite.last', { at: when(build.finishedAt), what, pages: build.pagesDone })}</Typography.Text>
      {build.deploy !== null && (
        <Typography.Text type={build.deploy.startsWith('ok') ? 'secondary' : 'danger'}>{t(build.deploy.startsWith('ok') ? 'adminSite.deployOk' : 'adminSite.deployFailed', { report: build.deploy })}</Typography.Text>
      )}
    </Space>
  );
}

export function SiteBuildCard() {
  const { t } = useT();
  const runningId = useId();
  const { message } = App.useApp();
  const may = useMay();
  const { data, replace } = usePolledStatus(siteApi.buildStatus, POLL_MS, busy);
  const rebuild = useApiMutation(siteApi.rebuild);
  if (!data) return null;
  const running = data.running;
  const percent = running?.pagesTotal ? Math.min(99, Math.round((running.pagesDone / running.pagesTotal) * 100)) : undefined;
  return (
    <Card
      title={t('adminSite.title')}
      data-testid="site-build"
      extra={
        may(PERMISSIONS.SITE_BUILD) && data.builder ? (
          <Button
            loading={rebuild.isPending}
            onClick={() =>
              rebuild.mutate(undefined, {
                onSuccess: (next) => {
                  replace(next);
                  void message.success(t('adminSite.queued'));
                },
              })
            }
          >
            {t('adminSite.rebuild')}
          </Button>
        ) : null
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {!data.builder ? (
          <Typography.Text type="secondary">{t('adminSite.elsewhere')}</Typography.Text>
        ) : running ? (
          <div data-testid="site-build-running">
            <Typography.Text id={runningId}>{t('adminSite.running', { done: running.pagesDone, total: running.pagesTotal ?? '…' })}</Typography.Text>
            {/* Named by the line above it (axe aria-progressbar-name). */}
            <Progress percent={percent ?? 0} status="active" showInfo={percent !== undefined} aria-labelledby={runningId} />
          </div>
        ) : data.pending.changes > 0 ? (
          <Typography.Text data-testid="site-build-pending">{t('adminSite.pending')}</Typography.Text>
        ) : (
          <Typography.Text type="success" data-testid="site-build-current">
            {t('adminSite.current')}
          </Typography.Text>
        )}
        {data.last && <LastBuild build={data.last} />}
      </Space>
    </Card>
  );
}
