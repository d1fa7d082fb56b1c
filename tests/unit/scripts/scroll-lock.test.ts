/**
 * The page scroll lock shared by the menu sheet and the cart drawer (src/islands/scroll-lock.ts):
 * counted, idempotent releases, the body's own inline styles restored exactly.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type ScrollLock = typeof import('../../../src/islands/scroll-lock.ts');

let lock: ScrollLock;
let body: { style: { overflow: string; paddingRight: string } };
let scrollbar: number;

beforeEach(async () => {
  vi.resetModules();
  body = { style: { overflow: 'auto', paddingRight: '3px' } };
  scrollbar = 15;
  vi.stubGlobal('document', { body, documentElement: { get clientWidth() { return 1440 - scrollbar; } } });
  vi.stubGlobal('window', { innerWidth: 1440 });
  vi.stubGlobal('getComputedStyle', () => ({ paddingRight: '8px' }));
  lock = await import('../../../src/islands/scroll-lock.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lockPageScroll', () => {
  it('stops the page scrolling and keeps the scrollbar’s room as padding', () => {
    const release = lock.lockPageScroll();
    expect(body.style.overflow).toBe('hidden');
    expect(body.style.paddingRight).toBe('23px');
    expect(lock.isPageScrollLocked()).toBe(true);
    release();
    expect(body.style).toEqual({ overflow: 'auto', paddingRight: '3px' });
    expect(lock.isPageScrollLocked()).toBe(false);
  });

  it('adds no padding when the page has no scrollbar (phones)', () => {
    scrollbar = 0;
    const release = lock.lockPageScroll();
    expect(body.style).toEqual({ overflow: 'hidden', paddingRight: '3px' });
    release();
    expect(body.style).toEqual({ overflow: 'auto', paddingRight: '3px' });
  });

  it('scrolls again only when every holder has released, in any order', () => {
    const menu = lock.lockPageScroll();
    const drawer = lock.lockPageScroll();
    // The second holder does not measure again (the scrollbar is already gone by then).
    expect(body.style).toEqual({ overflow: 'hidden', paddingRight: '23px' });
    menu();
    expect(body.style.overflow).toBe('hidden');
    expect(lock.isPageScrollLocked()).toBe(true);
    drawer();
    expect(body.style).toEqual({ overflow: 'auto', paddingRight: '3px' });
  });

  it('counts a release once, however often it is called', () => {
    const menu = lock.lockPageScroll();
    const drawer = lock.lockPageScroll();
    menu();
    menu();
    expect(body.style.overflow).toBe('hidden');
    drawer();
    expect(body.style.overflow).toBe('auto');
    // A later lock measures afresh and restores the same way.
    body.style.overflow = '';
    const again = lock.lockPageScroll();
    expect(body.style.overflow).toBe('hidden');
    again();
    again();
    expect(body.style).toEqual({ overflow: '', paddingRight: '3px' });
  });
});
