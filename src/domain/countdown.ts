/**
 * The top banner's countdown (docs/storefront.md "Layout and page shell"): to 14 September at
 * midnight, local time; next year's once this year's has passed. The first target a browser
 * computes is stored (under the SOY_ prefix) and reused, so the countdown a shopper sees does not
 * jump; it stops at zero.
 *
 * Pure: the caller passes the current time and the stored value; nothing here reads a clock or
 * storage.
 */

/** September, as `Date` counts months (from 0). */
export const COUNTDOWN_MONTH_INDEX = 8;
export const COUNTDOWN_DAY = 14;
export const COUNTDOWN_STORAGE_KEY = 'SOY_countdownTarget';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The next 14 September 00:00 in the local time zone that is strictly after `now`. At exactly
 * midnight on 14 September this year's moment has arrived, so the next one is a year later.
 */
export function nextCountdownTarget(now: Date, monthIndex = COUNTDOWN_MONTH_INDEX, day = COUNTDOWN_DAY): Date {
  const thisYear = new Date(now.getFullYear(), monthIndex, day, 0, 0, 0, 0);
  if (now.getTime() < thisYear.getTime()) return thisYear;
  return new Date(now.getFullYear() + 1, monthIndex, day, 0, 0, 0, 0);
}

/**
 * Reads a stored target (JSON milliseconds since the epoch). Anything else (missing, unparseable,
 * not a positive whole number) is null, and the caller removes it, as docs/storefront.md
 * "Constants" says of every stored value.
 */
export function decodeStoredTarget(stored: string | null | undefined): number | null {
  if (stored == null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export interface ResolvedTarget {
  /** Milliseconds since the epoch. */
  target: number;
  /** True when `target` is new and should be written to storage. */
  store: boolean;
}

/**
 * The target to count down to: the stored one when usable (even if already past: the countdown
 * then shows zero), else the next 14 September. A stored target further away than the next
 * 14 September cannot have come from this rule (a clock that was wrong, an edited value), so it is
 * replaced.
 */
export function resolveCountdownTarget(stored: number | null, now: Date): ResolvedTarget {
  const next = nextCountdownTarget(now).getTime();
  if (stored !== null && stored <= next) return { target: stored, store: false };
  return { target: next, store: true };
}

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the target is reached: every part is 0 and stays 0. */
  done: boolean;
}

/**
 * Whole days, hours, minutes and seconds from `now` to `target` (both epoch milliseconds), rounded
 * down to the second; zero at and after the target. Counts elapsed time, so a daylight-saving change
 * on the way shows as an hour more or less, as a wall clock would.
 */
export function remainingUntil(target: number, now: number): Remaining {
  const left = Math.max(0, Math.floor((target - now) / SECOND) * SECOND);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
    done: left === 0,
  };
}
