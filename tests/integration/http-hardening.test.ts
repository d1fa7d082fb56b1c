/**
 * What a client can do to the server below the API's own rules: hold a connection with a request
 * it never finishes, send an address the router cannot decode or bytes past its Content-Length,
 * and, in simulator mode, reach the PayPal simulator's test switches. A real listening server,
 * reached over raw sockets where a well-behaved HTTP client could not misbehave enough.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNotFoundPages } from '../../src/server/http/site.ts';
import { SIM_PREFIX } from '../../src/server/modules/payments/simulator-protocol.ts';
import { createTestShop, writeFiles, type TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine } from './orders-support.ts';

/** Short limits, so that a stalled client is cut in seconds (production: 10 s and 30 s). */
const HTTP = { headersMs: 1_000, requestMs: 4_000, keepAliveMs: 1_500, idleMs: 120_000 };
/** Node looks for late requests once a second (app.ts); the rest is room for a loaded machine. */
const CUT_WITHIN_MS = HTTP.requestMs + 1_000 + 5_000;

let site: string;
let shop: TestShop;
let port: number;
beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'shop-hardening-site-'));
  const files: Record<string, string> = {
    '404.html': '<html>not found page</html>',
    'zh-CN/404.html': '<html>找不到页面</html>',
    'en-US/index.html': '<html>home en</html>',
  };
  await writeFiles(site, files);
  shop = await createTestShop({ siteDir: site, http: HTTP });
  await shop.app.listen({ host: '127.0.0.1', port: 0 });
  const address = shop.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await shop?.close();
  await rm(site, { recursive: true, force: true });
});

interface Exchange {
  socket: Socket;
  /** Everything the server wrote, once it has closed the connection. */
  closed: Promise<{ text: string; afterMs: number }>;
}

/** A raw connection to the shop that writes `first` at once. */
function open(first: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('connect', () => {
      const started = Date.now();
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.removeListener('error', reject);
      // A reset after the answer is still a closed connection.
      socket.on('error', () => {});
      const closed = new Promise<{ text: string; afterMs: number }>((done) => socket.once('close', () => done({ text: Buffer.concat(chunks).toString('utf8'), afterMs: Date.now() - started })));
      socket.write(first);
      resolve({ socket, closed });
    });
  });
}

