/**
 * Prints how long one password hash takes at each PASSWORD_HASH_COST on this machine, alone and
 * eight at once, to choose the cost (docs/accounts-and-security.md "Passwords"). A figure, not a test.
 *   node scripts/measure-scrypt.ts [cost ...]
 */
import { availableParallelism } from 'node:os';
import { PasswordHasher } from '../src/server/modules/accounts/passwords.ts';

const costs = process.argv.slice(2).map(Number).filter(Number.isInteger);
const rounds = 5;

process.stdout.write(`cores: ${availableParallelism()}, libuv threads: ${process.env.UV_THREADPOOL_SIZE ?? 4}\n`);
for (const cost of costs.length ? costs : [14, 15, 16]) {
  const hasher = new PasswordHasher(cost);
  await hasher.hash('warm-up');
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await hasher.hash('Gr33n-Shirt-77');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, () => hasher.hash('Gr33n-Shirt-77')));
  const parallel = performance.now() - started;
  const memory = (128 * 2 ** cost * 8) / 2 ** 20;
  process.stdout.write(
    `cost ${cost} (N=2^${cost}, r=8, p=3, ${memory} MiB): median ${times[Math.floor(rounds / 2)]!.toFixed(0)} ms, fastest ${times[0]!.toFixed(0)} ms; 8 at once ${parallel.toFixed(0)} ms\n`,
  );
}
