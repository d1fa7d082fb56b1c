/**
 * The HTTP layer's transport (docs/api.md): headers, envelopes, timeouts, cancellation,
 * retries and the visitor id. The code handling (docs/api.md "Codes") is in http-codes.test.ts.
 */
import { memoryStorage } from '../../support/memory-storage.ts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, installFakeApi, type FakeApi } from '../../support/fake-api.ts';
import {
  CLIENT_CODES,
  HTTP_TIMEOUT_MS,
  ensureVisitorId,
  get,
  otherGet,
  otherPost,
  post,
  setHttpHooks,
} from '../../../src/client/http.ts';
import { pendingRequests } from '../../../src/client/http-hooks.ts';
import { VISITOR_ID_MAX_AGE_SECONDS } from '../../../src/domain/api/envelope.ts';
import { failure } from '../../support/api-failure.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let api: FakeApi;

beforeAll(() => {
  process.env['CATALOGUE_API_URL'] = 'http://api.test/api';
});

beforeEach(() => {
  memoryStorage.clear();
  setHttpHooks({});
  api = installFakeApi();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('POST sends JSON with a fresh request id per request, Accept-Language and no token when signed out', async () => {
    api.route('/api/demo/echo', () => envelope('0000', { ok: true }));
    await expect(post('/demo/echo', { a: 1 })).resolves.toEqual({ ok: true });
    await post('/demo/echo', { a: 2 }, { locale: 'zh-CN' });
    const [first, second] = api.to('/api/demo/echo');
    expect(first!.method).toBe('POST');
    expect(first!.body).toEqual({ a: 1 });
    expect(first!.headers.get('content-type')).toMatch(/application\/json/);
    expect(first!.headers.get('accept')).toBe('application/json');
    expect(first!.headers.get('accept-language')).toBe('en-US');
    expect(second!.headers.get('accept-language')).toBe('zh-CN');
    expect(first!.headers.get('x-request-id')).toMatch(UUID);
    expect(second!.headers.get('x-request-id')).toMatch(UUID);
    expect(first!.headers.get('x-request-id')).not.toBe(second!.headers.get('x-request-id'));
    expect(first!.headers.has('authorization')).toBe(false);
  });

  it('GET serialises the query as a query string and sends no body', async () => {
    api.route('/api/demo/address', () => envelope('0000', 'found'));
    await expect(get('/demo/address', { query: { id: 7, name: 'a b', all: true, skip: undefined } })).resolves.toBe('found');
    const [request] = api.to('/api/demo/address');
    expect(request!.method).toBe('GET');
    expect(request!.query.get('id')).toBe('7');
    expect(request!.query.get('name')).toBe('a b');
    expect(request!.query.get('all')).toBe('true');
    expect(request!.query.has('skip')).toBe(false);
    expect(request!.body).toBeUndefined();
  });

  it('carries the stored token as a bearer header, also before any hook is installed', async () => {
    memoryStorage.setItem('SOY_token', JSON.stringify('stored-token'));
    api.route('/api/demo/me', () => envelope('0000', 1));
    await post('/demo/me');
    expect(api.to('/api/demo/me')[0]!.headers.get('authorization')).toBe('Bearer stored-token');
  });

  it('prefers the installed token hook, and sends no token on a bare call', async () => {
    memoryStorage.setItem('SOY_token', JSON.stringify('stored-token'));
    setHttpHooks({ accessToken: () => 'hook-token' });
    api.route('/api/demo/me', () => envelope('0000', 1));
    await post('/demo/me');
    await post('/demo/me', {}, { bare: true });
    const [hooked, bare] = api.to('/api/demo/me');
    expect(hooked!.headers.get('authorization')).toBe('Bearer hook-token');
    expect(bare!.headers.has('authorization')).toBe(false);
  });
});

