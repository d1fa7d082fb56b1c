/** The site module: what changed since the pages were built, the rebuilds, and who may build (docs/site-builds.md). */
export * from './schema.ts';
export { SITE_BUILDER_LEASE, SiteBuilds, type BuildKind, type PendingChanges, type SiteBuildRecord, type SiteBuildStatus } from './builds.ts';
export { SiteBuildScheduler, type BuildJob, type BuildOutcome, type SiteRenderer } from './scheduler.ts';
export { siteRoutes } from './routes.ts';
