import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../../../../src/server/modules/outbox/index.ts';

describe('the wait between mail attempts', () => {
  it('doubles after each failure from the base, within a tenth either way', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, 30_000, middle))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(1, 30_000, () => 0)).toBe(27_000);
    expect(backoffMs(1, 30_000, () => 1)).toBe(33_000);
  });

  it('never waits more than an hour (plus its jitter), however many attempts failed', () => {
    expect(backoffMs(40, 30_000, () => 0.5)).toBe(3_600_000);
    expect(backoffMs(1_000, 30_000, () => 1)).toBe(3_960_000);
  });
});
