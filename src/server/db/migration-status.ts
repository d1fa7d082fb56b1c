/**
 * Which of the repository's migrations a database has not applied: readiness fails while any is
 * missing (an instance of a newer release started before `npm run db:migrate` ran), and
 * `npm run db:migrate` reports what it applied. Drizzle records each applied migration with its
 * journal entry's `when` as `created_at`, which is what is compared here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { MIGRATIONS_FOLDER } from './client.ts';

export interface MigrationEntry {
  tag: string;
  when: number;
}

/** The repository's migrations, oldest first (read once: they change only with a new release). */
export const REPOSITORY_MIGRATIONS: readonly MigrationEntry[] = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: MigrationEntry[] }
).entries.map(({ tag, when }) => ({ tag, when }));

/** The tags of the repository's migrations missing from the database's history, oldest first. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  let applied: Set<number>;
  try {
    const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as { rows: { created_at: string | number }[] };
    applied = new Set(result.rows.map((row) => Number(row.created_at)));
  } catch (error) {
    // No history table yet: nothing was applied. Anything else (the database is down) is the caller's.
    if ((error as { code?: string }).code === '42P01' || (error as { cause?: { code?: string } }).cause?.code === '42P01') applied = new Set();
    else throw error;
  }
  return REPOSITORY_MIGRATIONS.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
}
