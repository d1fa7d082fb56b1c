/**
 * The shop's Prometheus metrics (prom-client), one registry per process. Code that counts
 * something imports `metrics` and increments; the registry is served only on the METRICS_PORT
 * listener (`serveMetrics`), never on the public port (docs/operations.md "Metrics").
 *
 * Counters count what this process did: Prometheus adds the instances up (`sum(rate(...))`).
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();

/** Where the mail outbox's backlog comes from, once the outbox is wired (`setMailBacklogSource`). */
let mailBacklog: (() => Promise<number>) | null = null;

/**
 * Cache look-ups by cache name, counted in plain numbers and handed to the counter at each scrape:
 * a look-up is on the path of every catalogue answer, and prom-client's increment hashes and
 * checks its labels on every call.
 */
const cacheLookups = new Map<string, { hit: number; miss: number; reported: { hit: number; miss: number } }>();

export const metrics = {
  requestDuration: new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  ordersPlaced: new Counter({ name: 'shop_orders_placed_total', help: 'Orders placed (idempotent replays not counted)', registers: [registry] }),
  ordersPaid: new Counter({ name: 'shop_orders_paid_total', help: 'Orders that became paid (by capture, webhook or reconciler)', registers: [registry] }),
  paymentFailures: new Counter({
    name: 'shop_payment_failures_total',
    help: 'Payments that did not go through: declined by PayPal, refused by PayPal, or PayPal unavailable',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  cacheRequests: new Counter({
    name: 'shop_cache_requests_total',
    help: 'Look-ups in the in-process answer and catalogue caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      for (const [cache, counts] of cacheLookups) {
        for (const result of ['hit', 'miss'] as const) {
          const since = counts[result] - counts.reported[result];
          if (since > 0) this.inc({ cache, result }, since);
          counts.reported[result] = counts[result];
        }
      }
    },
  }),
  siteBuilds: new Counter({
    name: 'shop_site_builds_total',
    help: 'Site builds this instance ran, by kind (full or pages) and outcome (done or failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  }),
  siteBuildDuration: new Histogram({
    name: 'shop_site_build_duration_seconds',
    help: 'Time a site build took, by kind',
    labelNames: ['kind'] as const,
    buckets: [5, 15, 30, 60, 120, 300, 600, 1800],
    registers: [registry],
  }),
  imageDecodes: new Counter({ name: 'shop_image_decodes_total', help: 'Uploaded images this instance decoded and resized (after the count and pixel checks)', registers: [registry] }),
  mailBacklog: new Gauge({
    name: 'shop_mail_outbox_backlog',
    help: 'Mail written to the outbox and not yet sent (the same figure on every instance: use max)',
    registers: [registry],
    async collect() {
      if (mailBacklog) this.set(await mailBacklog());
    },
  }),
};

/** Hands the metrics the outbox's count of unsent mail, read at each scrape. */
export function setMailBacklogSource(source: (() => Promise<number>) | null): void {
  mailBacklog = source;
}

/** A hit and a miss counter for one named cache: a look-up costs one add, read at the next scrape. */
export function cacheCounters(name: string): { hit(): void; miss(): void } {
  let counts = cacheLookups.get(name);
  if (!counts) {
    counts = { hit: 0, miss: 0, reported: { hit: 0, miss: 0 } };
    cacheLookups.set(name, counts);
  }
  const own = counts;
  return { hit: () => void own.hit++, miss: () => void own.miss++ };
}

/** The duration histogram's series by method, route pattern and status, each made once. */
const requestSeries = new Map<string, { observe(seconds: number): void }>();

/**
 * One answer's time, by method, route pattern (not the URL, whose ids would make a series each)
 * and status. The series is looked up by one string instead of prom-client building and checking
 * its labels again for every request.
 */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const key = `${method} ${status} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = metrics.requestDuration.labels(method, route, String(status));
    requestSeries.set(key, series);
  }
  series.observe(seconds);
}

let defaultsCollected = false;

/**
 * The metrics listener: `GET /metrics` in Prometheus's text format, anything else 404. Bound to
 * `host` (127.0.0.1 by default), apart from the shop's port, so the public never reaches it.
 */
export async function serveMetrics(options: { host: string; port: number }): Promise<{ url: string; close(): Promise<void> }> {
  if (!defaultsCollected) {
    // Node's own: memory, CPU, event loop delay, handles.
    collectDefaultMetrics({ register: registry });
    defaultsCollected = true;
  }
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
