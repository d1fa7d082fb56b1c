/** The build update check (docs/storefront.md "Page states"), with fake timers and a fake page visibility. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchServedBuildTime, parseBuildTime } from '../../../src/client/build-info.ts';
import { UPDATE_CHECK_INTERVAL_MS, createUpdateChecker } from '../../../src/stores/build-update.ts';

const OWN = '2025-01-01T00:00:00.000Z';
const NEW = '2025-02-01T00:00:00.000Z';

function setup(served: () => string | null) {
  let visible = true;
  const fetches: number[] = [];
  const closers: (() => void)[] = [];
  const checker = createUpdateChecker({
    pageBuildTime: OWN,
    fetchServedBuildTime: async () => {
      fetches.push(Date.now());
      return served();
    },
    isVisible: () => visible,
    notify: (closed) => closers.push(closed),
  });
  return {
    checker,
    fetches,
    closers,
    setVisible(value: boolean) {
      visible = value;
      checker.visibilityChanged();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('update checker', () => {
  it('checks every 3 minutes while visible', async () => {
    const t = setup(() => OWN);
    t.checker.start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(t.fetches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fetches).toEqual([180_000]);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(t.fetches).toEqual([180_000, 360_000, 540_000]);
    expect(t.closers).toEqual([]);
  });

  it('pauses while hidden and checks on becoming visible if a check fell due', async () => {
    const t = setup(() => OWN);
    t.checker.start();
    await vi.advanceTimersByTimeAsync(60_000);
    t.setVisible(false);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3);
    expect(t.fetches).toEqual([]);
    t.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.fetches).toEqual([600_000]);
  });

  it('waits out the rest of the interval when the page becomes visible before a check is due', async () => {
    const t = setup(() => OWN);
    t.checker.start();
    await vi.advanceTimersByTimeAsync(60_000);
    t.setVisible(false);
    await vi.advanceTimersByTimeAsync(30_000);
    t.setVisible(true);
    await vi.advanceTimersByTimeAsync(89_999);
    expect(t.fetches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fetches).toEqual([180_000]);
  });

  it('notifies when the served build differs, once until the notification is closed', async () => {
    const t = setup(() => NEW);
    t.checker.start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(t.closers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(t.fetches).toHaveLength(3);
    expect(t.closers).toHaveLength(1);
    // "Later": the next check may notify again.
    t.closers[0]!();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(t.closers).toHaveLength(2);
  });

  it('stays quiet when the served build time cannot be told, and keeps checking', async () => {
    const t = setup(() => null);
    t.checker.start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(t.fetches).toHaveLength(2);
    expect(t.closers).toEqual([]);
  });

  it('stops', async () => {
    const t = setup(() => NEW);
    t.checker.start();
    t.checker.stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(t.fetches).toEqual([]);
  });
});

describe('reading the build time', () => {
  it('finds the meta in a page, whatever the attribute order and quotes', () => {
    expect(parseBuildTime(`<head><meta charset="utf-8"><meta name="build-time" content="${NEW}"></head>`)).toBe(NEW);
    expect(parseBuildTime(`<meta content='${NEW}' name='build-time' />`)).toBe(NEW);
    expect(parseBuildTime('<meta name="description" content="x">')).toBeNull();
    expect(parseBuildTime('<meta name="build-time" content="">')).toBeNull();
  });

  it('fetches the index with a time parameter, bypassing caches', async () => {
    const fetchMock = vi.fn(async () => new Response(`<meta name="build-time" content="${NEW}">`, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(fetchServedBuildTime('/', 1234)).resolves.toBe(NEW);
      expect(fetchMock).toHaveBeenCalledWith('/?t=1234', expect.objectContaining({ cache: 'no-store' }));
      fetchMock.mockImplementationOnce(async () => new Response('oops', { status: 500 }));
      await expect(fetchServedBuildTime('/shop/', 1)).resolves.toBeNull();
      fetchMock.mockImplementationOnce(async () => {
        throw new TypeError('offline');
      });
      await expect(fetchServedBuildTime('/', 1)).resolves.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
