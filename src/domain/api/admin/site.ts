/** The static site's rebuilds (docs/site-builds.md): what staff see of them, and a rebuild by hand. */
import type { SiteBuildStatusView } from '../../back-office/site.model.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const siteApi = {
  buildStatus: get<NoRequest, SiteBuildStatusView>('/admin/site/status'),
  /** Queues a build of every page (R_SUPER): after a change the triggers cannot see, e.g. a template edit on a running shop. */
  rebuild: post<NoRequest, SiteBuildStatusView>('/admin/site/rebuild'),
} as const;
