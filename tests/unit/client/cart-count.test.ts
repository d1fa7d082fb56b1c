/**
 * The header's cart count without the HTTP client (src/client/cart-count.ts): the same headers as
 * every call, the count from a clean answer, and everything else handed to the full client, whose
 * code handling refreshes an expired token (docs/api.md "Codes") and stays quiet.
 */
import '../../support/memory-storage.ts';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../../support/fake-api.ts';
import { freshShellEachTest } from '../../support/fresh-shell.ts';
import { fetchCartCount } from '../../../src/client/cart-count.ts';
import { $session, setSession } from '../../../src/stores/session.ts';
import { $toasts } from '../../../src/stores/toasts.ts';

const COUNT = '/api/demo/ironCartItem/queryCartSumByUserId';
const REFRESH = '/api/auth/refreshToken';
const api = freshShellEachTest();

describe('the header cart count', () => {
  it('is one plain call with the usual headers when the answer is clean', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(COUNT, () => envelope('0000', 4));
    await expect(fetchCartCount()).resolves.toBe(4);
    const [request, ...more] = api().to(COUNT);
    expect(more).toEqual([]);
    expect(request!.method).toBe('POST');
    expect(request!.body).toEqual({});
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.headers.get('accept-language')).toBe('en-US');
    expect(request!.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.headers.get('authorization')).toBe('Bearer t1');
  });

  it('an expired token goes through the full client: refreshed, asked again, counted', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(COUNT, (request) => (request.headers.get('authorization') === 'Bearer t2' ? envelope('0000', 2) : envelope('9999', null, 'Token expired')));
    api().route(REFRESH, () => envelope('0000', { token: 't2', refreshToken: 'r2' }));
    await expect(fetchCartCount()).resolves.toBe(2);
    expect(api().to(REFRESH)).toHaveLength(1);
    expect($session.get()).toEqual({ token: 't2', refreshToken: 'r2' });
  });

  it('a failure is the full client’s failure, and a quiet one (no toast)', async () => {
    api().route(COUNT, () => envelope('1500', null, 'Server error'));
    await expect(fetchCartCount()).rejects.toMatchObject({ code: '1500' });
    // The plain call, then the full client's.
    expect(api().to(COUNT)).toHaveLength(2);
    expect($toasts.get()).toEqual([]);
  });

  it('an answer that is not the envelope, or no answer, also goes to the full client', async () => {
    let calls = 0;
    api().route(COUNT, () => (++calls === 1 ? 'network-error' : envelope('0000', 7)));
    await expect(fetchCartCount()).resolves.toBe(7);
    api().route(COUNT, () => (++calls === 3 ? new Response('<html>proxy error</html>', { status: 502 }) : envelope('0000', 8)));
    await expect(fetchCartCount()).resolves.toBe(8);
  });

  it('a cancelled count stops there', async () => {
    api().route(COUNT, () => 'hang');
    const controller = new AbortController();
    const pending = fetchCartCount({ signal: controller.signal });
    await vi.waitFor(() => expect(api().to(COUNT)).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(api().to(COUNT)).toHaveLength(1);
  });
});
