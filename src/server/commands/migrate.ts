/**
 * `npm run db:migrate`: applies the repository's migrations to the shop's database and exits,
 * nothing else (no seeding, no build, no listener). Run it before rolling out a release whose
 * migrations the running instances' readiness would otherwise wait for (docs/operations.md).
 * Several at once are safe: migrations run under the database's set-up lock.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataLock } from '../db/lock.ts';
import { REPOSITORY_MIGRATIONS, pendingMigrations } from '../db/migration-status.ts';
import { loadDotEnv } from '../env-file.ts';

const say = (message: string) => process.stdout.write(`[migrate] ${message}\n`);

async function main(): Promise<number> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable and its default.\n`);
      return 1;
    }
    throw error;
  }
  const release = config.databaseUrl ? async () => {} : await acquireDataLock(config.dataDir);
  try {
    // Opening migrates (under the set-up lock); what was missing before is what it applied.
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      const pending = await pendingMigrations(database.db);
      if (pending.length) throw new Error(`still not applied: ${pending.join(', ')}`);
      say(`${config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}` : 'the embedded database'}: all ${REPOSITORY_MIGRATIONS.length} migrations applied (latest ${REPOSITORY_MIGRATIONS.at(-1)?.tag})`);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[migrate] failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
