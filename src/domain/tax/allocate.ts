/**
 * Largest-remainder allocation on integer minor units: `total` split in proportion to `weights`,
 * each share rounded down, the units left over given one each to the largest remainders (the
 * earlier line first on a tie). The shares always add up to `total` exactly, and when `total`
 * is at most the weights' sum no share exceeds its weight (a discount never makes a line negative).
 * Computed in BigInt: amount x weight can pass 2^53.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`the total to allocate must be a whole, non-negative number, got ${total}`);
  let sum = 0n;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`weights must be whole, non-negative numbers, got ${weight}`);
    sum += BigInt(weight);
  }
  if (sum === 0n) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError('cannot allocate an amount over weights that are all zero');
  }
  const big = BigInt(total);
  const shares: number[] = [];
  const remainders: { index: number; remainder: bigint }[] = [];
  let given = 0;
  weights.forEach((weight, index) => {
    const product = big * BigInt(weight);
    const share = Number(product / sum);
    shares.push(share);
    given += share;
    remainders.push({ index, remainder: product % sum });
  });
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (let k = 0; k < total - given; k++) shares[remainders[k]!.index]! += 1;
  return shares;
}
