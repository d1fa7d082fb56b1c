/** What staff see of the site's rebuilds (on the dashboard), and R_SUPER's rebuild by hand. */
import { siteApi } from '../../../domain/api/admin/site.ts';
import type { SiteBuildStatusView, SiteBuildView } from '../../../domain/back-office/site.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SiteBuildRecord, SiteBuilds } from './builds.ts';

export interface SiteRouteDeps {
  builds: SiteBuilds;
  audit: AuditLog;
  /** Whether this shop builds its pages itself (SITE_BUILDER). */
  builder: boolean;
}

export function siteRoutes(deps: SiteRouteDeps, guards: Guards) {
  const status = async (): Promise<SiteBuildStatusView> => {
    const { running, last, pending } = await deps.builds.status();
    return { builder: deps.builder, running: view(running), last: view(last), pending: { changes: pending.changes, since: pending.since?.toISOString() ?? null } };
  };
  return backOfficeCalls(guards, [PERMISSIONS.DASHBOARD_VIEW, PERMISSIONS.SITE_BUILD], (watch, build) => {
    watch(siteApi.buildStatus, "The site's rebuild: the one running with its progress, the last one's outcome, and the changes waiting", undefined, status);
    build(siteApi.rebuild, 'Queue a build of every page (it starts once the builder sees it, after the usual quiet moment)', undefined, async ({ actor }) => {
      await deps.builds.requestFull(actor, deps.audit);
      return status();
    });
  });
}

function view(record: SiteBuildRecord | null): SiteBuildView | null {
  if (!record) return null;
  const { id, kind, status, reason, pagesDone, pagesTotal, startedAt, finishedAt, error, deploy } = record;
  return {
    id,
    kind,
    status,
    reason: { products: reason.products, teams: reason.teams, all: reason.all },
    pagesDone,
    pagesTotal,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt?.toISOString() ?? null,
    error,
    deploy,
  };
}
