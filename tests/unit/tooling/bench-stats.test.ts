import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startCommand } from '../../../bench/processes.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { median, medianOf, percentOf, rotate, seededRandom } from '../../../bench/stats.ts';

describe('bench median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([5])).toBe(5);
  });

  it('averages the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('ignores figures that are not numbers and answers NaN for none', () => {
    expect(median([Number.NaN, 7, 9, Number.POSITIVE_INFINITY, 8])).toBe(8);
    expect(median([])).toBeNaN();
  });

  it('lies between the smallest and largest value', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1 }), (values) => {
        const m = median(values);
        expect(m).toBeGreaterThanOrEqual(Math.min(...values));
        expect(m).toBeLessThanOrEqual(Math.max(...values));
      }),
    );
  });

  it('medianOf takes each field on its own', () => {
    const runs = [
      { rps: 100, p99: 9 },
      { rps: 300, p99: 3 },
      { rps: 200, p99: 5 },
    ];
    expect(medianOf(runs, ['rps', 'p99'])).toEqual({ rps: 200, p99: 5 });
  });
});

describe('bench percentOf (share of the bare route)', () => {
  it('is the ratio in percent, one decimal', () => {
    expect(percentOf(45_000, 54_000)).toBe(83.3);
    expect(percentOf(54_000, 54_000)).toBe(100);
  });

  it('is unknown without a usable reference', () => {
    expect(percentOf(100, 0)).toBeNull();
    expect(percentOf(Number.NaN, 100)).toBeNull();
  });
});

describe('bench request rotation', () => {
  it('returns the items in turn and starts again', () => {
    const next = rotate(['a', 'b', 'c']);
    expect([next(), next(), next(), next()]).toEqual(['a', 'b', 'c', 'a']);
  });

  it('refuses an empty list', () => {
    expect(() => rotate([])).toThrow();
  });

  it('seeded random numbers repeat for a seed and stay in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
    expect(seededRandom(43)()).not.toBe(values[0]);
  });
});

describe('startCommand', () => {
  it('reads how npm start runs the server, flags and script', () => {
    const { nodeArgs, script } = startCommand();
    expect(existsSync(path.join(ROOT, script))).toBe(true);
    expect(nodeArgs.every((arg) => arg.startsWith('--'))).toBe(true);
  });
});
