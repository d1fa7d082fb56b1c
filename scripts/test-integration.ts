/**
 * Runs the integration suite on PGlite and, when DATABASE_URL names a PostgreSQL server, again
 * on PostgreSQL (each test file gets its own fresh database there).
 *
 * The two passes run one after the other: each keeps both cores busy (the PostgreSQL pass too,
 * counting the server's backends: docs/testing.md "Measured times"), so side by side they would
 * take as long.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
/**
 * Files that open their own PGlite database whatever TEST_DB says: the PostgreSQL pass would run
 * them again unchanged, so they run in the PGlite pass only.
 */
const PGLITE_ONLY = ['tests/integration/lifecycle.test.ts'];
const extra = process.argv.slice(2);
const targets = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.DATABASE_URL) process.stdout.write('[integration] DATABASE_URL is not set: running on PGlite only\n');

let failed = false;
for (const target of targets) {
  process.stdout.write(`\n[integration] database: ${target}\n`);
  const skip = target === 'postgres' ? PGLITE_ONLY.flatMap((file) => ['--exclude', file]) : [];
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'integration', ...skip, ...extra], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: target },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
