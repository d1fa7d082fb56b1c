/**
 * The response codes of docs/api.md "Codes", through the whole HTTP layer with the page shell's
 * handling installed (stores/http-handling.ts), against a fake API behind `fetch`.
 */
import { memoryStorage } from '../../support/memory-storage.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type SeenRequest } from '../../support/fake-api.ts';
import { freshShellEachTest } from '../../support/fresh-shell.ts';
import { CLIENT_CODES, otherPost, post } from '../../../src/client/http.ts';
import { createSharedRefresh, type RefreshResult } from '../../../src/client/code-handler.ts';
import { refreshSessionOnce } from '../../../src/stores/http-handling.ts';
import { installHttpHandling } from '../../../src/stores/http-install.ts';
import { $logoutNotices, confirmLogoutNotice } from '../../../src/stores/logout-dialog.ts';
import { $session, setSession } from '../../../src/stores/session.ts';
import { $toasts, TOAST_DEDUPE_RESET_MS, TOAST_DURATION_MS, type Toast } from '../../../src/stores/toasts.ts';
import { failure } from '../../support/api-failure.ts';

const ORDERS = '/api/demo/orders';
const REFRESH = '/api/auth/refreshToken';
const api = freshShellEachTest();
/** Every toast shown during a test, in order. */
let toastsShown: Toast[];
let stopWatchingToasts: () => void;

beforeEach(() => {
  $logoutNotices.set([]);
  toastsShown = [];
  const seen = new Set<number>();
  stopWatchingToasts = $toasts.subscribe((toasts) => {
    for (const toast of toasts) {
      if (seen.has(toast.id)) continue;
      seen.add(toast.id);
      toastsShown.push(toast);
    }
  });
});

afterEach(() => stopWatchingToasts());

const bearer = (request: SeenRequest) => request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;

/** ORDERS answers with data for a token in `valid`, else with `expiredCode`. */
function protectedRoute(valid: Set<string>, expiredCode = '9999') {
  api().route(ORDERS, (request) => (valid.has(bearer(request) ?? '') ? envelope('0000', ['order']) : envelope(expiredCode)));
}

/** The refresh endpoint: r1 -> (t2, r2), r2 -> (t3, r3), anything else refused. */
function refreshRoute() {
  api().route(REFRESH, (request) => {
    const given = (request.body as { refreshToken?: string }).refreshToken;
    const next = given === 'r1' ? 2 : given === 'r2' ? 3 : 0;
    return next ? envelope('0000', { token: `t${next}`, refreshToken: `r${next}` }) : envelope('9998', null, 'Refresh token invalid');
  });
}

/** A call whose token stays expired while `refreshToken` is stored: it fails with 9999 after one refresh attempt. */
async function failsStillExpired(refreshToken: string): Promise<void> {
  setSession({ token: 't1', refreshToken });
  protectedRoute(new Set());
  refreshRoute();
  const error = await failure(post('/demo/orders'));
  expect(error.code).toBe('9999');
  expect(api().to(REFRESH)).toHaveLength(1);
}

