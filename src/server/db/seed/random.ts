/** Seeded pseudo-random numbers, for the demo catalogue and the bench: every run draws the same. */

/** Numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/** mulberry32: a tiny 32-bit generator, plenty for demo data and bench traffic (not for secrets). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const SEED = 0x5eed_2026;

/** A generator of its own for each key, so one product's draws never shift another's. */
export function rngFor(...key: (string | number)[]): Rng {
  let h = 0x811c9dc5 ^ SEED;
  for (const ch of key.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return mulberry32(h);
}

export const int = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
export const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
