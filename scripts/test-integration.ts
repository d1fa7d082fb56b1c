/**
 * Runs the integration suite on PGlite and, when DATABASE_URL names a PostgreSQL server, again
 * on PostgreSQL (each test file gets its own fresh database there). Tests that open their own
 * PGlite database whatever TEST_DB says run in the PGlite pass alone (`describeOnce`, harness.ts).
 *
 * The two passes run one after the other: each keeps both cores busy (the PostgreSQL pass too,
 * counting the server's backends: docs/testing.md "Measured times"), so side by side they would
 * take as long.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);
const targets = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.DATABASE_URL) process.stdout.write('[integration] DATABASE_URL is not set: running on PGlite only\n');

let failed = false;
for (const target of targets) {
  process.stdout.write(`\n[integration] database: ${target}\n`);
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'integration', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: target },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
