/** The vitals reservoir's slot choice (algorithm R, src/server/modules/vitals/vitals.ts). */
import { describe, expect, it } from 'vitest';
import { reservoirSlot } from '../../../../../src/server/modules/vitals/vitals.ts';

describe('reservoirSlot', () => {
  it('fills the slots in turn, then keeps the n-th value with probability size/n', () => {
    expect([1, 2, 10].map((seen) => reservoirSlot(seen, 10, () => 0.99))).toEqual([0, 1, 9]);
    // The 40th value: a random draw in [0, 40) lands in one of the 10 slots a quarter of the time.
    expect(reservoirSlot(40, 10, () => 0)).toBe(0);
    expect(reservoirSlot(40, 10, () => 0.249)).toBe(9);
    expect(reservoirSlot(40, 10, () => 0.25)).toBeNull();
    const kept = Array.from({ length: 1000 }, (_, i) => reservoirSlot(40, 10, () => i / 1000)).filter((slot) => slot !== null);
    expect(kept).toHaveLength(250);
    expect(Math.max(...(kept as number[]))).toBe(9);
  });
});