describe('the main envelope', () => {
  it('turns a failure code into an ApiError with the server message, code, status and request id', async () => {
    api.route('/api/demo/fail', () => new Response(JSON.stringify({ code: '1409', msg: 'Conflict here', data: null }), { status: 409, headers: { 'x-request-id': 'server-id' } }));
    const error = await failure(post('/demo/fail'));
    expect(error).toMatchObject({ code: '1409', msg: 'Conflict here', status: 409, requestId: 'server-id' });
  });

  it('does not believe a success code on an HTTP error', async () => {
    api.route('/api/demo/odd', () => ({ json: { code: '0000', msg: '', data: 1 }, status: 500 }));
    const error = await failure(post('/demo/odd'));
    expect(error.code).toBe(CLIENT_CODES.BAD_RESPONSE);
    expect(error.status).toBe(500);
  });

  it('reports an answer that is not the envelope (a proxy page) as BAD_RESPONSE', async () => {
    api.route('/api/demo/proxy', () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }));
    const error = await failure(post('/demo/proxy'));
    expect(error.code).toBe(CLIENT_CODES.BAD_RESPONSE);
    expect(error.msg).toBe('HTTP 502 Bad Gateway');
  });

  it('reports an unreachable server as NETWORK', async () => {
    api.route('/api/demo/down', () => 'network-error');
    expect((await failure(post('/demo/down'))).code).toBe(CLIENT_CODES.NETWORK);
  });

  it('gives up after 10 s with TIMEOUT', async () => {
    vi.useFakeTimers();
    api.route('/api/demo/slow', () => 'hang');
    const pending = failure(post('/demo/slow'));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(api.to('/api/demo/slow')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe(CLIENT_CODES.TIMEOUT);
  });

  it('cancels on the caller’s signal with ABORTED', async () => {
    api.route('/api/demo/slow', () => 'hang');
    const controller = new AbortController();
    const pending = failure(post('/demo/slow', {}, { signal: controller.signal }));
    await vi.waitFor(() => expect(api.to('/api/demo/slow')).toHaveLength(1));
    controller.abort();
    expect((await pending).code).toBe(CLIENT_CODES.ABORTED);
  });
});

describe('the other envelope {status, result, message}', () => {
  it('gives the result on status 200', async () => {
    api.route('/api/other/thing', () => ({ json: { status: 200, result: { id: 3 }, message: 'ok' } }));
    await expect(otherPost('/other/thing', { q: 1 })).resolves.toEqual({ id: 3 });
    api.route('/api/other/list', () => ({ json: { status: 200, result: [1, 2], message: '' } }));
    await expect(otherGet('/other/list', { query: { page: 2 } })).resolves.toEqual([1, 2]);
    expect(api.to('/api/other/list')[0]!.query.get('page')).toBe('2');
  });

  it('turns any other status into an ApiError with its message', async () => {
    api.route('/api/other/bad', () => ({ json: { status: 500, result: null, message: 'Other service failed' } }));
    const error = await failure(otherPost('/other/bad'));
    expect(error).toMatchObject({ code: '500', msg: 'Other service failed' });
  });

  it('does not read the main envelope as the other one (nor the other way round)', async () => {
    api.route('/api/other/main', () => envelope('0000', 1));
    expect((await failure(otherPost('/other/main'))).code).toBe(CLIENT_CODES.BAD_RESPONSE);
    api.route('/api/demo/other', () => ({ json: { status: 200, result: 1, message: '' } }));
    expect((await failure(post('/demo/other'))).code).toBe(CLIENT_CODES.BAD_RESPONSE);
  });
});

