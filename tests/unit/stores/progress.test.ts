/** The progress bar's state (docs/storefront.md "Constants"): navigation, slow calls, and what counts as navigating. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackRequest } from '../../../src/client/http-hooks.ts';
import {
  $progress,
  NAVIGATION_GIVE_UP_MS,
  PROGRESS_SPEED_MS,
  REQUEST_DELAY_MS,
  START_VALUE,
  TRICKLE_LIMIT,
  TRICKLE_MS,
  endNavigationProgress,
  followRequests,
  isPageNavigationClick,
  isPageNavigationSubmit,
  resetProgressForTests,
  startNavigationProgress,
  trickle,
} from '../../../src/stores/progress.ts';

let stopFollowing: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  resetProgressForTests();
  stopFollowing = followRequests();
});
afterEach(() => {
  stopFollowing();
  vi.useRealTimers();
});

const phase = () => $progress.get().phase;

describe('progress bar state', () => {
  it('starts on navigation and creeps forward without reaching the end', () => {
    startNavigationProgress();
    expect($progress.get()).toEqual({ phase: 'running', value: START_VALUE });
    vi.advanceTimersByTime(TRICKLE_MS * 3);
    const value = $progress.get().value;
    expect(value).toBeGreaterThan(START_VALUE);
    vi.advanceTimersByTime(TRICKLE_MS * 1000);
    expect($progress.get().value).toBeLessThanOrEqual(TRICKLE_LIMIT);
    expect(trickle(TRICKLE_LIMIT)).toBe(TRICKLE_LIMIT);
  });

  it('shows no bar for a call that settles within 300 ms', () => {
    const done = trackRequest();
    vi.advanceTimersByTime(REQUEST_DELAY_MS - 1);
    done();
    vi.advanceTimersByTime(1000);
    expect(phase()).toBe('idle');
  });

  it('shows the bar for a slow call and completes it when all calls settle', () => {
    const first = trackRequest();
    vi.advanceTimersByTime(REQUEST_DELAY_MS);
    expect(phase()).toBe('running');
    const second = trackRequest();
    first();
    expect(phase()).toBe('running');
    second();
    expect($progress.get()).toEqual({ phase: 'done', value: 1 });
    vi.advanceTimersByTime(PROGRESS_SPEED_MS * 2);
    expect(phase()).toBe('idle');
  });

  it('keeps running for a navigation after the calls settle', () => {
    const call = trackRequest();
    vi.advanceTimersByTime(REQUEST_DELAY_MS);
    startNavigationProgress();
    call();
    expect(phase()).toBe('running');
  });

  it('completes when the page comes back from the back/forward cache, or gives up on a navigation that never happened', () => {
    startNavigationProgress();
    endNavigationProgress();
    expect(phase()).toBe('done');
    vi.advanceTimersByTime(PROGRESS_SPEED_MS * 2);
    startNavigationProgress();
    vi.advanceTimersByTime(NAVIGATION_GIVE_UP_MS);
    expect(phase()).toBe('done');
  });
});

describe('what counts as leaving the page', () => {
  const here = 'https://shop.test/en-US/product/3/?size=M';
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const link = (href: string, extra: Partial<{ target: string; download: boolean }> = {}) => ({ href, target: '', download: false, ...extra });

  it('a plain click on a link to another page of the site', () => {
    expect(isPageNavigationClick(plain, link('https://shop.test/en-US/cart/'), here)).toBe(true);
    expect(isPageNavigationClick(plain, link('https://shop.test/en-US/product/3/?size=L'), here)).toBe(true);
    expect(isPageNavigationClick(plain, link('https://shop.test/en-US/cart/', { target: '_self' }), here)).toBe(true);
  });

  it('not a click with a modifier, another button, or one a script cancelled', () => {
    for (const change of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      expect(isPageNavigationClick({ ...plain, ...change }, link('https://shop.test/en-US/cart/'), here)).toBe(false);
    }
  });

  it('not a new tab, a download, another site, another scheme, or a jump within the page', () => {
    expect(isPageNavigationClick(plain, link('https://shop.test/x/', { target: '_blank' }), here)).toBe(false);
    expect(isPageNavigationClick(plain, link('https://shop.test/file.pdf', { download: true }), here)).toBe(false);
    expect(isPageNavigationClick(plain, link('https://elsewhere.test/'), here)).toBe(false);
    expect(isPageNavigationClick(plain, link('mailto:help@shop.test'), here)).toBe(false);
    expect(isPageNavigationClick(plain, link('https://shop.test/en-US/product/3/?size=M#reviews'), here)).toBe(false);
    expect(isPageNavigationClick(plain, link('https://shop.test/en-US/product/3/?size=M#'), here)).toBe(false);
  });

  it('a form submitted to the site in this tab, unless a script handles it', () => {
    const form = { action: 'https://shop.test/en-US/search/', method: 'get', target: '' };
    expect(isPageNavigationSubmit({ defaultPrevented: false }, form, here)).toBe(true);
    expect(isPageNavigationSubmit({ defaultPrevented: true }, form, here)).toBe(false);
    expect(isPageNavigationSubmit({ defaultPrevented: false }, { ...form, method: 'dialog' }, here)).toBe(false);
    expect(isPageNavigationSubmit({ defaultPrevented: false }, { ...form, target: '_blank' }, here)).toBe(false);
    expect(isPageNavigationSubmit({ defaultPrevented: false }, { ...form, action: 'https://pay.example/' }, here)).toBe(false);
  });
});
