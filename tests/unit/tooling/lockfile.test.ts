/** `npm ci` refuses a lock that misses an optional platform build (see scripts/lock-platforms.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('package-lock.json', () => {
  it('lists every optional dependency, so that npm ci accepts it', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { optionalDependencies?: Record<string, string> }> };
    const missing = Object.values(lock.packages)
      .flatMap((entry) => Object.keys(entry.optionalDependencies ?? {}))
      .filter((name) => !lock.packages[`node_modules/${name}`]);
    expect(missing, 'run `npm run lock:platforms`').toEqual([]);
  });
});
