/**
 * Reloading a tab (src/admin/frame/reload.ts): the tab asked for is drawn empty until its reload
 * ends, which counts one more reload of that tab alone (its screen's key, so the screen starts
 * over). The delays themselves (300 ms, 40 ms without page animation) are the shell's timer, run
 * on the page's clock in tests/e2e/admin-shell-details.spec.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { $reloading, $reloads, finishReload, requestReload } from '../../../src/admin/frame/reload.ts';
import { RELOAD_DELAY_MS, RELOAD_DELAY_NO_ANIMATION_MS } from '../../../src/admin/state/theme-settings.ts';

beforeEach(() => {
  $reloads.set({});
  $reloading.set(null);
});

describe('reloading a tab', () => {
  it('has the specification delays: 300 ms, 40 ms with page animation off', () => {
    expect(RELOAD_DELAY_MS).toBe(300);
    expect(RELOAD_DELAY_NO_ANIMATION_MS).toBe(40);
  });

  it('marks the tab reloading until its reload ends, then counts it for that tab alone', () => {
    requestReload('/audit');
    expect($reloading.get()).toBe('/audit');
    expect($reloads.get()).toEqual({});
    finishReload('/audit');
    expect($reloading.get()).toBeNull();
    expect($reloads.get()).toEqual({ '/audit': 1 });
    requestReload('/audit');
    finishReload('/audit');
    requestReload('/orders');
    finishReload('/orders');
    expect($reloads.get()).toEqual({ '/audit': 2, '/orders': 1 });
  });

  it("leaves another tab's reload in progress when an older one ends", () => {
    requestReload('/audit');
    requestReload('/orders');
    finishReload('/audit');
    expect($reloading.get()).toBe('/orders');
  });
});