describe('retries (docs/api.md: 0 by default, 3 when enabled)', () => {
  it('makes one attempt by default', async () => {
    api.route('/api/demo/flaky', () => 'network-error');
    await failure(post('/demo/flaky'));
    expect(api.to('/api/demo/flaky')).toHaveLength(1);
  });

  it('makes 3 more attempts when enabled, with growing pauses', async () => {
    vi.useFakeTimers();
    api.route('/api/demo/flaky', () => 'network-error');
    const pending = failure(post('/demo/flaky', {}, { retry: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(api.to('/api/demo/flaky')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(api.to('/api/demo/flaky')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.to('/api/demo/flaky')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.to('/api/demo/flaky')).toHaveLength(4);
    expect((await pending).code).toBe(CLIENT_CODES.NETWORK);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.to('/api/demo/flaky')).toHaveLength(4);
  });

  it('stops at the first success, and retries 5xx answers too', async () => {
    vi.useFakeTimers();
    let n = 0;
    api.route('/api/demo/flaky', () => (++n < 3 ? { json: { code: '1503', msg: 'busy', data: null }, status: 503 } : envelope('0000', 'done')));
    const pending = get('/demo/flaky', { retry: true });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(pending).resolves.toBe('done');
    expect(api.to('/api/demo/flaky')).toHaveLength(3);
  });

  it('does not retry a refusal (4xx with a failure code)', async () => {
    api.route('/api/demo/refuse', () => ({ json: { code: '1001', msg: 'Invalid', data: null }, status: 400 }));
    await failure(post('/demo/refuse', {}, { retry: true }));
    expect(api.to('/api/demo/refuse')).toHaveLength(1);
  });

  it('stops retrying when the caller aborts during a pause', async () => {
    vi.useFakeTimers();
    api.route('/api/demo/flaky', () => 'network-error');
    const controller = new AbortController();
    const pending = failure(post('/demo/flaky', {}, { retry: true, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect((await pending).code).toBe(CLIENT_CODES.ABORTED);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.to('/api/demo/flaky')).toHaveLength(1);
  });
});

describe('calls in flight (the progress bar follows them)', () => {
  it('counts a call until it settles, but not a silent one', async () => {
    let release!: () => void;
    api.route('/api/demo/wait', () => new Promise((resolve) => (release = () => resolve(envelope('0000', 1)))));
    const loud = post('/demo/wait');
    await vi.waitFor(() => expect(pendingRequests()).toBe(1));
    release();
    await loud;
    expect(pendingRequests()).toBe(0);
    const quiet = post('/demo/wait', {}, { silent: true });
    await vi.waitFor(() => expect(api.to('/api/demo/wait')).toHaveLength(2));
    expect(pendingRequests()).toBe(0);
    release();
    await quiet;
  });
});

describe('visitor id cookie (docs/decisions.md)', () => {
  /** A browser's cookie jar, enough for `document.cookie` reads and writes. */
  function fakeBrowser(protocol = 'http:') {
    const jar = new Map<string, string>();
    const writes: string[] = [];
    vi.stubGlobal('window', {});
    vi.stubGlobal('location', { protocol });
    vi.stubGlobal('document', {
      documentElement: { lang: 'zh-CN' },
      get cookie() {
        return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      },
      set cookie(value: string) {
        writes.push(value);
        const [pair] = value.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
      },
    });
    return { jar, writes };
  }

  it('is set when absent: 128 random bits, path /, 7 days, SameSite=Lax', () => {
    const { writes } = fakeBrowser();
    const id = ensureVisitorId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(writes).toEqual([`X-Visitor-Id=${id}; Path=/; Max-Age=${VISITOR_ID_MAX_AGE_SECONDS}; SameSite=Lax`]);
    expect(VISITOR_ID_MAX_AGE_SECONDS).toBe(604800);
  });

  it('is kept when present: not written again', () => {
    const { jar, writes } = fakeBrowser();
    jar.set('other', 'x');
    jar.set('X-Visitor-Id', '0123456789abcdef0123456789abcdef');
    expect(ensureVisitorId()).toBe('0123456789abcdef0123456789abcdef');
    expect(writes).toEqual([]);
  });

  it('replaces a value that is not an id of ours, and is Secure on https', () => {
    const { jar, writes } = fakeBrowser('https:');
    jar.set('X-Visitor-Id', 'fingerprint-hash');
    const id = ensureVisitorId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(writes[0]).toMatch(/; Secure$/);
  });

  it('differs between visitors', () => {
    fakeBrowser();
    const a = ensureVisitorId();
    fakeBrowser();
    expect(ensureVisitorId()).not.toBe(a);
  });

  it('goes out as the X-Visitor-Id header, with the page language', async () => {
    fakeBrowser();
    api.route('/api/demo/cart', () => envelope('0000', 0));
    await post('/demo/cart');
    const [request] = api.to('/api/demo/cart');
    expect(request!.headers.get('x-visitor-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(request!.headers.get('accept-language')).toBe('zh-CN');
  });

  it('is not made outside a browser', () => {
    expect(ensureVisitorId()).toBeNull();
  });
});
