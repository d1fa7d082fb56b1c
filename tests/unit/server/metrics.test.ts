import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheCounters, metrics, observeRequest, registry, routeTimer } from '../../../src/server/metrics.ts';

/** One sample's value as the registry reports it at a scrape (0 when the series does not exist). */
async function scraped(metricName: string, sample: string, labels: Record<string, string>): Promise<number> {
  const metric = await registry.getSingleMetric(metricName)!.get();
  const match = metric.values.find(
    (v) => ((v as { metricName?: string }).metricName ?? metricName) === sample && Object.entries(labels).every(([name, value]) => String(v.labels[name]) === value),
  );
  return match?.value ?? 0;
}

afterEach(() => vi.restoreAllMocks());

describe('metrics on the request path (issue 28)', () => {
  it("a cache look-up is a plain add: prom-client's counter is not called per look-up, and a scrape reports every look-up", async () => {
    const inc = vi.spyOn(metrics.cacheRequests, 'inc');
    const counters = cacheCounters('unit_test_cache');
    counters.hit();
    counters.hit();
    counters.miss();
    expect(inc).not.toHaveBeenCalled();
    inc.mockRestore();
    expect(await scraped('shop_cache_requests_total', 'shop_cache_requests_total', { cache: 'unit_test_cache', result: 'hit' })).toBe(2);
    expect(await scraped('shop_cache_requests_total', 'shop_cache_requests_total', { cache: 'unit_test_cache', result: 'miss' })).toBe(1);
    // Look-ups after a scrape are added to what it reported, not counted twice.
    counters.hit();
    expect(await scraped('shop_cache_requests_total', 'shop_cache_requests_total', { cache: 'unit_test_cache', result: 'hit' })).toBe(3);
    expect(await scraped('shop_cache_requests_total', 'shop_cache_requests_total', { cache: 'unit_test_cache', result: 'miss' })).toBe(1);
  });

  it("a request's series is made once per method, route and status, then only observed", async () => {
    const labels = vi.spyOn(metrics.requestDuration, 'seriesOf');
    for (let i = 0; i < 3; i++) observeRequest('POST', '/unit/test', 200, 0.001);
    observeRequest('POST', '/unit/test', 404, 0.001);
    expect(labels).toHaveBeenCalledTimes(2);
    labels.mockRestore();
    expect(await scraped('shop_http_request_duration_seconds', 'shop_http_request_duration_seconds_count', { method: 'POST', route: '/unit/test', status: '200' })).toBe(3);
    expect(await scraped('shop_http_request_duration_seconds', 'shop_http_request_duration_seconds_count', { method: 'POST', route: '/unit/test', status: '404' })).toBe(1);
  });

  it("a route's timer records each answer in its method's and status's series as the status changes", async () => {
    const time = routeTimer('/unit/timer');
    time('POST', 200, 0.001);
    time('POST', 200, 0.001);
    time('POST', 400, 0.001);
    time('GET', 400, 0.001);
    time('POST', 200, 0.001);
    const count = (method: string, status: string) => scraped('shop_http_request_duration_seconds', 'shop_http_request_duration_seconds_count', { method, route: '/unit/timer', status });
    expect(await count('POST', '200')).toBe(3);
    expect(await count('POST', '400')).toBe(1);
    expect(await count('GET', '400')).toBe(1);
  });

  it('the duration histogram scrapes as a Prometheus histogram: cumulative buckets, +Inf, sum and count', async () => {
    observeRequest('GET', '/unit/buckets', 200, 0.001);
    observeRequest('GET', '/unit/buckets', 200, 0.004);
    observeRequest('GET', '/unit/buckets', 200, 0.03);
    observeRequest('GET', '/unit/buckets', 200, 60);
    const labels = { method: 'GET', route: '/unit/buckets', status: '200' };
    const bucket = (le: string) => scraped('shop_http_request_duration_seconds', 'shop_http_request_duration_seconds_bucket', { ...labels, le });
    expect(await bucket('0.002')).toBe(1);
    expect(await bucket('0.005')).toBe(2);
    expect(await bucket('0.025')).toBe(2);
    expect(await bucket('0.05')).toBe(3);
    expect(await bucket('10')).toBe(3);
    expect(await bucket('+Inf')).toBe(4);
    expect(await scraped('shop_http_request_duration_seconds', 'shop_http_request_duration_seconds_sum', labels)).toBeCloseTo(60.035, 6);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(text).toContain('shop_http_request_duration_seconds_bucket{method="GET",route="/unit/buckets",status="200",le="0.005"} 2');
    expect(text).toContain('shop_http_request_duration_seconds_count{method="GET",route="/unit/buckets",status="200"} 4');
  });
});
