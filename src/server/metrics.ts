/**
 * The shop's Prometheus metrics (prom-client), one registry per process. Code that counts
 * something imports `metrics` and increments; the registry is served only on the METRICS_PORT
 * listener (`serveMetrics`), never on the public port (docs/operations.md "Metrics").
 *
 * Counters count what this process did: Prometheus adds the instances up (`sum(rate(...))`).
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric, type MetricValueWithName } from 'prom-client';

export const registry = new Registry();

/** Where the mail outbox's backlog comes from, once the outbox is wired (`setMailBacklogSource`). */
let mailBacklog: (() => Promise<number>) | null = null;

/**
 * Cache look-ups by cache name, counted in plain numbers and handed to the counter at each scrape:
 * a look-up is on the path of every catalogue answer, and prom-client's increment hashes and
 * checks its labels on every call.
 */
const cacheLookups = new Map<string, { hit: number; miss: number; reported: { hit: number; miss: number } }>();

/**
 * A histogram kept in plain numbers, for what is observed on every request: prom-client's own
 * converts, validates and hashes the labels on each `observe`, a measurable share of a cached
 * answer's time (docs/performance.md "The read path"). Each series (one per label values) is made
 * once and counts into an array; the registry reads it at a scrape in prom-client's histogram
 * form (cumulative `_bucket` samples with `le`, `_sum`, `_count`).
 */
export class PlainHistogram<Label extends string> {
  readonly name: string;
  readonly help: string;
  private readonly buckets: readonly number[];
  private readonly series = new Map<string, { labels: Record<Label, string>; counts: number[]; sum: number; count: number }>();

  constructor(options: { name: string; help: string; buckets: readonly number[]; registers: Registry[] }) {
    this.name = options.name;
    this.help = options.help;
    this.buckets = options.buckets;
    for (const register of options.registers) register.registerMetric(this as unknown as Metric);
  }

  /** The series for these label values, made on first use; `key` must say apart different values. */
  seriesOf(key: string, labels: Record<Label, string>): { observe(value: number): void } {
    let series = this.series.get(key);
    if (!series) {
      series = { labels, counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    const own = series;
    const bounds = this.buckets;
    return {
      observe(value: number) {
        let bucket = 0;
        while (bucket < bounds.length && value > bounds[bucket]!) bucket++;
        own.counts[bucket]!++;
        own.sum += value;
        own.count++;
      },
    };
  }

  /** What prom-client's registry reads at a scrape. */
  get(): { name: string; help: string; type: 'histogram'; values: MetricValueWithName<string>[]; aggregator: 'sum' } {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let below = 0;
      this.buckets.forEach((bound, i) => {
        below += counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: below });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  reset(): void {
    this.series.clear();
  }
}

export const metrics = {
  requestDuration: new PlainHistogram<'method' | 'route' | 'status'>({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
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

/**
 * `observeRequest` for one route pattern, remembering the last series it used: a route answers
 * nearly always with one method and one status, so most requests skip building the look-up string.
 */
export function routeTimer(route: string): (method: string, status: number, seconds: number) => void {
  let lastMethod = '';
  let lastStatus = 0;
  let last: { observe(seconds: number): void } | null = null;
  return (method, status, seconds) => {
    if (last === null || method !== lastMethod || status !== lastStatus) {
      last = seriesOf(method, route, status);
      lastMethod = method;
      lastStatus = status;
    }
    last.observe(seconds);
  };
}

/** The duration histogram's series by method, route pattern and status, each made once. */
const requestSeries = new Map<string, { observe(seconds: number): void }>();

/**
 * One answer's time, by method, route pattern (not the URL, whose ids would make a series each)
 * and status. The series is looked up by one string.
 */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  seriesOf(method, route, status).observe(seconds);
}

function seriesOf(method: string, route: string, status: number): { observe(seconds: number): void } {
  const key = `${method} ${status} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = metrics.requestDuration.seriesOf(key, { method, route, status: String(status) });
    requestSeries.set(key, series);
  }
  return series;
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
