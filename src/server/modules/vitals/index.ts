/** Real-user vitals: the storefront's reports, kept bounded, and their percentiles (docs/performance.md "Real-user vitals"). */
export * from './schema.ts';
export { RESERVOIR_SIZE, RETENTION_DAYS, VitalsStore, reservoirSlot } from './vitals.ts';
export { vitalsRoutes } from './routes.ts';