describe('expired token (9999, 9998, 3333)', () => {
  it.each(['9999', '9998', '3333'])('%s: refreshes once, stores the new pair and retries the call', async (code) => {
    setSession({ token: 't1', refreshToken: 'r1' });
    protectedRoute(new Set(['t2']), code);
    refreshRoute();
    await expect(post('/demo/orders')).resolves.toEqual(['order']);
    expect(api().to(ORDERS).map(bearer)).toEqual(['t1', 't2']);
    const [refresh] = api().to(REFRESH);
    expect(refresh!.body).toEqual({ refreshToken: 'r1' });
    expect(refresh!.headers.has('authorization')).toBe(false);
    expect($session.get()).toEqual({ token: 't2', refreshToken: 'r2' });
    expect(memoryStorage.getItem('SOY_token')).toBe('"t2"');
    expect(toastsShown).toEqual([]);
  });

  it('concurrent expired failures share exactly one refresh call', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    protectedRoute(new Set(['t2']));
    refreshRoute();
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/demo/orders')));
    expect(results).toEqual(Array(5).fill(['order']));
    expect(api().to(REFRESH)).toHaveLength(1);
    expect(api().to(ORDERS).filter((r) => bearer(r) === 't2')).toHaveLength(5);
  });

  it('a second expiry within 1 s reuses the first refresh; after 1 s a new refresh runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    setSession({ token: 't1', refreshToken: 'r1' });
    const valid = new Set(['t2']);
    protectedRoute(valid);
    refreshRoute();
    await post('/demo/orders');
    expect(api().to(REFRESH)).toHaveLength(1);

    // 500 ms later the new token is refused too: no second refresh inside the window.
    valid.clear();
    vi.setSystemTime(1_000_500);
    await failure(post('/demo/orders'));
    expect(api().to(REFRESH)).toHaveLength(1);

    // Past the window, an expiry refreshes again.
    setSession({ token: 't2', refreshToken: 'r2' });
    valid.add('t3');
    vi.setSystemTime(1_001_600);
    await expect(post('/demo/orders')).resolves.toEqual(['order']);
    expect(api().to(REFRESH)).toHaveLength(2);
  });

  it('a refused refresh resets the session and does not retry the call', async () => {
    await failsStillExpired('stale');
    expect(api().to(ORDERS)).toHaveLength(1);
    expect($session.get()).toBeNull();
    expect(memoryStorage.getItem('SOY_refreshToken')).toBeNull();
    expect(toastsShown).toEqual([]);
  });

  it('a call still expired after its retry resets the session without refreshing again (no loop)', async () => {
    await failsStillExpired('r1');
    expect(api().to(ORDERS).map(bearer)).toEqual(['t1', 't2']);
    expect($session.get()).toBeNull();
  });

  it('without a refresh token there is nothing to refresh: the session is reset', async () => {
    memoryStorage.setItem('SOY_token', '"t1"');
    protectedRoute(new Set());
    refreshRoute();
    await failure(post('/demo/orders'));
    expect(api().to(REFRESH)).toHaveLength(0);
    expect(memoryStorage.getItem('SOY_token')).toBeNull();
  });

  it('an unreachable refresh keeps the session and fails the call like a network error', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    protectedRoute(new Set(['t2']));
    api().route(REFRESH, () => 'network-error');
    const error = await failure(post('/demo/orders'));
    expect(error.code).toBe(CLIENT_CODES.NETWORK);
    expect($session.get()).toEqual({ token: 't1', refreshToken: 'r1' });
    expect(toastsShown.map((t) => t.textKey)).toEqual(['errors.NETWORK']);
  });

  it('uses a token another tab stored meanwhile instead of refreshing', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(ORDERS, (request) => {
      if (bearer(request) === 't1') {
        // Another tab refreshed while this request was on its way.
        memoryStorage.setItem('SOY_token', '"t9"');
        memoryStorage.setItem('SOY_refreshToken', '"r9"');
        return envelope('9999');
      }
      return envelope('0000', ['order']);
    });
    refreshRoute();
    await expect(post('/demo/orders')).resolves.toEqual(['order']);
    expect(api().to(REFRESH)).toHaveLength(0);
    expect(api().to(ORDERS).map(bearer)).toEqual(['t1', 't9']);
  });

  it('does not spend a refresh token another tab rotated while this one waited for the lock', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    refreshRoute();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The other tab holds the refresh lock...
    const otherTab = navigator.locks.request('SOY_tokenRefresh', () => held);
    const result = refreshSessionOnce();
    // ...rotates the pair, and lets go.
    memoryStorage.setItem('SOY_token', '"t2"');
    memoryStorage.setItem('SOY_refreshToken', '"r2"');
    release();
    await otherTab;
    await expect(result).resolves.toEqual({ outcome: 'refreshed' });
    expect(api().to(REFRESH)).toHaveLength(0);
  });
});

