/** The vitals loader's sampling: which page views report (src/scripts/vitals.ts). */
import { describe, expect, it } from 'vitest';
import { wantsVitals } from '../../../src/scripts/vitals.ts';

describe('wantsVitals', () => {
  it('reports the sampled share of page views', () => {
    const draws = Array.from({ length: 1000 }, (_, i) => i / 1000);
    const reported = (rate: number) => draws.filter((draw) => wantsVitals(rate, null, () => draw)).length;
    expect(reported(0.1)).toBe(100);
    expect(reported(1)).toBe(1000);
    expect(reported(0)).toBe(0);
  });

  it('never reports where the browser asks not to be tracked', () => {
    expect(wantsVitals(1, '1', () => 0)).toBe(false);
    expect(wantsVitals(1, '0', () => 0)).toBe(true);
    expect(wantsVitals(1, undefined, () => 0)).toBe(true);
  });

  it('reports nothing when the build set no rate', () => {
    expect(wantsVitals(Number(undefined), null, () => 0)).toBe(false);
  });
});
