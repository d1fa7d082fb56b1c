/** Background work once across instances: named leases and the periodic job runner (docs/architecture.md "Background work"). */
export * from './schema.ts';
export { INSTANCE_ID, Leases } from './leases.ts';
export { JOB_LEASE_MS, JobRunner, type JobLog, type PeriodicJob } from './runner.ts';