describe('shared refresh', () => {
  it('runs once for concurrent callers, reuses the result within the window, runs again after it', async () => {
    let now = 0;
    let runs = 0;
    const shared = createSharedRefresh(
      async (): Promise<RefreshResult> => {
        runs++;
        await Promise.resolve();
        return { outcome: 'refreshed' };
      },
      { windowMs: 1000, now: () => now },
    );
    await Promise.all([shared(), shared(), shared()]);
    expect(runs).toBe(1);
    now = 999;
    await expect(shared()).resolves.toEqual({ outcome: 'refreshed' });
    expect(runs).toBe(1);
    now = 1000;
    await shared();
    expect(runs).toBe(2);
  });

  it('counts a refresh that throws as rejected', async () => {
    const shared = createSharedRefresh(() => Promise.reject(new Error('boom')));
    await expect(shared()).resolves.toEqual({ outcome: 'rejected' });
  });
});

describe('forced logout (8888, 8889)', () => {
  it.each(['8888', '8889'])('%s resets the session silently', async (code) => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(ORDERS, () => envelope(code, null, 'Logged out by an administrator'));
    const error = await failure(post('/demo/orders'));
    expect(error.code).toBe(code);
    expect($session.get()).toBeNull();
    expect(toastsShown).toEqual([]);
    expect($logoutNotices.get()).toEqual([]);
    expect(api().to(REFRESH)).toHaveLength(0);
  });
});

describe('modal logout (7777, 7778)', () => {
  it.each(['7777', '7778'])('%s shows the server message in the dialog; confirming resets the session', async (code) => {
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route(ORDERS, () => envelope(code, null, 'Your account was signed in elsewhere'));
    await failure(post('/demo/orders'));
    const notices = $logoutNotices.get();
    expect(notices.map((n) => n.message)).toEqual(['Your account was signed in elsewhere']);
    // The session lasts until the shopper confirms.
    expect($session.get()).not.toBeNull();
    confirmLogoutNotice(notices[0]!.id);
    expect($logoutNotices.get()).toEqual([]);
    expect($session.get()).toBeNull();
    expect(toastsShown).toEqual([]);
  });

  it('shows the same message once while it is shown; a different one queues behind it', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    let message = 'Session ended';
    api().route(ORDERS, () => envelope('7777', null, message));
    await Promise.all([failure(post('/demo/orders')), failure(post('/demo/orders')), failure(post('/demo/orders'))]);
    expect($logoutNotices.get().map((n) => n.message)).toEqual(['Session ended']);
    message = 'Account disabled';
    await failure(post('/demo/orders'));
    expect($logoutNotices.get().map((n) => n.message)).toEqual(['Session ended', 'Account disabled']);
    // Once confirmed, the same message may be shown again later.
    confirmLogoutNotice($logoutNotices.get()[0]!.id);
    message = 'Session ended';
    await failure(post('/demo/orders'));
    expect($logoutNotices.get().map((n) => n.message)).toEqual(['Account disabled', 'Session ended']);
  });
});

