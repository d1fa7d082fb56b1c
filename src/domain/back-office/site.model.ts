/** The static site's rebuilds as the back office shows them (docs/site-builds.md). */
export interface SiteBuildView {
  id: number;
  /** `full`: every page; `pages`: the changed products' pages and every listing. */
  kind: 'full' | 'pages';
  status: 'running' | 'done' | 'failed';
  /** Changed products and teams it was for; `all` when every page had to change. */
  reason: { products: number; teams: number; all: boolean };
  pagesDone: number;
  pagesTotal: number | null;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  /** The deploy hook's report (`ok...` or `failed...`), null without one. */
  deploy: string | null;
}

export interface SiteBuildStatusView {
  /** False where no instance builds the site (API-only instances behind a CDN built elsewhere). */
  builder: boolean;
  running: SiteBuildView | null;
  last: SiteBuildView | null;
  pending: { changes: number; since: string | null };
}
