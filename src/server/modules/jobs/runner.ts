/**
 * Periodic jobs run once across instances: every instance ticks, and the one that takes the
 * job's lease while the job is due runs it, renewing the lease as it goes, then sets when it is
 * due next. If it dies mid-run the lease lapses and another instance runs the job again.
 */
import { loggableError } from '../../errors.ts';
import { INSTANCE_ID, Leases } from './leases.ts';

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PeriodicJob {
  name: string;
  /** Time between runs across the cluster; 0: once at each start, never on the timer. */
  intervalMs: number;
  run(): Promise<unknown>;
}

/** A run holds its lease this long, renewed a third of the way through. */
export const JOB_LEASE_MS = 60_000;

export class JobRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  private readonly leases: Leases;
  private readonly log: JobLog;
  private readonly holder: string;
  /** How often each instance asks whether a job is due (at most the job's interval). */
  private readonly pollMs: number;

  constructor(leases: Leases, log: JobLog, options: { holder?: string; pollMs?: number } = {}) {
    this.leases = leases;
    this.log = log;
    this.holder = options.holder ?? INSTANCE_ID;
    this.pollMs = options.pollMs ?? 5_000;
  }

  /** Runs each job now if due (a job with interval 0 runs at start regardless), then on its timer. */
  start(jobs: readonly PeriodicJob[]): void {
    for (const job of jobs) {
      this.track(this.attempt(job, job.intervalMs > 0));
      if (job.intervalMs <= 0) continue;
      const timer = setInterval(() => this.track(this.attempt(job, true)), Math.min(job.intervalMs, this.pollMs));
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Stops the timers and waits for runs under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.running]);
  }

  private track(run: Promise<unknown>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Runs the job if this instance takes its lease; true when it ran. */
  async attempt(job: PeriodicJob, dueOnly: boolean): Promise<boolean> {
    if (this.stopped) return false;
    let taken: boolean;
    try {
      taken = await this.leases.take(job.name, this.holder, JOB_LEASE_MS, dueOnly);
    } catch (error) {
      this.log.error({ job: job.name, err: loggableError(error) }, 'could not take a job lease');
      return false;
    }
    if (!taken) return false;
    const renew = setInterval(() => void this.leases.take(job.name, this.holder, JOB_LEASE_MS).catch(() => {}), JOB_LEASE_MS / 3);
    renew.unref();
    let error: string | null = null;
    try {
      await job.run();
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      this.log.error({ job: job.name, err: loggableError(failure) }, 'background job failed; it runs again when next due');
    } finally {
      clearInterval(renew);
    }
    await this.leases.release(job.name, this.holder, { nextInMs: job.intervalMs > 0 ? job.intervalMs : null, error }).catch(() => {});
    return true;
  }
}
