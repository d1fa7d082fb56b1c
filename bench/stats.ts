/** Small pure helpers shared by the bench sections (unit-tested in tests/unit/tooling/bench-stats.test.ts). */

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return Number.NaN;
  const sorted = [...finite].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `value` as a percentage of `reference` (the bare route), rounded to one decimal; null when either is unknown. */
export function percentOf(value: number, reference: number): number | null {
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference <= 0) return null;
  return Math.round((value / reference) * 1000) / 10;
}

/** Median of each numeric field over runs: `medianOf(runs, ['rps', 'p99'])`. */
export function medianOf<K extends string>(runs: readonly Record<K, number>[], keys: readonly K[]): Record<K, number> {
  const result = {} as Record<K, number>;
  for (const key of keys) result[key] = median(runs.map((run) => run[key]));
  return result;
}

/** A deterministic pseudo-random generator, so every bench run sends the same requests. */
export { mulberry32 as seededRandom } from '../src/server/db/seed/random.ts';

/** A function returning the items in turn, forever (request bodies rotated by autocannon). */
export function rotate<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to rotate');
  let next = 0;
  return () => {
    const item = items[next]!;
    next = (next + 1) % items.length;
    return item;
  };
}

export const KB = 1024;
export const MB = 1024 * 1024;