/** The envelope at the end of a raw HTTP answer. */
function envelopeOf(text: string): { code: string; msg: string; data: unknown } {
  return JSON.parse(text.slice(text.lastIndexOf('\r\n\r\n') + 4)) as { code: string; msg: string; data: unknown };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients', () => {
  it('cuts connections that announce a body and stall, with a 408 in the envelope', async () => {
    const stalled = await Promise.all(
      Array.from({ length: 30 }, () =>
        open('POST /api/demo/ironProduct/queryList HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 102400\r\n\r\n{"current"'),
      ),
    );
    const answers = await Promise.all(stalled.map((exchange) => exchange.closed));
    for (const { text, afterMs } of answers) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(text)).toEqual({ code: '1001', msg: 'The request did not arrive in time', data: null });
      expect(afterMs).toBeLessThan(CUT_WITHIN_MS);
    }
  });

  it('cuts connections whose headers never end', async () => {
    const stalled = await Promise.all(Array.from({ length: 10 }, () => open('GET /en-US/ HTTP/1.1\r\nHost: shop.test\r\nX-Slow: ')));
    for (const { text, afterMs } of await Promise.all(stalled.map((exchange) => exchange.closed))) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeLessThan(HTTP.headersMs + 1_000 + 5_000);
    }
  });

  it('answers a slow upload that keeps coming, longer than the headers limit, then closes the idle connection', async () => {
    // A valid request body padded to 4 KB, sent in 20 pieces over about 2 s.
    const body = `{"current": 1, "size": 2${' '.repeat(4096)}}`;
    const exchange = await open(`POST /api/demo/ironProduct/queryList HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    const piece = Math.ceil(body.length / 20);
    for (let at = 0; at < body.length; at += piece) {
      await pause(100);
      exchange.socket.write(body.slice(at, at + piece));
    }
    // Kept alive after the answer, then closed by the server once idle for the keep-alive time.
    const { text } = await exchange.closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/keep-alive/i);
    const answer = envelopeOf(text);
    expect(answer.code).toBe('0000');
    expect((answer.data as { records: unknown[] }).records).toHaveLength(2);
  });
});

describe('answers outside the router', () => {
  it('answers an API address with bad percent-encoding in the envelope, without echoing it', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await shop.app.inject({ method, url: '/api/nope/%E0%A4%A', headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { payload: '{}' } : {}) });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ code: '1001', msg: 'Invalid address: the path is not correctly encoded', data: null });
      expect(answer.body).not.toContain('%E0');
      expect(answer.headers['x-request-id']).toBeTruthy();
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const chinese = await shop.app.inject({ method: 'GET', url: '/api/nope/%E0%A4%A', headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.json()).toEqual({ code: '1001', msg: '地址无效：路径编码不正确', data: null });
    // A parameter longer than the router takes is the router's other failure.
    const long = await shop.app.inject({ method: 'POST', url: `${SIM_PREFIX}/checkout/${'A'.repeat(300)}/approve`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ code: '1001', msg: 'Invalid request', data: null });
  });

  it('answers a page address with bad percent-encoding with the not-found page of its locale', async () => {
    const english = await shop.app.inject({ method: 'GET', url: '/en-US/product/%E0%A4%A' });
    expect(english.statusCode).toBe(404);
    expect(english.body).toBe('<html>not found page</html>');
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const chinese = await shop.app.inject({ method: 'GET', url: '/zh-CN/product/%E0%A4%A' });
    expect(chinese.statusCode).toBe(404);
    expect(chinese.body).toBe('<html>找不到页面</html>');
    // Unknown pages of a locale with its own not-found page get it too.
    expect((await shop.app.inject({ method: 'GET', url: '/zh-CN/no-such-page' })).body).toBe('<html>找不到页面</html>');
  });

  it('answers bytes past a Content-Length in the envelope, and closes the connection', async () => {
    // The extra bytes cannot be a next request: the connection is answered 400 and closed (the
    // request before them with it).
    const body = '{"current": 1, "size": 1}';
    const exchange = await open(
      `POST /api/demo/ironProduct/queryList HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}${'{"more": "than announced"}'.repeat(4)}`,
    );
    const { text } = await exchange.closed;
    const last = text.slice(text.lastIndexOf('HTTP/1.1 '));
    expect(last).toMatch(/^HTTP\/1\.1 400 /);
    expect(last).toMatch(/content-type: application\/json/i);
    expect(envelopeOf(last)).toEqual({ code: '1001', msg: 'Invalid request', data: null });
  });

  it('falls back to the shared not-found page where a locale has none of its own', async () => {
    const only = await mkdtemp(path.join(tmpdir(), 'shop-hardening-404-'));
    try {
      await writeFiles(only, { '404.html': '<html>shared</html>' });
      const pageFor = await readNotFoundPages(only, '/shop/');
      expect(pageFor('/shop/zh-CN/nothing')).toBe('<html>shared</html>');
      expect(pageFor('/shop/en-US/nothing')).toBe('<html>shared</html>');
      await writeFiles(only, { 'zh-CN/404.html': '<html>zh</html>' });
      const again = await readNotFoundPages(only, '/shop/');
      expect(again('/shop/zh-CN/nothing')).toBe('<html>zh</html>');
      expect(again('/zh-CN/outside-the-base-path')).toBe('<html>shared</html>');
      expect((await readNotFoundPages(null, '/'))('/zh-CN/x')).toBeNull();
    } finally {
      await rm(only, { recursive: true, force: true });
    }
  });
});

describe('the PayPal simulator control routes', () => {
  const controls = [
    ['/control/switches', { nextCapture: 'INSTRUMENT_DECLINED' }],
    ['/control/switches', { slowMs: 3000 }],
    ['/control/captures/ABC123/settle', { outcome: 'DECLINED' }],
    ['/control/refunds/ABC123/settle', { outcome: 'COMPLETED' }],
    ['/control/captures/ABC123/refund', {}],
    ['/control/orders/ABC123/webhooks', {}],
  ] as const;

  it('are not served unless asked for: a visitor cannot decline the next shopper\'s capture or slow every call', async () => {
    for (const [route, body] of controls) {
      const answer = await shop.app.inject({ method: 'POST', url: `${SIM_PREFIX}${route}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(answer.statusCode, route).toBe(404);
      expect(answer.json().code, route).toBe('1404');
    }
    expect(shop.app.payments.simulator!.setSwitches({})).toMatchObject({ nextCapture: null, slowMs: 0 });
    const { order } = await guestOrder(shop, [plainLine(await findStock(shop))]);
    const { captured } = await pay(shop, order);
    expect(captured.code, captured.msg).toBe('0000');
    expect(captured.data.status).toBe('paid');
  });

  describe('with PAYPAL_SIM_CONTROL', () => {
    let testing: TestShop;
    beforeAll(async () => {
      testing = await createTestShop({ paypalSimControl: true });
    });
    afterAll(async () => testing?.close());

    it('are served, for tests', async () => {
      const answer = await testing.app.inject({ method: 'POST', url: `${SIM_PREFIX}/control/switches`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ nextCapture: 'INSTRUMENT_DECLINED' }) });
      expect(answer.statusCode).toBe(200);
      const { order } = await guestOrder(testing, [plainLine(await findStock(testing))]);
      const { captured } = await pay(testing, order);
      expect(captured.code).toBe('1402');
    });
  });
});
