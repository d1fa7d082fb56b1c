/**
 * Rebuilds the site when what its pages show changes: waits until the changes have been quiet a
 * moment (an editor saving ten products makes one build, not ten), takes the lease so that one
 * instance builds at a time, and records the build's progress and outcome (docs/site-builds.md).
 */
import { hostname } from 'node:os';
import type { BuildKind, PendingChanges, SiteBuilds } from './builds.ts';
import { metrics } from '../../metrics.ts';

export interface BuildJob {
  kind: BuildKind;
  /** For `pages`: the changed products, with the products of the changed teams. */
  productIds: number[];
  /**
   * For `pages`: content pages published in the back office. When no product changed, only these
   * pages are rendered (both locales), not the listings (docs/site-builds.md).
   */
  pageSlugs: string[];
}

export interface BuildOutcome {
  /** The deploy hook's report, or null when none is configured. */
  deploy: string | null;
}

/** Renders the pages of a job and puts them live; reports pages done as it goes; gives up when `signal` aborts. */
export type SiteRenderer = (job: BuildJob, progress: (done: number, total: number | null) => void, signal: AbortSignal) => Promise<BuildOutcome>;

export interface SchedulerOptions {
  builds: SiteBuilds;
  render: SiteRenderer;
  /** The products of these teams (their pages show the team's squad). */
  productsOfTeams: (teamIds: number[]) => Promise<number[]>;
  /**
   * Those of these products that a page shows or showed: published, or with pages in the live
   * release. Changes to none of them (a draft made or edited) change no page and are consumed
   * without a build. Without it, every change is built.
   */
  shownAmong?: (productIds: number[]) => Promise<number[]>;
  /** Build once no change came for this long... */
  quietMs: number;
  /** ...or once the oldest waiting change is this old. */
  maxWaitMs: number;
  /** More changed products than this and the whole site is built (cheaper than picking pages). */
  fullAbove: number;
  pollMs?: number;
  /** After a failed build, wait this long before trying again. */
  retryMs?: number;
  now?: () => number;
  log?: (message: string, failed?: boolean) => void;
}

const LEASE_MS = 5 * 60_000;

export class SiteBuildScheduler {
  private readonly options: Required<Omit<SchedulerOptions, 'log' | 'shownAmong'>> & Pick<SchedulerOptions, 'log' | 'shownAmong'>;
  readonly holder = `${hostname()}:${process.pid}`;
  private timer: NodeJS.Timeout | null = null;
  private building: Promise<void> | null = null;
  private failedAt = 0;
  private readonly stopping = new AbortController();

  constructor(options: SchedulerOptions) {
    this.options = { pollMs: 2_000, retryMs: 60_000, now: Date.now, ...options };
  }

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.options.pollMs);
    this.timer.unref();
  }

  /** Stops polling and a build in progress (recorded as failed, its changes kept for the next builder), and gives up the lease. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.building?.catch(() => {});
  }

  /**
   * Builds now, whatever is pending (at start, when the sources changed). False when it failed;
   * true also when another instance holds the lease (it builds).
   */
  async buildNow(kind: BuildKind): Promise<boolean> {
    const { builds } = this.options;
    if (!(await builds.takeLease(this.holder, LEASE_MS))) {
      this.options.log?.('another instance is building the site');
      return true;
    }
    try {
      await builds.abandonRunning();
      const pending = await builds.pending();
      return await this.build(pending, kind);
    } finally {
      await builds.releaseLease(this.holder);
    }
  }

  /** One look: builds when changes wait and are due. Answers once that build (if any) has ended. */
  async tick(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    if (this.building) return this.building;
    this.building = this.runIfDue().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async runIfDue(): Promise<void> {
    const { builds, now, quietMs, maxWaitMs, retryMs } = this.options;
    const pending = await builds.pending();
    if (!pending) return;
    const at = now();
    const due = at - pending.newest.getTime() >= quietMs || at - pending.oldest.getTime() >= maxWaitMs;
    if (!due || at - this.failedAt < retryMs) return;
    if (!(await builds.takeLease(this.holder, LEASE_MS))) return;
    try {
      await builds.abandonRunning();
      if (await this.showsNone(pending)) {
        await builds.discard(pending.upto);
        this.options.log?.('site changes to drafts only (no page shows them): no build');
        return;
      }
      await this.build(pending);
    } finally {
      await builds.releaseLease(this.holder);
    }
  }

  /** The changed products, with the products of the changed teams. */
  private async productIdsOf(pending: PendingChanges | null): Promise<number[]> {
    return pending ? [...new Set([...pending.productIds, ...(await this.options.productsOfTeams(pending.teamIds))])] : [];
  }

  /** Whether the changes touch only products no page shows, nor showed (drafts): a build would render what is live already. */
  private async showsNone(pending: PendingChanges): Promise<boolean> {
    const { shownAmong, fullAbove } = this.options;
    if (!shownAmong || pending.all) return false;
    const productIds = await this.productIdsOf(pending);
    if (productIds.length === 0 || productIds.length > fullAbove || pending.pageSlugs.length > 0) return false;
    return (await shownAmong(productIds)).length === 0;
  }

  private async build(pending: PendingChanges | null, forced?: BuildKind): Promise<boolean> {
    const { builds, render, fullAbove, now, log } = this.options;
    const productIds = await this.productIdsOf(pending);
    const kind: BuildKind = forced ?? (!pending || pending.all || productIds.length > fullAbove ? 'full' : 'pages');
    const id = await builds.start(kind, this.holder, pending);
    const pageSlugs = pending?.pageSlugs ?? [];
    log?.(`site build ${id} (${kind === 'full' ? 'every page' : [`${productIds.length} products`, ...(pageSlugs.length ? [`content pages ${pageSlugs.join(', ')}`] : [])].join(', ')}) started`);
    let lastReport = 0;
    let counted: [number, number | null] = [0, null];
    // Progress writes go one after another: on a pool, a late earlier write would overwrite the final count.
    let written: Promise<void> = Promise.resolve();
    const progress = (done: number, total: number | null) => {
      counted = [done, total];
      // A write a second at most, and the lease renewed with it: a long build keeps its right.
      if (now() - lastReport < 1_000) return;
      lastReport = now();
      written = written.then(() => builds.progress(id, done, total)).catch(() => {});
      void builds.takeLease(this.holder, LEASE_MS).catch(() => {});
    };
    const timer = metrics.siteBuildDuration.startTimer({ kind });
    try {
      const outcome = await render({ kind, productIds, pageSlugs }, progress, this.stopping.signal);
      // The last pages came within the second after the last report: the record says them all.
      await written;
      await builds.progress(id, ...counted);
      await builds.finish(id, { error: null, deploy: outcome.deploy });
      timer();
      metrics.siteBuilds.labels(kind, 'done').inc();
      this.failedAt = 0;
      log?.(`site build ${id} done${outcome.deploy ? ` (deploy: ${outcome.deploy})` : ''}`);
      return true;
    } catch (error) {
      const message = this.stopping.signal.aborted ? 'stopped: the server was shutting down' : error instanceof Error ? error.message : String(error);
      await builds.finish(id, { error: message.slice(0, 2_000), deploy: null });
      metrics.siteBuilds.labels(kind, 'failed').inc();
      this.failedAt = now();
      log?.(`site build ${id} failed: ${message}`, true);
      return false;
    }
  }
}
