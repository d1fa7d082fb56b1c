import { describe, expect, it } from 'vitest';
import { decodeStoredTarget, nextCountdownTarget, remainingUntil, resolveCountdownTarget } from '../../../src/domain/countdown.ts';

// Dates are built with the local-time constructor, as the rule is "midnight local time", so these
// hold in any time zone. Spans are chosen within one daylight-saving period.
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms);
const DAY = 86_400_000;

describe('nextCountdownTarget', () => {
  it('is this year’s 14 September before it', () => {
    expect(nextCountdownTarget(local(2026, 3, 1, 12))).toEqual(local(2026, 9, 14));
    expect(nextCountdownTarget(local(2026, 9, 13, 23, 59, 59, 999))).toEqual(local(2026, 9, 14));
  });

  it('is next year’s from exactly midnight on 14 September (the moment has arrived)', () => {
    expect(nextCountdownTarget(local(2026, 9, 14))).toEqual(local(2027, 9, 14));
  });

  it('is next year’s after 14 September', () => {
    expect(nextCountdownTarget(local(2026, 9, 14, 0, 0, 0, 1))).toEqual(local(2027, 9, 14));
    expect(nextCountdownTarget(local(2026, 12, 31, 23, 59))).toEqual(local(2027, 9, 14));
  });

  it('handles leap years: 29 February counts on the way', () => {
    expect(nextCountdownTarget(local(2028, 2, 29, 10))).toEqual(local(2028, 9, 14));
    const from = local(2027, 9, 14);
    const target = nextCountdownTarget(from);
    expect(target).toEqual(local(2028, 9, 14));
    expect(remainingUntil(target.getTime(), from.getTime()).days).toBe(366);
    const plain = local(2026, 9, 14);
    expect(remainingUntil(nextCountdownTarget(plain).getTime(), plain.getTime()).days).toBe(365);
  });

  it('is always midnight', () => {
    const target = nextCountdownTarget(local(2026, 5, 5, 17, 33, 12));
    expect([target.getHours(), target.getMinutes(), target.getSeconds(), target.getMilliseconds()]).toEqual([0, 0, 0, 0]);
  });
});

describe('decodeStoredTarget', () => {
  it('reads a JSON whole number of milliseconds', () => {
    expect(decodeStoredTarget(JSON.stringify(1_789_344_000_000))).toBe(1_789_344_000_000);
  });

  it('is null for missing, unparseable or unusable values', () => {
    for (const stored of [null, undefined, '', 'soon', '"1789344000000"', '1.5', '-5', '0', 'null', '{}', '1e400']) {
      expect(decodeStoredTarget(stored)).toBeNull();
    }
  });
});

describe('resolveCountdownTarget', () => {
  const now = local(2026, 6, 1, 9);

  it('computes and asks to store a target when none is stored', () => {
    expect(resolveCountdownTarget(null, now)).toEqual({ target: local(2026, 9, 14).getTime(), store: true });
  });

  it('reuses a stored target', () => {
    const stored = local(2026, 9, 14).getTime();
    expect(resolveCountdownTarget(stored, now)).toEqual({ target: stored, store: false });
  });

  it('keeps a stored target that has passed, so the countdown shows zero', () => {
    const stored = local(2025, 9, 14).getTime();
    const resolved = resolveCountdownTarget(stored, now);
    expect(resolved).toEqual({ target: stored, store: false });
    expect(remainingUntil(resolved.target, now.getTime())).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it('replaces a stored target beyond the next 14 September', () => {
    expect(resolveCountdownTarget(local(2030, 9, 14).getTime(), now)).toEqual({ target: local(2026, 9, 14).getTime(), store: true });
  });
});

describe('remainingUntil', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const target = 10 * DAY;
    const now = target - (2 * DAY + 3 * 3_600_000 + 4 * 60_000 + 5_000);
    expect(remainingUntil(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
  });

  it('rounds down to the second, and is not done until the target', () => {
    expect(remainingUntil(10_000, 9_001)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    expect(remainingUntil(10_000, 8_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });
  });

  it('stops at zero at and after the target', () => {
    expect(remainingUntil(10_000, 10_000).done).toBe(true);
    expect(remainingUntil(10_000, 99_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
});
