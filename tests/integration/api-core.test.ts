/** The envelope, request ids, error mapping and system endpoints. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop?.close());

describe('envelope and errors', () => {
  it('answers success as {code: "0000", msg, data}', async () => {
    const answer = await call(shop.app, '/demo/ironNavItems/queryList');
    expect(answer.status).toBe(200);
    expect(answer.code).toBe('0000');
    expect(Array.isArray(answer.data.records)).toBe(true);
  });

  it('makes a request id when none is sent and echoes a sane one back', async () => {
    const made = await call(shop.app, '/demo/ironNavItems/queryList');
    const id1 = made.headers['x-request-id'];
    expect(String(id1)).toMatch(/^[0-9a-f-]{36}$/);
    const again = await call(shop.app, '/demo/ironNavItems/queryList');
    expect(again.headers['x-request-id']).not.toBe(id1);
    const echoed = await call(shop.app, '/demo/ironNavItems/queryList', {}, { headers: { 'x-request-id': 'client-trace-12345' } });
    expect(echoed.headers['x-request-id']).toBe('client-trace-12345');
    const hostile = await call(shop.app, '/demo/ironNavItems/queryList', {}, { headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(hostile.headers['x-request-id']).not.toContain('<');
  });

  it('refuses malformed JSON with 1002 and no internals', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/demo/ironProduct/queryList', headers: { 'content-type': 'application/json' }, payload: '{"current": 1,' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({ code: '1002', msg: 'Malformed JSON body', data: null });
  });

  it("a cached catalogue route reads plain JSON only: a compressed body is refused as malformed, and nothing is answered from it", async () => {
    const { gzipSync } = await import('node:zlib');
    const payload = gzipSync(JSON.stringify({ title: 'jersey', current: 1, size: 5 }));
    const response = await shop.app.inject({ method: 'POST', url: '/api/demo/ironProduct/search', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '1002', msg: 'Malformed JSON body', data: null });
  });

  it('refuses a wrong content type with 415', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/demo/ironProduct/queryList', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('1003');
  });

  it('refuses an oversized body with 413', async () => {
    const payload = JSON.stringify({ title: 'x'.repeat(shop.config.bodyLimit + 10) });
    const response = await shop.app.inject({ method: 'POST', url: '/api/demo/ironProduct/search', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('1004');
  });

  it('names unknown fields and wrong types, in the envelope', async () => {
    const unknown = await call(shop.app, '/demo/ironProduct/queryList', { current: 1, size: 10, userId: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.code).toBe('1001');
    expect(unknown.msg).toContain('userId');
    const wrongType = await call(shop.app, '/demo/ironProduct/queryList', { current: 'one' });
    expect(wrongType.code).toBe('1001');
    expect(wrongType.msg).toContain('current');
    const fraction = await call(shop.app, '/demo/ironProduct/queryList', { size: 2.5 });
    expect(fraction.code).toBe('1001');
    const tooBig = await call(shop.app, '/demo/ironProduct/queryList', { size: 1000 });
    expect(tooBig.code).toBe('1001');
  });

  it('answers unknown endpoints with 404 in the envelope', async () => {
    const answer = await call(shop.app, '/demo/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.code).toBe('1404');
  });

  it('never leaks stack traces or SQL in any error answer', async () => {
    const attempts = [
      await call(shop.app, '/demo/ironProduct/queryProductDetail', { id: "1; drop table products" }),
      await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: ["' or 1=1 --"] }),
      await call(shop.app, '/demo/ironProduct/queryList', { sort: 'price; drop table products' }),
    ];
    for (const answer of attempts) {
      expect(answer.code).toBe('1001');
      expect(answer.msg).not.toMatch(/select|insert|at .*\.ts|node_modules|stack/i);
    }
    const still = await call(shop.app, '/demo/ironProduct/queryList', { size: 1 });
    expect(still.data.total).toBeGreaterThan(0);
  });
});

describe('system', () => {
  it('reports health with the database kind', async () => {
    const answer = await call(shop.app, '/health', undefined, { method: 'GET' });
    expect(answer.code).toBe('0000');
    expect(answer.data.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(answer.data.database);
  });

  it('answers 503 on health once closing, so balancers move away', async () => {
    shop.app.closing = true;
    try {
      const answer = await call(shop.app, '/health', undefined, { method: 'GET' });
      expect(answer.status).toBe(503);
      expect(answer.code).toBe('1503');
    } finally {
      shop.app.closing = false;
    }
  });

  it('publishes the discount tiers and currencies the storefront shows', async () => {
    const answer = await call(shop.app, '/demo/shop/config');
    expect(answer.data.discountTiers).toEqual([
      { minItems: 3, percent: 10 },
      { minItems: 5, percent: 20 },
    ]);
    expect(answer.data.currencies.map((c: { code: string }) => c.code).sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'NZD', 'USD']);
    expect(answer.data.freeShippingThreshold).toBe(4500);
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/demo/ironProduct/search', '/api/demo/ironCartItem/saveCartItemList', '/api/demo/ironCountries/queryList']) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    const searchBody = doc.paths['/api/demo/ironProduct/search'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(searchBody.properties)).toEqual(expect.arrayContaining(['title', 'current', 'size']));
  });

  it('sets security headers: nosniff, HSTS, CSP, no-store on API answers', async () => {
    const answer = await call(shop.app, '/demo/ironCartItem/queryCartSumByUserId');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toContain('max-age=');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['vary']).toBe('Origin, Accept-Language');
    // Headers that act on documents only are not sent with JSON.
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('allows CORS only from the allow-list', async () => {
    const allowed = await shop.app.inject({ method: 'OPTIONS', url: '/api/demo/ironProduct/queryList', headers: { origin: shop.config.publicSiteUrl, 'access-control-request-method': 'POST' } });
    expect(allowed.headers['access-control-allow-origin']).toBe(shop.config.publicSiteUrl);
    const denied = await shop.app.inject({ method: 'OPTIONS', url: '/api/demo/ironProduct/queryList', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-methods']).toBe('GET,HEAD,POST');
    expect(allowed.headers['access-control-allow-headers']).toContain('Idempotency-Key');
    expect(allowed.headers['access-control-max-age']).toBe('600');
  });

  it('answers a cross-origin request with CORS headers only for the allow-list, on pages and the API alike', async () => {
    const request = (url: string, origin?: string) => shop.app.inject({ method: 'GET', url, headers: origin ? { origin } : {} });
    for (const url of ['/api/health', '/no-such-page']) {
      const allowed = await request(url, shop.config.publicSiteUrl);
      expect(allowed.headers['access-control-allow-origin'], url).toBe(shop.config.publicSiteUrl);
      expect(allowed.headers['access-control-allow-credentials'], url).toBe('true');
      expect(allowed.headers['access-control-expose-headers'], url).toBe('X-Request-Id, X-Visitor-Id');
      expect(String(allowed.headers['vary']), url).toMatch(/^Origin\b/);
      // The hardening comes with them.
      expect(allowed.headers['x-content-type-options'], url).toBe('nosniff');
      for (const origin of ['https://evil.example', undefined]) {
        const other = await request(url, origin);
        expect(other.headers['access-control-allow-origin'], `${url} ${origin}`).toBeUndefined();
        // Said only beside an allowed origin, where a browser reads them.
        expect(other.headers['access-control-allow-credentials'], `${url} ${origin}`).toBeUndefined();
        expect(other.headers['access-control-expose-headers'], `${url} ${origin}`).toBeUndefined();
        expect(String(other.headers['vary']), url).toMatch(/^Origin\b/);
      }
    }
  });
});

describe('liveness, readiness and request logs', () => {
  it('makes no logger of its own for a request that logs nothing (issue 28: pino built one per request)', async () => {
    const lines: string[] = [];
    const own = await createTestShop({ logLevel: 'info' }, { seed: false, logStream: { write: (line) => lines.push(line) } });
    try {
      const child = vi.spyOn(own.app.log, 'child');
      expect((await call(own.app, '/health', undefined, { method: 'GET' })).status).toBe(200);
      expect((await call(own.app, '/demo/ironProduct/search', { title: 'shirt' })).code).toBe('0000');
      expect(child).not.toHaveBeenCalled();
      // A request that logs still writes its line bound to its request id.
      await own.database.close();
      own.database.close = async () => {};
      const failed = await call(own.app, '/demo/ironProduct/queryList', { size: 1 });
      expect(failed.status).toBe(500);
      expect(child).toHaveBeenCalledTimes(1);
      const line = lines.find((l) => l.includes('unhandled error'));
      expect(JSON.parse(line!)).toMatchObject({ reqId: failed.headers['x-request-id'], level: 50 });
    } finally {
      await own.app.close();
      await own.close();
    }
  });

  it('keeps health answering without the database, while ready reports it, and logs failures only at info', async () => {
    const lines: string[] = [];
    const own = await createTestShop({ logLevel: 'info' }, { seed: false, logStream: { write: (line) => lines.push(line) } });
    let closed = false;
    try {
      expect((await call(own.app, '/ready', undefined, { method: 'GET' })).code).toBe('0000');
      const healthy = await call(own.app, '/health', undefined, { method: 'GET' });
      expect(healthy.status).toBe(200);
      // A request that succeeds leaves no line at the production level.
      expect(lines.join('')).not.toContain('/api/health');

      await own.database.close();
      closed = true;
      // Liveness is the process: a database outage must not make balancers restart every instance.
      expect((await call(own.app, '/health', undefined, { method: 'GET' })).status).toBe(200);
      const ready = await call(own.app, '/ready', undefined, { method: 'GET' });
      expect(ready.status).toBe(503);
      expect(ready.code).toBe('1503');
      const failed = await call(own.app, '/demo/ironProduct/queryList', { size: 1 });
      expect(failed.status).toBe(500);
      // ...and a failure is logged, with its request id.
      const log = lines.join('');
      expect(log).toContain('readiness check: the database does not answer');
      expect(log).toContain('unhandled error');
      expect(log).toContain(failed.headers['x-request-id'] as string);
    } finally {
      await own.app.close();
      // The harness closes the database too; it is closed already here.
      if (closed) own.database.close = async () => {};
      await own.close();
    }
  });
});