describe('any other code: an error toast, deduplicated', () => {
  it('toasts the server message once for duplicates, and again 5 s after that toast left', async () => {
    vi.useFakeTimers();
    api().route('/api/demo/stock', () => envelope('1410', null, 'Out of stock'));
    await failure(post('/demo/stock'));
    await failure(post('/demo/stock'));
    expect(toastsShown.map((t) => [t.kind, t.text])).toEqual([['error', 'Out of stock']]);

    // The toast leaves after its duration; the message stays in the dedupe list for 5 s more.
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS);
    expect($toasts.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(TOAST_DEDUPE_RESET_MS - 1);
    await failure(post('/demo/stock'));
    expect(toastsShown).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await failure(post('/demo/stock'));
    expect(toastsShown).toHaveLength(2);
  });

  it('toasts different messages separately', async () => {
    let msg = 'First problem';
    api().route('/api/demo/x', () => envelope('1500', null, msg));
    await failure(post('/demo/x'));
    msg = 'Second problem';
    await failure(post('/demo/x'));
    expect(toastsShown.map((t) => t.text)).toEqual(['First problem', 'Second problem']);
  });

  it('uses our own words for failures the browser saw (no server message to show)', async () => {
    api().route('/api/demo/down', () => 'network-error');
    api().route('/api/demo/proxy', () => new Response('<html>', { status: 502 }));
    await failure(post('/demo/down'));
    await failure(post('/demo/proxy'));
    expect(toastsShown.map((t) => t.textKey)).toEqual(['errors.NETWORK', 'errors.generic']);
  });

  it('shows no toast for a silent call (the cart count), but still handles session codes', async () => {
    api().route('/api/demo/count', () => envelope('1500', null, 'Server error'));
    expect((await failure(post('/demo/count', {}, { silent: true }))).code).toBe('1500');
    expect(toastsShown).toEqual([]);
    setSession({ token: 't1', refreshToken: 'r1' });
    api().route('/api/demo/count', () => envelope('8888'));
    await failure(post('/demo/count', {}, { silent: true }));
    expect($session.get()).toBeNull();
  });

  it('shows no toast for a cancelled call', async () => {
    api().route('/api/demo/slow', () => 'hang');
    const controller = new AbortController();
    const pending = failure(post('/demo/slow', {}, { signal: controller.signal }));
    await vi.waitFor(() => expect(api().to('/api/demo/slow')).toHaveLength(1));
    controller.abort();
    expect((await pending).code).toBe(CLIENT_CODES.ABORTED);
    expect(toastsShown).toEqual([]);
  });

  it('the cart count call is silent', async () => {
    const { queryCartCount } = await import('../../../src/client/cart.ts');
    api().route('/api/demo/ironCartItem/queryCartSumByUserId', () => envelope('1500', null, 'Server error'));
    await failure(queryCartCount());
    expect(toastsShown).toEqual([]);
  });
});

describe('the other envelope gets the same handling', () => {
  it('status 9999 refreshes and retries; 8888 resets; others toast their message', async () => {
    setSession({ token: 't1', refreshToken: 'r1' });
    refreshRoute();
    api().route('/api/other/me', (request) =>
      bearer(request) === 't2' ? { json: { status: 200, result: 'me', message: '' } } : { json: { status: 9999, result: null, message: 'expired' } },
    );
    await expect(otherPost('/other/me')).resolves.toBe('me');
    expect(api().to(REFRESH)).toHaveLength(1);

    api().route('/api/other/fail', () => ({ json: { status: 500, result: null, message: 'Other failed' } }));
    await failure(otherPost('/other/fail'));
    expect(toastsShown.map((t) => t.text)).toEqual(['Other failed']);

    api().route('/api/other/kick', () => ({ json: { status: 8888, result: null, message: '' } }));
    await failure(otherPost('/other/kick'));
    expect($session.get()).toBeNull();
  });
});

describe('the installed hooks (what every page runs)', () => {
  it('load the handling on the first failure and share one refresh across calls', async () => {
    installHttpHandling();
    setSession({ token: 't1', refreshToken: 'r1' });
    protectedRoute(new Set(['t2']));
    refreshRoute();
    await expect(Promise.all([post('/demo/orders'), post('/demo/orders'), post('/demo/orders')])).resolves.toHaveLength(3);
    expect(api().to(REFRESH)).toHaveLength(1);
    expect(api().to(ORDERS)[0]!.headers.get('authorization')).toBe('Bearer t1');
    api().route('/api/demo/stock', () => envelope('1410', null, 'Out of stock'));
    await failure(post('/demo/stock'));
    expect(toastsShown.map((t) => t.text)).toEqual(['Out of stock']);
  });
});
