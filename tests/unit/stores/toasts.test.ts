/** The toast store: timing, holding, actions, the dedupe list of error toasts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  MAX_TOASTS,
  TOAST_DEDUPE_RESET_MS,
  TOAST_DURATION_MS,
  chooseToastAction,
  dismissToast,
  holdToast,
  releaseToast,
  resetToastsForTests,
  showToast,
  showToastOnNextPage,
  takeToastsFromLastPage,
  toastError,
} from '../../../src/stores/toasts.ts';
import { MemoryStorage } from '../../support/memory-storage.ts';

beforeEach(() => {
  vi.useFakeTimers();
  resetToastsForTests();
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('leave after their duration, or stay until closed when it is null', () => {
    const short = showToast({ text: 'Saved', kind: 'success' });
    const sticky = showToast({ textKey: 'update.message', durationMs: null });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toasts.get().map((t) => t.id)).toEqual([short, sticky]);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((t) => t.id)).toEqual([sticky]);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect($toasts.get().map((t) => t.id)).toEqual([sticky]);
    dismissToast(sticky);
    expect($toasts.get()).toEqual([]);
  });

  it('are held while hovered or focused and get their full time back when left', () => {
    const id = showToast({ text: 'Read me', durationMs: 1000 });
    vi.advanceTimersByTime(900);
    holdToast(id);
    vi.advanceTimersByTime(10_000);
    expect($toasts.get()).toHaveLength(1);
    releaseToast(id);
    vi.advanceTimersByTime(999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('run a chosen action, then close, calling onClose once', () => {
    const run = vi.fn();
    const onClose = vi.fn();
    const id = showToast({ textKey: 'update.message', durationMs: null, actions: [{ labelKey: 'update.refresh', run }, { labelKey: 'update.later' }], onClose });
    chooseToastAction(id, 0);
    expect(run).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    expect($toasts.get()).toEqual([]);
    dismissToast(id);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it(`keep at most ${MAX_TOASTS} on screen, dropping the oldest`, () => {
    const ids = Array.from({ length: MAX_TOASTS + 2 }, (_, i) => showToast({ text: `n${i}` }));
    expect($toasts.get().map((t) => t.id)).toEqual(ids.slice(2));
  });
});

describe('error toasts (docs/api.md "Codes": deduplicated, list cleared 5 s after the toast leaves)', () => {
  it('show a message once while it is in the dedupe list', () => {
    expect(toastError({ text: 'Out of stock' })).toBe(true);
    expect(toastError({ text: 'Out of stock' })).toBe(false);
    expect(toastError({ text: 'Other' })).toBe(true);
    expect($toasts.get().map((t) => [t.kind, t.text])).toEqual([
      ['error', 'Out of stock'],
      ['error', 'Other'],
    ]);
  });

  it('count from when the toast leaves, however it leaves', () => {
    toastError({ textKey: 'errors.NETWORK' });
    const [toast] = $toasts.get();
    // Closed by the shopper after 2 s: the entry goes 5 s after that.
    vi.advanceTimersByTime(2000);
    dismissToast(toast!.id);
    vi.advanceTimersByTime(TOAST_DEDUPE_RESET_MS - 1);
    expect(toastError({ textKey: 'errors.NETWORK' })).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toastError({ textKey: 'errors.NETWORK' })).toBe(true);
  });

  it('keep a message in the list for as long as its toast is held on screen', () => {
    toastError({ text: 'Held' });
    const [toast] = $toasts.get();
    holdToast(toast!.id);
    vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_DEDUPE_RESET_MS + 1000);
    expect(toastError({ text: 'Held' })).toBe(false);
  });
});

describe('toasts for the next page', () => {
  const session = new MemoryStorage();
  beforeEach(() => {
    session.clear();
    vi.stubGlobal('sessionStorage', session);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('wait in session storage for the next page, which takes them once', () => {
    showToastOnNextPage({ kind: 'success', title: 'Login succeeded', text: 'Welcome back, Ada', durationMs: 4500 });
    expect($toasts.get()).toEqual([]);
    const carried = takeToastsFromLastPage();
    expect(carried).toEqual([{ kind: 'success', title: 'Login succeeded', text: 'Welcome back, Ada', durationMs: 4500 }]);
    expect(takeToastsFromLastPage()).toEqual([]);
    // Shown, they keep their own duration.
    showToast(carried[0]!);
    expect($toasts.get()).toMatchObject([{ kind: 'success', title: 'Login succeeded', text: 'Welcome back, Ada', durationMs: 4500 }]);
    vi.advanceTimersByTime(4499);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('ignore what is not a toast (a hand-edited or old entry)', () => {
    session.setItem('SOY_nextPageToasts', JSON.stringify([{ kind: 'evil', text: 1 }, { text: 'Fine' }]));
    expect(takeToastsFromLastPage()).toEqual([{ text: 'Fine' }]);
    session.setItem('SOY_nextPageToasts', '{not json');
    expect(takeToastsFromLastPage()).toEqual([]);
  });

  it('show on this page when there is no session storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    showToastOnNextPage({ text: 'Saved' });
    expect($toasts.get().map((t) => t.text)).toEqual(['Saved']);
  });
});
