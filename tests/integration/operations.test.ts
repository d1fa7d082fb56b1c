/**
 * What operators watch: readiness (database, migrations, shutdown), the drain between the stop
 * signal and closing, and the Prometheus metrics on their own listener.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_MIGRATIONS } from '../../src/server/db/migration-status.ts';
import { listen } from '../../src/server/main.ts';
import { serveMetrics, setMailBacklogSource } from '../../src/server/metrics.ts';
import { SiteBuildScheduler, SiteBuilds } from '../../src/server/modules/site/index.ts';
import { call, createTestShop, type TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine, simulatorOf, createPaypalOrder, capture } from './orders-support.ts';

let shop: TestShop;
let scrape: { url: string; close(): Promise<void> };

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  scrape = await serveMetrics({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  setMailBacklogSource(null);
  await scrape?.close();
  await shop?.close();
});

/** One sample's value from the metrics text (0 when the series does not exist yet). */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(scrape.url)).text();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.startsWith(`${name}{`) ? line.slice(name.length + 1, line.indexOf('}')) : '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('readiness', () => {
  it('answers ready with the database up and every migration applied', async () => {
    const ready = await shop.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: '0000', data: { status: 'ok' } });
  });

  it('answers 503 naming the migration the database lacks, and ready again once it is applied', async () => {
    const latest = REPOSITORY_MIGRATIONS.at(-1)!;
    await shop.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when}`);
    try {
      const missing = await shop.app.inject({ method: 'GET', url: '/api/ready' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toMatchObject({ code: '1503' });
      expect(missing.json().msg).toContain(latest.tag);
      const zh = await shop.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'zh-CN' } });
      expect(zh.json().msg).toContain('数据库尚未迁移');
      // Liveness does not ask the database: the process is alive.
      expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await shop.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${latest.when})`);
    }
    expect((await shop.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('drain on shutdown', () => {
  it('fails readiness at once, keeps serving other requests for the drain period, then closes', async () => {
    const drained = await createTestShop({}, { seed: false });
    const running = await listen(drained.app, drained.database, { host: '127.0.0.1', port: 0, graceMs: 5_000, drainMs: 1_500 });
    const started = Date.now();
    const stopping = running.stop();
    const ready = await fetch(`${running.url}/api/ready`);
    expect(ready.status).toBe(503);
    // Still served while the balancer takes the instance out, each answer closing its connection.
    const config = await fetch(`${running.url}/api/demo/shop/config`);
    expect(config.status).toBe(200);
    expect(config.headers.get('connection')).toBe('close');
    await stopping;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
    await drained.close().catch(() => undefined);
  });
});

describe('metrics', () => {
  it('are served on their own listener only: not on the shop, nothing else on theirs', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    const other = await fetch(scrape.url.replace('/metrics', '/other'));
    expect(other.status).toBe(404);
    const text = await (await fetch(scrape.url)).text();
    expect(text).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('time requests by route pattern, not by URL', async () => {
    const stock = await findStock(shop, 5);
    const route = { method: 'GET', route: '/api/media/shirt/:file', status: '200' };
    const before = await sample('shop_http_request_duration_seconds_count', route);
    const detail = await call(shop.app, '/demo/ironProduct/queryProductDetail', { id: stock.productId });
    const image = new URL(JSON.stringify(detail.data).match(/\/api\/media\/shirt\/[^"?]+/)![0], 'http://shop').pathname;
    for (let i = 0; i < 4; i++) expect((await shop.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    expect(await sample('shop_http_request_duration_seconds_count', route)).toBe(before + 4);
    const text = await (await fetch(scrape.url)).text();
    expect(text).not.toContain(image);
    // Each request once, under its route's pattern; one no route matched, under "unmatched".
    const detailRoute = { method: 'POST', route: '/api/demo/ironProduct/queryProductDetail', status: '200' };
    const unmatched = { method: 'POST', route: 'unmatched', status: '404' };
    const [detailBefore, unmatchedBefore] = [await sample('shop_http_request_duration_seconds_count', detailRoute), await sample('shop_http_request_duration_seconds_count', unmatched)];
    await call(shop.app, '/demo/ironProduct/queryProductDetail', { id: stock.productId });
    expect((await call(shop.app, '/demo/no/such/endpoint', {})).status).toBe(404);
    expect(await sample('shop_http_request_duration_seconds_count', detailRoute)).toBe(detailBefore + 1);
    expect(await sample('shop_http_request_duration_seconds_count', unmatched)).toBe(unmatchedBefore + 1);
  });

  it('count cache hits and misses by cache', async () => {
    const stock = await findStock(shop, 5, 3);
    const hits = await sample('shop_cache_requests_total', { cache: 'catalogue_details', result: 'hit' });
    const misses = await sample('shop_cache_requests_total', { cache: 'catalogue_details', result: 'miss' });
    for (let i = 0; i < 3; i++) expect((await call(shop.app, '/demo/ironProduct/queryProductDetail', { id: stock.productId }, { headers: { 'accept-language': 'zh-CN' } })).code).toBe('0000');
    expect(await sample('shop_cache_requests_total', { cache: 'catalogue_details', result: 'miss' })).toBe(misses + 1);
    expect(await sample('shop_cache_requests_total', { cache: 'catalogue_details', result: 'hit' })).toBe(hits + 2);
  });

  it('count orders placed and paid, and declined payments', async () => {
    const stock = await findStock(shop, 10);
    const placed = await sample('shop_orders_placed_total');
    const paid = await sample('shop_orders_paid_total');
    const declined = await sample('shop_payment_failures_total', { reason: 'declined' });
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    expect(await sample('shop_orders_placed_total')).toBe(placed + 1);
    await pay(shop, order);
    expect(await sample('shop_orders_paid_total')).toBe(paid + 1);

    const { order: second } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, second);
    simulatorOf(shop).approve(paypalOrderId);
    simulatorOf(shop).setSwitches({ nextCapture: 'INSTRUMENT_DECLINED' });
    const refused = await capture(shop, paypalOrderId, second.orderNo);
    expect(refused.code).toBe('1402');
    expect(await sample('shop_payment_failures_total', { reason: 'declined' })).toBe(declined + 1);
    expect(await sample('shop_orders_paid_total')).toBe(paid + 1);
    expect(await sample('shop_orders_placed_total')).toBe(placed + 2);
  });

  it('report the mail backlog the outbox hands them, read at each scrape', async () => {
    let backlog = 7;
    setMailBacklogSource(async () => backlog);
    expect(await sample('shop_mail_outbox_backlog')).toBe(7);
    backlog = 2;
    expect(await sample('shop_mail_outbox_backlog')).toBe(2);
  });

  it('count site builds by kind and outcome', async () => {
    const builds = new SiteBuilds(shop.database.db);
    let fail = false;
    const scheduler = new SiteBuildScheduler({
      builds,
      render: async () => {
        if (fail) throw new Error('the renderer broke');
        return { deploy: null };
      },
      productsOfTeams: async () => [],
      quietMs: 0,
      maxWaitMs: 0,
      fullAbove: 100,
    });
    const done = await sample('shop_site_builds_total', { kind: 'full', outcome: 'done' });
    const failed = await sample('shop_site_builds_total', { kind: 'full', outcome: 'failed' });
    expect(await scheduler.buildNow('full')).toBe(true);
    fail = true;
    expect(await scheduler.buildNow('full')).toBe(false);
    expect(await sample('shop_site_builds_total', { kind: 'full', outcome: 'done' })).toBe(done + 1);
    expect(await sample('shop_site_builds_total', { kind: 'full', outcome: 'failed' })).toBe(failed + 1);
    expect(await sample('shop_site_build_duration_seconds_count', { kind: 'full' })).toBe(done + 1);
    await scheduler.stop();
  });
});
