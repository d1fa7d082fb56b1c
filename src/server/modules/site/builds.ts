/**
 * The record of the site's rebuilds: what changed since the live pages were rendered (rows the
 * catalogue's triggers write, migration 0009), the builds made, and the lease (job_leases'
 * `site-builder`) that lets one instance build at a time (docs/site-builds.md).
 */
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { Leases } from '../jobs/index.ts';
import { siteBuilds, siteChanges } from './schema.ts';

export interface PendingChanges {
  /** The newest change these cover. */
  upto: number;
  productIds: number[];
  teamIds: number[];
  /** Content pages published in the back office (their slugs). */
  pageSlugs: string[];
  /** Something every page shows changed (the navigation, patches, add-ons, a team added). */
  all: boolean;
  oldest: Date;
  newest: Date;
}

export type BuildKind = 'full' | 'pages';

export interface SiteBuildRecord {
  id: number;
  kind: BuildKind;
  status: 'running' | 'done' | 'failed';
  builder: string;
  reason: { products: number; teams: number; pages?: number; all: boolean; first?: boolean };
  pagesTotal: number | null;
  pagesDone: number;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
  deploy: string | null;
}

export interface SiteBuildStatus {
  running: SiteBuildRecord | null;
  last: SiteBuildRecord | null;
  /** Changes waiting for the next build, and since when. */
  pending: { changes: number; since: Date | null };
}

/** The name of the builder's lease in job_leases. */
export const SITE_BUILDER_LEASE = 'site-builder';

export class SiteBuilds {
  private readonly db: Db;
  private readonly leases: Leases;

  constructor(db: Db) {
    this.db = db;
    this.leases = new Leases(db);
  }

  async pending(): Promise<PendingChanges | null> {
    const rows = await this.db
      .select({
        scope: siteChanges.scope,
        key: siteChanges.key,
        upto: sql<string>`max(${siteChanges.id})`,
        oldest: sql<string>`min(${siteChanges.at})`,
        newest: sql<string>`max(${siteChanges.at})`,
      })
      .from(siteChanges)
      .groupBy(siteChanges.scope, siteChanges.key);
    if (rows.length === 0) return null;
    const keys = (scope: string) => rows.filter((r) => r.scope === scope && r.key !== null).map((r) => r.key!);
    const ids = (scope: string) => keys(scope).map(Number);
    return {
      upto: Math.max(...rows.map((r) => Number(r.upto))),
      productIds: ids('product'),
      teamIds: ids('team'),
      pageSlugs: keys('page'),
      all: rows.some((r) => r.scope === 'all'),
      oldest: new Date(Math.min(...rows.map((r) => new Date(r.oldest).getTime()))),
      newest: new Date(Math.max(...rows.map((r) => new Date(r.newest).getTime()))),
    };
  }

  /** Queues a build of every page, as a change of everything would (audited). */
  async requestFull(actor: AuditActor, audit: AuditLog): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(siteChanges).values({ scope: 'all' });
      await audit.record(tx, { actor, action: 'site.rebuild', entity: 'site', entityId: 'all' });
    });
  }

  /** Takes (or renews) the right to build for `ms`; false while another instance holds it (the jobs module's lease `site-builder`). */
  takeLease(holder: string, ms: number): Promise<boolean> {
    return this.leases.take(SITE_BUILDER_LEASE, holder, ms);
  }

  releaseLease(holder: string): Promise<void> {
    return this.leases.release(SITE_BUILDER_LEASE, holder);
  }

  async start(kind: BuildKind, builder: string, pending: PendingChanges | null, first = false): Promise<number> {
    const [row] = await this.db
      .insert(siteBuilds)
      .values({
        kind,
        status: 'running',
        builder,
        uptoChange: pending?.upto ?? (await this.newestChange()),
        reason: {
          products: pending?.productIds.length ?? 0,
          teams: pending?.teamIds.length ?? 0,
          ...(pending?.pageSlugs.length ? { pages: pending.pageSlugs.length } : {}),
          all: pending?.all ?? true,
          ...(first ? { first } : {}),
        },
      })
      .returning({ id: siteBuilds.id });
    return row!.id;
  }

  async progress(id: number, done: number, total: number | null): Promise<void> {
    await this.db.update(siteBuilds).set({ pagesDone: done, pagesTotal: total }).where(eq(siteBuilds.id, id));
  }

  /** Ends a build; a successful one consumes the changes it covered. */
  async finish(id: number, outcome: { error: string | null; deploy: string | null }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [build] = await tx
        .update(siteBuilds)
        .set({ status: outcome.error === null ? 'done' : 'failed', error: outcome.error, deploy: outcome.deploy, finishedAt: sql`now()` })
        .where(eq(siteBuilds.id, id))
        .returning({ upto: siteBuilds.uptoChange });
      if (build && outcome.error === null) await tx.delete(siteChanges).where(lte(siteChanges.id, build.upto));
    });
  }

  /** Consumes the changes up to `upto` without a build: they change no page (changes to drafts). */
  async discard(upto: number): Promise<void> {
    await this.db.delete(siteChanges).where(lte(siteChanges.id, upto));
  }

  async status(): Promise<SiteBuildStatus> {
    const [running, last, pending] = await Promise.all([
      this.db.select().from(siteBuilds).where(eq(siteBuilds.status, 'running')).orderBy(desc(siteBuilds.id)).limit(1),
      this.db.select().from(siteBuilds).where(sql`${siteBuilds.status} <> 'running'`).orderBy(desc(siteBuilds.id)).limit(1),
      this.db.select({ changes: sql<number>`count(*)::int`, since: sql<string | null>`min(${siteChanges.at})` }).from(siteChanges),
    ]);
    const since = pending[0]?.since;
    return {
      running: (running[0] as SiteBuildRecord | undefined) ?? null,
      last: (last[0] as SiteBuildRecord | undefined) ?? null,
      pending: { changes: pending[0]?.changes ?? 0, since: since ? new Date(since) : null },
    };
  }

  /**
   * Called by the lease's new holder: a build still marked running was left by an instance that
   * stopped mid-way (its lease ran out), so it is marked failed rather than shown running for ever.
   */
  async abandonRunning(): Promise<void> {
    await this.db
      .update(siteBuilds)
      .set({ status: 'failed', error: 'the build stopped with its process', finishedAt: sql`now()` })
      .where(eq(siteBuilds.status, 'running'));
  }

  private async newestChange(): Promise<number> {
    const [row] = await this.db.select({ upto: sql<string | null>`max(${siteChanges.id})` }).from(siteChanges);
    return Number(row?.upto ?? 0);
  }
}
